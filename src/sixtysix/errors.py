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
    "AdapterError",
    "DealError",
    "HandNotOverError",
    "HiddenCardsError",
    "IllegalMoveError",
    "MatchError",
    "ParseError",
    "PlayerError",
    "PositionError",
    "RecordError",
    "ResultError",
    "RulesError",
    "SearchLimitError",
    "SixtySixError",
    "TournamentError",
    "UnsupportedRulesError",
    "quote",
]

#: The longest text :func:`quote` returns.
QUOTE_LIMIT = 60


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, safe for any value.

    Error messages quote what they reject through this, so a giant integer (past
    CPython's 4,300-digit ``str()`` limit), a huge string or an object whose ``repr``
    fails never turns into a second error.

    >>> quote("QH"), quote(10**5000)[:20], len(quote("x" * 500))
    ("'QH'", 'an int of 5001 digit', 60)
    """
    if type(value) is int or (isinstance(value, int) and not isinstance(value, bool)):
        digits = _digits(int(value))
        if digits > limit:
            return f"an int of {digits} digits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def _digits(n: int) -> int:
    """The number of decimal digits of ``n`` (without the sign), without ``str(n)``."""
    n = abs(n)
    if n < 10:
        return 1
    estimate = int(n.bit_length() * 0.30102999566398120) + 1
    return estimate if n >= 10 ** (estimate - 1) else estimate - 1


class SixtySixError(ValueError):
    """Base class of every error raised by :mod:`sixtysix`."""


class ParseError(SixtySixError):
    """Text that does not denote a card, suit, move, rule set or position."""


class RulesError(SixtySixError):
    """A :class:`~sixtysix.Rules` value that is inconsistent or out of range."""


class DealError(SixtySixError):
    """A pack order that is not a permutation of the rule set's deck, or a bad seat."""


class PositionError(DealError):
    """A state or a seat's view that no legal play can reach (see :func:`~sixtysix.validate`).

    A :class:`DealError`, because an inconsistent view is one that no deal agrees with.
    """


class HandNotOverError(SixtySixError):
    """An operation that needs a finished hand (such as scoring) got an unfinished one."""


#: The modules whose move values an :class:`IllegalMoveError` names by their text.
_MOVE_MODULES = ("sixtysix.moves", "sixtysix.tausendeins.moves")


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
        text = str(move) if type(move).__module__ in _MOVE_MODULES else quote(move)
        super().__init__(f"illegal move {text}: {reason}")


class MatchError(SixtySixError):
    """A match operation that the rules do not allow, or a malformed :class:`~sixtysix.Match`.

    Examples: applying a result to a match that is already over, a seat count other
    than 2 or 3, a hand result that does not belong to the match's rules.
    """


class RecordError(SixtySixError):
    """A game or match record that is malformed, or that does not replay.

    The message names the problem and where it is: the field, the game number (in a
    match) and the move number (counting from 1).
    """


class ResultError(SixtySixError):
    """A :class:`~sixtysix.HandResult` that no hand can end with.

    For example a winner together with carried points, a winner for a hand in which
    neither player reached 66, or more points than the cards and marriages hold.
    """


class PlayerError(SixtySixError):
    """Something passed as a player that is neither a chooser nor a bot."""


class SearchLimitError(SixtySixError):
    """A search that would exceed the node budget it was given (``max_nodes``)."""


class UnsupportedRulesError(SixtySixError):
    """A tool that does not know every rule of the rule set it was given.

    The solvers (:mod:`sixtysix.search` and the native core) know the plain trick game
    only; a rule set with amours, the whitewash, honours paid apart or no claims
    (Mariage, rules §13) is refused rather than solved wrongly.
    """


class HiddenCardsError(SixtySixError):
    """A function that needs every card (such as ``solve``) got a player's view.

    Determinize the view first (:func:`sixtysix.determinize`), or use a function made for
    views (``sixtysix.search.analyse``).
    """


class TournamentError(SixtySixError):
    """A tournament that cannot be run or resumed as asked.

    Examples: fewer than two bots, a journal file that is corrupt or belongs to another
    tournament, an executor that keeps failing, a Dask scheduler that cannot be reached.
    """


class AdapterError(SixtySixError):
    """A framework adapter used wrongly: an unknown game parameter, an illegal action id.

    Raised by :mod:`sixtysix.openspiel`, :mod:`sixtysix.pettingzoo` and
    :mod:`sixtysix.gymnasium`; the message names the parameter or action and the
    values that are allowed.
    """
