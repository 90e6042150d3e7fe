"""Helpers that every ``sixtysix`` subcommand shares.

Exit statuses, argument types, the rules options, reading files and a few texts.

They live below the subcommands (``cli/__init__.py`` builds the parser from the subcommands,
which import from here), so that no subcommand imports the package that imports it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from typing import NoReturn

from .. import _files, _text
from .._narration import _plural as _plural
from .._narration import _suit_name as _suit_name
from ..bots import Bot, RandomBot, RuleBot
from ..errors import SixtySixError
from ..rules import CLASSIC_66, PRESETS, Rules, get_preset, preset_name

__all__: list[str] = []

_EXIT_OK = 0
_EXIT_ERROR = 1
_EXIT_USAGE = 2
_EXIT_INTERRUPTED = 130


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
    # ASCII digits only: int() would also read "٣", "+3", " 3" and "1_000".
    if not _text.is_digits(text.removeprefix("-"), limit=4000):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}")
    value = int(text)
    if value < low:
        raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
    return value


def _seed_arg(text: str) -> int:
    return _count(text, 0)


def _positive(text: str) -> int:
    return _count(text, 1)


def _read_text(path: str, what: str) -> str:
    """The text of ``path`` (``-`` is standard input), or a :class:`_CliError`."""
    if path == "-":
        return sys.stdin.read()
    return _files.read_text(path, what, _CliError)


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


#: The built-in players, by their command-line name.
_BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "rule": RuleBot}


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(1_000_000)
