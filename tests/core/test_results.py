"""HandResult is checked on construction; score_hand's results always pass the check."""

from __future__ import annotations

import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import ALL_RULES, RULE_IDS, random_play
from tests.profiles import examples

import sixtysix as ss
from sixtysix import HandEnd, HandResult, ResultError
from sixtysix.scoring import MAX_POINTS, _check_result, _unchecked_result

E = HandEnd


@pytest.mark.parametrize(
    "fields",
    [
        (0, 1, 0, (66, 0), E.CLAIM),
        (1, 3, 0, (0, 66), E.CLAIM),
        (0, 2, 0, (0, 0), E.FALSE_CLAIM),
        (1, 2, 0, (65, 100), E.FALSE_CLAIM),
        (0, 1, 0, (66, 65), E.CLOSER_TOOK_LAST_TRICK),
        (1, 3, 0, (90, 10), E.FAILED_CLOSE),
        (0, 2, 0, (66, 70), E.CLOSER_BEATEN),
        (1, 1, 0, (65, 66), E.PLAYED_OUT),
        (0, 1, 0, (67, 66), E.BOTH_OVER_66),
        (None, 0, 0, (66, 66), E.BOTH_OVER_66),
        (None, 0, 1, (80, 70), E.BOTH_OVER_66),
        (None, 0, 1, (65, 65), E.NEITHER_REACHED_66),
        (None, 0, 0, (0, 0), E.NEITHER_REACHED_66),
        (0, 1, 0, (10, 20), E.LAST_TRICK),
        (1, 3, 0, (0, MAX_POINTS), E.LAST_TRICK),
        (0, 3, 0, (MAX_POINTS, 0), E.CLAIM),
        (0, 1, 0, (100, MAX_POINTS - 100), E.CLAIM),
    ],
)
def test_possible_results_are_accepted(fields: tuple[object, ...]) -> None:
    result = HandResult(*fields)  # type: ignore[arg-type]
    assert attrs.astuple(result, recurse=False) == (*fields, (0, 0))  # no honours
    assert result == _unchecked_result(*fields)  # type: ignore[arg-type]


