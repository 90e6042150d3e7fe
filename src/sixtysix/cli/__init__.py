"""The ``sixtysix`` command: play, simulate, replay and look up rules in a terminal.

Run ``sixtysix --help`` (or ``python -m sixtysix --help``) for the subcommands:

* ``sixtysix play`` — play a hand (or a match, ``--match``) against the computer;
* ``sixtysix simulate`` — random-vs-random matches or hands, with a summary;
* ``sixtysix replay FILE`` — check a game or match record and print it move by move;
* ``sixtysix rules [PRESET]`` — list the presets, or print one rule set.

Exit status, which scripts may rely on:

* ``0`` — success (also when a player leaves ``play`` with ``quit`` or end of input);
* ``1`` — a game or rules error: an unreadable or invalid rules file or game record;
* ``2`` — a usage error: unknown option, bad value, unknown preset name;
* ``130`` — interrupted with Ctrl-C.

Every error message goes to standard error and starts with ``sixtysix: error:``.
This module is never imported by ``import sixtysix``; nothing runs at import time.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

import attrs

from .._version import __version__
from ..bots import Bot, RandomBot, RuleBot
from ..cards import Suit
from ..errors import SixtySixError
from ..match import Match, apply_result
from ..moves import parse_move
from ..play import play_hand, play_match
from ..records import GameRecord, MatchRecord, load_record, replay, replay_states
from ..rules import CLASSIC_66, PRESETS, Rules, get_preset, preset_name
from ..scoring import HandEnd, HandResult

__all__ = ["main"]

_EXIT_OK = 0
_EXIT_ERROR = 1
_EXIT_USAGE = 2
_EXIT_INTERRUPTED = 130

#: One line per preset for ``sixtysix rules`` (a test checks that every preset has one).
_PRESET_SUMMARIES: dict[str, str] = {
    "CLASSIC_66": "Sixty-Six, 24 cards: the common ground of the standard texts (default)",
    "PAGAT_66": "Sixty-Six as on pagat.com: winner deals, no carried points",
    "HOYLE_66": "Sixty-Six as in the Bicycle/Foster (Hoyle) text: follow suit only",
    "SCHNAPSEN": "Schnapsen, 20 cards, as on pagat.com: the last trick wins the hand",
    "SCHNAPSEN_TOURNAMENT": "Schnapsen, Austrian tournament practice (sharper exchange, closing)",
    "SANTASE": "Santase, the Bulgarian game: automatic claims, match to 11",
    "VU_SCHNAPSEN": "Schnapsen as the `schnapsen` PyPI engine plays it: no closing",
}


class _CliError(Exception):
    """A game or rules error to report with exit status 1."""


class _Quit(Exception):
    """The player typed ``quit``."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors read ``sixtysix: error: ...`` (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(_EXIT_USAGE, f"sixtysix: error: {message}\n")


# ------------------------------------------------------------------------ helpers


def _preset_arg(text: str) -> str:
    """Argparse type of a preset name: its canonical spelling."""
    try:
        rules = get_preset(text)
    except SixtySixError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    name = preset_name(rules)
    assert name is not None
    return name


