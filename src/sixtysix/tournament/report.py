"""The report of a tournament: per pair, ratings, SPRT, forfeits and time per move.

:func:`build_report` is a pure function of the tournament and its deal results, which
it sorts by job first, so the same results give the same report however they were
played. Only the time per move (:attr:`Report.timing`) is measured rather than
computed; :meth:`Report.to_dict` and :meth:`Report.text` leave it out on request.

>>> from sixtysix.tournament import BotSpec, Tournament, run_tournament
>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=4, seed=1)
>>> report = build_report(t, run_tournament(t, executor="inline").deals)
>>> pair = report.pairs[0]
>>> (pair.deals, pair.hands, pair.games), pair.hands_won[0] + pair.hands_won[1] <= 8
((4, 8, 8), True)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from ..errors import TournamentError
from ..game import TwoHandGame
from ..rules import preset_name
from ..scoring import HandEnd
from .results import FORFEIT_END, DealResult, GameOutcome
from .schedule import Tournament
from .stats import (
    Estimate,
    SprtState,
    bootstrap_ratings,
    elo_to_score,
    ratio_estimate,
    score_to_elo,
    wilson_interval,
)

__all__ = [
    "ForfeitLine",
    "PairReport",
    "Rating",
    "Report",
    "SprtReport",
    "SprtTracker",
    "Timing",
    "build_report",
    "sprt_stop",
]

#: How the report groups hand endings (the JSON report also has every ending by name).
_ENDING_GROUPS: Mapping[str, tuple[str, ...]] = {
    "claimed": (HandEnd.CLAIM.name, HandEnd.FALSE_CLAIM.name, HandEnd.CLOSER_BEATEN.name),
    "closed": (HandEnd.CLOSER_TOOK_LAST_TRICK.name,),
    "failed close": (HandEnd.FAILED_CLOSE.name,),
    "played out": (
        HandEnd.PLAYED_OUT.name,
        HandEnd.BOTH_OVER_66.name,
        HandEnd.NEITHER_REACHED_66.name,
        HandEnd.LAST_TRICK.name,
        "TIE",  # four-hand 65-65 (PartnershipEnd.TIE)
    ),
    "forfeit": (FORFEIT_END,),
}


@attrs.frozen
class PairReport:
    """What one pair of bots did against each other (seen from the first bot, ``a``).

    Attributes:
        a: The first bot's label.
        b: The second bot's label.
        deals: Deals played (each one or two games).
        games: Games played.
        hands: Hands played.
        points_per_hand: ``a``'s net game points per hand (won minus lost), with a 95%
            interval computed over the duplicate pairs (the deals).
        hands_won: Hands won by ``a``, by ``b``, and by nobody.
        matches_won: Matches won by ``a`` and by ``b`` (``None`` for single hands).
        match_rate: ``a``'s match win rate with its Wilson 95% interval, or ``None``.
        endings: How many hands ended each way, by ending name, sorted.
        schwarz: Hands in which the loser was schwarz.
        forfeits: Games forfeited by ``a`` and by ``b``.
    """

    a: str
    b: str
    deals: int
    games: int
    hands: int
    points_per_hand: Estimate
    hands_won: tuple[int, int, int]
    matches_won: tuple[int, int] | None
    match_rate: Estimate | None
    endings: tuple[tuple[str, int], ...]
    schwarz: int
    forfeits: tuple[int, int]

    def grouped_endings(self) -> dict[str, int]:
        """The number of hands that ended in each group of endings.

        The groups: ``claimed`` (a claim, a false claim, or the closer's opponent
        claiming first), ``closed`` (the closer took the last trick with 66), ``failed
        close``, ``played out`` (every played-out ending), ``forfeit``, and ``other``
        (the endings of other games).
        """
        counts = dict(self.endings)
        groups = {
            name: sum(counts.pop(e, 0) for e in ends) for name, ends in _ENDING_GROUPS.items()
        }
        groups["other"] = sum(counts.values())
        return groups

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        data = attrs.asdict(self, recurse=True)
        for key in ("hands_won", "matches_won", "forfeits"):
            if data[key] is not None:
                data[key] = list(data[key])
        data["endings"] = dict(self.endings)
        data["endings_grouped"] = self.grouped_endings()
        data["hand_win_rate"] = self.hands_won[0] / self.hands if self.hands else None
        return data


@attrs.frozen
class Rating:
    """A bot's Bradley-Terry rating on the Elo scale, with a bootstrap interval.

    Attributes:
        bot: The bot's label.
        elo: The rating (the ratings have mean 0).
        low: The lower end of the 95% bootstrap interval.
        high: The upper end.
    """

    bot: str
    elo: float
    low: float
    high: float


@attrs.frozen
class SprtReport:
    """Where the SPRT stands.

    Attributes:
        metric: ``"elo"`` or ``"points"``.
        elo0: H0 (Elo, or game points per hand).
        elo1: H1.
        alpha: The false-positive rate.
        beta: The false-negative rate.
        llr: The log-likelihood ratio after :attr:`deals` duplicate pairs.
        lower: The lower bound (accept H0 at or below it).
        upper: The upper bound (accept H1 at or above it).
        deals: The deals the test has seen (the contiguous ones from deal 0).
        decision: ``"H1"``, ``"H0"``, or ``None`` while undecided.
        estimate: The observed value on the test's scale: the Elo difference of the
            first bot's mean pair score, or its mean net game points per hand.
    """

    metric: str
    elo0: float
    elo1: float
    alpha: float
    beta: float
    llr: float
    lower: float
    upper: float
    deals: int
    decision: str | None
    estimate: float


@attrs.frozen
class ForfeitLine:
    """A game that a bot forfeited.

    Attributes:
        deal: The deal number.
        game: The game of the deal (1, or 2 for the swapped seats).
        bot: The label of the bot that forfeited.
        seat: Its seat.
        reason: What it did.
    """

    deal: int
    game: int
    bot: str
    seat: int
    reason: str


@attrs.frozen
class Timing:
    """How long a bot took per move (measured, so not reproducible).

    Attributes:
        bot: The bot's label.
        moves: Moves it chose.
        seconds: Total time it spent choosing them.
    """

    bot: str
    moves: int
    seconds: float

    @property
    def per_move(self) -> float:
        """Seconds per move (0 without moves)."""
        return self.seconds / self.moves if self.moves else 0.0


@attrs.frozen
class Report:
    """The report of a tournament.

    Attributes:
        tournament: The tournament.
        planned: The deals the tournament asked for (times the pairs).
        played: The deal results the report is built on.
        interrupted: Whether the run stopped before its end (other than by the SPRT).
        pairs: One report per pair of bots.
        ratings: Bradley-Terry ratings (empty with fewer than one deal per pair).
        bootstrap: The number of bootstrap resamples behind the rating intervals.
        sprt: The SPRT, when the tournament has one.
        forfeits: Every forfeited game.
        timing: Time per move of each bot.
    """

    tournament: Tournament
    planned: int
    played: int
    interrupted: bool
    pairs: tuple[PairReport, ...]
    ratings: tuple[Rating, ...]
    bootstrap: int
    sprt: SprtReport | None
    forfeits: tuple[ForfeitLine, ...]
    timing: tuple[Timing, ...]

    def to_dict(self, timing: bool = True) -> dict[str, Any]:
        """JSON-ready data; ``timing=False`` leaves out the measured times."""
        data: dict[str, Any] = {
            "tournament": self.tournament.to_dict(),
            "planned": self.planned,
            "played": self.played,
            "interrupted": self.interrupted,
            "pairs": [p.to_dict() for p in self.pairs],
            "ratings": [attrs.asdict(r) for r in self.ratings],
            "bootstrap": self.bootstrap,
            "sprt": None if self.sprt is None else attrs.asdict(self.sprt),
            "forfeits": [attrs.asdict(f) for f in self.forfeits],
        }
        if timing:
            data["timing"] = [
                {**attrs.asdict(t), "seconds_per_move": t.per_move} for t in self.timing
            ]
        return data

    def text(self, timing: bool = True) -> str:
        """The report as a text table; ``timing=False`` leaves out the time per move."""
        return "".join(_text_lines(self, timing))


def _sign(x: float, digits: int = 3) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    return f"{x:+.{digits}f}"


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _text_lines(r: Report, timing: bool) -> Iterable[str]:
    t = r.tournament
    game = t.the_game
    n = game.num_seats
    default = game == TwoHandGame(t.rules)  # the default game is named by its rules only
    rules = (preset_name(t.rules) or "house rules") if default else game.name
    units = "hands" if t.unit == "hand" else "matches"
    kind = " vs ".join(t.labels) if len(t.bots) == 2 else f"round robin of {len(t.bots)} bots"
    yield f"sixtysix tournament: {kind}, {t.deals} deals of {rules} ({units}), seed {t.seed!r}\n"
    how = "played twice, the seats swapped" if t.duplicate else "played once"
    yield f"(deal k is dealt from seed '{t.seed}:k' by seat k % {n} and {how})\n"
    if n > 2:
        yield "(each bot of a pair plays a side: the first seats 0 and 2, the second 1 and 3)\n"
    status = f"{r.played} of {r.planned} deals played"
    if r.interrupted:
        status += " (interrupted)"
    elif r.sprt is not None and r.sprt.decision is not None and r.played < r.planned:
        status += " (stopped by the SPRT)"
    yield status + "\n\n"
    width = max([len(f"{p.a} vs {p.b}") for p in r.pairs] + [4])
    yield (
        f"{'pair':<{width}}  {'deals':>6} {'hands':>6}  {'points/hand':>11}  "
        f"{'95% CI':<18}  {'hands won':<16}"
        + ("" if t.unit == "hand" else f"  {'matches won':<12} {'95% CI':<14}")
    ).rstrip() + "\n"
    for p in r.pairs:
        e = p.points_per_hand
        won = f"{_pct(p.hands_won[0], p.hands)} - {_pct(p.hands_won[1], p.hands)}"
        line = (
            f"{p.a + ' vs ' + p.b:<{width}}  {p.deals:>6} {p.hands:>6}  {_sign(e.value):>11}  "
            f"{'[' + _sign(e.low) + ', ' + _sign(e.high) + ']':<18}  {won:<16}"
        )
        if p.matches_won is not None and p.match_rate is not None:
            m = p.match_rate
            line += (
                f"  {str(p.matches_won[0]) + ' - ' + str(p.matches_won[1]):<12} "
                f"[{100 * m.low:.1f}%, {100 * m.high:.1f}%]"
            )
        yield line.rstrip() + "\n"
    # Each hand ends one way: the groups are exclusive and add up to the pair's hands.
    # Schwarz says how big a win was, not how the hand ended, so it has its own lines.
    yield "\nhow hands ended (share of the pair's hands; each hand ended one way):\n"
    names = [*_ENDING_GROUPS, "other"]
    yield f"{'':<{width}}  {'hands':>6}" + "".join(f"{n:>13}" for n in names) + "\n"
    for p in r.pairs:
        groups = p.grouped_endings()
        yield (
            f"{p.a + ' vs ' + p.b:<{width}}  {p.hands:>6}"
            + "".join(f"{_pct(groups[n], p.hands):>13}" for n in names)
            + "\n"
        )
    yield "of which the loser was schwarz (hands, share of the pair's hands):\n"
    for p in r.pairs:
        yield f"{p.a + ' vs ' + p.b:<{width}}  {p.schwarz:>6}{_pct(p.schwarz, p.hands):>13}\n"
    if r.ratings:
        yield (
            f"\nratings (Bradley-Terry, Elo scale; 95% bootstrap interval, "
            f"{r.bootstrap} resamples of the deals):\n"
        )
        w = max(len(x.bot) for x in r.ratings)
        for x in r.ratings:
            interval = f"[{_sign(x.low, 1)}, {_sign(x.high, 1)}]"
            yield f"  {x.bot:<{w}}  {_sign(x.elo, 1):>8}  {interval}\n"
    if r.sprt is not None:
        s = r.sprt
        scale = "Elo" if s.metric == "elo" else "game points per hand"
        verdict = {None: "undecided", "H1": "H1 accepted", "H0": "H0 accepted"}[s.decision]
        yield (
            f"\nSPRT on {scale}: H0 {s.elo0:g} vs H1 {s.elo1:g}, alpha {s.alpha:g}, "
            f"beta {s.beta:g}\n"
            f"  {verdict} after {s.deals} deals: LLR {s.llr:.3f} "
            f"(bounds {s.lower:.3f}, {s.upper:.3f}); estimate {_sign(s.estimate, 2)}\n"
        )
    if r.forfeits:
        yield f"\nforfeits ({len(r.forfeits)}):\n"
        for f in r.forfeits:
            yield f"  deal {f.deal}, game {f.game}: {f.bot} (seat {f.seat}) {f.reason}\n"
    if timing and r.timing:
        yield "\ntime per move:\n"
        w = max(len(x.bot) for x in r.timing)
        for tm in r.timing:
            yield f"  {tm.bot:<{w}}  {tm.moves:>9} moves  {1e6 * tm.per_move:>10.1f} us/move\n"


def _score(game: GameOutcome, bot: int) -> Fraction:
    """1 for a win of ``bot``, 1/2 when nobody won, 0 for a loss."""
    w = game.winner_bot
    return Fraction(1, 2) if w is None else Fraction(int(w == bot))


def _observation(t: Tournament, deal: DealResult) -> Fraction:
    """What the SPRT sees of a deal: the first bot's mean score, or net points per hand."""
    assert t.sprt is not None
    a = deal.pair[0]
    if t.sprt.metric == "points":
        return Fraction(sum(g.net(a) for g in deal.games), deal.hands)
    return sum((_score(g, a) for g in deal.games), Fraction(0)) / len(deal.games)


