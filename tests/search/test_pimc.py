"""Tests of the search bots: PimcBot and IsmctsBot (issue 10, item 4)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import cast

import attrs
import pytest
from tests.helpers import SEARCH_IDS, SEARCH_RULES, random_play

import sixtysix as ss
from sixtysix.bots import Bot, IsmctsBot, PimcBot
from sixtysix.bots._known import all_known, claim_dominates
from sixtysix.bots.ismcts import _sensible
from sixtysix.bots.registry import BOT_NAMES, make_bot
from sixtysix.search import solve


def mover(state: ss.HandState) -> int:
    """The seat to move (the state must not be over)."""
    seat = state.to_move
    assert seat is not None
    return seat


BOTS: list[Bot] = [PimcBot(worlds=3), IsmctsBot(iterations=12)]
BOT_IDS = ["pimc", "ismcts"]


def play_hand(rules: ss.Rules, bots: tuple[Bot, Bot], seed: int) -> ss.HandState:
    """A whole hand between two bots, each deciding from its own view."""
    state = ss.new_hand(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    for _ in range(200):
        if state.is_over:
            return state
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(ss.observe(state, seat), rng)
        assert ss.is_legal(state, move)
        state = ss.apply_move(state, move)
    raise AssertionError("the hand did not end")  # pragma: no cover


@pytest.mark.parametrize("bot", BOTS, ids=BOT_IDS)
@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_bots_play_legal_moves_in_every_preset(bot: Bot, index: int, rules: ss.Rules) -> None:
    final = play_hand(rules, (bot, ss.RuleBot()), seed=index)
    assert final.is_over


@pytest.mark.parametrize("bot", BOTS, ids=BOT_IDS)
def test_same_seed_same_moves(bot: Bot) -> None:
    for seed in range(3):
        a = play_hand(ss.SCHNAPSEN, (bot, bot), seed)
        b = play_hand(ss.SCHNAPSEN, (bot, bot), seed)
        assert a.played == b.played


@pytest.mark.parametrize(
    "bot", [PimcBot(worlds=1000, time_limit=0.01), IsmctsBot(iterations=10_000, time_limit=0.01)]
)
def test_time_limit_stops_the_search(bot: Bot) -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=4)
    move = bot.choose(ss.observe(state, mover(state)), random.Random(0))
    assert ss.is_legal(state, move)


def exhausted_views(rules: ss.Rules, count: int) -> list[tuple[ss.HandState, ss.PlayerView]]:
    """Positions after the talon ran out (every card known), as state and view."""
    out = []
    for seed in range(count * 5):
        for state in random_play(rules, seed, no_close=True):
            if not state.talon and not state.is_over and state.lead < 0:
                out.append((state, ss.observe(state, mover(state))))
                break
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize("bot", BOTS, ids=BOT_IDS)
@pytest.mark.parametrize("rules", [ss.CLASSIC_66, ss.SCHNAPSEN], ids=["CLASSIC_66", "SCHNAPSEN"])
def test_optimal_once_every_card_is_known(bot: Bot, rules: ss.Rules) -> None:
    for state, view in exhausted_views(rules, 8):
        assert all_known(view)
        sol = solve(state)
        move = bot.choose(view, random.Random(1))
        assert sol.move_values[move] == sol.value


def test_not_all_known_in_the_open_phase() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=2)
    assert not all_known(ss.observe(state, mover(state)))


def test_claim_dominates() -> None:
    rules = ss.PAGAT_66  # closer_beaten FLAT_TWO
    view = ss.observe(ss.new_hand(rules, seed=1), 1)
    assert not claim_dominates(view)

    # claim_dominates reads only these facts of the view; a view built by hand with 70
    # points and no tricks would be refused as unreachable, so a stand-in carries them.
    def facts(closed_by: int) -> ss.PlayerView:
        return cast(
            ss.PlayerView,
            SimpleNamespace(
                seat=1, card_points=(0, 70), marriages=(0, 0), rules=rules, closed_by=closed_by
            ),
        )

    assert claim_dominates(facts(-1))
    assert claim_dominates(facts(1))  # the seat closed itself
    assert not claim_dominates(facts(0))  # the opponent closed: letting it fail may pay 3
    state = attrs.evolve(ss.new_hand(rules, seed=1), card_points=(0, 70), won=(0, 3))
    moves = (ss.Claim(), ss.Close())
    assert _sensible(state, moves, 1) == (ss.Claim(),)
    assert _sensible(state, moves, 0) == (ss.Close(),)
    assert _sensible(attrs.evolve(state, closed_by=0), moves, 1) == moves
    assert _sensible(state, (ss.Close(),), 0) == (ss.Close(),)


def test_pimc_claims_when_it_has_66() -> None:
    for seed in range(200):
        for state in random_play(ss.CLASSIC_66, seed):
            seat = state.to_move
            if (
                seat is not None
                and ss.Claim() in ss.legal_moves(state)
                and state.points(seat) >= 66
            ):
                view = ss.observe(state, seat)
                assert PimcBot(worlds=2).choose(view, random.Random(0)) == ss.Claim()
                return
    raise AssertionError("no claimable position found")  # pragma: no cover


@pytest.mark.parametrize("bot", BOTS, ids=BOT_IDS)
def test_bots_refuse_a_view_not_to_move(bot: Bot) -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=1)
    with pytest.raises(ss.SixtySixError, match="not to move"):
        bot.choose(ss.observe(state, 1 - mover(state)), random.Random(0))


def test_single_legal_move_is_played_at_once() -> None:
    for state in random_play(ss.SCHNAPSEN, 3):
        if not state.is_over and len(ss.legal_moves(state)) == 1:
            view = ss.observe(state, mover(state))
            for bot in BOTS:
                assert bot.choose(view, random.Random(0)) == ss.legal_moves(state)[0]
            return
    raise AssertionError("no forced move found")  # pragma: no cover


@pytest.mark.parametrize(
    ("factory", "kwargs", "message"),
    [
        (PimcBot, {"worlds": 0}, "PimcBot.worlds must be a whole number"),
        (PimcBot, {"worlds": 2.5}, "PimcBot.worlds must be a whole number"),
        (PimcBot, {"time_limit": 0}, "PimcBot.time_limit must be a positive"),
        (PimcBot, {"time_limit": True}, "PimcBot.time_limit must be a positive"),
        (IsmctsBot, {"iterations": -1}, "IsmctsBot.iterations must be a whole number"),
        (IsmctsBot, {"time_limit": "1"}, "IsmctsBot.time_limit must be a positive"),
        (IsmctsBot, {"exploration": -0.5}, "IsmctsBot.exploration must be a finite number"),
    ],
)
def test_bad_budgets_are_rejected(factory: type, kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ss.SixtySixError, match=message):
        factory(**kwargs)


def test_registered_by_name() -> None:
    assert BOT_NAMES["pimc"] is PimcBot and BOT_NAMES["ismcts"] is IsmctsBot
    assert make_bot("ismcts", {"iterations": 5}) == IsmctsBot(iterations=5)
    assert isinstance(make_bot("pimc"), Bot)
    assert ss.PimcBot is PimcBot and ss.IsmctsBot is IsmctsBot


# ------------------------------------------------------------------ PimcBot.analyse


def test_analyse_rates_every_move_and_names_the_choice() -> None:
    bot = PimcBot(worlds=8, min_worlds=4)
    for seed in range(4):
        for k, state in enumerate(random_play(ss.SCHNAPSEN, seed)):
            if state.is_over or k % 3:
                continue
            view = ss.observe(state, mover(state))
            estimates, move = bot.analyse(view, random.Random(k))
            assert list(estimates) == list(view.legal_moves())
            assert move == bot.choose(view, random.Random(k))
            counts = {e.samples for e in estimates.values()}
            assert len(counts) == 1 and 1 <= counts.pop() <= 8
            assert all(-3 <= e.mean <= 3 and e.stderr >= 0 for e in estimates.values())


def test_analyse_of_a_known_position_is_its_solution() -> None:
    for state, view in exhausted_views(ss.SCHNAPSEN, 4):
        estimates, move = PimcBot().analyse(view, random.Random(0))
        sol = solve(state)
        assert {m: e.mean for m, e in estimates.items()} == sol.move_values
        assert all(e.samples == 1 and e.stderr == 0 for e in estimates.values())
        assert sol.move_values[move] == sol.value


def test_analyse_a_claim_and_the_wrong_seat() -> None:
    for seed in range(200):
        for state in random_play(ss.CLASSIC_66, seed):
            seat = state.to_move
            if (
                seat is not None
                and ss.Claim() in ss.legal_moves(state)
                and state.points(seat) >= 66
            ):
                estimates, move = PimcBot(worlds=2).analyse(
                    ss.observe(state, seat), random.Random(0)
                )
                assert move == ss.Claim() and ss.Claim() in estimates
                with pytest.raises(ss.SixtySixError, match="no move to analyse"):
                    PimcBot().analyse(ss.observe(state, 1 - seat), random.Random(0))
                return
    raise AssertionError("no claimable position found")  # pragma: no cover


def test_analyse_a_forced_move() -> None:
    for state in random_play(ss.SCHNAPSEN, 3):
        if not state.is_over and len(ss.legal_moves(state)) == 1:
            estimates, move = PimcBot(worlds=2).analyse(
                ss.observe(state, mover(state)), random.Random(0)
            )
            assert move == ss.legal_moves(state)[0] and list(estimates) == [move]
            return
    raise AssertionError("no forced move found")  # pragma: no cover


def test_strongest_is_registered_for_the_two_hand_game() -> None:
    from sixtysix.bots.registry import BOT_LEVELS, two_hand_bot_names
    from sixtysix.bots.strongest import STRONGEST_TIME_LIMIT, strongest_bot

    assert BOT_NAMES["strongest"] is strongest_bot and "strongest" in two_hand_bot_names()
    assert make_bot("strongest") == PimcBot(time_limit=STRONGEST_TIME_LIMIT)
    assert make_bot("strongest", {"worlds": 8, "time_limit": None}) == PimcBot(worlds=8)
    assert set(BOT_LEVELS) <= set(two_hand_bot_names()) and BOT_LEVELS[-1] == "strongest"
    with pytest.raises(ss.SixtySixError, match=r"PimcBot\.time_limit must be"):
        make_bot("strongest", {"time_limit": 0})
