"""``sixtysix serve``: play in the browser against a bot, on a local web server.

The server (:mod:`sixtysix.server`) listens on a loopback address only (127.0.0.1 by
default) and prints the page's address; Ctrl-C stops it (``--seconds`` stops it by
itself after a while, for scripts and tests).
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path
from typing import Any

from ..bots.registry import two_hand_bot_names
from ..errors import SixtySixError
from ._options import subcommand

__all__: list[str] = []  # used by the command line only


def _error(message: str) -> Exception:
    error: type[Exception] = sys.modules[__package__ or "sixtysix.cli"]._CliError
    return error(message)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


#: The ``serve`` line of ``sixtysix --help``.
_HELP = "play in the browser against a bot (a local web server)"
_DESCRIPTION = (
    "Start a web server on this computer where you play hands and matches "
    "against a bot in the browser: click a card to play it; marry, exchange, close, "
    "claim, hints and undo are buttons. Every game is saved as a record that "
    "`sixtysix replay` reads. Stop it with Ctrl-C."
)


def add_parser(sub: Any) -> None:
    """Add the ``serve`` subcommand to the ``sixtysix`` parser."""
    p = subcommand(sub, "serve", _cmd_serve, help=_HELP, description=_DESCRIPTION)
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the loopback address to listen on (default 127.0.0.1; only loopback "
        "addresses are allowed)",
    )
    p.add_argument(
        "--port", type=_port, default=8066, help="the port (default 8066; 0: any free port)"
    )
    p.add_argument(
        "--bot",
        choices=two_hand_bot_names(),
        default="rule",
        help="the opponent the page offers first (default rule)",
    )
    p.add_argument(
        "--save",
        metavar="DIR",
        default=".",
        help="the directory the games' records are saved in (default: the current one)",
    )
    p.add_argument("--seconds", type=_seconds, metavar="S", help="stop by itself after S seconds")


def _cmd_serve(args: argparse.Namespace) -> int:
    from ..server import make_server

    try:
        server = make_server(args.host, args.port, save=args.save, bot=args.bot)
    except SixtySixError as exc:
        raise _error(str(exc)) from None
    except OSError as exc:
        raise _error(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    timer = None
    if args.seconds is not None:
        timer = threading.Timer(args.seconds, server.shutdown)
        timer.daemon = True
        timer.start()
    sys.stdout.write(f"sixtysix serve: play at {server.url} (Ctrl-C stops the server)\n")
    sys.stdout.write(f"Records are saved in {Path(args.save).resolve()}.\n")
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        if timer is not None:
            timer.cancel()
        server.server_close()
    return 0
