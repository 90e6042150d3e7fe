"""The statistics of a tournament report: intervals, ratings and the SPRT.

Everything here is a pure function of its inputs, and every float sum is either exact
(:class:`fractions.Fraction`) or correctly rounded (:func:`math.fsum`), so the results
do not depend on the order in which numbers arrive.

>>> round(wilson_interval(8, 10).low, 4), round(wilson_interval(8, 10).high, 4)
(0.4902, 0.9433)
>>> sprt_bounds(0.05, 0.05)
(-2.9444389791664403, 2.9444389791664403)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from statistics import NormalDist

import attrs

from ..errors import TournamentError

__all__ = [
    "SPRT_EPSILON",
    "Z95",
    "Estimate",
    "SprtState",
    "bootstrap_ratings",
    "bradley_terry",
    "elo_to_score",
    "ratio_estimate",
    "score_to_elo",
    "sprt_bounds",
    "sprt_llr",
    "wilson_interval",
]

#: The two-sided 95% quantile of the standard normal distribution, 1.959963984540054.
Z95 = NormalDist().inv_cdf(0.975)


@attrs.frozen
class Estimate:
    """A value with a confidence interval.

    Attributes:
        value: The estimate.
        low: The lower end of the interval.
        high: The upper end of the interval.
    """

    value: float
    low: float
    high: float


def ratio_estimate(totals: Sequence[int], counts: Sequence[int], z: float = Z95) -> Estimate:
    """The ratio ``sum(totals) / sum(counts)`` with a normal interval over the clusters.

    Each cluster ``i`` (a duplicate pair of games) contributes a total ``totals[i]``
    (net game points) over ``counts[i]`` units (hands). The standard error is the
    delta-method one of a ratio estimator, ``sqrt(sum((y_i - r n_i)^2) / (k (k - 1)))
    / mean(n)`` over ``k`` clusters; with equal counts it is the usual standard error
    of the mean of the per-cluster ratios. One cluster gives an infinite interval.

    >>> e = ratio_estimate([2, 0, 4, -2], [2, 2, 2, 2])
    >>> e.value, round(e.low, 4), round(e.high, 4)
    (0.5, -0.7652, 1.7652)

    Raises:
        TournamentError: no clusters, different lengths, or a cluster without units.
    """
    k = len(totals)
    if k == 0 or k != len(counts) or min(counts) <= 0:
        raise TournamentError("a ratio needs one or more clusters, each with units")
    total_y = sum(totals)
    total_n = sum(counts)
    r = Fraction(total_y, total_n)
    value = float(r)
    if k == 1:
        return Estimate(value, -math.inf, math.inf)
    residuals = sum((y - r * n) ** 2 for y, n in zip(totals, counts, strict=True))
    mean_n = Fraction(total_n, k)
    se = math.sqrt(residuals / (k * (k - 1)) / mean_n**2)
    return Estimate(value, value - z * se, value + z * se)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> Estimate:
    """The Wilson score interval of a proportion ``successes / trials``.

    >>> e = wilson_interval(0, 5)
    >>> e.value, e.low, round(e.high, 4)
    (0.0, 0.0, 0.4345)

    Raises:
        TournamentError: no trials, or successes outside ``0 .. trials``.
    """
    if trials <= 0 or not 0 <= successes <= trials:
        raise TournamentError(f"a proportion needs 0 <= {successes} <= {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def elo_to_score(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger: ``1 / (1 + 10^(-elo/400))``.

    >>> elo_to_score(0.0), round(elo_to_score(400.0), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def score_to_elo(score: float) -> float:
    """The Elo difference of an expected score in (0, 1); +-inf at 1 and 0.

    >>> score_to_elo(0.5), round(score_to_elo(0.75), 2)
    (0.0, 190.85)
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting; ``None`` if the matrix is singular."""
    n = len(rhs)
    m = [[*row, r] for row, r in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-300:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - math.fsum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _components(g: list[list[float]]) -> list[list[int]]:
    """The groups of players linked by games, each in increasing order."""
    n = len(g)
    seen: set[int] = set()
    groups = []
    for start in range(n):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            group.append(i)
            for j in range(n):
                if g[i][j] > 0 and j not in seen:
                    seen.add(j)
                    todo.append(j)
        groups.append(sorted(group))
    return groups


def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = 1.0, iterations: int = 100
) -> tuple[float, ...]:
    """Bradley-Terry ratings on the Elo scale (mean 0) from a matrix of wins.

    ``wins[i][j]`` is the score of player ``i`` against ``j`` (a draw counts half to
    each). ``prior`` virtual draws are added to every pair that met, so a player who
    won every game still gets a finite rating. The maximum-likelihood fit is Newton's
    method on the log-strengths (with step halving), from equal strengths, until no
    step exceeds 1e-12; one player of each group of players linked by games is held
    at 0 (players who met nobody keep 0).

    >>> [round(r, 1) for r in bradley_terry([[0, 3], [1, 0]], prior=0.0)]
    [95.4, -95.4]
    """
    n = len(wins)
    games = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    w = [
        [wins[i][j] + (prior / 2 if games[i][j] > 0 else 0.0) for j in range(n)] for i in range(n)
    ]
    g = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    total = [math.fsum(row) for row in w]
    free = [i for group in _components(g) for i in group[1:]]
    index = {p: k for k, p in enumerate(free)}
    theta = [0.0] * n

    def loglik(t: list[float]) -> float:
        terms = [total[i] * t[i] for i in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                if g[i][j]:
                    hi = max(t[i], t[j])
                    both = hi + math.log(math.exp(t[i] - hi) + math.exp(t[j] - hi))
                    terms.append(-g[i][j] * both)
        return math.fsum(terms)

    for _ in range(iterations if free else 0):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for i in range(n):
            for j in range(n):
                if i == j or not g[i][j]:
                    continue
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                if i in index:
                    grad[index[i]] -= g[i][j] * p
                    hess[index[i]][index[i]] += g[i][j] * p * (1 - p)
                    if j in index:
                        hess[index[i]][index[j]] -= g[i][j] * p * (1 - p)
        for p_, k in index.items():
            grad[k] += total[p_]
        step = _solve(hess, grad)
        if step is None:
            break
        base = loglik(theta)
        scale = 1.0
        while True:
            trial = list(theta)
            for p_, k in index.items():
                trial[p_] += scale * step[k]
            if loglik(trial) >= base or scale < 1e-6:
                break
            scale /= 2
        theta = trial
        if max(abs(scale * x) for x in step) < 1e-12:
            break
    elo = [400.0 / math.log(10) * t for t in theta]
    mean = math.fsum(elo) / n if n else 0.0
    return tuple(e - mean for e in elo)


def bootstrap_ratings(
    players: int,
    pair_scores: Sequence[tuple[int, int, Sequence[tuple[float, float]]]],
    resamples: int,
    seed: int | str,
    level: float = 0.95,
) -> tuple[tuple[float, ...], tuple[tuple[float, float], ...]]:
    """Bradley-Terry ratings and percentile bootstrap intervals.

    ``pair_scores`` lists, for each pair ``(i, j)`` that met, the score of ``i`` and of
    ``j`` in each of their duplicate pairs, in deal order. Each resample draws that
    many duplicate pairs with replacement from each pair of players (a
    :class:`random.Random` seeded from ``seed``) and refits.

    >>> ratings, intervals = bootstrap_ratings(2, [(0, 1, [(2, 0), (1, 1)])], 20, 1)
    >>> ratings[0] > 0 > ratings[1], intervals[0][0] <= ratings[0] <= intervals[0][1]
    (True, True)
    """

    def fit(samples: Sequence[Sequence[tuple[float, float]]]) -> tuple[float, ...]:
        wins = [[0.0] * players for _ in range(players)]
        for (i, j, _), sample in zip(pair_scores, samples, strict=True):
            wins[i][j] += math.fsum(a for a, _ in sample)
            wins[j][i] += math.fsum(b for _, b in sample)
        return bradley_terry(wins)

    ratings = fit([scores for _, _, scores in pair_scores])
    rng = random.Random(f"{seed!r}/bootstrap")
    draws: list[list[float]] = [[] for _ in range(players)]
    for _ in range(resamples):
        sample = [
            [scores[rng.randrange(len(scores))] for _ in scores] for _, _, scores in pair_scores
        ]
        for p, r in enumerate(fit(sample)):
            draws[p].append(r)
    intervals = []
    for p in range(players):
        values = sorted(draws[p])
        if not values:
            intervals.append((-math.inf, math.inf))
            continue
        tail = (1 - level) / 2
        lo = values[min(len(values) - 1, math.floor(tail * len(values)))]
        hi = values[max(0, math.ceil((1 - tail) * len(values)) - 1)]
        intervals.append((lo, hi))
    return ratings, tuple(intervals)


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds ``(log(beta / (1 - alpha)), log((1 - beta) / alpha))`` on the LLR."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(n: float, mean: float, variance: float, mu0: float, mu1: float) -> float:
    """The generalized SPRT log-likelihood ratio of H1: ``mu1`` against H0: ``mu0``.

    ``n`` independent observations (duplicate pairs) with sample mean ``mean`` and
    (population) variance ``variance``; the normal approximation
    ``n (mu1 - mu0) (2 mean - mu0 - mu1) / (2 variance)`` that fishtest-style testers
    use. Zero variance gives 0 (no information yet).

    >>> round(sprt_llr(4, 0.625, 0.015625, 0.5, 0.6), 9)
    1.92
    """
    if variance <= 0:
        return 0.0
    return n * (mu1 - mu0) * (2 * mean - mu0 - mu1) / (2 * variance)


#: The least weight of each bin of a scored SPRT: a prior of half an observation per bin.
SPRT_EPSILON = Fraction(1, 2)


@attrs.define
class SprtState:
    """A running SPRT: feed observations in order with :meth:`add`, read :attr:`decision`.

    ``mu0`` and ``mu1`` are the hypotheses on the scale of the observations (an expected
    score, for the Elo test). With ``bins=k`` every observation is a multiple of ``1/k``
    in ``[0, 1]`` (a pair's mean score: ``k = 4`` for two games, the pentanomial
    model); the test then counts each value and gives every bin at least the weight
    :data:`SPRT_EPSILON` (fishtest regularizes empty bins the same way, with a smaller
    weight), so that a run of identical results still has a variance and a test does
    not decide on its first few pairs. Without bins the observations are any numbers
    (game points per hand). Sums are exact fractions, so the log-likelihood ratio after
    ``n`` observations does not depend on how they were computed.

    >>> from fractions import Fraction
    >>> s = SprtState(0.5, 0.6, 0.05, 0.05)
    >>> for x in (0.75, 0.5, 0.75, 0.5):
    ...     s.add(Fraction(x))
    >>> round(s.llr, 9), s.decision
    (1.92, None)
    """

    mu0: float
    mu1: float
    alpha: float
    beta: float
    bins: int | None = None
    n: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)
    counts: list[int] = attrs.Factory(list)
    llr: float = 0.0
    decision: str | None = None

    @property
    def bounds(self) -> tuple[float, float]:
        """The lower and upper bounds on the log-likelihood ratio."""
        return sprt_bounds(self.alpha, self.beta)

    @property
    def mean(self) -> float:
        """The mean of the observations so far (0 before the first)."""
        return float(self.total / self.n) if self.n else 0.0

    def _moments(self) -> tuple[Fraction, Fraction, Fraction]:
        """The (weighted) number of observations, their mean and their variance."""
        if self.bins is None:
            mean = self.total / self.n
            return Fraction(self.n), mean, self.squares / self.n - mean * mean
        k = self.bins
        weights = [max(Fraction(c), SPRT_EPSILON) for c in self.counts]
        n = sum(weights, Fraction(0))
        mean = sum((w * Fraction(i, k) for i, w in enumerate(weights)), Fraction(0)) / n
        var = sum((w * (Fraction(i, k) - mean) ** 2 for i, w in enumerate(weights)), Fraction(0))
        return n, mean, var / n

    def add(self, x: Fraction) -> str | None:
        """Add one observation; returns ``"H1"`` or ``"H0"`` once the test decides.

        Raises:
            TournamentError: with bins, ``x`` is not a multiple of ``1/bins`` in [0, 1].
        """
        if self.bins is not None:
            if not self.counts:
                self.counts = [0] * (self.bins + 1)
            i = x * self.bins
            if i.denominator != 1 or not 0 <= i <= self.bins:
                raise TournamentError(f"an SPRT score must be k/{self.bins} in [0, 1], not {x}")
            self.counts[int(i)] += 1
        self.n += 1
        self.total += x
        self.squares += x * x
        n, mean, variance = self._moments()
        self.llr = sprt_llr(float(n), float(mean), float(variance), self.mu0, self.mu1)
        lower, upper = self.bounds
        if self.decision is None:
            if self.llr >= upper:
                self.decision = "H1"
            elif self.llr <= lower:
                self.decision = "H0"
        return self.decision
