"""Moves as values, and their canonical text forms (rules §2).

=================  ==============  ==========================================
Move               Text            Meaning
=================  ==============  ==========================================
``Play(card)``     ``QH``          play (lead or follow) a card
``Marry(suit)``    ``marry H``     declare the marriage of that suit
``Exchange()``     ``exchange``    swap the exchange card for the turn-up
``Close()``        ``close``       close the talon
``Draw()``         ``draw``        after a won trick: draw instead of closing
``Claim()``        ``claim``       claim to have 66 and end the hand
``Amour()``        ``amour``       declare the amour (A and T of trumps, §13.7)
``Amour(suit)``    ``amour S``     declare the amour of a suit (``ANY_SUIT``)
=================  ==============  ==========================================

>>> parse_move("marry h"), str(Play(Card.parse("10H")))
(Marry(suit=<Suit.HEARTS: 2>), 'TH')
>>> parse_move(str(Close())) == Close()
True
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs

from . import _text
from ._family.moves import not_a_move
from .cards import CARDS, Card, Suit, _exactly
from .errors import ParseError
from .errors import quote as _short

__all__ = [
    "ALL_MOVES",
    "AMOUR_MOVES",
    "NUM_ACTIONS",
    "NUM_MOVE_IDS",
    "Amour",
    "Claim",
    "Close",
    "Draw",
    "Exchange",
    "Marry",
    "Move",
    "Play",
    "move_from_id",
    "move_id",
    "parse_move",
]


_check_card = _exactly(Card, "Play needs a Card, not ")
_check_suit = _exactly(Suit, "Marry needs a Suit, not ")


@attrs.frozen
class Play:
    """Play a card: lead it, or follow with it.

    >>> str(Play(Card.parse("QH")))
    'QH'
    """

    card: Card = attrs.field(validator=_check_card)
    kind: ClassVar[int] = 0

    def __str__(self) -> str:
        """The card's text, e.g. ``QH``."""
        return str(self.card)


@attrs.frozen
class Marry:
    """Declare the marriage (king and queen) of a suit, before leading.

    >>> str(Marry(Suit.HEARTS))
    'marry H'
    """

    suit: Suit = attrs.field(validator=_check_suit)
    kind: ClassVar[int] = 1

    def __str__(self) -> str:
        """``marry`` and the suit letter, e.g. ``marry H``."""
        return f"marry {self.suit.letter}"


@attrs.frozen
class Exchange:
    """Exchange the exchange card in hand for the turn-up (rules §3)."""

    kind: ClassVar[int] = 2

    def __str__(self) -> str:
        """``exchange``."""
        return "exchange"


@attrs.frozen
class Close:
    """Close the talon (rules §4)."""

    kind: ClassVar[int] = 3

    def __str__(self) -> str:
        """``close``."""
        return "close"


@attrs.frozen
class Draw:
    """Draw from the talon instead of closing, at the decision after a trick (§2.1)."""

    kind: ClassVar[int] = 4

    def __str__(self) -> str:
        """``draw``."""
        return "draw"


@attrs.frozen
class Claim:
    """Claim to have 66 points, ending the hand (rules §6.1, §6.2)."""

    kind: ClassVar[int] = 5

    def __str__(self) -> str:
        """``claim``."""
        return "claim"


def _check_amour_suit(inst: object, attribute: attrs.Attribute[object], value: object) -> None:
    if value is not None and type(value) is not Suit:
        raise ParseError(f"Amour needs a Suit or None, not {_short(value)}")


@attrs.frozen
class Amour:
    """Declare the amour, the ace and ten of a suit, before leading (Mariage, rules §13.7).

    ``suit`` is ``None`` for the amour of trumps (``amour = TRUMP``, text ``amour``), or
    the suit of the pair under ``amour = ANY_SUIT`` (text ``amour S``).

    >>> str(Amour()), str(Amour(Suit.SPADES))
    ('amour', 'amour S')
    """

    suit: Suit | None = attrs.field(default=None, validator=_check_amour_suit)  # type: ignore[assignment]
    kind: ClassVar[int] = 6

    def __str__(self) -> str:
        """``amour``, or ``amour`` and the suit letter."""
        return "amour" if self.suit is None else f"amour {self.suit.letter}"


#: Any move.
Move: TypeAlias = Play | Marry | Exchange | Close | Draw | Claim | Amour

