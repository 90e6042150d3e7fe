"""rules §10.1-§10.3 and the presets table: sides, deck, deal, trump, seeds."""

from __future__ import annotations

import hashlib
import math
import random
import sys

import attrs
import pytest

from sixtysix import Card, DealError, Deck, IllegalMoveError, RulesError, Suit
from sixtysix import partnership as p4
from sixtysix.moves import Play

from .helpers import PRESET_IDS, PRESET_LIST, deal, pack_for


def test_presets_table() -> None:
    """§10 presets: FOUR_HAND_66 = D32 (3,2,3), FOUR_HAND_24 = D24 (3,3); the rest shared."""
    assert p4.FOUR_HAND_66.deck is Deck.D32 and p4.FOUR_HAND_66.deal_packets == (3, 2, 3)
    assert p4.FOUR_HAND_24.deck is Deck.D24 and p4.FOUR_HAND_24.deal_packets == (3, 3)
    for rules in PRESET_LIST:
        assert rules.undertrump is p4.Undertrump.REQUIRED
        assert rules.ten_of_trumps_point is False
        assert (rules.tie_carry, rules.match_target) == (1, 7)
    assert dict(p4.PRESETS) == {"FOUR_HAND_66": p4.FOUR_HAND_66, "FOUR_HAND_24": p4.FOUR_HAND_24}
    assert [f.name for f in attrs.fields(p4.PartnershipRules)] == [
        "deck",
        "deal_packets",
        "undertrump",
        "ten_of_trumps_point",
        "tie_carry",
        "match_target",
    ]
    assert (p4.FOUR_HAND_66.hand_size, p4.FOUR_HAND_24.hand_size) == (8, 6)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"deck": Deck.D24}, "give each seat 8 cards"),
        ({"deal_packets": (3, 3)}, "the D32 deck has 32"),
        ({"deck": "D32"}, "must be a Deck"),
        ({"deal_packets": (3, 0, 5)}, "positive whole numbers"),
        ({"deal_packets": ()}, "positive whole numbers"),
        ({"undertrump": "FREE"}, "must be an Undertrump"),
        ({"ten_of_trumps_point": 1}, "True or False"),
        ({"tie_carry": 2}, "from 0 to 1"),
        ({"match_target": 0}, "from 1 to 1000"),
        ({"match_target": True}, "from 1 to 1000"),
    ],
)
def test_rules_validation(changes: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        attrs.evolve(p4.FOUR_HAND_66, **changes)  # type: ignore[arg-type]


def test_rules_dicts_and_presets() -> None:
    house = attrs.evolve(p4.FOUR_HAND_24, undertrump=p4.Undertrump.FREE, match_target=11)
    assert p4.PartnershipRules.from_dict(house.to_dict()) == house
    assert p4.PartnershipRules.from_dict({"preset": "four-hand-24"}) is not None
    assert p4.PartnershipRules.from_dict({"tie_carry": 0}).tie_carry == 0
    assert p4.PartnershipRules.from_dict({}, base=p4.FOUR_HAND_24) == p4.FOUR_HAND_24
    assert p4.get_preset(" four_hand_66 ") is p4.FOUR_HAND_66
    assert p4.preset_name(house) is None and p4.preset_name(p4.FOUR_HAND_66) == "FOUR_HAND_66"
    bads: list[tuple[dict[str, object], str]] = [
        ({"colour": 1}, "unknown four-hand rules field"),
        ({"deck": "D99"}, "cannot be .D99.; allowed values: D24, D20, D32"),
        ({"undertrump": "SOMETIMES"}, "allowed values: REQUIRED, FREE"),
        ({"preset": "CLASSIC_66"}, "no four-hand preset"),
    ]
    for bad, words in bads:
        with pytest.raises(RulesError, match=words):
            p4.PartnershipRules.from_dict(bad)
    with pytest.raises(RulesError, match="mapping"):
        p4.PartnershipRules.from_dict([])  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        p4.get_preset(3)  # type: ignore[arg-type]


def test_sides() -> None:
    """§10.1: seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    assert [p4.side_of(s) for s in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@pytest.mark.parametrize("dealer", range(4))
def test_deal_order(rules: p4.PartnershipRules, dealer: int) -> None:
    """§10.2: each packet size goes to every seat clockwise from the dealer's left."""
    order = list(rules.deck.cards)
    state = p4.deal_from_order(rules, order, dealer)
    pos = 0
    expected: list[list[Card]] = [[], [], [], []]
    for size in rules.deal_packets:
        for k in (1, 2, 3, 4):
            expected[(dealer + k) % 4] += order[pos : pos + size]
            pos += size
    assert pos == rules.deck.size  # there is no talon
    for seat in range(4):
        assert sorted(state.hand(seat)) == sorted(expected[seat])
        assert len(state.hand(seat)) == rules.hand_size
    # §10.3: the pack's last card is the dealer's, turned up, its suit trump.
    assert state.turnup == order[-1] and order[-1] in state.hand(dealer)
    assert state.trump_suit == order[-1].suit
    # §10.4: the dealer's left leads the first trick.
    assert p4.to_move(state) == (dealer + 1) % 4
    assert p4.deal_plan(rules, dealer)[dealer][-1] == rules.deck.size - 1


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_no_exchange_close_marriage_or_claim(rules: p4.PartnershipRules) -> None:
    """§10.3: every legal move is a Play; other moves are rejected with the reason."""
    state = p4.new_hand(rules, seed=1)
    assert all(type(m) is Play for m in p4.legal_moves(state))
    for text in ("exchange", "close", "marry H", "claim", "draw"):
        with pytest.raises(IllegalMoveError, match="play a card"):
            p4.apply_move(state, text)
        assert "play a card" in (p4.explain_illegal(state, text) or "")


def test_seeds_are_deterministic_and_documented() -> None:
    rules = p4.FOUR_HAND_66
    assert p4.new_hand(rules, seed=5) == p4.new_hand(rules, seed=5)
    assert p4.new_hand(rules, seed=5) != p4.new_hand(rules, seed=6)
    assert p4.new_hand(rules, seed="5") != p4.new_hand(rules, seed=5)
    assert p4.new_hand(rules, seed=b"x") == p4.new_hand(rules, seed=b"x")
    assert p4.new_hand(rules, seed=random.Random(3)) == p4.new_hand(rules, seed=random.Random(3))
    assert p4.new_hand(rules, seed=None).rules is rules
    # The documented scheme: BLAKE2b (person "sixtysix-4hand") of the seed modulo n!, as
    # a factorial-number index into the canonical order.
    digest = hashlib.blake2b(b"i42", digest_size=64, person=b"sixtysix-4hand").digest()
    index = int.from_bytes(digest, "big") % math.factorial(32)
    remaining = list(rules.deck.cards)
    order = []
    for k in range(32, 0, -1):
        index, j = divmod(index, k)
        order.append(remaining.pop(j))
    assert p4.shuffled_deck(rules, 42) == order
    assert p4.deal_from_order(rules, order, 2) == p4.new_hand(rules, seed=42, dealer=2)


def _documented_order(rules: p4.PartnershipRules, tagged: bytes) -> list[Card]:
    digest = hashlib.blake2b(tagged, digest_size=64, person=b"sixtysix-4hand").digest()
    index = int.from_bytes(digest, "big") % math.factorial(rules.deck.size)
    remaining = list(rules.deck.cards)
    order = []
    for k in range(rules.deck.size, 0, -1):
        index, j = divmod(index, k)
        order.append(remaining.pop(j))
    return order


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_every_seed_deals_and_the_deals_stay_as_they_were(rules: p4.PartnershipRules) -> None:
    """Int seeds of up to 4,300 digits are tagged by their decimal text, as ``str()``
    wrote them before (the deals are unchanged); larger ones (which crashed with a plain
    ValueError) by their bytes; strs with lone surrogates (a UnicodeEncodeError) too."""
    for seed in (0, -1, 10**4300 - 1, -(10**4300 - 1), 2**12_001 + 5):
        tagged = b"i" + (str(seed) if abs(seed) < 10**640 else _long_decimal(seed)).encode()
        assert p4.shuffled_deck(rules, seed) == _documented_order(rules, tagged)
    for seed in (10**4300, -(10**5000), 2**20_000):
        size = seed.bit_length() // 8 + 1
        tagged = b"I" + seed.to_bytes(size, "big", signed=True)
        assert p4.shuffled_deck(rules, seed) == _documented_order(rules, tagged)
        assert p4.new_hand(rules, seed, 3) == p4.deal_from_order(
            rules, _documented_order(rules, tagged), 3
        )
    for text in ("", "é✓", "a\udcff", "\ud800"):
        tagged = b"s" + text.encode("utf-8", "surrogatepass")
        assert p4.shuffled_deck(rules, text) == _documented_order(rules, tagged)
        assert p4.new_hand(rules, text, 1).rules is rules
    # The same deals under any int-to-text digit limit of the interpreter.
    before = [p4.shuffled_deck(rules, seed) for seed in (10**700, -(10**4299))]
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        after = [p4.shuffled_deck(rules, seed) for seed in (10**700, -(10**4299))]
    finally:
        sys.set_int_max_str_digits(limit)
    assert after == before


def _long_decimal(value: int) -> str:
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(value)
    finally:
        sys.set_int_max_str_digits(limit)


def test_one_seeding_scheme_for_both_games() -> None:
    """Both engines shuffle with sixtysix._seeding, each with its own personalisation."""
    from sixtysix import _seeding
    from sixtysix import engine as two_hand
    from sixtysix.partnership import engine as four_hand

    assert vars(two_hand)["shuffle"] is vars(four_hand)["shuffle"] is _seeding.shuffle
    assert _seeding.TWO_HAND.person != _seeding.FOUR_HAND.person
    ids = [c.index for c in p4.FOUR_HAND_66.deck.cards]
    assert [c.index for c in p4.shuffled_deck(p4.FOUR_HAND_66, "x")] == _seeding.shuffle(
        _seeding.FOUR_HAND, ids, "x"
    )
    assert p4.Seed is _seeding.Seed
    # The two-hand deals of large int seeds no longer depend on the digit limit either.
    import sixtysix as ss

    before = ss.shuffled_deck(ss.CLASSIC_66, -(10**3000))
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        assert ss.shuffled_deck(ss.CLASSIC_66, -(10**3000)) == before
    finally:
        sys.set_int_max_str_digits(limit)


def test_deal_errors() -> None:
    rules = p4.FOUR_HAND_24
    order = [str(c) for c in rules.deck.cards]
    with pytest.raises(DealError, match="not in the D24 deck"):
        p4.deal_from_order(rules, [*order[:-1], "7S"])
    with pytest.raises(DealError, match="appears twice"):
        p4.deal_from_order(rules, [*order[:-1], order[0]])
    with pytest.raises(DealError, match="missing: 9S"):
        p4.deal_from_order(rules, order[:-1])
    with pytest.raises(DealError, match="must hold cards"):
        p4.deal_from_order(rules, [*order[:-1], 5])  # type: ignore[list-item]
    with pytest.raises(DealError, match="sequence"):
        p4.deal_from_order(rules, 5)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="dealer"):
        p4.deal_from_order(rules, order, 4)
    with pytest.raises(DealError, match="dealer"):
        p4.new_hand(rules, seed=1, dealer=True)
    with pytest.raises(DealError, match="PartnershipRules"):
        p4.new_hand(object(), seed=1)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="seed"):
        p4.new_hand(rules, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="match scores"):
        p4.new_hand(rules, seed=1, scores=(7, 0))
    with pytest.raises(DealError, match="match scores"):
        p4.new_hand(rules, seed=1, scores=[0, 0])  # type: ignore[arg-type]
    assert p4.deal_from_order(rules, " ".join(order)) == p4.deal_from_order(rules, order)


def test_pack_for_helper_matches_the_engine() -> None:
    hands = ["AC TC KC 9S QH TH", "KH QC JC 9C AD TD", "9H KD QD JD 9D AS", "AH JH TS KS QS JS"]
    state = deal(p4.FOUR_HAND_24, hands, 0, "9S")
    for seat, h in enumerate(hands):
        assert sorted(str(c) for c in state.hand(seat)) == sorted(h.split())
    assert pack_for(p4.FOUR_HAND_24, hands, 0, "9S")[-1] == Card.parse("9S")
    assert state.trump_suit is Suit.SPADES
