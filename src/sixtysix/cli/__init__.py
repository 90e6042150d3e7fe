"""The ``sixtysix`` command: play, simulate, replay and look up rules in a terminal.

Run ``sixtysix --help`` (or ``python -m sixtysix --help``) for the subcommands:

* ``sixtysix play`` — play a hand (or a match, ``--match``) against the computer;
* ``sixtysix simulate`` — random-vs-random matches or hands, with a summary;
* ``sixtysix tournament BOT BOT ...`` — bots against bots over duplicate deals, with a
  report (confidence intervals, ratings, SPRT), on any number of cores or a Dask cluster;
* ``sixtysix replay FILE`` — check a game or match record and print it move by move
  (two-hand records, and four-hand records of kind ``four-hand-game`` or
  ``four-hand-match``);
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
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

from .._version import __version__
from ..cards import CARDS
from ..errors import SixtySixError
from ..moves import parse_move
from ..partnership.records import load_record as p4_load_record
from ..records import GameRecord, _walk, load_record, replay, replay_states
from ..rules import CLASSIC_66, PRESET_INFO, PRESETS, Rules
from ..tausendeins.records import load_record as t1_load_record
from ._common import (
    _BOTS as _BOTS,
)
from ._common import (
    _EXIT_ERROR as _EXIT_ERROR,
)
from ._common import (
    _EXIT_INTERRUPTED as _EXIT_INTERRUPTED,
)
from ._common import (
    _EXIT_OK as _EXIT_OK,
)
from ._common import (
    _EXIT_USAGE as _EXIT_USAGE,
)
from ._common import (
    _add_rules_options as _add_rules_options,
)
from ._common import (
    _CliError as _CliError,
)
from ._common import (
    _count as _count,
)
from ._common import (
    _fresh_seed as _fresh_seed,
)
from ._common import (
    _load_rules_file as _load_rules_file,
)
from ._common import (
    _Parser as _Parser,
)
from ._common import (
    _plural as _plural,
)
from ._common import (
    _positive as _positive,
)
from ._common import (
    _preset_arg as _preset_arg,
)
from ._common import (
    _Quit as _Quit,
)
from ._common import (
    _read_text as _read_text,
)
from ._common import (
    _rules_label as _rules_label,
)
from ._common import (
    _rules_of as _rules_of,
)
from ._common import (
    _seed_arg as _seed_arg,
)
from ._common import (
    _suit_name as _suit_name,
)
from ._common import (
    _value_text as _value_text,
)
from ._match_text import print_match
from .replay4 import is_four_hand, print_four_hand
from .replay1001 import is_tausendeins, print_tausendeins

__all__ = ["main"]

#: One line per preset for ``sixtysix rules`` (a test checks that every preset has one).
_PRESET_SUMMARIES: dict[str, str] = {n: i.summary for n, i in PRESET_INFO.items()}


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


# ------------------------------------------------------------------------ replay


def _cmd_replay(args: argparse.Namespace) -> int:
    path: str = args.file
    text = _read_text(path, "record file")
    name = "standard input" if path == "-" else path
    if args.html is not None:
        from .view import write_html

        return write_html(path, text, name, args.html)
    out = sys.stdout
    # Cards as `play` writes them: 10♠ and colour on a terminal that can show them,
    # TS without (NO_COLOR, TERM=dumb, a pipe, or an encoding without the suit symbols).
    style = _Style.for_stream(out)
    # Kinds "four-hand-game" / "four-hand-match" and "tausendeins-deal" / "tausendeins-match".
    kinds: tuple[tuple[Any, Any, Any], ...] = (
        (is_four_hand, p4_load_record, print_four_hand),
        (is_tausendeins, t1_load_record, print_tausendeins),
    )
    for is_kind, read, show in kinds:
        if is_kind(text):
            try:
                show(out, read(text), name, style.card)
            except SixtySixError as exc:
                raise _CliError(f"{name}: {exc}") from None
            return _EXIT_OK
    try:
        record = load_record(text)
        replay(record)  # checks every move and every result before anything is printed
    except SixtySixError as exc:
        raise _CliError(f"{name}: {exc}") from None
    if isinstance(record, GameRecord):
        out.write(f"Game record {name}: {_rules_label(record.rules)}")
        out.write(f", written by sixtysix {record.version}\n")
        _print_game(out, record, ("seat 0", "seat 1"), style)
    else:
        out.write(
            f"Match record {name}: {_rules_label(record.rules)}, {record.seats} seats, "
            f"{_plural(len(record.games), 'hand')}, written by sixtysix {record.version}\n"
        )
        print_match(
            out,
            _walk(record),
            lambda game: _print_game(out, game, _seat_names(game), style),
            lambda m: ", ".join(f"seat {s} {p}" for s, p in enumerate(m.scores)),
            lambda seat: f"Seat {seat}",
        )
    out.write("The record is valid: every move is legal and every result is right.\n")
    return _EXIT_OK


def _seat_names(game: GameRecord) -> tuple[str, str]:
    return (f"seat {game.players[0]}", f"seat {game.players[1]}")


def _print_game(out: TextIO, record: GameRecord, names: tuple[str, str], style: _Style) -> None:
    """The deal, every move (numbered as in error messages), and the result."""
    tell = _Narrator(names, (True, True), style)
    states = list(replay_states(record))
    deal = states[0]
    seed = f", seed {record.seed!r}" if record.seed is not None else ""
    out.write(f"{tell.subject(deal.dealer, 'deal')}{seed}; trump {_suit_name(deal.trump)}, ")
    turnup = style.card(CARDS[deal.dealt_turnup])
    out.write(f"turn-up {turnup}, talon {_plural(deal.talon_size, 'card')}\n")
    width = max(len(n) for n in names)
    for seat in (0, 1):
        hand = " ".join(style.card(c) for c in deal.hand(seat))
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

    from . import serve, simulate, tournament  # each adds its subcommand

    simulate.add_parser(sub)
    tournament.add_parser(sub)
    serve.add_parser(sub)

    replay_cmd = sub.add_parser(
        "replay",
        help="check a game or match record and print it move by move",
        description="Read a game or match record (JSON, as GameRecord.to_json() or "
        "MatchRecord.to_json() writes it), check every move and every result, and print "
        "the game move by move. An invalid record is reported with exit status 1.",
    )
    replay_cmd.add_argument("file", metavar="FILE", help="the record file (- reads stdin)")
    replay_cmd.add_argument(
        "--html",
        metavar="OUT",
        help="write a page to watch the game in a browser to OUT instead (a tournament "
        "journal: a directory OUT with one page per game and index.html)",
    )
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
from .play import Style as _Style  # noqa: E402
from .play import add_parser as _add_play_parser  # noqa: E402
