"""The deal (rules §1.3): exact mappings for the three deal styles, D32, bad packs."""

from __future__ import annotations

import random

import attrs
import pytest
from tests.helpers import deal_slots, hand_text, talon_text

import sixtysix as ss
from sixtysix import Card, Deck, HandState, Step
from sixtysix.engine import shuffled_deck

D32_CLASSIC = attrs.evolve(ss.CLASSIC_66, deck=Deck.D32)


def pack(rules: ss.Rules, seed: int) -> list[Card]:
    order = list(rules.deck.cards)
    random.Random(1000 + seed).shuffle(order)
    return order


def pick(order: list[Card], positions: list[int] | range) -> set[Card]:
    return {order[i] for i in positions}


def check(
    state: HandState,
    order: list[Card],
    dealer: int,
    non_dealer_pos: list[int],
    dealer_pos: list[int],
    turnup: int,
    talon_pos: list[int],
) -> None:
    nd = 1 - dealer
    assert set(state.hand(nd)) == pick(order, non_dealer_pos)
    assert set(state.hand(dealer)) == pick(order, dealer_pos)
    assert state.talon == tuple(order[i].index for i in [*talon_pos, turnup])
    assert state.turnup == order[turnup]
    assert state.trump == order[turnup].suit
    assert state.trump_suit == order[turnup].suit
    assert state.dealer == dealer
    assert state.leader == nd
    assert state.to_move == nd
    assert ss.to_move(state) == nd
    assert state.step is Step.LEAD
    assert state.lead == -1
    assert state.won == (0, 0)
    assert state.card_points == (0, 0)
    assert state.marriages == state.pending == (0, 0)
    assert state.played == ()
    assert state.closed_by == -1 and state.close_snapshot is None
    assert state.exchanged_by == -1
    assert not state.is_over and not state.is_closed and not state.is_strict
    assert state.tricks_played == 0


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(3))
def test_sixty_six_deal(dealer: int, seed: int) -> None:
    """Packets (3,3), turn after round 2: d0-2,d6-8 / d3-5,d9-11 / d12 / d13..d23, d12."""
    for rules in (ss.CLASSIC_66, ss.PAGAT_66, ss.HOYLE_66, ss.SANTASE):
        order = pack(rules, seed)
        state = ss.deal_from_order(rules, order, dealer=dealer)
        check(
            state, order, dealer, [0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11], 12, list(range(13, 24))
        )
        assert state.talon_size == 12


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(3))
def test_schnapsen_deal(dealer: int, seed: int) -> None:
    """Packets (3,2), turn after round 1: d0-2,d7-8 / d3-5,d9-10 / d6 / d11..d19, d6."""
    for rules in (ss.SCHNAPSEN, ss.SCHNAPSEN_TOURNAMENT):
        order = pack(rules, seed)
        state = ss.deal_from_order(rules, order, dealer=dealer)
        check(state, order, dealer, [0, 1, 2, 7, 8], [3, 4, 5, 9, 10], 6, list(range(11, 20)))
        assert state.talon_size == 10


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", range(3))
def test_last_card_of_pack_deal(dealer: int, seed: int) -> None:
    """Packets (1,1,1,1,1), LAST_CARD_OF_PACK: even / odd positions, d10..d18, then d19."""
    rules = ss.VU_SCHNAPSEN
    order = pack(rules, seed)
    state = ss.deal_from_order(rules, order, dealer=dealer)
    check(state, order, dealer, [0, 2, 4, 6, 8], [1, 3, 5, 7, 9], 19, list(range(10, 19)))


@pytest.mark.parametrize("dealer", [0, 1])
def test_d32_deal(dealer: int) -> None:
    """D32 on CLASSIC_66: the (3,3)/2 mapping with a talon of 20 (d13..d31, then d12)."""
    order = pack(D32_CLASSIC, 7)
    state = ss.deal_from_order(D32_CLASSIC, order, dealer=dealer)
    check(state, order, dealer, [0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11], 12, list(range(13, 32)))
    assert state.talon_size == 20
    assert len(state.hand(0)) == len(state.hand(1)) == 6


@pytest.mark.parametrize(
    ("rules", "nd", "dl", "up", "talon"),
    [
        # (2,2,2) turn after round 3: nd d0 d1 d4 d5 d8 d9, dl d2 d3 d6 d7 d10 d11, up d12
        (
            attrs.evolve(ss.CLASSIC_66, deal_packets=(2, 2, 2), trump_after_round=3),
            [0, 1, 4, 5, 8, 9],
            [2, 3, 6, 7, 10, 11],
            12,
            list(range(13, 24)),
        ),
        # (3,3) turn after round 1: up d6, second packets d7-9 / d10-12
        (
            attrs.evolve(ss.CLASSIC_66, trump_after_round=1),
            [0, 1, 2, 7, 8, 9],
            [3, 4, 5, 10, 11, 12],
            6,
            list(range(13, 24)),
        ),
        # (3,2) turn after round 2 on D20: up d10
        (
            attrs.evolve(ss.SCHNAPSEN, trump_after_round=2),
            [0, 1, 2, 6, 7],
            [3, 4, 5, 8, 9],
            10,
            list(range(11, 20)),
        ),
        # D32 with (4,4) turn after round 1
        (
            attrs.evolve(ss.CLASSIC_66, deck=Deck.D32, deal_packets=(4, 4), trump_after_round=1),
            [0, 1, 2, 3, 9, 10, 11, 12],
            [4, 5, 6, 7, 13, 14, 15, 16],
            8,
            list(range(17, 32)),
        ),
        # LAST_CARD_OF_PACK with (3,3) on D24: talon d12..d22, turn-up d23
        (
            attrs.evolve(ss.CLASSIC_66, trump_source=ss.TrumpSource.LAST_CARD_OF_PACK),
            [0, 1, 2, 6, 7, 8],
            [3, 4, 5, 9, 10, 11],
            23,
            list(range(12, 23)),
        ),
    ],
)
def test_other_packet_shapes(
    rules: ss.Rules, nd: list[int], dl: list[int], up: int, talon: list[int]
) -> None:
    """§1.3 in general: packets alternate non-dealer/dealer; the turn-up after its round."""
    order = pack(rules, 3)
    state = ss.deal_from_order(rules, order, dealer=0)
    check(state, order, 0, nd, dl, up, talon)
    slots = deal_slots(rules)  # the test helper agrees with the literal mapping
    assert (list(slots.non_dealer), list(slots.dealer), slots.turnup, list(slots.talon)) == (
        nd,
        dl,
        up,
        talon,
    )


