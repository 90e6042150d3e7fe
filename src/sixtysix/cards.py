"""Suits, ranks, cards and decks.

A card is identified by a small integer, its *index*: ``suit * 8 + (7 - rank)``, so the
eight possible cards of a suit form a contiguous run of bits with the ace lowest. Sets of
cards are ``int`` bitmasks over these indices; the engine works on masks and converts to
:class:`Card` objects (one cached object per card) only at the API boundary.

>>> Card.parse("QH")
Card.parse('QH')
>>> str(Card.parse("10♥")), Card.parse("q♥").points
('TH', 3)
>>> [str(c) for c in Deck.D20.cards[:5]]
['AC', 'TC', 'KC', 'QC', 'JC']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import attrs

from . import _text
from .errors import ParseError
from .errors import quote as _quote

__all__ = [
    "CARDS",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "exchange_card_index",
    "marriage_value",
    "trick_winner",
]


class Suit(enum.IntEnum):
    """The four suits, in the library's fixed order clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter text form: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        """The one-letter text form, e.g. ``H``."""
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit from its letter (any case), symbol or English name.

        ASCII whitespace around it is ignored; the letters are ASCII only (a long s
        is not an ``S``).

        >>> Suit.parse("h"), Suit.parse("♠"), Suit.parse("Clubs")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 3>, <Suit.CLUBS: 0>)

        Raises:
            ParseError: ``text`` names no suit.
        """
        if isinstance(text, str):
            key = _text.upper(_text.strip(text))
            suit = _SUIT_TEXT.get(key)
            if suit is not None:
                return suit
        raise ParseError(
            f"not a suit: {_quote(text)}{_why(text, _SYMBOLS)} "
            "(use C, D, H or S, or one of ♣ ♦ ♥ ♠)"
        )


_SUIT_TEXT: dict[str, Suit] = {}
for _suit in Suit:
    _SUIT_TEXT[_suit.letter] = _suit
    _SUIT_TEXT[_suit.symbol] = _suit
    _SUIT_TEXT[_suit.name] = _suit
_SUIT_TEXT.update({"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES})
#: The suit symbols that card, suit and move text may use (besides ASCII).
_SYMBOLS = "♣♦♥♠♧♢♡♤"
#: The suit of a card text's last character: a letter (upper case) or a symbol.
_CARD_SUIT = {k: v for k, v in _SUIT_TEXT.items() if len(k) == 1}


def _why(text: object, allowed: str) -> str:
    """``: '·' (U+00B7 MIDDLE DOT) is not ...`` for a character no card text uses, or ``""``."""
    if isinstance(text, str):
        char = _text.stray(text, allowed)
        if char is not None:
            return f": {char} is not a character of card or move text"
    return ""


class Rank(enum.IntEnum):
    """The eight ranks; a higher value is a higher card (ace high, ten second)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    JACK = 3
    QUEEN = 4
    KING = 5
    TEN = 6
    ACE = 7

    @property
    def letter(self) -> str:
        """The one-letter text form: one of ``A T K Q J 9 8 7``."""
        return "789JQKTA"[self]

    @property
    def points(self) -> int:
        """The card points of a card of this rank (A 11, T 10, K 4, Q 3, J 2, else 0)."""
        return _RANK_POINTS[self]

    def __str__(self) -> str:
        """The one-letter text form, e.g. ``T``."""
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank from its letter (any case), ``10``, or English name.

        ASCII whitespace around it is ignored; the letters are ASCII only.

        >>> Rank.parse("10"), Rank.parse("q")
        (<Rank.TEN: 6>, <Rank.QUEEN: 4>)

        Raises:
            ParseError: ``text`` names no rank.
        """
        if isinstance(text, str):
            rank = _RANK_TEXT.get(_text.upper(_text.strip(text)))
            if rank is not None:
                return rank
        raise ParseError(
            f"not a rank: {_quote(text)}{_why(text, '')} (use one of A T K Q J 9 8 7, or 10)"
        )


_RANK_POINTS = (0, 0, 0, 2, 3, 4, 10, 11)
_RANK_TEXT: dict[str, Rank] = {}
for _rank in Rank:
    _RANK_TEXT[_rank.letter] = _rank
    _RANK_TEXT[_rank.name] = _rank
_RANK_TEXT["10"] = Rank.TEN
#: The rank of a card text's characters before the suit: a letter (upper case) or 10.
_CARD_RANK = {k: v for k, v in _RANK_TEXT.items() if len(k) == 1 or k == "10"}


_T = TypeVar("_T")


def _exactly(kind: type[_T], message: str) -> Callable[[object, object, _T], None]:
    """An attrs validator: the value must be a ``kind`` (not a subclass, not an int).

    Anything else is a :class:`~sixtysix.ParseError` that reads ``message`` and the value.
    """

    def check(_: object, __: object, value: _T) -> None:
        if type(value) is not kind:
            raise ParseError(f"{message}{_quote(value)}")

    return check


_check_rank = _exactly(Rank, "not a rank: ")
_check_suit = _exactly(Suit, "not a suit: ")


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """A playing card, immutable and hashable.

    Cards compare equal when rank and suit are equal; they sort by suit (clubs, diamonds,
    hearts, spades) and then by rank from low to high, so ``max`` of one suit's cards is its
    highest card. ``str(card)`` is the canonical two-letter text, which
    :meth:`parse` reads back.

    >>> c = Card(Rank.TEN, Suit.HEARTS)
    >>> c, str(c), c.points, c.index
    (Card.parse('TH'), 'TH', 10, 17)
    >>> Card.parse("KH") < Card.parse("AH") < Card.parse("7S")
    True

    Attributes:
        rank: The card's rank.
        suit: The card's suit.
        index: The card's bit index, ``suit * 8 + (7 - rank)``, 0 to 31.
    """

    rank: Rank = attrs.field(validator=_check_rank)
    suit: Suit = attrs.field(validator=_check_suit)
    index: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        """Compute the bit index."""
        object.__setattr__(self, "index", self.suit * 8 + 7 - self.rank)

    @property
    def points(self) -> int:
        """The card points of this card."""
        return _RANK_POINTS[self.rank]

    @property
    def mask(self) -> int:
        """The one-card bitmask ``1 << index``."""
        return 1 << self.index

    @staticmethod
    def parse(text: str) -> Card:
        r"""Parse a card: rank then suit, e.g. ``QH``, ``qh``, ``10H``, ``TH`` or ``Q♥``.

        The rank is one of ``A T K Q J 9 8 7`` or ``10``, the suit one of ``C D H S``
        (ASCII letters, either case) or a suit symbol ``♣ ♦ ♥ ♠`` (``♧ ♢ ♡ ♤`` too),
        written together: ``Q H`` is not a card. ASCII whitespace around the card is
        ignored. Any other character is refused, and the error names it.

        >>> Card.parse(" 10♠ ")
        Card.parse('TS')
        >>> Card.parse("7 \u017f")  # a long s
        Traceback (most recent call last):
        ...
        sixtysix.errors.ParseError: not a card: '7 ...': ... (U+017F LATIN SMALL LETTER LONG S) ...

        Raises:
            ParseError: ``text`` is not a card.
        """
        why = ""
        if isinstance(text, str):
            body = _text.strip(text)
            key = _text.upper(body)
            card = _CARD_TEXT.get(key)
            if card is not None:
                return card
            rank, suit = _CARD_RANK.get(key[:-1]), _CARD_SUIT.get(key[-1:])
            if rank is not None and suit is not None:
                return CARDS[suit * 8 + 7 - rank]
            why = _why(body, _SYMBOLS)
            if not why and any(c in _text.SPACE for c in body):
                why = ": a card is written without spaces"
        raise ParseError(
            f"not a card: {_quote(text)}{why} (write rank then suit, e.g. QH, TH or 10H; "
            "ranks A T K Q J 9 8 7, suits C D H S)"
        )

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with bit index ``index`` (0 to 31).

        >>> Card.from_index(0)
        Card.parse('AC')

        Raises:
            ParseError: ``index`` is not an int from 0 to 31.
        """
        if type(index) is int and 0 <= index < 32:
            return CARDS[index]
        raise ParseError(f"not a card index: {_quote(index)} (use 0 to 31)")

    def __str__(self) -> str:
        """The canonical two-letter text, e.g. ``QH``."""
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        """A re-evaluable form, e.g. ``Card.parse('QH')``."""
        return f"Card.parse('{self}')"

    def __eq__(self, other: object) -> bool:
        """Cards are equal when they have the same rank and suit."""
        if type(other) is Card:
            return self.index == other.index
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        """The negation of ``==``."""
        if type(other) is Card:
            return self.index != other.index
        return NotImplemented

    def __hash__(self) -> int:
        """Hash of the index."""
        return hash(self.index)

    def _key(self) -> int:
        return self.suit * 8 + self.rank

    def __lt__(self, other: Card) -> bool:
        """Order by suit, then by rank from low to high."""
        if type(other) is Card:
            return self._key() < other._key()
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        """Order by suit, then by rank from low to high."""
        if type(other) is Card:
            return self._key() <= other._key()
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        """Order by suit, then by rank from low to high."""
        if type(other) is Card:
            return self._key() > other._key()
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        """Order by suit, then by rank from low to high."""
        if type(other) is Card:
            return self._key() >= other._key()
        return NotImplemented

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickle as the cached card of the same index."""
        return (Card.from_index, (self.index,))


#: All 32 cards, indexed by :attr:`Card.index` (clubs A T K Q J 9 8 7, then diamonds, ...).
CARDS: tuple[Card, ...] = tuple(Card(Rank(7 - (i & 7)), Suit(i >> 3)) for i in range(32))
_CARD_TEXT: dict[str, Card] = {str(c): c for c in CARDS}


class Deck(enum.Enum):
    """The three packs: 24 cards (Sixty-Six), 20 (Schnapsen), 32 (historic).

    >>> Deck.D24.size, str(Deck.D24.exchange_rank), Deck.D32.points
    (24, '9', 120)
    """

    D24 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
    D20 = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    D32 = (
        Rank.ACE,
        Rank.TEN,
        Rank.KING,
        Rank.QUEEN,
        Rank.JACK,
        Rank.NINE,
        Rank.EIGHT,
        Rank.SEVEN,
    )

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks in this deck, high to low."""
        ranks: tuple[Rank, ...] = self.value
        return ranks

    @property
    def exchange_rank(self) -> Rank:
        """The rank of the exchange card: the deck's lowest rank (rules §1.2)."""
        return self.ranks[-1]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's cards in canonical order (by suit, then ace down)."""
        return _DECK_CARDS[self]

    @property
    def size(self) -> int:
        """The number of cards."""
        return 4 * len(self.ranks)

    @property
    def mask(self) -> int:
        """The bitmask of the deck's cards."""
        return _DECK_MASK[self]

    @property
    def points(self) -> int:
        """The total card points of the deck (always 120)."""
        return sum(c.points for c in self.cards)


