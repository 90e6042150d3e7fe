"""Matches: rules §6.6 (carried points) and §7 (target, dealer, three-hand play)."""

from __future__ import annotations

import itertools
import random
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    PAGAT_66,
    PRESETS,
    SANTASE,
    SCHNAPSEN,
    ClaimMode,
    DealerAfterTie,
    HandEnd,
    HandResult,
    NextDealer,
    Rules,
    SitOutScores,
    SixtySixError,
    apply_move,
    legal_moves,
    new_hand,
    score_hand,
)
from sixtysix.match import Match, MatchError, apply_result, new_match, next_hand

ALL_RULES: list[Rules] = [
    attrs.evolve(rules, claim_mode=mode) for rules in PRESETS.values() for mode in ClaimMode
]
#: The presets, and house rules that exercise the match parameters no preset combines.
MATCH_RULES: list[Rules] = [
    *ALL_RULES,
    attrs.evolve(
        CLASSIC_66, dealer_after_tie=DealerAfterTie.SAME, next_dealer=NextDealer.WINNER_DEALS
    ),
    attrs.evolve(CLASSIC_66, dealer_after_tie=DealerAfterTie.SAME, tie_carry=1),
    attrs.evolve(SCHNAPSEN, sit_out_scores=SitOutScores.NONE, match_target=3),
]


def win(seat: int, points: int = 1) -> HandResult:
    """A hand won by hand seat ``seat`` for ``points`` game points."""
    return HandResult(seat, points, 0, (70, 30) if seat == 0 else (30, 70), HandEnd.CLAIM)


def tie(rules: Rules) -> HandResult:
    """A hand that scores nothing under ``rules``."""
    return HandResult(None, 0, rules.tie_carry, (65, 65), HandEnd.NEITHER_REACHED_66)


# --------------------------------------------------------------------------- making matches


def test_new_match_starts_empty() -> None:
    m = new_match(CLASSIC_66, seed=7)
    assert (m.scores, m.dealer, m.carry, m.hand_number, m.seed) == ((0, 0), 0, 0, 0, 7)
    assert not m.is_over
    assert m.winner is None
    assert m.active_seats == (0, 1)
    assert m.sitting_out is None


def test_new_match_three_seats_and_first_dealer() -> None:
    m = new_match(SCHNAPSEN, seats=3, seed="x", dealer=2)
    assert m.scores == (0, 0, 0)
    assert m.dealer == 2
    assert m.sitting_out == 2
    assert m.active_seats == (0, 1)


def test_new_match_without_seed_draws_one_and_keeps_it() -> None:
    m = new_match(CLASSIC_66)
    assert isinstance(m.seed, int)
    assert next_hand(m) == next_hand(attrs.evolve(m))