def _sprt_state(t: Tournament) -> SprtState:
    s = t.sprt
    assert s is not None
    if s.metric == "elo":
        bins = 4 if t.duplicate else 2  # a pair's mean score is a multiple of 1/bins
        return SprtState(elo_to_score(s.elo0), elo_to_score(s.elo1), s.alpha, s.beta, bins)
    return SprtState(s.elo0, s.elo1, s.alpha, s.beta)


class SprtTracker:
    """The tournament's SPRT, fed with the deals from job 0 on as they become available.

    :meth:`feed` looks at the jobs after the last one it saw, as long as none is
    missing, and returns the job at which the test decided (then it stays there).
    """

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.state = _sprt_state(tournament)
        self.next_job = 0
        self.stop: int | None = None

    def feed(self, deals: Mapping[int, DealResult]) -> int | None:
        """Advance over the available jobs; the job at which the test decided, or ``None``."""
        while self.stop is None and self.next_job in deals:
            if self.state.add(_observation(self.tournament, deals[self.next_job])) is not None:
                self.stop = self.next_job
            self.next_job += 1
        return self.stop


def sprt_stop(t: Tournament, deals: Mapping[int, DealResult]) -> tuple[SprtState, int | None]:
    """Run the tournament's SPRT over the deals from job 0 on, as long as none is missing.

    Returns the test's state and the job at which it decided (``None`` if it did not).
    The runner stops there, and the report counts the jobs up to that one only.
    """
    tracker = SprtTracker(t)
    stop = tracker.feed(deals)
    return tracker.state, stop


