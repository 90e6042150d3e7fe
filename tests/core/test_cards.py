"""Cards, suits, ranks and decks (rules §1.1, §1.2)."""

from __future__ import annotations

import pickle

import pytest

import sixtysix as ss
from sixtysix import CARDS, Card, Deck, Rank, Suit


def test_suits_order_letters_symbols() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert str(Suit.HEARTS) == "H"


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("h", Suit.HEARTS),
        ("H", Suit.HEARTS),
        ("♥", Suit.HEARTS),
        ("Clubs", Suit.CLUBS),
        (" s ", Suit.SPADES),
        ("♦", Suit.DIAMONDS),
    ],
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["", "X", "HH", "10", "hearts!"])
def test_suit_parse_bad(text: str) -> None:
    with pytest.raises(ss.ParseError, match="not a suit"):
        Suit.parse(text)


def test_rank_order_high_to_low() -> None:
    """§1.1: A, T, K, Q, J, 9, 8, 7 from high to low."""
    order = [Rank.parse(t) for t in ["A", "T", "K", "Q", "J", "9", "8", "7"]]
    assert order == sorted(order, reverse=True)
    assert len(set(order)) == 8


@pytest.mark.parametrize(
    ("rank", "points"),
    [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)],
)
def test_card_points(rank: str, points: int) -> None:
    """§1.1 card points."""
    assert Rank.parse(rank).points == points
    for suit in "CDHS":
        assert Card.parse(rank + suit).points == points


@pytest.mark.parametrize("text", ["QH", "qh", "Qh", "Q♥", "q♥", " QH ", "Q♡"])
def test_card_parse_forms(text: str) -> None:
    assert Card.parse(text) == Card(Rank.QUEEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥"])
def test_card_parse_ten(text: str) -> None:
    assert str(Card.parse(text)) == "TH"


@pytest.mark.parametrize("text", ["", "Q", "H", "1H", "QX", "XH", "QHH", "11H", "AH AS"])
def test_card_parse_bad(text: str) -> None:
    with pytest.raises(ss.ParseError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 5, Card.parse("QH")])
def test_card_parse_non_text(value: object) -> None:
    with pytest.raises(ss.ParseError):
        Card.parse(value)  # type: ignore[arg-type]


def test_card_constructor_checks_types() -> None:
    with pytest.raises(ss.ParseError):
        Card("Q", Suit.HEARTS)  # type: ignore[arg-type]
    with pytest.raises(ss.ParseError):
        Card(Rank.QUEEN, 2)  # type: ignore[arg-type]


def test_all_32_cards_round_trip_and_index() -> None:
    assert len(CARDS) == 32
    for i, c in enumerate(CARDS):
        assert c.index == i == c.suit * 8 + (7 - c.rank)
        assert Card.from_index(i) is c
        assert Card.parse(str(c)) == c
        assert c.mask == 1 << i
        assert len(str(c)) == 2
    assert len({str(c) for c in CARDS}) == 32
    # within a suit the ace is the lowest index, then the ten
    assert [str(c) for c in CARDS[:8]] == ["AC", "TC", "KC", "QC", "JC", "9C", "8C", "7C"]


@pytest.mark.parametrize("value", [-1, 32, 1.0, "3", True])
def test_from_index_bad(value: object) -> None:
    with pytest.raises(ss.ParseError):
        Card.from_index(value)  # type: ignore[arg-type]


def test_card_equality_hash_order_pickle() -> None:
    qh = Card.parse("QH")
    assert qh == Card(Rank.QUEEN, Suit.HEARTS)
    assert hash(qh) == hash(Card(Rank.QUEEN, Suit.HEARTS))
    assert qh != Card.parse("QS")
    assert qh != "QH"
    assert Card.parse("KH") < Card.parse("AH") < Card.parse("7S")
    assert max(Card.parse(t) for t in ["TH", "AH", "KH"]) == Card.parse("AH")
    assert pickle.loads(pickle.dumps(qh)) is qh
    assert repr(qh) == "Card.parse('QH')"


@pytest.mark.parametrize(
    ("deck", "ranks", "exchange"),
    [
        (Deck.D24, "A T K Q J 9", "9"),
        (Deck.D20, "A T K Q J", "J"),
        (Deck.D32, "A T K Q J 9 8 7", "7"),
    ],
)
def test_decks(deck: Deck, ranks: str, exchange: str) -> None:
    """§1.1 deck contents and 120 points; §1.2 the exchange card is the lowest trump."""
    want = {r + s for r in ranks.split() for s in "CDHS"}
    assert {str(c) for c in deck.cards} == want
    assert deck.size == len(want) == len(deck.cards)
    assert sum(c.points for c in deck.cards) == 120
    assert deck.points == 120
    assert str(deck.exchange_rank) == exchange
    assert deck.exchange_rank == min(c.rank for c in deck.cards)
    assert deck.mask == sum(c.mask for c in deck.cards)
    # canonical order: by suit, then ace down
    assert list(deck.cards) == sorted(deck.cards, key=lambda c: c.index)