@pytest.mark.parametrize("seats", [0, 1, 4, "2", True, 2.0])
def test_bad_seat_count(seats: object) -> None:
    with pytest.raises(MatchError, match="2 or 3 seats"):
        new_match(CLASSIC_66, seats=seats, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("dealer", [-1, 2, "0", None])
def test_bad_dealer(dealer: object) -> None:
    with pytest.raises(MatchError, match="dealer"):
        new_match(CLASSIC_66, seed=1, dealer=dealer)  # type: ignore[arg-type]


def test_bad_seed_and_rules() -> None:
    with pytest.raises(MatchError, match="seed"):
        new_match(CLASSIC_66, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="Rules"):
        new_match("CLASSIC_66", seed=1)  # type: ignore[arg-type]


def test_match_values_are_checked() -> None:
    with pytest.raises(MatchError, match="scores"):
        Match(rules=CLASSIC_66, seats=2, seed=1, scores=(0,), dealer=0)
    with pytest.raises(MatchError, match="scores"):
        Match(rules=CLASSIC_66, seats=2, seed=1, scores=(0, -1), dealer=0)
    with pytest.raises(MatchError, match="more than one seat"):
        Match(rules=CLASSIC_66, seats=2, seed=1, scores=(7, 8), dealer=0)
    with pytest.raises(MatchError, match="carried"):
        Match(rules=CLASSIC_66, seats=2, seed=1, scores=(0, 0), dealer=0, carry=-1)
    with pytest.raises(MatchError, match="hand number"):
        Match(rules=CLASSIC_66, seats=2, seed=1, scores=(0, 0), dealer=0, hand_number=-2)


def test_errors_are_sixtysix_errors() -> None:
    assert issubclass(MatchError, SixtySixError)
    assert issubclass(MatchError, ValueError)


def test_match_is_immutable() -> None:
    m = new_match(CLASSIC_66, seed=1)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        m.dealer = 1  # type: ignore[misc]


# --------------------------------------------------------------------------- dealing


def test_next_hand_is_reproducible_from_seed_and_number() -> None:
    m = new_match(CLASSIC_66, seed=11)
    assert next_hand(m) == next_hand(new_match(CLASSIC_66, seed=11))
    assert next_hand(m) == new_hand(CLASSIC_66, seed="11/0", dealer=0)
    later = apply_result(m, win(0))
    assert later.hand_seed == "11/1"
    assert next_hand(later) == new_hand(CLASSIC_66, seed="11/1", dealer=1)
    assert next_hand(later) != next_hand(m)


def test_int_and_str_seeds_deal_differently() -> None:
    a = new_match(CLASSIC_66, seed=5)
    b = new_match(CLASSIC_66, seed="5")
    assert a.hand_seed != b.hand_seed
    assert next_hand(a) != next_hand(b)


def test_next_hand_refuses_finished_or_seedless_matches() -> None:
    over = Match(rules=CLASSIC_66, seats=2, seed=1, scores=(7, 0), dealer=0)
    with pytest.raises(MatchError, match="over"):
        next_hand(over)
    seedless = Match(rules=CLASSIC_66, seats=2, seed=None, scores=(0, 0), dealer=0)
    assert seedless.hand_seed is None
    with pytest.raises(MatchError, match="no seed"):
        next_hand(seedless)
    with pytest.raises(MatchError, match="Match"):
        next_hand(CLASSIC_66)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- scoring


def test_winner_scores_the_game_points() -> None:
    m = apply_result(new_match(CLASSIC_66, seed=1), win(1, 3))
    assert m.scores == (0, 3)
    assert m.carry == 0
    assert m.hand_number == 1


def test_tie_carry_accumulates_and_goes_to_next_winner() -> None:
    m = new_match(CLASSIC_66, seed=1)
    m = apply_result(m, tie(CLASSIC_66))
    m = apply_result(m, tie(CLASSIC_66))
    assert (m.scores, m.carry) == ((0, 0), 2)
    m = apply_result(m, win(1, 2))
    assert (m.scores, m.carry) == ((0, 4), 0)
    m = apply_result(m, win(0, 1))
    assert m.scores == (1, 4)


def test_no_carry_when_tie_carry_is_zero() -> None:
    assert PAGAT_66.tie_carry == 0
    m = apply_result(new_match(PAGAT_66, seed=1), tie(PAGAT_66))
    assert m.carry == 0
    assert apply_result(m, win(0, 1)).scores == (1, 0)


def test_tie_carry_from_other_rules_is_refused() -> None:
    m = new_match(PAGAT_66, seed=1)
    with pytest.raises(MatchError, match="tie_carry=0"):
        apply_result(m, tie(CLASSIC_66))


def test_match_ends_at_target_and_names_the_winner() -> None:
    m = new_match(CLASSIC_66, seed=1)
    for _ in range(3):
        m = apply_result(m, win(1, 2))
    assert not m.is_over
    m = apply_result(m, win(1, 3))
    assert m.scores == (0, 9)
    assert m.is_over
    assert m.winner == 1
    with pytest.raises(MatchError, match="already over"):
        apply_result(m, win(0, 1))


def test_santase_plays_to_eleven() -> None:
    m = new_match(SANTASE, seed=1)
    for _ in range(3):
        m = apply_result(m, win(0, 3))
    assert m.scores == (9, 0) and not m.is_over
    m = apply_result(m, win(0, 2))
    assert m.winner == 0


def test_bad_results_are_refused() -> None:
    m = new_match(CLASSIC_66, seed=1)
    with pytest.raises(MatchError, match="needs a HandResult"):
        apply_result(m, "not a result")  # type: ignore[arg-type]
    # A tie result that carries what other rules carry.
    other = HandResult(None, 0, 0, (65, 65), HandEnd.NEITHER_REACHED_66)
    with pytest.raises(MatchError, match="tie_carry=1; was the hand played under other rules"):
        apply_result(m, other)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ((2, 1, 0, (70, 30), HandEnd.CLAIM), "the winner is seat 0 or 1, or None, not 2"),
        ((0, 0, 0, (70, 30), HandEnd.CLAIM), "scores 1, 2 or 3 game points, not 0"),
        ((0, 4, 0, (70, 30), HandEnd.CLAIM), "scores 1, 2 or 3 game points, not 4"),
        ((None, 1, 1, (65, 65), HandEnd.NEITHER_REACHED_66), "scores 0 game points, not 1"),
    ],
)
def test_bad_results_cannot_be_built(fields: tuple[object, ...], message: str) -> None:
    with pytest.raises(ss.ResultError, match=re.escape(message)):
        HandResult(*fields)  # type: ignore[arg-type]


