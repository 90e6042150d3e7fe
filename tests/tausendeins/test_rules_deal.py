"""Tausendeins presets, parameters, pack and deal (rules §12.1, §12.2, §12.3, §12.11)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST, deal, spec_shuffle

from sixtysix import Card, DealError, Deck, RulesError, StrictPlay
from sixtysix import tausendeins as t1

# ------------------------------------------------------------- rules §12.11: presets


def test_the_presets_fix_every_parameter_as_the_table_says() -> None:
    """Rules §12.11: the three columns of the table, parameter by parameter."""
    table = {
        "bidding": ("NONE", "NONE", "AUCTION"),
        "deal_packets": ((3, 2, 3), (3, 3, 2), (5, 5)),
        "stock_play": ("FREE", "STRICT", "STRICT"),
        "strict_play": ("FOLLOW_HEAD_OR_TRUMP", "FOLLOW_ONLY", "FOLLOW_OR_TRUMP"),
        "marriage_values": ("BY_SUIT", "BY_SUIT", "BY_SUIT"),
        "retrump": ("ANY", "HIGHER_ONLY", "ANY"),
        "marriage_on_first_lead": (True, True, False),
        "no_trick_no_score": (True, True, True),
        "last_trick_bonus": (0, 0, 0),
        "target": (1001, 1001, 1001),
        "bid_opening": (100, 100, 100),
        "bid_step": (10, 10, 10),
        "bid_base_cap": (120, 120, 120),
    }
    assert len(attrs.fields(t1.TausendeinsRules)) == 13 == len(table)
    for name, values in table.items():
        for preset, want in zip(PRESET_LIST, values, strict=True):
            got = getattr(preset, name)
            assert (got.name if hasattr(got, "name") else got) == want, (name, preset)
    assert list(t1.PRESETS) == PRESET_IDS
    assert t1.TausendeinsRules() == t1.TAUSENDEINS


def test_presets_by_name_and_house_rules() -> None:
    """Rules §12.11: the presets by name; anything else is house rules."""
    for name, preset in t1.PRESETS.items():
        assert t1.get_preset(name.lower().replace("_", "-")) is preset
        assert t1.preset_name(preset) == name
        assert t1.TausendeinsRules.from_dict(preset.to_dict()) == preset
    assert t1.preset_name(t1.make_rules(target=500)) is None
    with pytest.raises(RulesError, match="no Tausendeins preset"):
        t1.get_preset("schnapsen")
    with pytest.raises(RulesError, match="no Tausendeins preset"):
        t1.get_preset(3)  # type: ignore[arg-type]
    data = {"preset": "TAUSENDEINS_DE", "target": 100}
    assert t1.TausendeinsRules.from_dict(data) == attrs.evolve(t1.TAUSENDEINS_DE, target=100)


def test_bad_rules_are_refused_with_the_reason() -> None:
    """Rules §12.3: ``make_rules`` rejects impossible packets and auctions."""
    with pytest.raises(RulesError, match="at most 12"):
        t1.make_rules(deal_packets=(7, 6))
    with pytest.raises(RulesError, match="exactly 4 cards"):
        t1.make_rules(bidding="AUCTION", deal_packets=(3, 2, 3))
    with pytest.raises(RulesError, match="BY_SUIT"):
        t1.make_rules(t1.TAUSENDEINS_CONTRACT, marriage_values="BY_ORDER")
    with pytest.raises(RulesError, match="deal_packets"):
        t1.make_rules(deal_packets=(3, 0))
    with pytest.raises(RulesError, match="deal_packets"):
        t1.make_rules(deal_packets="33")
    with pytest.raises(RulesError, match="unknown Tausendeins rules field 'deck'"):
        t1.make_rules(deck=Deck.D24)
    with pytest.raises(RulesError, match="cannot be 'SOMETIMES'"):
        t1.make_rules(retrump="SOMETIMES")
    with pytest.raises(RulesError, match="cannot be 1; allowed values: ANY, HIGHER_ONLY"):
        t1.make_rules(retrump=1)
    with pytest.raises(RulesError, match=r"TausendeinsRules.retrump must be a Retrump \(ANY"):
        t1.TausendeinsRules(retrump=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="True or False"):
        t1.make_rules(no_trick_no_score=1)
    with pytest.raises(RulesError, match="whole number"):
        t1.make_rules(target=0)
    with pytest.raises(RulesError, match="whole number"):
        t1.make_rules(bid_step=2.5)
    with pytest.raises(RulesError, match="TausendeinsRules"):
        t1.make_rules("TAUSENDEINS")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="mapping"):
        t1.TausendeinsRules.from_dict([("target", 5)])  # type: ignore[arg-type]
    # NONE with no stock at all is a legal house rule: 12 strict tricks.
    assert t1.make_rules(deal_packets=(6, 6)).stock_size == 0


def test_sizes() -> None:
    """Rules §12.3, §12.4: hand, stock and trick counts."""
    assert [(r.hand_size, r.stock_size, r.tricks) for r in PRESET_LIST] == [
        (8, 8, 12),
        (8, 8, 12),
        (10, 0, 10),
    ]
    assert t1.TAUSENDEINS.max_cap == 400


# ------------------------------------------------------------ rules §12.2: the pack


@pytest.mark.parametrize(
    "seed", [0, 1, 42, -7, 10**30, "", "x", "1001/0", "Grüße", b"", b"\x00\xff", 2**64]
)
def test_the_pack_is_rules_12_2_bit_for_bit(seed: int | str | bytes) -> None:
    """Rules §12.2: tag, BLAKE2b with ``sixtysix-1001``, modulo 24!, factorial digits."""
    got = [str(c) for c in t1.shuffled_deck(t1.TAUSENDEINS, seed)]
    assert got == spec_shuffle(seed)
    # The pack does not depend on the rules.
    assert [str(c) for c in t1.shuffled_deck(t1.TAUSENDEINS_CONTRACT, seed)] == got


def test_the_canonical_order_and_the_other_seeds() -> None:
    """Rules §12.2: canonical order C, D, H, S by A T K Q J 9; Random; None; bad seeds."""
    canonical = [r + s for s in "CDHS" for r in "ATKQJ9"]
    assert [str(c) for c in Deck.D24.cards] == canonical
    rng_a, rng_b = random.Random(5), random.Random(5)
    pack = t1.shuffled_deck(t1.TAUSENDEINS, rng_a)
    index = rng_b.randrange(620448401733239439360000)
    left = list(canonical)
    expect = []
    for k in range(24, 0, -1):
        index, j = divmod(index, k)
        expect.append(left.pop(j))
    assert [str(c) for c in pack] == expect
    assert sorted(t1.shuffled_deck(t1.TAUSENDEINS, None)) == sorted(Deck.D24.cards)
    for bad in (1.5, True, [1], object()):
        with pytest.raises(DealError, match="seed"):
            t1.shuffled_deck(t1.TAUSENDEINS, bad)  # type: ignore[arg-type]
        with pytest.raises(DealError, match="seed"):
            t1.new_hand(t1.TAUSENDEINS, bad)  # type: ignore[arg-type]


def test_unrelated_to_the_two_hand_deal() -> None:
    """Rules §12.2: its own personalisation, so the Sixty-Six deal differs."""
    import sixtysix as ss

    two = ss.shuffled_deck(ss.CLASSIC_66, 3)
    assert [str(c) for c in two] != [str(c) for c in t1.shuffled_deck(t1.TAUSENDEINS, 3)]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@pytest.mark.parametrize("dealer", [0, 1])
def test_new_hand_is_deal_from_order_of_shuffled_deck(
    rules: t1.TausendeinsRules, dealer: int
) -> None:
    """Rules §12.2: ``new_hand = deal_from_order(rules, shuffled_deck(rules, seed), dealer)``."""
    for seed in (0, "abc", b"q"):
        pack = t1.shuffled_deck(rules, seed)
        assert t1.new_hand(rules, seed, dealer) == t1.deal_from_order(rules, pack, dealer)


# --------------------------------------------------------------- rules §12.3: deal


def _positions(state: t1.TausendeinsState, pack: list[Card], seat: int) -> list[int]:
    return sorted(pack.index(c) for c in state.hand(seat))


def test_the_deal_3_2_3() -> None:
    """Rules §12.3: forehand d0 d1 d2 d6 d7 d10 d11 d12, dealer d3 d4 d5 d8 d9 d13 d14 d15."""
    pack = t1.shuffled_deck(t1.TAUSENDEINS, 11)
    for dealer in (0, 1):
        s = t1.deal_from_order(t1.TAUSENDEINS, pack, dealer)
        assert _positions(s, pack, 1 - dealer) == [0, 1, 2, 6, 7, 10, 11, 12]
        assert _positions(s, pack, dealer) == [3, 4, 5, 8, 9, 13, 14, 15]
        assert s.stock == tuple(c.index for c in pack[16:])
        assert s.trump == -1 and s.trump_suit is None
        assert s.to_move == s.forehand == 1 - dealer  # the forehand leads trick 1
        assert s.phase is t1.Phase.PLAY


def test_the_deal_3_3_2() -> None:
    """Rules §12.3: with (3, 3, 2) the forehand holds d0-d2 d6-d8 d12 d13."""
    pack = t1.shuffled_deck(t1.TAUSENDEINS_DE, "de")
    s = t1.deal_from_order(t1.TAUSENDEINS_DE, pack, 0)
    assert _positions(s, pack, 1) == [0, 1, 2, 6, 7, 8, 12, 13]
    assert _positions(s, pack, 0) == [3, 4, 5, 9, 10, 11, 14, 15]


def test_the_deal_of_the_auction() -> None:
    """Rules §12.3: (5, 5): forehand d0-d4 d10-d14, dealer d5-d9 d15-d19, two talons."""
    pack = t1.shuffled_deck(t1.TAUSENDEINS_CONTRACT, 2)
    s = t1.deal_from_order(t1.TAUSENDEINS_CONTRACT, pack, 1)
    assert _positions(s, pack, 0) == [0, 1, 2, 3, 4, 10, 11, 12, 13, 14]
    assert _positions(s, pack, 1) == [5, 6, 7, 8, 9, 15, 16, 17, 18, 19]
    assert s.talons == (pack[20].mask | pack[21].mask, pack[22].mask | pack[23].mask)
    assert s.stock == () and s.phase is t1.Phase.AUCTION
    assert s.bid == 100 and s.to_move == 1  # rules §12.6.1: the dealer speaks first


def test_bad_packs_and_dealers() -> None:
    """Rules §12.3: the pack must be the 24 cards; the dealer seat 0 or 1."""
    pack = [str(c) for c in t1.shuffled_deck(t1.TAUSENDEINS, 0)]
    assert t1.deal_from_order(t1.TAUSENDEINS, " ".join(pack)) == t1.deal_from_order(
        t1.TAUSENDEINS, pack
    )
    with pytest.raises(DealError, match="has 23 cards but the D24 deck has 24; missing: "):
        t1.deal_from_order(t1.TAUSENDEINS, pack[:-1])
    with pytest.raises(DealError, match="twice"):
        t1.deal_from_order(t1.TAUSENDEINS, [*pack[:-1], pack[0]])
    with pytest.raises(DealError, match="8H is not in the D24 deck"):
        t1.deal_from_order(t1.TAUSENDEINS, [*pack[:-1], "8H"])
    # An endless pack is cut off one card past the deck (it used to be read forever).
    with pytest.raises(DealError, match="appears twice in the pack order"):
        t1.deal_from_order(t1.TAUSENDEINS, itertools.cycle(pack))  # type: ignore[arg-type]
    with pytest.raises(DealError, match="must hold cards"):
        t1.deal_from_order(t1.TAUSENDEINS, [*pack[:-1], 5])  # type: ignore[list-item]
    with pytest.raises(DealError, match="sequence of cards"):
        t1.deal_from_order(t1.TAUSENDEINS, 5)  # type: ignore[arg-type]
    for bad in (2, -1, True, "0"):
        with pytest.raises(DealError, match="dealer must be seat 0 or 1"):
            t1.new_hand(t1.TAUSENDEINS, 0, bad)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="TausendeinsRules"):
        t1.new_hand(StrictPlay.FOLLOW_ONLY, 0)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="TausendeinsRules"):
        t1.shuffled_deck("TAUSENDEINS", 0)  # type: ignore[arg-type]


def test_pack_helper_deals_what_it_says() -> None:
    """The test helper itself (rules §12.3)."""
    s = deal(t1.TAUSENDEINS, "AC TC KC QC JC 9C AD TD", "AH TH KH QH JH 9H AS TS", "KD QD")
    assert [str(c) for c in s.hand(1)] == ["AC", "TC", "KC", "QC", "JC", "9C", "AD", "TD"]
    assert [str(c) for c in s.hand(0)] == ["AH", "TH", "KH", "QH", "JH", "9H", "AS", "TS"]
    assert [str(Card.from_index(i)) for i in s.stock[:2]] == ["KD", "QD"]
