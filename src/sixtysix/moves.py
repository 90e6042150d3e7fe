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
    "NUM_ACTIONS",
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


#: Any move.
Move: TypeAlias = Play | Marry | Exchange | Close | Draw | Claim

# One cached object per move, so the engine never allocates moves.
PLAY: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
MARRY: tuple[Marry, ...] = tuple(Marry(s) for s in Suit)
EXCHANGE = Exchange()
CLOSE = Close()
DRAW = Draw()
CLAIM = Claim()

#: Every move, in the order of its fixed integer id (see :func:`move_id`): the 32 plays by
#: card index (``suit * 8 + 7 - rank``, so ``AC`` is 0 and ``7S`` is 31), the four
#: marriages (C, D, H, S: ids 32-35), then ``exchange`` 36, ``close`` 37, ``draw`` 38 and
#: ``claim`` 39. The table never changes: adapters, encodings and files rely on it.
ALL_MOVES: tuple[Move, ...] = (*PLAY, *MARRY, EXCHANGE, CLOSE, DRAW, CLAIM)
#: The number of move ids (40): one past the largest id.
NUM_ACTIONS = len(ALL_MOVES)
_IDS: dict[Move, int] = {m: i for i, m in enumerate(ALL_MOVES)}


def move_id(move: Move) -> int:
    """The fixed integer id (0-39) of a move: its position in :data:`ALL_MOVES`.

    >>> move_id(Play(Card.parse("AC"))), move_id(Marry(Suit.HEARTS)), move_id(Claim())
    (0, 34, 39)

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
        ParseError: ``action`` is not an int from 0 to 39.
    """
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise ParseError(f"a move id is an int from 0 to {NUM_ACTIONS - 1}, not {_short(action)}")
    return ALL_MOVES[action]


_WORDS: dict[str, Move] = {
    "exchange": EXCHANGE,
    "close": CLOSE,
    "draw": DRAW,
    "claim": CLAIM,
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
    elif len(words) == 2 and _text.lower(words[0]) == "marry":
        try:
            return MARRY[Suit.parse(words[1])]
        except ParseError:
            pass
    raise not_a_move(text, "not a move", "exchange, close, draw or claim")
