"""More of :mod:`sixtysix.cards`: non-text input, comparisons, the bitmask helpers."""

from __future__ import annotations

import operator
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

import sixtysix as ss
from sixtysix import CARDS, Card, Deck, Rank, Suit
from sixtysix.cards import POINTS, cards_of, iter_mask, mask_of, mask_points


@pytest.mark.parametrize("value", [None, 2, Suit.HEARTS, b"H", ["H"]])
def test_suit_parse_non_text(value: object) -> None:
    with pytest.raises(ss.ParseError, match=r"not a suit: .* \(use C, D, H or S"):
        Suit.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [None, 10, Rank.ACE, b"A", 10.0])
def test_rank_parse_non_text(value: object) -> None:
    with pytest.raises(ss.ParseError, match=r"not a rank: .* \(use one of A T K Q J 9 8 7"):
        Rank.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("other", ["QH", 19, Card.parse("QH").index, None, (4, 2)])
def test_a_card_equals_only_cards(other: object) -> None:
    qh = Card.parse("QH")
    assert (qh == other) is False
    assert (other == qh) is False
    assert (qh != other) is True
    assert qh in {qh}
    assert other not in {qh}


def test_non_strict_order() -> None:
    kh, ah, qs = Card.parse("KH"), Card.parse("AH"), Card.parse("QS")
    assert kh <= ah and kh <= kh and not ah <= kh
    assert ah >= kh and ah >= ah and not kh >= ah
    assert qs > ah and qs >= ah and not ah > qs
    assert sorted(CARDS) == sorted(CARDS, key=lambda c: (c.suit, c.rank))


@pytest.mark.parametrize("op", [operator.lt, operator.le, operator.gt, operator.ge])
@pytest.mark.parametrize("other", ["QH", 3, None])
def test_cards_do_not_order_with_other_things(
    op: Callable[[object, object], bool], other: object
) -> None:
    qh = Card.parse("QH")
    with pytest.raises(TypeError):
        op(qh, other)
    with pytest.raises(TypeError):
        op(other, qh)


_MASKS = st.integers(0, (1 << 32) - 1)


@settings(max_examples=examples(100), database=None)
@given(_MASKS)
def test_mask_helpers_agree(mask: int) -> None:
    indices = list(iter_mask(mask))
    assert indices == [i for i in range(32) if mask >> i & 1]
    cards = cards_of(mask)
    assert [c.index for c in cards] == indices
    assert mask_of(cards) == mask
    assert mask_of(reversed(cards)) == mask  # any order, any iterable
    assert mask_points(mask) == sum(c.points for c in cards) == sum(POINTS[i] for i in indices)


def test_mask_helpers_on_known_sets() -> None:
    assert mask_of([]) == 0 and cards_of(0) == () and mask_points(0) == 0
    assert mask_of(Card.parse(t) for t in ["AC", "AC"]) == 1
    for deck in Deck:
        assert mask_of(deck.cards) == deck.mask
        assert cards_of(deck.mask) == deck.cards
        assert mask_points(deck.mask) == 120
    assert mask_points(mask_of([Card.parse("AH"), Card.parse("TS"), Card.parse("9D")])) == 21