# One cached object per move, so the engine never allocates moves.
PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
MARRY: tuple[Marry, ...] = tuple(Marry(s) for s in Suit)
EXCHANGE = Exchange()
CLOSE = Close()
DRAW = Draw()
CLAIM = Claim()
#: The trump amour (``amour``), and the amours of each suit (``amour C`` ... ``amour S``).
AMOUR = Amour()
AMOURS: tuple[Amour, ...] = tuple(Amour(s) for s in Suit)

#: Every move, in the order of its fixed integer id (see :func:`move_id`): the 32 plays by
#: card index (``suit * 8 + 7 - rank``, so ``AC`` is 0 and ``7S`` is 31), the four
#: marriages (C, D, H, S: ids 32-35), then ``exchange`` 36, ``close`` 37, ``draw`` 38 and
#: ``claim`` 39. The table never changes: adapters, encodings and files rely on it.
ALL_MOVES: tuple[Move, ...] = (*PLAY, *MARRY, EXCHANGE, CLOSE, DRAW, CLAIM)
#: The number of move ids of the trick game (40): the action space of the encodings and
#: adapters, which do not cover Mariage (rules §13).
NUM_ACTIONS = len(ALL_MOVES)
#: Mariage's amours (rules §13.7.2) after the fixed table: ``amour`` 40, then ``amour C``
#: to ``amour S`` 41-44. They are outside :data:`ALL_MOVES` and :data:`NUM_ACTIONS`, so
#: the action space of every other rule set is unchanged.
AMOUR_MOVES: tuple[Amour, ...] = (AMOUR, *AMOURS)
#: The number of move ids with the amours (45).
NUM_MOVE_IDS = NUM_ACTIONS + len(AMOUR_MOVES)
_BY_ID: tuple[Move, ...] = (*ALL_MOVES, *AMOUR_MOVES)
_IDS: dict[Move, int] = {m: i for i, m in enumerate(_BY_ID)}


def move_id(move: Move) -> int:
    """The fixed integer id (0-39) of a move: its position in :data:`ALL_MOVES`.

    Mariage's amours have the ids 40-44 (:data:`AMOUR_MOVES`).

    >>> move_id(Play(Card.parse("AC"))), move_id(Marry(Suit.HEARTS)), move_id(Claim())
    (0, 34, 39)
    >>> move_id(Amour()), move_id(Amour(Suit.SPADES))
    (40, 44)

    Raises:
        ParseError: ``move`` is not a move value.
    """
    try:
        return _IDS[move]
    except (KeyError, TypeError):
        raise ParseError(f"not a move value: {_short(move)}") from None


def move_from_id(action: int) -> Move:
    """The move whose id is ``action`` (the inverse of :func:`move_id`).

    >>> move_from_id(37), move_from_id(move_id(Play(Card.parse("QH"))))
    (Close(), Play(card=Card.parse('QH')))

    Raises:
        ParseError: ``action`` is not an int from 0 to 44.
    """
    if type(action) is not int or not 0 <= action < NUM_MOVE_IDS:
        raise ParseError(f"a move id is an int from 0 to {NUM_MOVE_IDS - 1}, not {_short(action)}")
    return _BY_ID[action]


_WORDS: dict[str, Move] = {
    "exchange": EXCHANGE,
    "close": CLOSE,
    "draw": DRAW,
    "claim": CLAIM,
    "amour": AMOUR,
}


def parse_move(text: str) -> Move:
    """Parse a move from its text form (case and surrounding spaces do not matter).

    Cards are read as by :meth:`Card.parse`, so ``10H`` and ``Q♥`` work too, and
    ``marry ♥`` is a marriage. Only ASCII letters, digits and whitespace and the suit
    symbols are read: a Kelvin sign is not a ``K``, and the error names such a character.

    >>> parse_move("QH"), parse_move(" Exchange ")
    (Play(card=Card.parse('QH')), Exchange())

    Raises:
        ParseError: ``text`` is not a move.
    """
    if not isinstance(text, str):
        raise ParseError(f"a move must be given as text, not {_short(text)}")
    words = _text.words(text)
    if len(words) == 1:
        word = _text.lower(words[0])
        if word in _WORDS:
            return _WORDS[word]
        try:
            return PLAY[Card.parse(word).index]
        except ParseError:
            pass
    elif len(words) == 2 and _text.lower(words[0]) in ("marry", "amour"):
        try:
            suit = Suit.parse(words[1])
        except ParseError:
            pass
        else:
            return MARRY[suit] if _text.lower(words[0]) == "marry" else AMOURS[suit]
    raise not_a_move(text, "not a move", "exchange, close, draw or claim")
