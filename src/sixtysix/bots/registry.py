"""Bots by name: the built-in names, and ``package.module:Class`` import paths.

The command line, the tournament runner and the adapters all make bots through
:func:`make_bot`, so a bot written elsewhere can be used everywhere by its import path.

>>> make_bot("rule")
RuleBot()
>>> make_bot("sixtysix.bots:RandomBot")
RandomBot()
>>> sorted(BOT_NAMES)  # doctest: +NORMALIZE_WHITESPACE
['ismcts', 'partnership-pimc', 'partnership-rule', 'pimc', 'random', 'rule', 'strongest',
 'tausendeins-rule']
>>> make_bot("partnership-rule")
PartnershipRuleBot()
>>> bot_names_for("tausendeins"), sorted(BOT_GAMES["pimc"])
(['random', 'tausendeins-rule'], ['two-hand'])

``random`` plays either game (it draws among ``view.legal_moves()``); ``rule``,
``pimc``, ``ismcts`` and ``strongest`` (the strongest bot there is, today a
:class:`~sixtysix.bots.PimcBot` with a per-move time limit:
:func:`~sixtysix.bots.strongest.strongest_bot`) play the two-hand game;
``partnership-rule`` (:class:`~sixtysix.partnership.PartnershipRuleBot`) and
``partnership-pimc`` (:class:`~sixtysix.partnership.PartnershipPimcBot`) the four-hand
partnership game; ``tausendeins-rule``
(:class:`~sixtysix.tausendeins.TausendeinsRuleBot`) Tausendeins. :data:`BOT_GAMES` says
which games each name plays: the search bots (``pimc``, ``ismcts``, ``strongest``) search
the two-hand engine only and do not play Tausendeins.

>>> bot = make_bot("pimc", {"worlds": 8})
>>> bot.worlds, bot.exact_talon, bot.cautious_close
(8, 2, True)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from ..errors import PlayerError, quote
from ..partnership.pimc import PartnershipPimcBot
from ..partnership.rule_bot import PartnershipRuleBot
from ..tausendeins.rule_bot import TausendeinsRuleBot
from . import Bot
from .ismcts import IsmctsBot
from .pimc import PimcBot
from .random_bot import RandomBot
from .rule_bot import RuleBot
from .strongest import strongest_bot

__all__ = [
    "BOT_GAMES",
    "BOT_LEVELS",
    "BOT_NAMES",
    "GAMES",
    "bot_names_for",
    "four_hand_bot_names",
    "make_bot",
    "register_bot",
    "two_hand_bot_names",
]

#: The built-in bots by name, each a callable that takes the bot's keyword arguments.
BOT_NAMES: dict[str, Callable[..., Bot]] = {
    "ismcts": IsmctsBot,
    "partnership-pimc": PartnershipPimcBot,
    "partnership-rule": PartnershipRuleBot,
    "pimc": PimcBot,
    "random": RandomBot,
    "rule": RuleBot,
    "strongest": strongest_bot,
    "tausendeins-rule": cast("Callable[..., Bot]", TausendeinsRuleBot),
}

#: The games of the family, as ``--game`` names them.
GAMES: tuple[str, ...] = ("two-hand", "four-hand", "tausendeins")

#: The games each registered name plays (a name registered without games plays all).
BOT_GAMES: dict[str, frozenset[str]] = {
    "ismcts": frozenset({"two-hand"}),
    "partnership-pimc": frozenset({"four-hand"}),
    "partnership-rule": frozenset({"four-hand"}),
    "pimc": frozenset({"two-hand"}),
    "random": frozenset(GAMES),
    "rule": frozenset({"two-hand"}),
    "strongest": frozenset({"two-hand"}),
    "tausendeins-rule": frozenset({"tausendeins"}),
}

#: The two-hand bots by playing strength, weakest first: ``sixtysix play --level N`` plays
#: ``BOT_LEVELS[N - 1]``. The order is the one ``benchmarks/ladder.py`` measures
#: (:class:`~sixtysix.bots.IsmctsBot` at its default budget is weaker than
#: :class:`~sixtysix.bots.RuleBot`).
BOT_LEVELS: tuple[str, ...] = ("random", "ismcts", "rule", "pimc", "strongest")


def bot_names_for(game: str) -> list[str]:
    """The registered names that play ``game`` (one of :data:`GAMES`), sorted.

    Raises:
        PlayerError: ``game`` is not a game of the family.
    """
    if game not in GAMES:
        raise PlayerError(f"the games are {', '.join(GAMES)}, not {quote(game)}")
    return sorted(n for n in BOT_NAMES if game in BOT_GAMES.get(n, frozenset(GAMES)))


def two_hand_bot_names() -> list[str]:
    """The registered names that can play the two-hand game, sorted.

    >>> two_hand_bot_names()
    ['ismcts', 'pimc', 'random', 'rule', 'strongest']
    """
    return bot_names_for("two-hand")


def four_hand_bot_names() -> list[str]:
    """The registered names that can play the four-hand partnership game, sorted.

    >>> four_hand_bot_names()
    ['partnership-pimc', 'partnership-rule', 'random']
    """
    return bot_names_for("four-hand")


def register_bot(
    name: str, factory: Callable[..., Bot], games: Iterable[str] | None = None
) -> None:
    """Make ``factory`` available to :func:`make_bot` (and the command line) as ``name``.

    ``games`` names the games of :data:`GAMES` it plays (``None``: every game).

    Raises:
        PlayerError: ``name`` is not a lowercase word, or is taken by another factory,
            or ``games`` names a game that is not of the family.
    """
    played = frozenset(GAMES if games is None else games)
    if not played <= set(GAMES):
        raise PlayerError(f"the games are {', '.join(GAMES)}, not {quote(sorted(played))}")
    text: object = name
    if not isinstance(text, str) or not text.replace("-", "").isalnum() or text != text.lower():
        raise PlayerError(f"a bot name is a lowercase word, not {quote(name)}")
    if BOT_NAMES.get(name, factory) is not factory:
        raise PlayerError(f"the bot name {name!r} is already taken")
    BOT_NAMES[name] = factory
    BOT_GAMES[name] = played


def make_bot(spec: str, kwargs: Mapping[str, Any] | None = None) -> Bot:
    """A new bot from a built-in name or an import path ``package.module:Class``.

    Args:
        spec: ``random``, ``rule`` (or another name in :data:`BOT_NAMES`), or the import
            path of a class or factory that returns a bot.
        kwargs: Keyword arguments for the class or factory.

    Raises:
        PlayerError: the name is unknown, the path cannot be imported, the arguments do
            not fit, or what it made is not a :class:`~sixtysix.Bot`.
    """
    given: object = spec
    if not isinstance(given, str):
        raise PlayerError(f"a bot is named by a string, not {quote(spec)}")
    arguments = dict(kwargs or {})
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:
            raise PlayerError(f"cannot import the bot module {module_name!r}: {exc}") from None
        factory = getattr(module, attr, None)
        if factory is None or not callable(factory):
            raise PlayerError(f"{module_name!r} has no bot class or factory named {attr!r}")
    else:
        factory = BOT_NAMES.get(spec)
        if factory is None:
            known = ", ".join(sorted(BOT_NAMES))
            raise PlayerError(
                f"unknown bot {quote(spec)}: use one of {known}, or an import path "
                "package.module:Class"
            )
    try:
        bot = factory(**arguments)
    except TypeError as exc:
        raise PlayerError(f"bot {spec!r} does not take these arguments: {exc}") from None
    if not isinstance(bot, Bot):
        raise PlayerError(f"{spec!r} made {quote(bot)}, which has no choose(view, rng) method")
    return bot