def build_report(
    tournament: Tournament,
    deals: Iterable[DealResult],
    *,
    interrupted: bool = False,
    bootstrap: int = 200,
) -> Report:
    """The report of ``tournament`` from its deal results (in any order).

    With an SPRT, only the deals up to the one at which the test decided count.

    Raises:
        TournamentError: a job appears twice, or a result does not fit the tournament.
    """
    t = tournament
    by_job: dict[int, DealResult] = {}
    npairs = len(t.pairs)
    planned = t.deals * npairs
    for d in deals:
        if d.job in by_job:
            raise TournamentError(f"deal result {d.job} appears twice")
        if not 0 <= d.job < planned or t.pairs[d.job % npairs] != d.pair:
            raise TournamentError(f"deal result {d.job} does not belong to this tournament")
        by_job[d.job] = d
    sprt: SprtReport | None = None
    if t.sprt is not None:
        state, stop = sprt_stop(t, by_job)
        if stop is not None:
            by_job = {j: d for j, d in by_job.items() if j <= stop}
        lower, upper = state.bounds
        s = t.sprt
        estimate = score_to_elo(state.mean) if s.metric == "elo" else state.mean
        sprt = SprtReport(
            s.metric, s.elo0, s.elo1, s.alpha, s.beta, state.llr, lower, upper, state.n,
            state.decision, estimate,
        )  # fmt: skip
    ordered = [by_job[j] for j in sorted(by_job)]
    labels = t.labels
    pairs = []
    pair_scores = []
    for a, b in t.pairs:
        mine = [d for d in ordered if d.pair == (a, b)]
        pairs.append(_pair_report(t, a, b, mine))
        if mine:
            scores = [
                (
                    float(sum(_score(g, a) for g in d.games)),
                    float(sum(_score(g, b) for g in d.games)),
                )
                for d in mine
            ]
            pair_scores.append((a, b, scores))
    ratings: tuple[Rating, ...] = ()
    if pair_scores:
        elo, intervals = bootstrap_ratings(len(labels), pair_scores, bootstrap, t.seed)
        ratings = tuple(
            sorted(
                (Rating(labels[i], elo[i], *intervals[i]) for i in range(len(labels))),
                key=lambda x: (-x.elo, x.bot),
            )
        )
    forfeits = tuple(
        ForfeitLine(d.deal, n, g.forfeit.bot, g.forfeit.seat, g.forfeit.reason)
        for d in ordered
        for n, g in enumerate(d.games, 1)
        if g.forfeit is not None
    )
    moves = [0] * len(labels)
    seconds: list[list[float]] = [[] for _ in labels]
    for d in ordered:
        for g in d.games:
            for seat, bot in enumerate(g.seats):
                moves[bot] += g.decisions[seat]
                seconds[bot].append(g.seconds[seat])
    timing = tuple(Timing(labels[i], moves[i], math.fsum(seconds[i])) for i in range(len(labels)))
    return Report(
        t, planned, len(ordered), interrupted, tuple(pairs), ratings, bootstrap, sprt,
        forfeits, timing,
    )  # fmt: skip