def _count(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
    return value


def _seed_arg(text: str) -> int:
    return _count(text, 0)


def _positive(text: str) -> int:
    return _count(text, 1)


def _read_text(path: str, what: str) -> str:
    """The text of ``path`` (``-`` is standard input), or a :class:`_CliError`."""
    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _CliError(f"{what} {path!r} does not exist") from None
    except IsADirectoryError:
        raise _CliError(f"{what} {path!r} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise _CliError(f"{what} {path!r} is not UTF-8 text") from None
    except OSError as exc:
        raise _CliError(f"cannot read {what} {path!r}: {exc.strerror or exc}") from None


def _load_rules_file(path: str) -> Rules:
    """Read a JSON rules file such as ``Rules.to_dict()`` writes."""
    text = _read_text(path, "rules file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _CliError(
            f"rules file {path!r} is not valid JSON: {exc.msg} "
            f"(line {exc.lineno}, column {exc.colno})"
        ) from None
    try:
        return Rules.from_dict(data)
    except (SixtySixError, TypeError) as exc:
        raise _CliError(f"rules file {path!r}: {exc}") from None


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--rules",
        metavar="PRESET",
        type=_preset_arg,
        help="the rule set: a preset name (default CLASSIC_66; `sixtysix rules` lists them)",
    )
    group.add_argument(
        "--rules-file",
        metavar="FILE",
        help='a JSON rules file, as Rules.to_dict() writes it (a "preset" key names the '
        "base for the fields it leaves out)",
    )


def _rules_of(args: argparse.Namespace) -> Rules:
    if args.rules_file is not None:
        return _load_rules_file(args.rules_file)
    if args.rules is not None:
        return PRESETS[args.rules]
    return CLASSIC_66


def _rules_label(rules: Rules) -> str:
    return preset_name(rules) or "house rules"


def _value_text(value: object) -> str:
    """A parameter value as ``sixtysix rules`` prints it (and the docs' tables)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) for v in value) + ")"
    if isinstance(value, int):
        return str(value)
    return getattr(value, "name", str(value))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


#: The built-in players, by their command-line name.
_BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "rule": RuleBot}


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)


# ------------------------------------------------------------------------ rules


def _cmd_rules(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.preset is None and args.rules_file is None:
        if args.json:
            data = {name: rules.to_dict() for name, rules in PRESETS.items()}
            out.write(json.dumps(data, indent=2) + "\n")
            return _EXIT_OK
        width = max(len(name) for name in PRESETS)
        out.write("Presets (`sixtysix rules NAME` prints one):\n\n")
        for name in PRESETS:
            out.write(f"  {name:<{width}}  {_PRESET_SUMMARIES.get(name, '')}\n")
        return _EXIT_OK
    if args.rules_file is not None:
        rules = _load_rules_file(args.rules_file)
        title = f"{args.rules_file} ({_rules_label(rules)})"
    else:
        rules = PRESETS[args.preset]
        title = args.preset
    if args.json:
        out.write(json.dumps(rules.to_dict(), indent=2) + "\n")
        return _EXIT_OK
    out.write(f"# {title}\n")
    names = [f.name for f in attrs.fields(Rules)]
    width = max(len(n) for n in names)
    differs = False
    for name in names:
        value = getattr(rules, name)
        mark = ""
        if value != getattr(CLASSIC_66, name):
            mark = "  *"
            differs = True
        out.write(f"{name:<{width}} = {_value_text(value)}{mark}\n")
    if differs:
        out.write("# * differs from CLASSIC_66, the default\n")
    return _EXIT_OK


# ------------------------------------------------------------------------ telling a game


def _suit_name(suit: int) -> str:
    return Suit(suit).name.lower()


# ------------------------------------------------------------------------ simulate


class _Progress:
    """A one-line progress bar, redrawn in place on a terminal, throttled."""

    def __init__(self, total: int, unit: str, stream: TextIO | None) -> None:
        self.total = total
        self.unit = unit
        self.stream = stream
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def update(self, done: int, hands: int) -> None:
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
    endings: Counter[HandEnd] = attrs.Factory(Counter)

    def add_result(self, result: HandResult | None) -> None:
        assert result is not None
        self.hands += 1
        self.endings[result.reason] += 1
        if result.winner is not None:
            self.hands_won[result.winner] += 1

    def add_hand(self, record: GameRecord) -> None:
        self.add_result(record.result)
        result = record.result
        if result is not None and result.winner is not None:
            self.game_points[result.winner] += result.game_points

    def add_match(self, record: MatchRecord) -> None:
        for game in record.games:
            self.add_result(game.result)
        self.matches += 1
        for seat in (0, 1):
            # The match scores include carried game points.
            self.game_points[seat] += record.scores[seat]
        if record.winner is not None:
            self.matches_won[record.winner] += 1


def _cmd_simulate(args: argparse.Namespace) -> int:
    rules = _rules_of(args)
    seed = args.seed if args.seed is not None else _fresh_seed()
    by_hands = args.hands is not None
    total = args.hands if by_hands else (args.matches if args.matches is not None else 100)
    unit = "hands" if by_hands else "matches"
    show = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(total, unit, sys.stderr if show else None)
    bots = (_BOTS[args.bots[0]](), _BOTS[args.bots[1]]())
    tally = _Tally()
    interrupted = False
    start = time.perf_counter()
    try:
        for i in range(total):
            # Game i is reproducible on its own: seed f"{seed}:{i}", first dealer i % 2.
            if by_hands:
                tally.add_hand(play_hand(rules, *bots, seed=f"{seed}:{i}", dealer=i % 2))
            else:
                tally.add_match(play_match(rules, *bots, seed=f"{seed}:{i}", dealer=i % 2))
            progress.update(i + 1, tally.hands)
    except KeyboardInterrupt:
        interrupted = True
    elapsed = time.perf_counter() - start
    progress.close()
    players = (type(bots[0]).__name__, type(bots[1]).__name__)
    summary = _Summary(rules, seed, players, unit, total, tally, elapsed, interrupted)
    if args.json:
        sys.stdout.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        summary.write(sys.stdout)
    if interrupted:
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
            "endings": {reason.name: t.endings[reason] for reason in HandEnd if t.endings[reason]},
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
                out.write(f"  {reason.name.lower():<24}{count:>8}  {_pct(count, t.hands):>6}\n")
        out.write(
            f"speed: {t.hands} hands in {self.elapsed:.2f} s ({self.rate:,.0f} hands per second)\n"
        )


# ------------------------------------------------------------------------ replay


def _cmd_replay(args: argparse.Namespace) -> int:
    path: str = args.file
    text = _read_text(path, "record file")
    name = "standard input" if path == "-" else path
    try:
        record = load_record(text)
        replay(record)  # checks every move and every result before anything is printed
    except SixtySixError as exc:
        raise _CliError(f"{name}: {exc}") from None
    out = sys.stdout
    if isinstance(record, GameRecord):
        out.write(f"Game record {name}: {_rules_label(record.rules)}")
        out.write(f", written by sixtysix {record.version}\n")
        _print_game(out, record, ("seat 0", "seat 1"))
    else:
        out.write(
            f"Match record {name}: {_rules_label(record.rules)}, {record.seats} seats, "
            f"{_plural(len(record.games), 'hand')}, written by sixtysix {record.version}\n"
        )
        m = Match(
            rules=record.rules,
            seats=record.seats,
            seed=record.seed,
            scores=(0,) * record.seats,
            dealer=record.dealer,
        )
        for number, game in enumerate(record.games, 1):
            out.write(f"\n=== Hand {number} ===\n")
            names = (f"seat {game.players[0]}", f"seat {game.players[1]}")
            _print_game(out, game, names)
            if game.result is not None:
                m = apply_result(m, game.result)
                scores = ", ".join(f"seat {s} {p}" for s, p in enumerate(m.scores))
                carry = f" ({m.carry} carried)" if m.carry else ""
                out.write(f"Match score: {scores}{carry}\n")
        if record.winner is not None:
            out.write(f"\nSeat {record.winner} won the match.\n")
        else:
            out.write("\nThe match is not finished.\n")
    out.write("The record is valid: every move is legal and every result is right.\n")
    return _EXIT_OK


def _print_game(out: TextIO, record: GameRecord, names: tuple[str, str]) -> None:
    """The deal, every move (numbered as in error messages), and the result."""
    tell = _Narrator(names, (True, True))
    states = list(replay_states(record))
    deal = states[0]
    seed = f", seed {record.seed!r}" if record.seed is not None else ""
    out.write(f"{tell.subject(deal.dealer, 'deal')}{seed}; trump {_suit_name(deal.trump)}, ")
    out.write(f"turn-up {deal.turnup}, talon {_plural(deal.talon_size, 'card')}\n")
    width = max(len(n) for n in names)
    for seat in (0, 1):
        hand = " ".join(str(c) for c in deal.hand(seat))
        out.write(f"  {names[seat]:<{width}}  {hand}\n")
    for number, (move_text, before, after) in enumerate(
        zip(record.moves, states, states[1:], strict=False), 1
    ):
        out.write(f"{number:>4}. {tell.move(before, parse_move(move_text), after)}\n")
    final = states[-1]
    if record.result is None:
        out.write(f"The hand is not finished: {names[final.to_move or 0]} is to move.\n")
        return
    for line in tell.result(final, record.result):
        out.write(line + "\n")


# ------------------------------------------------------------------------ main


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sixtysix",
        description="Play, simulate and check games of Sixty-Six and Schnapsen.",
        epilog="Exit status: 0 ok, 1 game or rules error, 2 usage error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"sixtysix {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    _add_play_parser(sub)

    simulate = sub.add_parser(
        "simulate",
        help="bot-vs-bot matches or hands (random vs random by default), with a summary",
        description="Play bot-vs-bot matches (default 100) or single hands and print "
        "the win rates per seat, the average game points per hand and the speed. Game i "
        "of a run is play_match (or play_hand) with seed 'N:i' and first dealer i % 2.",
    )
    _add_rules_options(simulate)
    count = simulate.add_mutually_exclusive_group()
    count.add_argument(
        "--matches", type=_positive, metavar="N", help="play N whole matches (default 100)"
    )
    count.add_argument("--hands", type=_positive, metavar="N", help="play N single hands")
    simulate.add_argument(
        "--seed", type=_seed_arg, metavar="N", help="seed, for a reproducible run"
    )
    simulate.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: only when stderr is a terminal)",
    )
    simulate.add_argument(
        "--bots",
        nargs=2,
        choices=sorted(_BOTS),
        default=["random", "random"],
        metavar=("SEAT0", "SEAT1"),
        help="the players of seat 0 and seat 1: random or rule (default: random random)",
    )
    simulate.add_argument("--json", action="store_true", help="print the summary as JSON")
    simulate.set_defaults(handler=_cmd_simulate)

    replay_cmd = sub.add_parser(
        "replay",
        help="check a game or match record and print it move by move",
        description="Read a game or match record (JSON, as GameRecord.to_json() or "
        "MatchRecord.to_json() writes it), check every move and every result, and print "
        "the game move by move. An invalid record is reported with exit status 1.",
    )
    replay_cmd.add_argument("file", metavar="FILE", help="the record file (- reads stdin)")
    replay_cmd.set_defaults(handler=_cmd_replay)

    rules = sub.add_parser(
        "rules",
        help="list the presets, or print one rule set",
        description="Without PRESET, list the presets; with it, print every parameter "
        "(values that differ from CLASSIC_66 are marked *).",
    )
    which = rules.add_mutually_exclusive_group()
    which.add_argument("preset", nargs="?", type=_preset_arg, metavar="PRESET")
    which.add_argument("--rules-file", metavar="FILE", help="print a JSON rules file instead")
    rules.add_argument("--json", action="store_true", help="print JSON (Rules.to_dict())")
    rules.set_defaults(handler=_cmd_rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sixtysix`` command with ``argv`` (default ``sys.argv[1:]``).

    Returns the exit status instead of exiting: 0 success, 1 a game or rules error,
    2 a usage error, 130 interrupted. Output goes to ``sys.stdout``, errors to
    ``sys.stderr``.

    >>> main(["rules"])
    Presets (`sixtysix rules NAME` prints one):
    <BLANKLINE>
      CLASSIC_66 ...
    0
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else _EXIT_USAGE
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except (_CliError, SixtySixError) as exc:
        sys.stderr.write(f"sixtysix: error: {exc}\n")
        return _EXIT_ERROR
    except KeyboardInterrupt:
        sys.stderr.write("\nsixtysix: interrupted\n")
        return _EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (as in `sixtysix rules | head -3`): stop quietly, and keep
        # Python from complaining when it flushes stdout at exit.
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, sys.stdout.fileno())
            finally:
                os.close(devnull)
        return _EXIT_OK


# The play command and the narration it shares with replay (imported last: cli/play.py
# uses the helpers above).
from .play import _END_TEXT as _END_TEXT  # noqa: E402  (re-exported for the tests)
from .play import Narrator as _Narrator  # noqa: E402
from .play import add_parser as _add_play_parser  # noqa: E402
