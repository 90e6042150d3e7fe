"""Statistics of the tournament report, checked against cases computed by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from sixtysix.errors import TournamentError
from sixtysix.tournament.stats import (
    SPRT_EPSILON,
    Z95,
    SprtState,
    bootstrap_ratings,
    bradley_terry,
    elo_to_score,
    ratio_estimate,
    score_to_elo,
    sprt_bounds,
    sprt_llr,
    wilson_interval,
)


def test_z95() -> None:
    assert pytest.approx(1.959963984540054, abs=1e-15) == Z95


def test_mean_of_duplicate_pairs_with_equal_hands() -> None:
    # Four pairs of two hands: per-hand means 1, 0, 2, -1; mean 0.5.
    # Sample variance ((0.5)^2 + (0.5)^2 + (1.5)^2 + (1.5)^2) / 3 = 5/3,
    # standard error sqrt(5/3 / 4) = sqrt(5/12) = 0.645497...
    e = ratio_estimate([2, 0, 4, -2], [2, 2, 2, 2])
    se = math.sqrt(5 / 12)
    assert e.value == 0.5
    assert e.low == pytest.approx(0.5 - 1.959963984540054 * se, abs=1e-12)
    assert e.high == pytest.approx(0.5 + 1.959963984540054 * se, abs=1e-12)
    assert (round(e.low, 4), round(e.high, 4)) == (-0.7652, 1.7652)


def test_ratio_of_pairs_with_unequal_hands() -> None:
    # Matches: net points 3, -1, 2 over 2, 4, 2 hands. R = 4/8 = 0.5.
    # Residuals y - R n: 2, -3, 1; squares 14; 14 / (3 * 2) = 7/3; mean n = 8/3.
    # se = sqrt(7/3) / (8/3) = 0.572822...
    e = ratio_estimate([3, -1, 2], [2, 4, 2])
    assert e.value == 0.5
    se = math.sqrt(7 / 3) / (8 / 3)
    assert se == pytest.approx(0.5728219618694797)
    assert (e.low, e.high) == pytest.approx((0.5 - Z95 * se, 0.5 + Z95 * se))


def test_ratio_edge_cases() -> None:
    assert ratio_estimate([3], [2]) == pytest.approx(
        type(ratio_estimate([3], [2]))(1.5, -math.inf, math.inf)
    )
    assert ratio_estimate([2, 2], [2, 2]).low == 1.0  # no spread, no width
    for totals, counts in (([], []), ([1], [1, 2]), ([1, 1], [1, 0])):
        with pytest.raises(TournamentError):
            ratio_estimate(totals, counts)


def test_wilson_by_hand() -> None:
    # 8 of 10: p = 0.8, z^2 = 3.841459; centre (0.8 + z^2/20) / (1 + z^2/10) = 0.716741;
    # half-width z / (1 + z^2/10) * sqrt(0.8 * 0.2 / 10 + z^2 / 400) = 0.226577.
    e = wilson_interval(8, 10)
    assert e.value == 0.8
    assert e.low == pytest.approx(0.716741 - 0.226577, abs=2e-6)
    assert e.high == pytest.approx(0.716741 + 0.226577, abs=2e-6)
    # 0 of 5: the interval starts at 0 and ends at z^2 / (5 + z^2) = 0.434482.
    zero = wilson_interval(0, 5)
    assert zero.low == 0.0
    assert zero.high == pytest.approx(Z95**2 / (5 + Z95**2))
    full = wilson_interval(5, 5)
    assert full.high == 1.0 and full.low == pytest.approx(5 / (5 + Z95**2))
    for bad in ((1, 0), (-1, 3), (4, 3)):
        with pytest.raises(TournamentError):
            wilson_interval(*bad)


def test_elo_and_score() -> None:
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)
    assert score_to_elo(10 / 11) == pytest.approx(400)
    assert score_to_elo(0.0) == -math.inf and score_to_elo(1.0) == math.inf
    for elo in (-300.0, -5.0, 0.0, 17.0, 250.0):
        assert score_to_elo(elo_to_score(elo)) == pytest.approx(elo, abs=1e-9)


def test_bradley_terry_two_players() -> None:
    # 3 wins to 1: strengths 3 : 1, so 400 log10(3) = 190.85 Elo apart, centred.
    a, b = bradley_terry([[0, 3], [1, 0]], prior=0.0)
    assert a - b == pytest.approx(400 * math.log10(3))
    assert a + b == pytest.approx(0.0, abs=1e-9)


def test_bradley_terry_recovers_known_strengths() -> None:
    # Strengths 4, 2, 1 and 12 games per pair: wins equal to their expectations
    # 12 p_i / (p_i + p_j) are a fixed point of the likelihood equations.
    wins = [[0.0, 8.0, 9.6], [4.0, 0.0, 8.0], [2.4, 4.0, 0.0]]
    ratings = bradley_terry(wins, prior=0.0)
    step = 400 * math.log10(2)
    assert ratings == pytest.approx((step, 0.0, -step), abs=1e-6)


def test_bradley_terry_prior_keeps_a_perfect_score_finite() -> None:
    # 5 wins and no loss plus one virtual draw: 5.5 to 0.5, so 400 log10(11) apart.
    a, b = bradley_terry([[0, 5], [0, 0]])
    assert a - b == pytest.approx(400 * math.log10(11))
    # Players who never met keep their strength (and do not break the fit).
    lonely = bradley_terry([[0, 1, 0], [1, 0, 0], [0, 0, 0]])
    assert lonely == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)


def test_bootstrap_is_deterministic_and_brackets_the_fit() -> None:
    scores = [(2.0, 0.0), (1.0, 1.0), (2.0, 0.0), (0.5, 1.5), (1.5, 0.5)]
    one = bootstrap_ratings(2, [(0, 1, scores)], 50, "s")
    two = bootstrap_ratings(2, [(0, 1, scores)], 50, "s")
    assert one == two
    ratings, intervals = one
    for r, (lo, hi) in zip(ratings, intervals, strict=True):
        assert lo <= r <= hi
    # A resample scores at most 10 to 0 (five (2, 0) pairs), 10.5 to 0.5 with the prior:
    # 400 log10(21) / 2 = 264.4 Elo from the mean; at least 2.5 to 7.5, the reverse of 8:3.
    lo, hi = intervals[0]
    assert -200 * math.log10(8 / 3) - 1e-9 <= lo and hi <= 200 * math.log10(21) + 1e-9
    _, none = bootstrap_ratings(2, [(0, 1, scores)], 0, "s")
    assert none == ((-math.inf, math.inf), (-math.inf, math.inf))


def test_sprt_bounds_by_hand() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert lower == pytest.approx(math.log(0.05 / 0.95)) and upper == -lower
    assert sprt_bounds(0.05, 0.1) == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))


def test_sprt_llr_formula() -> None:
    # 4 observations, mean 0.625, variance 0.015625, H0 0.5 vs H1 0.6:
    # 4 * 0.1 * (1.25 - 1.1) / (2 * 0.015625) = 1.92.
    assert sprt_llr(4, 0.625, 0.015625, 0.5, 0.6) == pytest.approx(1.92)
    assert sprt_llr(4, 0.625, 0.0, 0.5, 0.6) == 0.0


def test_sprt_pentanomial_sequence_by_hand() -> None:
    # Pair scores 1, 3/4, 1/2, 1, 1/4, 3/4: counts 0, 1, 1, 2, 2 in bins 0 .. 4;
    # with the prior of 1/2 in the empty bin the weights are 1/2, 1, 1, 2, 2: N = 13/2.
    # Mean (1/4 + 1/2 + 3/2 + 2) / (13/2) = 17/26; E[x^2] = 3.4375 / 6.5, so the
    # variance is 3.4375 / 6.5 - (17/26)^2 = 137/1352.
    # H0: 0 Elo (score 1/2), H1: 10 Elo (score 0.5143871841659987).
    # LLR = 6.5 * 0.0143871841659987 * (2 * 17/26 - 1.0143871841659987) / (2 * 137/1352)
    #     = 0.13534273...
    assert Fraction(1, 2) == SPRT_EPSILON
    s1 = elo_to_score(10)
    assert s1 == pytest.approx(0.5143871841659987)
    state = SprtState(0.5, s1, 0.05, 0.05, bins=4)
    for x in (1, Fraction(3, 4), Fraction(1, 2), 1, Fraction(1, 4), Fraction(3, 4)):
        assert state.add(Fraction(x)) is None
    expected = 6.5 * (s1 - 0.5) * (2 * 17 / 26 - 0.5 - s1) / (2 * 137 / 1352)
    assert expected == pytest.approx(0.1353427316689315)
    assert state.llr == pytest.approx(expected, rel=1e-12)
    assert state.n == 6 and state.mean == pytest.approx(4.25 / 6)


def test_sprt_decides_after_five_straight_wins() -> None:
    # Five pair scores of 1: the empty bins weigh 1/2 each, so the weights are
    # 1/2, 1/2, 1/2, 1/2, 5 (N = 7); mean (0.125 + 0.25 + 0.375 + 5) / 7 = 0.8214;
    # H1 (200 Elo) is accepted at the fifth pair, not the fourth.
    s0, s1 = 0.5, elo_to_score(200)
    state = SprtState(s0, s1, 0.05, 0.05, bins=4)
    for _ in range(4):
        assert state.add(Fraction(1)) is None
    assert state.add(Fraction(1)) == "H1"
    mean = (0.125 + 0.25 + 0.375 + 5) / 7
    var = (0.5 * (0.0625 + 0.25 + 0.5625) + 5) / 7 - mean**2
    assert state.llr == pytest.approx(7 * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var))
    assert state.llr >= state.bounds[1]
    state.add(Fraction(0))  # once decided, it stays decided
    assert state.decision == "H1"


def test_sprt_accepts_h0_and_rejects_bad_scores() -> None:
    state = SprtState(elo_to_score(0), elo_to_score(50), 0.05, 0.05, bins=4)
    decision = None
    for _ in range(200):
        decision = state.add(Fraction(1, 2)) or decision
        if decision:
            break
    assert decision == "H0" and state.llr <= state.bounds[0]
    with pytest.raises(TournamentError, match="k/4"):
        state.add(Fraction(1, 3))
    with pytest.raises(TournamentError):
        state.add(Fraction(2))


def test_sprt_on_points_is_the_plain_formula() -> None:
    # Net points per hand 1, -1, 2, 0: mean 0.5, variance (0.25 + 2.25 + 2.25 + 0.25)/4 = 1.25.
    # H0 0 vs H1 0.2: 4 * 0.2 * (1 - 0.2) / 2.5 = 0.256.
    state = SprtState(0.0, 0.2, 0.05, 0.05)
    for x in (1, -1, 2, 0):
        state.add(Fraction(x))
    assert state.llr == pytest.approx(0.256)
    assert state.mean == 0.5
    assert SprtState(0.0, 0.2, 0.05, 0.05).mean == 0.0