def test_apply_result_needs_a_match() -> None:
    with pytest.raises(MatchError, match="Match"):
        apply_result("m", win(0))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- dealer


def test_dealer_alternates() -> None:
    m = new_match(CLASSIC_66, seed=1)
    dealers = []
    for result in (win(0), win(0), tie(CLASSIC_66), win(1)):
        m = apply_result(m, result)
        dealers.append(m.dealer)
    assert dealers == [1, 0, 1, 0]


def test_winner_deals() -> None:
    assert PAGAT_66.next_dealer is NextDealer.WINNER_DEALS
    m = new_match(PAGAT_66, seed=1)
    m = apply_result(m, win(1))
    assert m.dealer == 1
    m = apply_result(m, win(1))
    assert m.dealer == 1
    m = apply_result(m, win(0))
    assert m.dealer == 0


def test_same_dealer_after_tie() -> None:
    assert SANTASE.dealer_after_tie is DealerAfterTie.SAME
    m = apply_result(new_match(SANTASE, seed=1), win(1))
    assert m.dealer == 1
    m = apply_result(m, tie(SANTASE))
    assert m.dealer == 1


def test_alternate_dealer_after_tie_with_winner_deals() -> None:
    assert PAGAT_66.dealer_after_tie is DealerAfterTie.ALTERNATE
    m = apply_result(new_match(PAGAT_66, seed=1), win(0))
    assert m.dealer == 0
    assert apply_result(m, tie(PAGAT_66)).dealer == 1


def test_hand_dealer_is_the_match_dealer_with_two_seats() -> None:
    m = new_match(CLASSIC_66, seed=1, dealer=1)
    assert m.hand_dealer == 1
    state = next_hand(m)
    assert state.dealer == 1
    assert state.to_move == 0


# --------------------------------------------------------------------------- three hands


@pytest.mark.parametrize(
    ("dealer", "active", "hand_dealer", "leader"),
    [(0, (1, 2), 1, 1), (1, (0, 2), 0, 2), (2, (0, 1), 1, 0)],
)
def test_three_hand_seats(
    dealer: int, active: tuple[int, int], hand_dealer: int, leader: int
) -> None:
    m = new_match(CLASSIC_66, seats=3, seed=1, dealer=dealer)
    assert m.active_seats == active
    assert m.sitting_out == dealer
    assert m.hand_dealer == hand_dealer
    state = next_hand(m)
    assert state.dealer == hand_dealer
    # The player on the dealer's left leads.
    assert leader == (dealer + 1) % 3
    assert state.to_move is not None
    assert m.active_seats[state.to_move] == leader
    assert m.hand_seat(dealer) is None
    assert m.hand_seat(active[1]) == 1


def test_hand_seat_rejects_unknown_seats() -> None:
    m = new_match(CLASSIC_66, seats=3, seed=1)
    with pytest.raises(MatchError, match="seats 0 to 2"):
        m.hand_seat(3)


def test_three_hand_deal_passes_left() -> None:
    m = new_match(CLASSIC_66, seats=3, seed=1)
    seen = []
    for _ in range(4):
        seen.append(m.dealer)
        m = apply_result(m, win(0))
    assert seen == [0, 1, 2, 0]


def test_three_hand_winner_is_mapped_to_match_seats() -> None:
    m = new_match(CLASSIC_66, seats=3, seed=1, dealer=0)  # seats 1 and 2 play
    m = apply_result(m, win(1, 2))  # hand seat 1 is match seat 2
    assert m.scores == (2, 0, 2)  # the idle dealer scores the same (SAME_AS_WINNER)


def test_sit_out_scores_are_capped_below_target() -> None:
    m = Match(rules=CLASSIC_66, seats=3, seed=1, scores=(5, 0, 0), dealer=0)
    m = apply_result(m, win(0, 3))  # match seat 1 wins 3; the dealer (seat 0) would reach 8
    assert m.scores == (6, 3, 0)
    assert not m.is_over
    m = Match(rules=CLASSIC_66, seats=3, seed=1, scores=(6, 0, 0), dealer=0)
    assert apply_result(m, win(0, 1)).scores == (6, 1, 0)


def test_sit_out_scores_include_carried_points() -> None:
    m = new_match(CLASSIC_66, seats=3, seed=1)
    m = apply_result(m, tie(CLASSIC_66))  # dealer 0 -> 1 (passes left after a tie)
    m = apply_result(m, win(0, 1))  # seats 0 and 2 play; hand seat 0 is match seat 0
    assert m.scores == (2, 2, 0)


