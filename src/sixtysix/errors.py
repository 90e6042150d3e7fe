"""The exceptions raised by :mod:`sixtysix`.

Every error the library raises on purpose is a :class:`SixtySixError`, which is a
:class:`ValueError`, so ``except ValueError`` catches all of them. The subclasses separate
bad text (:class:`ParseError`) from well-formed input that the rules forbid
(:class:`IllegalMoveError`, :class:`RulesError`, :class:`DealError`,
:class:`HandNotOverError`).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "DealError",
    "HandNotOverError",
    "IllegalMoveError",
    "ParseError",
    "RulesError",
    "SixtySixError",
]


class SixtySixError(ValueError):
    """Base class of every error raised by :mod:`sixtysix`."""


class ParseError(SixtySixError):
    """Text that does not denote a card, suit, move, rule set or position."""


class RulesError(SixtySixError):
    """A :class:`~sixtysix.Rules` value that is inconsistent or out of range."""


class DealError(SixtySixError):
    """A pack order that is not a permutation of the rule set's deck, or a bad seat."""


class HandNotOverError(SixtySixError):
    """An operation that needs a finished hand (such as scoring) got an unfinished one."""


class IllegalMoveError(SixtySixError):
    """A move that the rules do not allow in the given position.

    Attributes:
        move: The rejected move (or the rejected object, if it was not a move at all).
        reason: Which rule forbids the move here, in words a player would use.
    """

    def __init__(self, move: Any, reason: str) -> None:
        """Create the error for ``move``, forbidden because of ``reason``."""
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move!s}: {reason}")
