"""``sixtysix simulate``: bot-vs-bot matches or hands with a summary, on the tournament runner.

Game ``i`` of a run is ``play_match`` (or ``play_hand``) with the seed ``f"{N}:{i}"``
and first dealer ``i % 2``, seat 0 played by the first bot: a tournament of one pair,
each deal played once (not duplicate), run by :func:`sixtysix.tournament.run_tournament`
on a process pool (one worker per core) unless ``--executor`` says otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any, TextIO

import attrs

from ..bots.registry import make_bot, two_hand_bot_names
from ..rules import Rules
from ..scoring import HandEnd
from ..tournament import BotSpec, DealResult, Tournament, run_tournament
from ._common import (
    _EXIT_INTERRUPTED,
    _EXIT_OK,
    _fresh_seed,
    _positive,
    _rules_label,
    _rules_of,
)
from ._options import add_seed_option, subcommand

__all__: list[str] = []


#: The ``simulate`` line of ``sixtysix --help``.
_HELP = "bot-vs-bot matches or hands (random vs random by default), with a summary"
_DESCRIPTION = (
    "Play bot-vs-bot matches (default 100) or single hands and print "
    "the win rates per seat, the average game points per hand and the speed. Game i "
    "of a run is play_match (or play_hand) with seed 'N:i' and first dealer i % 2. "
    "The games run in parallel, one worker process per core (see --workers)."
)


def add_parser(sub: Any) -> None:
    """Add the ``simulate`` subcommand to the subparsers ``sub``."""
    simulate = subcommand(
        sub, "simulate", _cmd_simulate, rules=True, help=_HELP, description=_DESCRIPTION
    )
    count = simulate.add_mutually_exclusive_group()
    count.add_argument(
        "--matches", type=_positive, metavar="N", help="play N whole matches (default 100)"
    )
    count.add_argument("--hands", type=_positive, metavar="N", help="play N single hands")
    add_seed_option(simulate, "seed, for a reproducible run")
    simulate.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: only when stderr is a terminal)",
    )
    simulate.add_argument(
        "--bots",
        nargs=2,
        choices=two_hand_bot_names(),
        default=["random", "random"],
        metavar=("SEAT0", "SEAT1"),
        help="the players of seat 0 and seat 1, each a registered bot: "
        f"{', '.join(two_hand_bot_names())} (default: random random)",
    )
    simulate.add_argument(
        "--executor",
        choices=("process", "thread", "inline"),
        default="process",
        help="where the games run: a process pool (default), a thread pool, or inline",
    )
    simulate.add_argument(
        "--workers", type=_positive, metavar="N", help="workers of the pool (default: cores)"
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")


class _Progress:
    """A one-line progress bar, redrawn in place on a terminal, throttled."""

    def __init__(self, total: int, unit: str, stream: TextIO | None) -> None:
        self.total = total
        self.unit = unit
        self.stream = stream
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def update(self, done: int, total: int, hands: int) -> None:
        if self.stream is None:
            return
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // self.total
        rate = hands / max(now - self.start, 1e-9)
        bar = "#" * filled + "." * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.unit}  {rate:,.0f} hands/s ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\r" + " " * 79 + "\r")
            self.stream.flush()


@attrs.define
class _Tally:
    """What ``simulate`` counts."""

    hands: int = 0
    matches: int = 0
    hands_won: list[int] = attrs.Factory(lambda: [0, 0])
    matches_won: list[int] = attrs.Factory(lambda: [0, 0])
    game_points: list[int] = attrs.Factory(lambda: [0, 0])
    endings: Counter[str] = attrs.Factory(Counter)

    def add(self, deal: DealResult) -> None:
        for game in deal.games:  # one game: seat s is played by bot s
            for hand in game.hands:
                self.hands += 1
                self.endings[hand.end] += 1
                for seat in (0, 1):
                    if hand.returns[seat] > 0:
                        self.hands_won[seat] += 1
                        if game.scores is None:
                            self.game_points[seat] += hand.returns[seat]
            if game.scores is not None:
                self.matches += 1
                for seat in (0, 1):
                    # The match scores include carried game points.
                    self.game_points[seat] += game.scores[seat]
                assert game.winner is not None  # every match ends with a winner
                self.matches_won[game.winner] += 1


def _cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    seed = args.seed if args.seed is not None else _fresh_seed()
    by_hands = args.hands is not None
    total = args.hands if by_hands else (args.matches if args.matches is not None else 100)
    unit = "hands" if by_hands else "matches"
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(total, unit, sys.stderr if show else None)
    names = args.bots
    tournament = Tournament(
        (
            BotSpec(names[0], label=f"{names[0]} (seat 0)"),
            BotSpec(names[1], label=f"{names[1]} (seat 1)"),
        ),
        rules,
        deals=total,
        seed=seed,
        unit="hand" if by_hands else "match",
        duplicate=False,
    )
    start = time.perf_counter()
    run = run_tournament(tournament, args.executor, workers=args.workers, progress=progress.update)
    elapsed = time.perf_counter() - start
    progress.close()
    tally = _Tally()
    for deal in run.deals:
        tally.add(deal)
    players = (type(make_bot(names[0])).__name__, type(make_bot(names[1])).__name__)
    summary = _Summary(rules, seed, players, unit, total, tally, elapsed, run.interrupted)
    if args.json:
        sys.stdout.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        summary.write(sys.stdout)
    if run.interrupted:
        sys.stderr.write("sixtysix: interrupted\n")
        return _EXIT_INTERRUPTED
    return _EXIT_OK


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


@attrs.frozen
class _Summary:
    """The result of a ``simulate`` run, as text or as JSON."""

    rules: Rules
    seed: int
    players: tuple[str, str]
    unit: str
    total: int
    tally: _Tally
    elapsed: float
    interrupted: bool

    @property
    def rate(self) -> float:
        return self.tally.hands / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        t = self.tally
        hands = t.hands
        return {
            "rules": _rules_label(self.rules),
            "seed": self.seed,
            "players": list(self.players),
            "requested": {self.unit: self.total},
            "interrupted": self.interrupted,
            "matches": t.matches,
            "matches_won": list(t.matches_won),
            "hands": hands,
            "hands_won": list(t.hands_won),
            "hands_without_score": hands - sum(t.hands_won),
            "game_points": list(t.game_points),
            "game_points_per_hand": [gp / hands if hands else 0.0 for gp in t.game_points],
            "endings": {
                name: t.endings[name]
                for name in [e.name for e in HandEnd] + sorted(t.endings)
                if t.endings[name]
            },
            "seconds": round(self.elapsed, 3),
            "hands_per_second": round(self.rate, 1),
        }

    def write(self, out: TextIO) -> None:
        t = self.tally
        by_hands = self.unit == "hands"
        done = t.hands if by_hands else t.matches
        head = f"{done} {self.unit}"
        if self.interrupted:
            head = f"{done} of {self.total} {self.unit} (interrupted)"
        out.write(
            f"sixtysix simulate: {head} of {_rules_label(self.rules)}, "
            f"{self.players[0]} vs {self.players[1]}, seed {self.seed}\n"
        )
        if by_hands:
            out.write(f"(hand i is dealt from seed '{self.seed}:i' by seat i % 2)\n\n")
        else:
            out.write(f"(match i is dealt from seed '{self.seed}:i'; seat i % 2 deals first)\n\n")
        rows: list[tuple[str, str, str]] = []
        if not by_hands:
            won = t.matches_won
            rows.append(("matches won", str(won[0]), str(won[1])))
            rows.append(("match win rate", _pct(won[0], t.matches), _pct(won[1], t.matches)))
        won = t.hands_won
        rows.append(("hands won", str(won[0]), str(won[1])))
        rows.append(("hand win rate", _pct(won[0], t.hands), _pct(won[1], t.hands)))
        per_hand = [f"{gp / t.hands:.3f}" if t.hands else "-" for gp in t.game_points]
        rows.append(("game points per hand", per_hand[0], per_hand[1]))
        out.write(f"{'':<22}{'seat 0':>10}{'seat 1':>10}\n")
        for label, a, b in rows:
            out.write(f"{label:<22}{a:>10}{b:>10}\n")
        out.write("\n")
        unscored = t.hands - sum(t.hands_won)
        line = f"hands: {t.hands}"
        if not by_hands and t.matches:
            line += f" ({t.hands / t.matches:.1f} per match)"
        out.write(f"{line}, of which without score: {unscored} ({_pct(unscored, t.hands)})\n")
        if t.hands:
            out.write("how hands ended:\n")
            for reason, count in t.endings.most_common():
                out.write(f"  {reason.lower():<24}{count:>8}  {_pct(count, t.hands):>6}\n")
        rate = f"{self.rate:,.0f}" if self.rate >= 10 else f"{self.rate:.2g}"
        out.write(f"speed: {t.hands} hands in {self.elapsed:.2f} s ({rate} hands per second)\n")
