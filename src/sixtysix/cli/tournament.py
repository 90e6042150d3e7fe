"""``sixtysix tournament``: bots against bots over duplicate deals, with a report.

A front end of :mod:`sixtysix.tournament`: two bots make an A/B match (with an optional
SPRT), more a round robin. Runs on a process pool (one worker per core), a thread
pool, or Dask; ``--out FILE`` journals every deal, ``--resume FILE`` continues.
Exit status 1 also when a bot forfeited a game (the report lists it).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import textwrap
import time
from concurrent.futures import Executor
from typing import Any

from .. import partnership as p4
from .. import tausendeins as t1
from ..bots.registry import BOT_GAMES, bot_names_for, four_hand_bot_names, two_hand_bot_names
from ..tournament import SprtSpec, Tournament, parse_bot, read_journal, run_tournament
from ..tournament.executors import open_executor
from ..tournament.progress import progress_bar
from ._common import (
    _EXIT_ERROR,
    _EXIT_INTERRUPTED,
    _EXIT_OK,
    _fresh_seed,
    _positive,
    _rules_of,
)
from ._options import add_game_options, add_seed_option, subcommand

__all__: list[str] = []

_DESCRIPTION = (
    "Play two bots against each other (an A/B test, optionally with an SPRT that stops "
    "when it decides) or three or more in a round robin, over duplicate deals, in "
    "parallel, and print a report: mean game points per hand with a 95% confidence "
    "interval, hand and match win rates, how hands ended, Bradley-Terry ratings with "
    "bootstrap intervals, forfeits and time per move."
)


def _epilog() -> str:
    """The text after the options: bots (from the registry), deals, exit status."""
    return f"""\
A bot is NAME (a registered name: {", ".join(two_hand_bot_names())}), or an import path
package.module:Class, either followed by its keyword arguments as a JSON object, and
optionally preceded by LABEL=, as in

  'deep=mybots.search:Bot{{"depth": 3}}'

Deal k is dealt from seed 'SEED:k' by seat k % 2 and played twice, the seats swapped.

With --game four-hand (partnership Sixty-Six, --variant FOUR_HAND_66 or FOUR_HAND_24)
the first bot of a pair holds seats 0 and 2, the second seats 1 and 3; deal k is dealt
by seat k % 4 and played twice with the sides swapped. The registered bots that play it:
{", ".join(four_hand_bot_names())}. For example

  sixtysix tournament --game four-hand partnership-rule random

With --game tausendeins (1001, --variant TAUSENDEINS, TAUSENDEINS_DE or
TAUSENDEINS_CONTRACT; default TAUSENDEINS) the registered bots that play it:
{", ".join(bot_names_for("tausendeins"))} (the search bots play the two-hand game only).

  sixtysix tournament --game tausendeins tausendeins-rule random

Exit status: 0 ok, 1 an error or a forfeited game, 2 usage error, 130 interrupted."""


class _Formatter(argparse.HelpFormatter):
    """Fills each paragraph of the description and epilog to the terminal's width.

    A paragraph indented by two spaces (an example to copy) is kept as it is.
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for block in text.split("\n\n"):
            if block.startswith("  "):
                paragraphs.append(textwrap.indent(block, indent))
            else:
                paragraphs.append(super()._fill_text(block, width, indent))
        return "\n\n".join(paragraphs)


#: Options that describe the tournament, which --resume takes from the journal instead.
_TOURNAMENT_OPTIONS = (
    "deals", "unit", "rules", "rules_file", "seed", "single", "sprt", "game", "variant",
)  # fmt: skip


#: The ``tournament`` line of ``sixtysix --help``.
_HELP = "bots against bots over duplicate deals: a report with intervals and ratings"


