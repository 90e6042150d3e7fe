"""Playing hands and matches between choosers and bots (sixtysix.play)."""

from __future__ import annotations

import importlib.util
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    PRESETS,
    SANTASE,
    SCHNAPSEN,
    ClaimMode,
    HandState,
    IllegalMoveError,
    Move,
    Play,
    Rules,
    SixtySixError,
    legal_moves,
    new_hand,
    score_hand,
)
from sixtysix.engine import shuffled_deck
from sixtysix.match import new_match, next_hand
from sixtysix.play import PlayerError, play_hand, play_match
from sixtysix.records import replay, replay_states

HAS_OBSERVE = importlib.util.find_spec("sixtysix.observe") is not None
needs_observe = pytest.mark.skipif(
    not HAS_OBSERVE, reason="sixtysix.observe (player views, issue 4) is not written yet"
)
ALL_RULES: list[Rules] = [
    attrs.evolve(rules, claim_mode=mode) for rules in PRESETS.values() for mode in ClaimMode
]


def first(state: HandState, seat: int) -> Move:
    return legal_moves(state)[0]


def last(state: HandState, seat: int) -> Move:
    return legal_moves(state)[-1]


class FakeBot:
    """A bot that plays at random from its view and remembers what it was given."""

    def __init__(self) -> None:
        self.views: list[Any] = []
        self.draws: list[float] = []

    def choose(self, view: Any, rng: random.Random) -> Move:
        self.views.append(view)
        self.draws.append(rng.random())
        return rng.choice(legal_moves(view))


# --------------------------------------------------------------------------- hands


def test_play_hand_is_reproducible() -> None:
    a = play_hand(CLASSIC_66, first, last, seed=5)
    assert a == play_hand(CLASSIC_66, first, last, seed=5)
    assert a.seed == 5
    assert list(a.pack) == shuffled_deck(CLASSIC_66, 5)
    assert a.result == score_hand(replay(a))
    assert a.dealer == 0


def test_play_hand_dealer_and_seed_choice() -> None:
    record = play_hand(SCHNAPSEN, first, first, seed="deal", dealer=1)
    assert record.dealer == 1
    assert replay(record).dealer == 1
    fresh = play_hand(SCHNAPSEN, first, first)
    assert isinstance(fresh.seed, int)
    assert replay(fresh).is_over


def test_chooser_gets_the_seat_to_move() -> None:
    calls: list[tuple[int, int | None]] = []

    def chooser(state: HandState, seat: int) -> Move:
        calls.append((seat, state.to_move))
        return legal_moves(state)[-1]

    record = play_hand(CLASSIC_66, chooser, chooser, seed=2)
    assert len(calls) == len(record.moves)
    assert all(seat == to_move for seat, to_move in calls)
    assert {seat for seat, _ in calls} == {0, 1}


def test_player_may_answer_with_text() -> None:
    record = play_hand(CLASSIC_66, lambda s, seat: str(first(s, seat)), first, seed=4)
    assert record == play_hand(CLASSIC_66, first, first, seed=4)


def test_illegal_move_names_the_seat() -> None:
    state = new_hand(CLASSIC_66, seed=6)
    seat = state.to_move
    assert seat is not None
    held = {c.index for c in state.hand(seat)}
    foreign = next(c for c in CLASSIC_66.deck.cards if c.index not in held)

    def cheat(state: HandState, seat: int) -> Move:
        return Play(foreign)

    players: list[Any] = [first, first]
    players[seat] = cheat
    with pytest.raises(IllegalMoveError, match=f"seat {seat} chose it, but you do not hold"):
        play_hand(CLASSIC_66, players[0], players[1], seed=6)


@pytest.mark.parametrize(
    ("answer", "pattern"),
    [
        (None, "seat 1 returned None, which is not a move"),
        (42, "seat 1 returned 42"),
        ("fold", "seat 1 returned text that is not a move"),
    ],
)
def test_non_moves_are_illegal(answer: object, pattern: str) -> None:
    with pytest.raises(IllegalMoveError, match=pattern):
        play_hand(CLASSIC_66, first, lambda s, seat: answer, seed=1)  # type: ignore[arg-type,return-value]