def test_sit_out_scores_none() -> None:
    rules = attrs.evolve(CLASSIC_66, sit_out_scores=SitOutScores.NONE)
    m = apply_result(new_match(rules, seats=3, seed=1), win(0, 2))
    assert m.scores == (0, 2, 0)


def test_three_hand_winner_deals() -> None:
    m = apply_result(new_match(PAGAT_66, seats=3, seed=1), win(1))
    assert m.dealer == 2
    assert m.active_seats == (0, 1)


# --------------------------------------------------------------------------- properties


def play_match(rules: Rules, seats: int, seed: int) -> list[tuple[Match, HandResult | None]]:
    """Play a whole match with random moves; the matches before each hand and results."""
    rng = random.Random(seed)
    m = new_match(rules, seats=seats, seed=seed, dealer=rng.randrange(seats))
    history: list[tuple[Match, HandResult | None]] = []
    while not m.is_over:
        assert m.hand_number < 500, "the match does not end"
        state = next_hand(m)
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
        result = score_hand(state)
        history.append((m, result))
        m = apply_result(m, result)
    history.append((m, None))
    return history


def expected_dealer(before: Match, result: HandResult) -> int:
    """The next dealer by rules §7, computed independently."""
    rules = before.rules
    rotate = (before.dealer + 1) % before.seats
    if result.winner is None:
        return before.dealer if rules.dealer_after_tie is DealerAfterTie.SAME else rotate
    if rules.next_dealer is NextDealer.WINNER_DEALS:
        return before.active_seats[result.winner]
    return rotate


def check_history(history: list[tuple[Match, HandResult | None]]) -> None:
    """Check a match's course against rules §6.6 and §7."""
    rules = history[0][0].rules
    seats = history[0][0].seats
    target = rules.match_target
    carry = 0
    for (before, result), (after, _) in itertools.pairwise(history):
        assert result is not None
        assert not before.is_over
        assert after.hand_number == before.hand_number + 1
        # Game points only grow.
        assert all(a >= b for a, b in zip(after.scores, before.scores, strict=True))
        gained = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
        for hand_seat, seat in enumerate(before.active_seats):  # rules §13.11: honours
            gained[seat] -= result.honours[hand_seat]
        # The dealer sequence follows next_dealer / dealer_after_tie.
        assert after.dealer == expected_dealer(before, result)
        if result.winner is None:
            carry += rules.tie_carry
            assert sum(gained) == 0
        else:
            winner = before.active_seats[result.winner]
            assert gained[winner] == result.game_points + carry
            carry = 0
            if seats == 3:
                idle = before.dealer
                # The idle dealer never passes target - 1 by sitting out.
                assert after.scores[idle] <= max(before.scores[idle], target - 1)
                if rules.sit_out_scores is SitOutScores.NONE:
                    assert gained[idle] == 0
                else:
                    assert gained[idle] == min(gained[winner], target - 1 - before.scores[idle])
                assert gained[3 - winner - idle] == 0
            else:
                assert gained[1 - winner] == 0
        assert after.carry == carry
    final = history[-1][0]
    if final.is_over:
        # The winner has at least the target; nobody else does (rules §13.11 [M25]: with
        # honours, others may, and then the winner's total is the unique highest).
        assert final.winner is not None
        assert final.scores[final.winner] >= target
        others = [s for k, s in enumerate(final.scores) if k != final.winner]
        if rules.honours_scoring is ss.HonoursScoring.GAME_POINTS:
            assert all(s < final.scores[final.winner] for s in others)
        else:
            assert all(s < target for s in others)
    elif rules.honours_scoring is ss.HonoursScoring.GAME_POINTS:
        top = max(final.scores)
        assert top < target or final.scores.count(top) > 1
    else:
        assert all(s < target for s in final.scores)


@settings(max_examples=examples(60))
@given(
    rules=st.sampled_from(MATCH_RULES),
    seats=st.sampled_from([2, 3]),
    seed=st.integers(0, 2**32),
)
def test_random_matches_follow_the_rules(rules: Rules, seats: int, seed: int) -> None:
    history = play_match(rules, seats, seed)
    assert history[-1][0].is_over  # the match ends
    check_history(history)