BAD = [
    ((0, 1, 0, (70, 30), "CLAIM"), "reason must be a HandEnd (CLAIM, FALSE_CLAIM, "),
    ((0, 1, 0, (70, 30), "CLAIM"), "NEITHER_REACHED_66, LAST_TRICK), not 'CLAIM'"),
    ((0, 1, 0, (70, 30), None), "not None"),
    ((0, 1, 0, [70, 30], E.CLAIM), "points must be two whole numbers of 0 or more, together"),
    ((0, 1, 0, (70,), E.CLAIM), "at most 1230, not (70,)"),
    ((0, 1, 0, (70, 30, 0), E.CLAIM), "not (70, 30, 0)"),
    ((0, 1, 0, (70.0, 30), E.CLAIM), "not (70.0, 30)"),
    ((0, 1, 0, (70, 30.0), E.CLAIM), "not (70, 30.0)"),
    ((0, 1, 0, (True, 30), E.LAST_TRICK), "not (True, 30)"),
    ((0, 1, 0, (70, -1), E.CLAIM), "not (70, -1)"),
    ((0, 1, 0, (-1, 70), E.LAST_TRICK), "not (-1, 70)"),
    ((0, 1, 0, (0, 1231), E.LAST_TRICK), "not (0, 1231)"),
    ((0, 1, 0, (1200, 31), E.CLAIM), "not (1200, 31)"),
    ((0, 1, 0, (10**5000, 0), E.CLAIM), "not <tuple object>"),
    ((None, 1, 1, (65, 65), E.NEITHER_REACHED_66), "without a winner scores 0 game points, not 1"),
    ((None, False, 1, (65, 65), E.NEITHER_REACHED_66), "scores 0 game points, not False"),
    ((None, 0.0, 1, (65, 65), E.NEITHER_REACHED_66), "scores 0 game points, not 0.0"),
    ((None, 0, 2, (65, 65), E.NEITHER_REACHED_66), "carries 0 or 1 game points, not 2"),
    ((None, 0, -1, (65, 65), E.NEITHER_REACHED_66), "carries 0 or 1 game points, not -1"),
    ((None, 0, True, (65, 65), E.NEITHER_REACHED_66), "carries 0 or 1 game points, not True"),
    (
        (None, 0, 1, (66, 65), E.NEITHER_REACHED_66),
        "neither player reached 66, but the points are 66-65",
    ),
    ((None, 0, 1, (65, 66), E.NEITHER_REACHED_66), "are 65-66"),
    ((None, 0, 1, (65, 66), E.BOTH_OVER_66), "both players reached 66, but the points are 65-66"),
    ((None, 0, 1, (66, 65), E.BOTH_OVER_66), "are 66-65"),
    ((None, 0, 1, (70, 30), E.CLAIM), "a hand that ends CLAIM has a winner, not None"),
    ((None, 0, 1, (70, 30), E.LAST_TRICK), "ends LAST_TRICK has a winner"),
    ((2, 1, 0, (70, 30), E.CLAIM), "the winner is seat 0 or 1, or None, not 2"),
    ((-1, 1, 0, (70, 30), E.CLAIM), "not -1"),
    ((True, 1, 0, (70, 30), E.CLAIM), "not True"),
    ((0.0, 1, 0, (70, 30), E.CLAIM), "not 0.0"),
    ((0, 0, 0, (70, 30), E.CLAIM), "a hand's winner scores 1, 2 or 3 game points, not 0"),
    ((0, 4, 0, (70, 30), E.CLAIM), "game points, not 4"),
    ((0, True, 0, (70, 30), E.CLAIM), "game points, not True"),
    ((0, 10**5000, 0, (70, 30), E.CLAIM), "game points, not an int of 5001 digits"),
    ((0, 1, 1, (70, 30), E.CLAIM), "a hand with a winner carries no game points, not 1"),
    ((0, 1, False, (70, 30), E.CLAIM), "carries no game points, not False"),
    ((0, 1, 0.0, (70, 30), E.CLAIM), "carries no game points, not 0.0"),
    (
        (0, 2, 0, (70, 20), E.NEITHER_REACHED_66),
        "ends NEITHER_REACHED_66 has no winner, not seat 0",
    ),
    ((1, 2, 0, (20, 60), E.NEITHER_REACHED_66), "has no winner, not seat 1"),
    ((0, 1, 0, (65, 0), E.CLAIM), "seat 0 cannot win by CLAIM with 65 points"),
    ((1, 1, 0, (70, 65), E.CLAIM), "seat 1 cannot win by CLAIM with 65 points"),
    ((0, 1, 0, (65, 0), E.CLOSER_TOOK_LAST_TRICK), "cannot win by CLOSER_TOOK_LAST_TRICK"),
    ((0, 1, 0, (65, 0), E.CLOSER_BEATEN), "cannot win by CLOSER_BEATEN with 65"),
    ((0, 1, 0, (65, 0), E.PLAYED_OUT), "cannot win by PLAYED_OUT with 65"),
    (
        (0, 1, 0, (70, 66), E.PLAYED_OUT),
        "both players reached 66 (70-66), so the hand ends BOTH_OVER_66, not PLAYED_OUT",
    ),
    ((1, 1, 0, (66, 70), E.PLAYED_OUT), "(66-70)"),
    ((0, 2, 0, (10, 66), E.FALSE_CLAIM), "a claim with 66 points is not false"),
    ((1, 2, 0, (70, 0), E.FALSE_CLAIM), "a claim with 70 points is not false"),
    ((0, 1, 0, (66, 66), E.BOTH_OVER_66), "seat 0 cannot win by BOTH_OVER_66 with points 66-66"),
    ((0, 1, 0, (70, 80), E.BOTH_OVER_66), "points 70-80"),
    ((0, 1, 0, (70, 65), E.BOTH_OVER_66), "points 70-65"),
    ((1, 1, 0, (80, 70), E.BOTH_OVER_66), "seat 1 cannot win by BOTH_OVER_66 with points 80-70"),
]


@pytest.mark.parametrize(("fields", "message"), BAD)
def test_impossible_results_are_refused(fields: tuple[object, ...], message: str) -> None:
    with pytest.raises(ResultError, match=re.escape(message)):
        HandResult(*fields)  # type: ignore[arg-type]


def test_evolve_is_checked_too() -> None:
    result = HandResult(0, 1, 0, (70, 30), E.CLAIM)
    with pytest.raises(ResultError, match="carries no game points"):
        attrs.evolve(result, carry=1)


def test_result_errors_are_sixtysix_errors() -> None:
    assert issubclass(ResultError, ss.SixtySixError)
    assert issubclass(ResultError, ValueError)


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@given(seed=st.integers(0, 2**32), no_close=st.booleans())
@settings(max_examples=examples(15))
def test_every_score_passes_the_check(rules: ss.Rules, seed: int, no_close: bool) -> None:
    *_, final = random_play(rules, seed, no_close=no_close)
    r = ss.score_hand(final)
    _check_result(r.winner, r.game_points, r.carry, r.points, r.reason)
    assert HandResult(r.winner, r.game_points, r.carry, r.points, r.reason, r.honours) == r