def test_not_a_player() -> None:
    with pytest.raises(PlayerError, match="player_1 is neither a chooser"):
        play_hand(CLASSIC_66, first, 3, seed=1)  # type: ignore[arg-type]
    assert issubclass(PlayerError, SixtySixError)


def test_bad_seed() -> None:
    with pytest.raises(PlayerError, match="seed"):
        play_hand(CLASSIC_66, first, first, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="seed"):
        play_match(CLASSIC_66, first, first, seed=b"x")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- bots


@needs_observe
def test_bot_sees_only_its_view() -> None:
    from sixtysix.observe import observe

    bot0, bot1 = FakeBot(), FakeBot()
    record = play_hand(CLASSIC_66, bot0, bot1, seed=8)
    assert bot0.views and bot1.views
    assert all(not isinstance(v, HandState) for v in bot0.views + bot1.views)
    assert all(v.seat == 0 for v in bot0.views)
    assert all(v.seat == 1 for v in bot1.views)
    assert len(bot0.views) + len(bot1.views) == len(record.moves)
    # Seat 1 (the non-dealer) moves first; its bot sees the view of the fresh deal.
    assert bot1.views[0] == observe(new_hand(CLASSIC_66, seed=8), 1)


@needs_observe
def test_bot_rngs_are_per_seat_and_reproducible() -> None:
    a0, a1 = FakeBot(), FakeBot()
    first_record = play_hand(SCHNAPSEN, a0, a1, seed=9)
    b0, b1 = FakeBot(), FakeBot()
    assert play_hand(SCHNAPSEN, b0, b1, seed=9) == first_record
    assert a0.draws == b0.draws and a1.draws == b1.draws
    assert a0.draws[:3] != a1.draws[:3]


@needs_observe
def test_bots_and_choosers_mix() -> None:
    from sixtysix.bots import Bot

    assert isinstance(FakeBot(), Bot)
    record = play_match(SANTASE, FakeBot(), first, seed=3)
    assert record.winner is not None
    assert replay(record)[1].winner == record.winner


# --------------------------------------------------------------------------- matches


def test_play_match_two_seats() -> None:
    record = play_match(CLASSIC_66, first, last, seed=7)
    assert record.seats == 2
    assert record.seed == 7
    assert record.winner is not None
    assert record.scores[record.winner] >= 7
    assert record == play_match(CLASSIC_66, first, last, seed=7)
    m = new_match(CLASSIC_66, seed=7)
    assert record.games[0].seed == m.hand_seed
    assert new_hand(CLASSIC_66, seed=record.games[0].seed, dealer=0) == next_hand(m)


def test_play_match_three_seats() -> None:
    record = play_match(SCHNAPSEN, first, last, first, seed=2)
    assert record.seats == 3
    assert len(record.scores) == 3
    assert record.games[0].players == (1, 2)
    assert record.games[1].players == (0, 2)
    _, m = replay(record)
    assert m.scores == record.scores
    assert play_match(SCHNAPSEN, first, last, first, seed=2, seats=3) == record


def test_three_hand_chooser_identity() -> None:
    """Match seat k is always played by player_k, and gets the hand seat it plays."""
    calls: list[tuple[int, HandState, int]] = []

    def player(k: int) -> Any:
        def choose(state: HandState, seat: int) -> Move:
            calls.append((k, state, seat))
            return legal_moves(state)[0]

        return choose

    record = play_match(CLASSIC_66, player(0), player(1), player(2), seed=4)
    mover: dict[HandState, int] = {}
    for game in record.games:
        for state in replay_states(game):
            if state.to_move is not None:
                mover[state] = game.players[state.to_move]
    assert len(calls) == sum(len(g.moves) for g in record.games)
    for k, state, seat in calls:
        assert mover[state] == k
        assert seat == state.to_move
    assert {k for k, _, _ in calls} == {0, 1, 2}