@settings(max_examples=examples(100))
@given(
    rules=st.sampled_from(MATCH_RULES),
    seats=st.sampled_from([2, 3]),
    dealer=st.integers(0, 2),
    outcomes=st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 1), st.integers(1, 3))), max_size=40
    ),
)
def test_any_sequence_of_results_follows_the_rules(
    rules: Rules,
    seats: int,
    dealer: int,
    outcomes: list[tuple[int, int] | None],
) -> None:
    m = new_match(rules, seats=seats, seed=1, dealer=dealer % seats)
    history: list[tuple[Match, HandResult | None]] = []
    for outcome in outcomes:
        if m.is_over:
            break
        result = tie(rules) if outcome is None else win(*outcome)
        history.append((m, result))
        m = apply_result(m, result)
    history.append((m, None))
    check_history(history)


# ------------------------------------------------------------------ hostile input (issue 9)


def test_seat_count_is_checked_before_anything_is_allocated() -> None:
    with pytest.raises(MatchError, match=r"^a match has 2 or 3 seats, not 1000000000000$"):
        new_match(CLASSIC_66, seats=10**12)
    with pytest.raises(MatchError, match="not an int of 5001 digits"):
        new_match(CLASSIC_66, seats=10**5000)
    for seats in (True, 2.0, "2", None, 1, 4):
        with pytest.raises(MatchError, match="a match has 2 or 3 seats"):
            new_match(CLASSIC_66, seats=seats)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "seed", [10**5000, -(10**5000), 10**100, -(10**100)], ids=["giant", "-giant", "101", "-101"]
)
def test_giant_seeds_are_refused(seed: int) -> None:
    with pytest.raises(MatchError, match=r"^the match seed: an int seed has at most 100 digits"):
        new_match(CLASSIC_66, seed=seed)
    with pytest.raises(MatchError, match="at most 100 digits"):
        Match(rules=CLASSIC_66, seats=2, seed=seed, scores=(0, 0), dealer=0)


def test_the_largest_seeds_work() -> None:
    for seed in (10**100 - 1, -(10**100 - 1), "x" * 10_000):
        m = new_match(CLASSIC_66, seed=seed)
        assert repr(m) and next_hand(m) == next_hand(m)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seed": 2.5}, "the match seed: a seed must be an int or a str, not 2.5"),
        ({"seed": b"x"}, "a seed must be an int or a str, not b'x'"),
        ({"scores": (10**5000, 0)}, "from 0 to 999999999, not <tuple object>"),
        ({"scores": (10**9, 0)}, "not (1000000000, 0)"),
        ({"scores": (True, 0)}, "not (True, 0)"),
        ({"scores": [0, 0]}, "not [0, 0]"),
        ({"carry": 10**9}, "carried points must be from 0 to 999999999, not 1000000000"),
        ({"carry": -1}, "carried points must be from 0 to 999999999, not -1"),
        ({"carry": True}, "not True"),
        ({"hand_number": 10**5000}, "the hand number must be from 0 to 999999999, not an int"),
        ({"hand_number": -1}, "the hand number must be from 0 to 999999999, not -1"),
        ({"dealer": 10**5000}, "the dealer must be a seat from 0 to 1, not an int of 5001"),
        ({"dealer": True}, "the dealer must be a seat from 0 to 1, not True"),
        ({"rules": "CLASSIC_66"}, "a match needs a Rules value, not 'CLASSIC_66'"),
        ({"seats": 4, "scores": (0, 0, 0, 0)}, "a match has 2 or 3 seats, not 4"),
    ],
)
def test_matches_built_by_hand_are_checked(fields: dict[str, object], message: str) -> None:
    values: dict[str, object] = {
        "rules": CLASSIC_66,
        "seats": 2,
        "seed": 1,
        "scores": (0, 0),
        "dealer": 0,
        **fields,
    }
    with pytest.raises(MatchError, match=re.escape(message)):
        Match(**values)  # type: ignore[arg-type]


def test_largest_counts_are_accepted() -> None:
    big = 10**9 - 1
    m = Match(
        rules=CLASSIC_66, seats=2, seed=1, scores=(big, 0), dealer=0, carry=big, hand_number=big
    )
    assert m.winner == 0 and repr(m)


def test_wrong_objects_give_match_errors() -> None:
    m = new_match(CLASSIC_66, seed=1)
    with pytest.raises(MatchError, match=r"^next_hand needs a Match, not an int of 5001 digits$"):
        next_hand(10**5000)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match=r"^apply_result needs a Match, not 'm'$"):
        apply_result("m", win(0))  # type: ignore[arg-type]
    with pytest.raises(MatchError, match=r"needs a HandResult \(from score_hand\), not None$"):
        apply_result(m, None)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match=r"^this match has seats 0 to 1, not an int of 5001"):
        m.hand_seat(10**5000)
