"""The moves of Tausendeins and their text (rules §12.9).

``Play`` and ``Marry`` are the library's own moves (:mod:`sixtysix.moves`); the auction
moves are new values whose ``str`` is their text:

>>> from sixtysix import tausendeins as t1
>>> [str(m) for m in (t1.Pass(), t1.Bid(110), t1.TakeTalon(1), t1.Contract(140))]
['pass', 'bid 110', 'talon 1', 'contract 140']
>>> t1.parse_move("discard qh"), t1.parse_move("marry ♥")
(Discard(card=Card.parse('QH')), Marry(suit=<Suit.HEARTS: 2>))
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from .. import _text
from .._family.moves import not_a_move
from ..cards import Card, Suit
from ..errors import ParseError
from ..errors import quote as _short
from ..moves import MARRY, PLAY, Marry, Play

__all__ = ["Bid", "Contract", "Discard", "Pass", "TakeTalon", "TausendeinsMove", "parse_move"]


def _check_points(inst: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise ParseError(
            f"{type(inst).__name__} needs a whole number of points, not {_short(value)}"
        )


def _check_index(inst: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value not in (0, 1):
        raise ParseError(f"TakeTalon needs talon 0 or 1, not {_short(value)}")


def _check_card(inst: object, attribute: attrs.Attribute[Card], value: object) -> None:
    if type(value) is not Card:
        raise ParseError(f"Discard needs a Card, not {_short(value)}")


@attrs.frozen
class Pass:
    """Pass in the auction; the first pass ends it (rules §12.6.2)."""

    def __str__(self) -> str:
        """``pass``."""
        return "pass"


@attrs.frozen
class _Points:
    """A move that names a number of points: its text is a word and the number."""

    points: int = attrs.field(validator=_check_points)
    #: The word of the move's text.
    _word: ClassVar[str] = ""

    def __str__(self) -> str:
        """The word and the points, e.g. ``bid 110``, ``contract 140``."""
        return f"{self._word} {self.points}"


@attrs.frozen
class Bid(_Points):
    """Bid ``points`` in the auction (rules §12.6.2); its text is e.g. ``bid 110``.

    Attributes:
        points: The bid, e.g. 110.
    """

    _word = "bid"


@attrs.frozen
class TakeTalon:
    """The declarer takes talon 0 or talon 1 (rules §12.6.3).

    Attributes:
        index: 0 or 1.
    """

    index: int = attrs.field(validator=_check_index)

    def __str__(self) -> str:
        """``talon 0`` or ``talon 1``."""
        return f"talon {self.index}"


@attrs.frozen
class Discard:
    """The declarer lays a card away face down (rules §12.6.4).

    Attributes:
        card: The card laid away.
    """

    card: Card = attrs.field(validator=_check_card)

    def __str__(self) -> str:
        """``discard`` and the card, e.g. ``discard QH``."""
        return f"discard {self.card}"


@attrs.frozen
class Contract(_Points):
    """The declarer names its contract (rules §12.6.5); its text is e.g. ``contract 140``.

    Attributes:
        points: The contract, e.g. 140.
    """

    _word = "contract"


#: Any Tausendeins move.
TausendeinsMove: TypeAlias = Play | Marry | Pass | Bid | TakeTalon | Discard | Contract

PASS = Pass()
#: The two talon choices.
TALONS = (TakeTalon(0), TakeTalon(1))


def _number(word: str) -> int | None:
    if 0 < len(word) <= 6 and all(c in "0123456789" for c in word):
        return int(word)
    return None


def parse_move(text: str) -> TausendeinsMove:
    """Parse a move from its text (rules §12.9); case and spaces around words do not matter.

    >>> from sixtysix import tausendeins as t1
    >>> t1.parse_move(" Bid 120 "), t1.parse_move("QH"), t1.parse_move("talon 0")
    (Bid(points=120), Play(card=Card.parse('QH')), TakeTalon(index=0))

    Raises:
        ParseError: ``text`` is not a Tausendeins move.
    """
    if not isinstance(text, str):
        raise ParseError(f"a move must be given as text, not {_short(text)}")
    words = _text.words(text)
    head = _text.lower(words[0]) if words else ""
    try:
        if len(words) == 1:
            if head == "pass":
                return PASS
            return PLAY[Card.parse(words[0]).index]
        if len(words) == 2:
            if head == "marry":
                return MARRY[Suit.parse(words[1])]
            if head == "discard":
                return Discard(Card.parse(words[1]))
            number = _number(words[1])
            if number is not None:
                if head == "bid":
                    return Bid(number)
                if head == "contract":
                    return Contract(number)
                if head == "talon" and number in (0, 1) and len(words[1]) == 1:
                    return TALONS[number]
    except ParseError:
        pass
    raise not_a_move(
        text, "not a Tausendeins move", "pass, bid 110, talon 0, discard QH or contract 120"
    )