@pytest.mark.parametrize(
    ("kwargs", "pattern"),
    [
        ({"seats": 3}, "seats=3 needs 3 players, but 2 were given"),
        ({"seats": 4}, "2 or 3 seats, not 4"),
    ],
)
def test_play_match_seat_errors(kwargs: dict[str, Any], pattern: str) -> None:
    with pytest.raises(PlayerError, match=pattern):
        play_match(CLASSIC_66, first, first, **kwargs)
    with pytest.raises(PlayerError, match="seats=2 needs 2 players, but 3"):
        play_match(CLASSIC_66, first, first, first, seats=2)


def test_play_match_first_dealer_and_fresh_seed() -> None:
    record = play_match(PRESETS["PAGAT_66"], first, last, dealer=1)
    assert record.dealer == 1
    assert record.games[0].dealer == 1
    assert isinstance(record.seed, int)
    assert replay(record)[1].winner == record.winner


@settings(max_examples=examples(30))
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3]))
def test_random_matches_replay(rules: Rules, seed: int, seats: int) -> None:
    rng = random.Random(seed)

    def rand(state: HandState, seat: int) -> Move:
        return rng.choice(legal_moves(state))

    record = play_match(rules, *([rand] * seats), seed=seed)
    _, m = replay(record)
    assert m.is_over
    assert m.winner is not None and m.winner == record.winner
    assert m.scores[m.winner] >= rules.match_target


# ------------------------------------------------------------------ hostile input (issue 9)


def test_giant_and_wrong_seeds_are_player_errors() -> None:
    with pytest.raises(PlayerError, match=r"^an int seed has at most 100 digits, not an int of"):
        play_hand(CLASSIC_66, first, first, seed=10**5000)
    with pytest.raises(PlayerError, match=r"a seed must be an int or a str, not b'x' \(or None"):
        play_match(CLASSIC_66, first, first, seed=b"x")  # type: ignore[arg-type]
    with pytest.raises(PlayerError, match="not True"):
        play_hand(CLASSIC_66, first, first, seed=True)
    assert replay(play_hand(CLASSIC_66, first, first, seed=-(10**100 - 1))).is_over


def test_rules_and_dealer_are_checked() -> None:
    with pytest.raises(ss.RulesError, match=r"^play_hand needs a Rules value, not 'CLASSIC_66'$"):
        play_hand("CLASSIC_66", first, first, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ss.RulesError, match=r"^play_match needs a Rules value, not None$"):
        play_match(None, first, first, seed=1)  # type: ignore[arg-type]
    for dealer in (2, -1, True, 10**5000, "0"):
        with pytest.raises(ss.DealError, match=r"^the dealer is seat 0 or 1, not "):
            play_hand(CLASSIC_66, first, first, seed=1, dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(ss.MatchError, match="the dealer must be a seat from 0 to 1"):
        play_match(CLASSIC_66, first, first, seed=1, dealer=2)


@pytest.mark.parametrize(
    "seats", [10**12, 10**5000, True, 2.0, "3"], ids=["1e12", "giant", "True", "2.0", "'3'"]
)
def test_absurd_seat_counts(seats: object) -> None:
    with pytest.raises(PlayerError, match=r"^a match has 2 or 3 seats, not "):
        play_match(CLASSIC_66, first, first, seed=1, seats=seats)  # type: ignore[arg-type]


def test_answers_that_cannot_be_printed_are_quoted() -> None:
    with pytest.raises(ss.IllegalMoveError, match="seat 0 returned an int of 5001 digits, which"):
        play_hand(CLASSIC_66, lambda s, seat: 10**5000, first, seed=1)  # type: ignore[arg-type,return-value]
    with pytest.raises(ss.IllegalMoveError, match="seat 0 returned text that is not a move"):
        play_hand(CLASSIC_66, lambda s, seat: "x" * 10**6, first, seed=1)
    with pytest.raises(
        PlayerError, match=r"a choose\(view, rng\) method\): an int of 5001 digits"
    ):
        play_hand(CLASSIC_66, 10**5000, first, seed=1)  # type: ignore[arg-type]
