"""What the library's bots share: the first steps of a decision and the argument checks.

Every bot of every game (:class:`~sixtysix.RuleBot`, :class:`~sixtysix.PimcBot`,
:class:`~sixtysix.partnership.PartnershipRuleBot`, ...) is a :class:`BotBase`: its
:meth:`~BotBase.choose` reads the view's legal moves, refuses a view whose seat is not
to move, plays a forced move without thinking and asks the bot's own ``_decide`` for
the rest. The attrs validators below check a bot's settings with messages that name the
bot and the setting (``PimcBot.worlds must be a whole number >= 1, not 0``).

>>> import random
>>> from sixtysix import partnership as p4, tausendeins as t1
>>> for game, preset, bot in [
...     (p4, p4.FOUR_HAND_66, p4.PartnershipRuleBot()),
...     (t1, t1.TAUSENDEINS_CONTRACT, t1.TausendeinsRuleBot()),
... ]:
...     s = game.new_hand(preset, seed=1)
...     view = game.observe(s, game.to_move(s))
...     assert bot.choose(view, random.Random(0)) in game.legal_moves(s)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeGuard, TypeVar

import attrs

from ..errors import SixtySixError

__all__ = ["BotBase", "finite_number", "flag", "seconds_or_none", "whole_number"]

_M = TypeVar("_M")
_M_co = TypeVar("_M_co", covariant=True)


class _View(Protocol[_M_co]):
    """What :meth:`BotBase.choose` reads of a view: whose it is and its legal moves."""

    @property
    def seat(self) -> int: ...

    def legal_moves(self) -> tuple[_M_co, ...]: ...


_V = TypeVar("_V", bound=_View[Any])


class BotBase(Generic[_V, _M]):
    """A bot that chooses from the legal moves of a view of type ``_V`` (moves ``_M``).

    A subclass implements ``_decide(view, moves, rng)``, called with the view's legal
    moves (two or more, or one when :attr:`_play_forced` is false).
    """

    __slots__ = ()

    #: Play a move that is the only legal one without calling ``_decide`` (a bot that
    #: draws from ``rng`` even then, to keep its random stream, sets this to false).
    _play_forced: ClassVar[bool] = True

    def choose(self, view: _V, rng: random.Random) -> _M:
        """The bot's move in the position ``view``, one of its legal moves.

        Raises:
            SixtySixError: the view's seat is not to move.
        """
        moves = view.legal_moves()
        if not moves:
            raise SixtySixError(f"seat {view.seat} is not to move, so it has no move to choose")
        if len(moves) == 1 and self._play_forced:
            first: _M = moves[0]
            return first
        return self._decide(view, moves, rng)

    def _decide(self, view: _V, moves: tuple[_M, ...], rng: random.Random) -> _M:
        """The move among ``moves`` (the legal moves of ``view``)."""
        raise NotImplementedError


_Validator = Callable[[object, "attrs.Attribute[Any]", object], None]


def _fail(inst: object, attribute: attrs.Attribute[Any], what: str, value: object) -> None:
    raise SixtySixError(f"{type(inst).__name__}.{attribute.name} must be {what}, not {value!r}")


def whole_number(low: int) -> _Validator:
    """An attrs validator: an ``int`` (not a bool) of at least ``low``."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or value < low:
            _fail(inst, attribute, f"a whole number >= {low}", value)

    return check


def _is_number(value: object) -> TypeGuard[int | float]:
    return not isinstance(value, bool) and isinstance(value, int | float) and math.isfinite(value)


def finite_number(low: float) -> _Validator:
    """An attrs validator: a finite ``int`` or ``float`` (not a bool) of at least ``low``."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not _is_number(value) or value < low:
            _fail(inst, attribute, f"a finite number >= {low:g}", value)

    return check


def seconds_or_none() -> _Validator:
    """An attrs validator: ``None`` or a finite number of seconds above 0."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and (not _is_number(value) or value <= 0):
            _fail(inst, attribute, "a positive number of seconds or None", value)

    return check


def flag() -> _Validator:
    """An attrs validator: ``True`` or ``False``."""

    def check(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, bool):
            _fail(inst, attribute, "True or False", value)

    return check
