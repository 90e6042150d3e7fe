"""The options that several subcommands share, added in one place.

Each subcommand module builds its parser with :func:`subcommand` (the parser, the rules
options where the command takes them, its handler) and adds the shared options with
:func:`add_seed_option` and :func:`add_game_options`; the help texts stay each command's.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from ._common import _add_rules_options, _seed_arg

__all__: list[str] = []


def subcommand(
    sub: Any,
    name: str,
    handler: Callable[[argparse.Namespace], int],
    *,
    rules: bool = False,
    **settings: Any,
) -> argparse.ArgumentParser:
    """The parser of subcommand ``name`` (``settings``: help, description...) run by ``handler``.

    With ``rules``, the command takes ``--rules PRESET`` or ``--rules-file FILE``.
    """
    parser: argparse.ArgumentParser = sub.add_parser(name, **settings)
    if rules:
        _add_rules_options(parser)
    parser.set_defaults(handler=handler)
    return parser


def add_seed_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--seed N``: a whole number from 0, in ASCII digits."""
    parser.add_argument("--seed", type=_seed_arg, metavar="N", help=help)


def add_game_options(
    parser: argparse.ArgumentParser,
    *,
    game: str,
    variants: Sequence[str],
    variant: str,
    default: str | None = None,
    games: Sequence[str] = ("two-hand", "four-hand"),
    metavar: str | None = None,
) -> None:
    """``--game NAME`` (one of ``games``) and ``--variant PRESET`` (the rule set of a game).

    ``game`` and ``variant`` are the help texts, ``variants`` the presets in the order the
    help lists them, ``default`` the game without ``--game``; ``metavar`` names the
    value of ``--variant`` in the usage line instead of the list of presets.
    """
    parser.add_argument("--game", choices=tuple(games), default=default, help=game)
    parser.add_argument("--variant", choices=tuple(variants), metavar=metavar, help=variant)