_DECK_CARDS = {d: tuple(c for c in CARDS if c.rank in d.ranks) for d in Deck}
_DECK_MASK = {d: sum(1 << c.index for c in cards) for d, cards in _DECK_CARDS.items()}

# ---------------------------------------------------------------------------
# Bitmask helpers used throughout the package (not part of the public API).

#: Card points by index.
POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
#: Bitmask of the eight possible cards of each suit.
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
#: For each card index, the bitmask of the higher cards of the same suit.
HIGHER: tuple[int, ...] = tuple(((1 << i) - 1) & ~((1 << (i & ~7)) - 1) for i in range(32))


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of an iterable of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def iter_mask(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in canonical order."""
    return tuple(CARDS[i] for i in iter_mask(mask))


def mask_points(mask: int) -> int:
    """The total card points of the cards in ``mask``."""
    return sum(POINTS[i] for i in iter_mask(mask))


# ---------------------------------------------------------------------------
# Shared card facts: the one place each of them is computed (engine, observe,
# notation, validate and the test kit all call these).

#: Bit of the king and of the queen of each suit (by suit index).
KING_BIT: tuple[int, ...] = tuple(1 << (s * 8 + 2) for s in range(4))
QUEEN_BIT: tuple[int, ...] = tuple(1 << (s * 8 + 3) for s in range(4))
#: Bits of the king and the queen of each suit together.
KING_QUEEN: tuple[int, ...] = tuple(KING_BIT[s] | QUEEN_BIT[s] for s in range(4))
#: Offset of the exchange card (the deck's lowest rank) within its suit's run of bits.
EXCHANGE_OFFSET: dict[Deck, int] = {d: 7 - d.exchange_rank for d in Deck}


def exchange_card_index(deck: Deck, trump: int) -> int:
    """Index of the exchange card: the lowest trump of ``deck`` (rules §1.2, §3).

    >>> str(CARDS[exchange_card_index(Deck.D24, Suit.HEARTS)])
    '9H'
    >>> str(CARDS[exchange_card_index(Deck.D20, Suit.CLUBS)])
    'JC'
    """
    return trump * 8 + EXCHANGE_OFFSET[deck]


def marriage_value(suit: int, trump: int) -> int:
    """The points of a marriage in ``suit``: 40 in trumps, 20 otherwise (rules §4).

    >>> marriage_value(Suit.HEARTS, Suit.HEARTS), marriage_value(Suit.CLUBS, Suit.HEARTS)
    (40, 20)
    """
    return 40 if suit == trump else 20


def trick_winner(lead: int, follow: int, trump: int, leader: int) -> int:
    """The seat that wins a trick (rules §1.4).

    ``lead`` and ``follow`` are card indices; ``leader`` is the seat that led. The higher
    card of the suit led wins, unless the follower trumps a non-trump lead. A lower index
    is a higher card of the same suit.

    >>> ah, th, ac = Card.parse("AH").index, Card.parse("TH").index, Card.parse("AC").index
    >>> trick_winner(th, ah, Suit.SPADES, leader=0)
    1
    >>> trick_winner(ah, ac, Suit.SPADES, leader=0), trick_winner(ah, ac, Suit.CLUBS, leader=0)
    (0, 1)
    """
    if follow >> 3 == lead >> 3:
        return leader if lead < follow else 1 - leader
    if follow >> 3 == trump:
        return 1 - leader
    return leader