def add_parser(sub: Any) -> None:
    """Add the ``tournament`` subcommand to the subparsers ``sub``."""
    p = subcommand(
        sub,
        "tournament",
        _cmd_tournament,
        rules=True,
        help=_HELP,
        description=_DESCRIPTION,
        epilog=_epilog(),
        formatter_class=_Formatter,
    )
    p.add_argument("bots", nargs="*", metavar="BOT", help="two or more bots (see below)")
    add_game_options(
        p,
        game="two-hand Sixty-Six (default), four-hand partnership Sixty-Six or Tausendeins",
        variants=[*sorted(p4.PRESETS), *t1.PRESETS],
        variant="the preset of --game four-hand (FOUR_HAND_24, FOUR_HAND_66; default "
        "FOUR_HAND_66) or --game tausendeins (TAUSENDEINS, TAUSENDEINS_DE, "
        "TAUSENDEINS_CONTRACT; default TAUSENDEINS)",
        games=("two-hand", "four-hand", "tausendeins"),
        metavar="PRESET",
    )
    p.add_argument("--deals", type=_positive, metavar="N", help="deals per pair (default 100)")
    p.add_argument(
        "--unit",
        choices=("hand", "match"),
        help="what a deal is played as: one hand (default) or a whole match",
    )
    add_seed_option(p, "seed, for a reproducible run")
    p.add_argument(
        "--single",
        action="store_true",
        default=None,
        help="play each deal once, not twice with the seats swapped",
    )
    p.add_argument(
        "--sprt",
        metavar="ELO0,ELO1[,ALPHA,BETA]",
        help="sequential test of two bots: H0 elo0 against H1 elo1 (alpha, beta default "
        "0.05); with --sprt-on points, on game points per hand instead of Elo",
    )
    p.add_argument(
        "--sprt-on",
        choices=("elo", "points"),
        default="elo",
        help="what the SPRT tests: Elo (default) or game points per hand",
    )
    p.add_argument(
        "--executor",
        choices=("process", "thread", "dask"),
        default="process",
        help="a process pool (default), a thread pool, or Dask (--scheduler, or a local "
        "cluster; needs sixtysix[dask])",
    )
    p.add_argument("--workers", type=_positive, metavar="N", help="workers (default: cores)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler")
    p.add_argument(
        "--connect-timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="how long to wait for the Dask scheduler (default 5)",
    )
    p.add_argument("--batch", type=_positive, metavar="N", help="deals per batch of work")
    journal = p.add_mutually_exclusive_group()
    journal.add_argument("--out", metavar="FILE", help="journal every deal to FILE (JSON lines)")
    journal.add_argument(
        "--resume", metavar="FILE", help="continue the tournament journaled in FILE"
    )
    p.add_argument(
        "--bootstrap",
        type=_positive,
        default=200,
        metavar="N",
        help="bootstrap resamples for the rating intervals (default 200)",
    )
    p.add_argument(
        "--html",
        metavar="DIR",
        help="write a page to watch each game in a browser to DIR, with an index.html",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(parser=p)


class _Usage(Exception):
    """A usage error found after parsing (exit status 2)."""


def _usage(args: argparse.Namespace, message: str) -> int:
    """Print the usage and ``message`` as argparse does; the exit status 2."""
    try:
        args.parser.error(message)
    except SystemExit as exc:
        return int(exc.code or 2)
    raise AssertionError("unreachable")  # pragma: no cover


def _tournament_of(args: argparse.Namespace) -> Tournament:
    if len(args.bots) < 2:
        raise _Usage("a tournament needs two or more bots")
    bots = [parse_bot(text) for text in args.bots]
    sprt = None
    if args.sprt is not None:
        sprt = SprtSpec.parse(args.sprt, args.sprt_on)
    game: p4.PartnershipGame | t1.TausendeinsGame | None = None
    family = args.game or "two-hand"
    for bot in bots:
        if bot.spec in BOT_GAMES and family not in BOT_GAMES[bot.spec]:
            raise _Usage(
                f"the bot {bot.spec!r} does not play --game {family}; the registered bots "
                f"that do: {', '.join(bot_names_for(family))}"
            )
    games = {
        "four-hand": ("four-hand", p4.PRESETS, "FOUR_HAND_66", p4.PartnershipGame),
        "tausendeins": ("Tausendeins", t1.PRESETS, "TAUSENDEINS", t1.TausendeinsGame),
    }
    if args.game in games:
        label, presets, default, make = games[args.game]
        if args.rules is not None or args.rules_file is not None:
            raise _Usage(f"--game {args.game} takes --variant, not --rules or --rules-file")
        if args.variant is not None and args.variant not in presets:
            raise _Usage(f"--variant {args.variant} is not a {label} preset")
        game = make(presets[args.variant or default])
    elif args.variant is not None:
        raise _Usage("--variant needs --game four-hand or --game tausendeins")
    return Tournament(
        bots,
        _rules_of(args),
        deals=args.deals if args.deals is not None else 100,
        seed=args.seed if args.seed is not None else _fresh_seed(),
        unit=args.unit or "hand",
        duplicate=not args.single,
        sprt=sprt,
        game=game,
    )


def _cmd_tournament(args: argparse.Namespace) -> int:
    try:
        tournament = _check(args)
    except _Usage as exc:
        return _usage(args, str(exc))
    return _play(args, tournament)


def _check(args: argparse.Namespace) -> Tournament:
    """The tournament to play, from the arguments or the journal to resume."""
    if args.scheduler is not None and args.executor != "dask":
        raise _Usage("--scheduler needs --executor dask")
    if args.resume is not None:
        given = [f"--{n.replace('_', '-')}" for n in _TOURNAMENT_OPTIONS if getattr(args, n)]
        if args.bots or given:
            what = ", ".join((["bots"] if args.bots else []) + given)
            raise _Usage(f"--resume takes the tournament from its journal; drop {what}")
        tournament, _, _ = read_journal(args.resume)
        return tournament
    return _tournament_of(args)


def _play(args: argparse.Namespace, tournament: Tournament) -> int:
    show = not args.quiet and sys.stderr.isatty()
    update, close = progress_bar(sys.stderr) if show else (None, None)
    journal = args.resume if args.resume is not None else args.out
    start = time.perf_counter()
    try:
        # Dask needs its cluster opened (and closed) here; the pools the runner opens itself.
        pool: contextlib.AbstractContextManager[Executor | str] = contextlib.nullcontext(
            args.executor
        )
        if args.executor == "dask":
            pool = open_executor(
                "dask", args.workers, scheduler=args.scheduler, timeout=args.connect_timeout
            )
        with pool as executor:
            run = run_tournament(
                tournament,
                executor,
                workers=args.workers,
                batch_size=args.batch,
                journal=journal,
                resume=args.resume is not None,
                progress=update,
            )
    finally:
        if close is not None:
            close()
    elapsed = time.perf_counter() - start
    report = run.report(bootstrap=args.bootstrap)
    played = len(run.deals) - run.resumed
    if args.json:
        data = report.to_dict()
        data["run"] = {
            "seconds": round(elapsed, 3),
            "deals_played_now": played,
            "deals_resumed": run.resumed,
            "batches_retried": run.retried,
        }
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
    else:
        sys.stdout.write(report.text())
        resumed = f"; {run.resumed} more from the journal" if run.resumed else ""
        if report.played < len(run.deals):
            resumed += f"; the report counts the {report.played} up to the SPRT's decision"
        rate = played / elapsed if elapsed > 0 else 0.0
        sys.stdout.write(
            f"\nspeed: {played} deals played in {elapsed:.2f} s ({rate:,.1f} deals per second)"
            f"{resumed}\n"
        )
    if args.html is not None:
        from .view import tournament_html

        tournament_html(tournament, run.deals, args.html)
    if run.interrupted:
        hint = f"; continue with --resume {journal}" if journal is not None else ""
        sys.stderr.write(f"sixtysix: interrupted{hint}\n")
        return _EXIT_INTERRUPTED
    if report.forfeits:
        first = report.forfeits[0]
        sys.stderr.write(
            f"sixtysix: error: {len(report.forfeits)} game(s) forfeited; the first: deal "
            f"{first.deal}, {first.bot} {first.reason}\n"
        )
        return _EXIT_ERROR
    return _EXIT_OK