def test_order_accepts_text_and_cards() -> None:
    order = pack(ss.CLASSIC_66, 1)
    texts = [str(c) for c in order]
    mixed = [c if i % 2 else str(c) for i, c in enumerate(order)]
    a = ss.deal_from_order(ss.CLASSIC_66, order)
    assert ss.deal_from_order(ss.CLASSIC_66, texts) == a
    assert ss.deal_from_order(ss.CLASSIC_66, mixed) == a
    assert ss.deal_from_order(ss.CLASSIC_66, tuple(order)) == a
    lower = ss.deal_from_order(ss.CLASSIC_66, [t.lower() for t in texts])
    assert lower == a


def test_canonical_order_example() -> None:
    """A readable example: the canonical D24 pack."""
    state = ss.deal_from_order(ss.CLASSIC_66, ss.Deck.D24.cards, dealer=0)
    assert hand_text(state, 1) == "AC TC KC AD TD KD"
    assert hand_text(state, 0) == "QC JC 9C QD JD 9D"
    assert str(state.turnup) == "AH"
    assert talon_text(state) == "TH KH QH JH 9H AS TS KS QS JS 9S AH"
    assert state.trump == ss.Suit.HEARTS


@pytest.mark.parametrize(
    ("rules", "order", "match"),
    [
        (ss.CLASSIC_66, ss.Deck.D24.cards[:-1], "23 cards"),
        (ss.CLASSIC_66, [*ss.Deck.D24.cards, Card.parse("8H")], "not in the D24"),
        (ss.CLASSIC_66, [*ss.Deck.D24.cards[:-1], ss.Deck.D24.cards[0]], "twice"),
        (ss.CLASSIC_66, [*ss.Deck.D24.cards[:-1], Card.parse("7S")], "not in the D24"),
        (ss.SCHNAPSEN, ss.Deck.D24.cards, "not in the D20"),
        (ss.SCHNAPSEN, ss.Deck.D20.cards[1:], "missing: AC"),
        (D32_CLASSIC, ss.Deck.D24.cards, "missing"),
        (ss.CLASSIC_66, [], "0 cards"),
        (ss.CLASSIC_66, [*ss.Deck.D24.cards[:-1], 5], "cards"),
    ],
)
def test_bad_pack_orders(rules: ss.Rules, order: list[Card], match: str) -> None:
    with pytest.raises(ss.DealError, match=match) as info:
        ss.deal_from_order(rules, order)
    assert isinstance(info.value, ValueError)


def test_bad_card_text_in_pack() -> None:
    order: list[Card | str] = [str(c) for c in ss.Deck.D24.cards]
    order[5] = "ZZ"
    with pytest.raises(ss.SixtySixError):
        ss.deal_from_order(ss.CLASSIC_66, order)


@pytest.mark.parametrize("dealer", [2, -1, True, 1.0, None])
def test_bad_dealer(dealer: object) -> None:
    with pytest.raises(ss.DealError, match="dealer"):
        ss.deal_from_order(ss.CLASSIC_66, ss.Deck.D24.cards, dealer=dealer)  # type: ignore[arg-type]
    with pytest.raises(ss.DealError):
        ss.new_hand(ss.CLASSIC_66, seed=1, dealer=dealer)  # type: ignore[arg-type]


def test_bad_rules_argument() -> None:
    with pytest.raises(ss.DealError):
        ss.deal_from_order("CLASSIC_66", ss.Deck.D24.cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(ss.PRESETS))
def test_new_hand_is_seeded(name: str) -> None:
    rules = ss.PRESETS[name]
    for seed in (0, 1, 42, "abc"):
        order = shuffled_deck(rules, seed)
        assert sorted(order) == sorted(rules.deck.cards)
        assert shuffled_deck(rules, seed) == order
        a = ss.new_hand(rules, seed=seed, dealer=1)
        assert a == ss.deal_from_order(rules, order, dealer=1)
        assert a == ss.new_hand(rules, seed=seed, dealer=1)
        assert hash(a) == hash(ss.new_hand(rules, seed=seed, dealer=1))
    assert ss.new_hand(rules, seed=1) != ss.new_hand(rules, seed=2)
    # every card of the deck is dealt exactly once
    s = ss.new_hand(rules, seed=5)
    all_cards = [*s.hand(0), *s.hand(1), *(Card.from_index(i) for i in s.talon)]
    assert sorted(all_cards) == sorted(rules.deck.cards)