def _pair_report(t: Tournament, a: int, b: int, deals: list[DealResult]) -> PairReport:
    games = [g for d in deals for g in d.games]
    hands = sum(d.hands for d in deals)
    if deals:
        points = ratio_estimate(
            [sum(g.net(a) for g in d.games) for d in deals], [d.hands for d in deals]
        )
    else:
        points = Estimate(math.nan, math.nan, math.nan)
    won = [0, 0, 0]
    endings: Counter[str] = Counter()
    schwarz = 0
    for g in games:
        sa = g.seat_of(a)
        for h in g.hands:
            r = h.returns[sa]
            won[0 if r > 0 else 1 if r < 0 else 2] += 1
            endings[h.end] += 1
            schwarz += h.schwarz
    forfeits = (
        sum(g.forfeit is not None and g.seats[g.forfeit.seat] == a for g in games),
        sum(g.forfeit is not None and g.seats[g.forfeit.seat] == b for g in games),
    )
    matches_won: tuple[int, int] | None = None
    rate: Estimate | None = None
    if t.unit == "match":
        matches_won = (
            sum(g.winner_bot == a for g in games),
            sum(g.winner_bot == b for g in games),
        )
        if games:
            rate = wilson_interval(matches_won[0], len(games))
    labels = t.labels
    return PairReport(
        labels[a], labels[b], len(deals), len(games), hands, points, (won[0], won[1], won[2]),
        matches_won, rate, tuple(sorted(endings.items())), schwarz, forfeits,
    )  # fmt: skip
