"""Rules values: validation, the presets of rules §8 cell by cell, dict round trips."""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix import (
    BothOver66,
    ClaimMode,
    ClosedWinBasis,
    CloserBeaten,
    CloseTiming,
    DealerAfterTie,
    Deck,
    ExchangeTiming,
    ExchangeWhenClosed,
    FailedClose,
    FalseClaim,
    LastTrick,
    MarriageBeforeFirstTrick,
    MarriageLead,
    MarriagePendingRedeem,
    NextDealer,
    Rules,
    Schwarz,
    StrictPlay,
    TrumpSource,
)

NAMES = [
    "CLASSIC_66",
    "PAGAT_66",
    "HOYLE_66",
    "SCHNAPSEN",
    "SCHNAPSEN_TOURNAMENT",
    "SANTASE",
    "VU_SCHNAPSEN",
]

# rules §8, one row per parameter, one column per preset (in the order of NAMES).
# None marks a "-" cell: not read under that preset; rules §9.11 says the value is
# CLASSIC_66's.
Y, N = True, False
TABLE: dict[str, list[Any]] = {
    "deck": [Deck.D24, Deck.D24, Deck.D24, Deck.D20, Deck.D20, Deck.D24, Deck.D20],
    "deal_packets": [(3, 3), (3, 3), (3, 3), (3, 2), (3, 2), (3, 3), (1, 1, 1, 1, 1)],
    "trump_source": [TrumpSource.NEXT_CARD] * 6 + [TrumpSource.LAST_CARD_OF_PACK],
    "trump_after_round": [2, 2, 2, 1, 1, 2, None],
    "strict_play": [StrictPlay.FOLLOW_HEAD_OR_TRUMP] * 2
    + [StrictPlay.FOLLOW_ONLY]
    + [StrictPlay.FOLLOW_HEAD_OR_TRUMP] * 4,
    "exchange_timing": [ExchangeTiming.ON_LEAD] * 2
    + [ExchangeTiming.ANY_TIME]
    + [ExchangeTiming.ON_LEAD] * 4,
    "exchange_requires_won_trick": [Y, Y, Y, N, N, Y, N],
    "exchange_on_first_lead": [None, None, None, Y, N, N, Y],
    "exchange_min_talon": [2, 2, 2, 2, 4, 4, 2],
    "exchange_when_closed": [
        ExchangeWhenClosed.NEVER,
        ExchangeWhenClosed.AT_CLOSE_OPPONENT,
        ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK,
        ExchangeWhenClosed.NEVER,
        ExchangeWhenClosed.NEVER,
        ExchangeWhenClosed.NEVER,
        ExchangeWhenClosed.NEVER,
    ],
    "marriage_lead": [MarriageLead.EITHER] * 4
    + [MarriageLead.KING_ONLY, MarriageLead.EITHER, MarriageLead.KING_ONLY],
    "marriage_before_first_trick": [MarriageBeforeFirstTrick.ALLOWED_PENDING] * 4
    + [MarriageBeforeFirstTrick.FORBIDDEN] * 2
    + [MarriageBeforeFirstTrick.ALLOWED_PENDING],
    "marriage_pending_redeem": [MarriagePendingRedeem.ANY_TRICK] * 6
    + [MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING],
    "marriage_in_strict_phase": [N, N, Y, Y, Y, Y, Y],
    "marriage_out_without_lead": [Y, Y, Y, Y, Y, Y, N],
    "closing_allowed": [Y, Y, Y, Y, Y, Y, N],
    "close_timing": [CloseTiming.BEFORE_OR_AFTER_DRAW] * 3 + [CloseTiming.AFTER_DRAW] * 3 + [None],
    "close_on_first_lead": [Y, Y, N, Y, Y, N, None],
    "close_min_talon": [2, 2, 2, 2, 4, 4, None],
    "closed_win_basis": [ClosedWinBasis.AT_END] * 3
    + [ClosedWinBasis.AT_CLOSE] * 2
    + [ClosedWinBasis.AT_END, None],
    "failed_close": [FailedClose.TWO_OR_THREE] * 5 + [FailedClose.ALWAYS_THREE, None],
    "closer_beaten": [
        CloserBeaten.AS_FAILED_CLOSE,
        CloserBeaten.FLAT_TWO,
        CloserBeaten.AS_FAILED_CLOSE,
        CloserBeaten.AS_FAILED_CLOSE,
        CloserBeaten.AS_FAILED_CLOSE,
        CloserBeaten.AS_FAILED_CLOSE,
        None,
    ],
    "last_trick": [LastTrick.TEN_POINTS] * 3
    + [LastTrick.WINS_HAND] * 2
    + [LastTrick.TEN_POINTS, LastTrick.WINS_HAND],
    "claim_mode": [ClaimMode.EXPLICIT] * 5 + [ClaimMode.AUTO] * 2,
    "false_claim": [FalseClaim.FLAT_TWO] * 3
    + [FalseClaim.TWO_OR_THREE] * 2
    + [FalseClaim.FLAT_TWO] * 2,
    "both_over_66": [BothOver66.NO_SCORE] * 5 + [BothOver66.HIGHER_TOTAL, BothOver66.NO_SCORE],
    "tie_carry": [1, 0, 1, 1, 1, 0, 0],
    "schneider_threshold": [33] * 7,
    "schneider_counts_marriages": [Y] * 7,
    "schwarz": [Schwarz.NO_TRICKS] * 6 + [Schwarz.ZERO_POINTS],
    "match_target": [7, 7, 7, 7, 7, 11, 7],
    "next_dealer": [
        NextDealer.ALTERNATE,
        NextDealer.WINNER_DEALS,
        NextDealer.ALTERNATE,
        NextDealer.ALTERNATE,
        NextDealer.ALTERNATE,
        NextDealer.WINNER_DEALS,
        NextDealer.ALTERNATE,
    ],
    "dealer_after_tie": [DealerAfterTie.ALTERNATE] * 5
    + [DealerAfterTie.SAME, DealerAfterTie.ALTERNATE],
}


def classic_value(field: str) -> Any:
    """CLASSIC_66's value of a field; a "-" there means the Rules default (True)."""
    value = TABLE[field][0]
    return Rules().__getattribute__(field) if value is None else value


CELLS = [(name, field) for field in TABLE for name in NAMES]


@pytest.mark.parametrize(("name", "field"), CELLS)
def test_preset_cell(name: str, field: str) -> None:
    """Each cell of the §8 table (and §9.11: a "-" holds CLASSIC_66's value)."""
    preset = ss.PRESETS[name]
    want = TABLE[field][NAMES.index(name)]
    if want is None:
        want = classic_value(field)
    assert getattr(preset, field) == want


def test_every_field_is_in_the_table_or_known() -> None:
    fields = {f.name for f in attrs.fields(Rules)}
    # sit_out_scores is a §7 parameter that the §8 table does not list; the Mariage
    # fields are §13's (tests/core/test_mariage.py).
    assert fields - set(TABLE) == {"sit_out_scores"} | MARIAGE_FIELDS
    assert set(TABLE) <= fields


def test_presets_mapping_and_module_names() -> None:
    assert list(ss.PRESETS) == [*NAMES, "MARIAGE", "MARIAGE_PARLETT"]
    for name in ss.PRESETS:
        assert getattr(ss, name) is ss.PRESETS[name]
        assert ss.get_preset(name) is ss.PRESETS[name]
        assert ss.preset_name(ss.PRESETS[name]) == name
    assert len({ss.PRESETS[n] for n in ss.PRESETS}) == 9


def test_default_rules_are_classic() -> None:
    assert Rules() == ss.CLASSIC_66
    assert ss.CLASSIC_66.exchange_on_first_lead is True


@pytest.mark.parametrize(
    ("name", "hand", "talon"),
    [("CLASSIC_66", 6, 12), ("SCHNAPSEN", 5, 10), ("VU_SCHNAPSEN", 5, 10), ("SANTASE", 6, 12)],
)
def test_hand_and_talon_size(name: str, hand: int, talon: int) -> None:
    rules = ss.PRESETS[name]
    assert rules.hand_size == hand
    assert rules.talon_size == talon


def test_d32_classic_talon_is_20() -> None:
    """§10: D32 on CLASSIC_66 has a talon of 20."""
    assert attrs.evolve(ss.CLASSIC_66, deck=Deck.D32).talon_size == 20


@pytest.mark.parametrize(
    "text", ["schnapsen-tournament", "Schnapsen Tournament", " classic_66 ", "vu_schnapsen"]
)
def test_get_preset_spellings(text: str) -> None:
    assert ss.get_preset(text) in ss.PRESETS.values()


@pytest.mark.parametrize("text", ["", "classic", "SIXTY_SIX", "CLASSIC 67"])
def test_get_preset_unknown(text: str) -> None:
    with pytest.raises(ss.RulesError, match="no preset"):
        ss.get_preset(text)


def test_get_preset_non_text() -> None:
    with pytest.raises(ss.RulesError):
        ss.get_preset(7)  # type: ignore[arg-type]


def test_preset_name_of_house_rules_is_none() -> None:
    assert ss.preset_name(attrs.evolve(ss.CLASSIC_66, tie_carry=0)) is None


#: The fields of rules §13, which to_dict writes only where they are not the default.
MARIAGE_FIELDS = ss.rules.MARIAGE_FIELDS


@pytest.mark.parametrize("name", list(ss.PRESETS))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    rules = ss.PRESETS[name]
    data = rules.to_dict()
    changed = {f for f in MARIAGE_FIELDS if getattr(rules, f) != getattr(Rules(), f)}
    assert set(data) == {f.name for f in attrs.fields(Rules)} - MARIAGE_FIELDS | changed
    text = json.dumps(data)
    assert Rules.from_dict(json.loads(text)) == rules
    assert data["deck"] == rules.deck.name
    assert data["deal_packets"] == list(rules.deal_packets)


def test_from_dict_partial_preset_base_and_enum_values() -> None:
    r = Rules.from_dict({"preset": "SCHNAPSEN", "match_target": 11})
    assert r == attrs.evolve(ss.SCHNAPSEN, match_target=11)
    assert Rules.from_dict({}) == ss.CLASSIC_66
    assert Rules.from_dict({"tie_carry": 0}, base=ss.SANTASE) == ss.SANTASE
    assert Rules.from_dict({"schwarz": Schwarz.ZERO_POINTS}).schwarz is Schwarz.ZERO_POINTS
    assert Rules.from_dict({"deal_packets": [3, 2], "deck": "D20", "trump_after_round": 1}) == (
        attrs.evolve(ss.CLASSIC_66, deck=Deck.D20, deal_packets=(3, 2), trump_after_round=1)
    )


@pytest.mark.parametrize("base", ["x", 3, ss.CLASSIC_66.to_dict(), object()])
def test_from_dict_refuses_a_base_that_is_not_rules(base: Any) -> None:
    with pytest.raises(ss.RulesError, match="base must be a Rules value"):
        Rules.from_dict({}, base=base)


@pytest.mark.parametrize(
    "data",
    [
        {"no_such_field": 1},
        {"schwarz": "NOBODY"},
        {"schwarz": 3},
        {"deck": "D52"},
        {"preset": "NOPE"},
        {"tie_carry": "1"},
        {"deal_packets": [6, 6]},
    ],
)
def test_from_dict_errors(data: dict[str, Any]) -> None:
    with pytest.raises(ss.RulesError):
        Rules.from_dict(data)


def test_from_dict_needs_mapping() -> None:
    with pytest.raises(ss.RulesError):
        Rules.from_dict([("tie_carry", 0)])  # type: ignore[arg-type]


ENUM_FIELDS = [f.name for f in attrs.fields(Rules) if isinstance(getattr(Rules(), f.name), Enum)]
BOOL_FIELDS = [f.name for f in attrs.fields(Rules) if type(getattr(Rules(), f.name)) is bool]
INT_FIELDS = [f.name for f in attrs.fields(Rules) if type(getattr(Rules(), f.name)) is int]


@pytest.mark.parametrize("field", ENUM_FIELDS)
def test_enum_fields_reject_other_values(field: str) -> None:
    current = getattr(Rules(), field)
    with pytest.raises(ss.RulesError, match=field):
        attrs.evolve(Rules(), **{field: current.name})
    with pytest.raises(ss.RulesError):
        Rules(**dict[str, Any]({field: None}))


@pytest.mark.parametrize("field", BOOL_FIELDS)
def test_bool_fields_reject_non_bools(field: str) -> None:
    for bad in (1, 0, "yes", None):
        with pytest.raises(ss.RulesError, match=field):
            Rules(**dict[str, Any]({field: bad}))


@pytest.mark.parametrize("field", INT_FIELDS)
def test_int_fields_reject_bad_values(field: str) -> None:
    for bad in (-1, 1.5, "2", None, True):
        with pytest.raises(ss.RulesError, match=field):
            Rules(**dict[str, Any]({field: bad}))


def test_field_kinds_cover_everything() -> None:
    # + deal_packets, honour_game_points and amour_points (tuples)
    assert len(ENUM_FIELDS) + len(BOOL_FIELDS) + len(INT_FIELDS) + 3 == len(attrs.fields(Rules))
    assert "tie_carry" in INT_FIELDS and "closing_allowed" in BOOL_FIELDS
    assert "deck" in ENUM_FIELDS


@pytest.mark.parametrize("carry", [0, 1])
def test_tie_carry_values(carry: int) -> None:
    """§6.6: tie_carry is 0 or 1."""
    assert Rules(tie_carry=carry).tie_carry == carry


@pytest.mark.parametrize(
    "changes",
    [
        {"deal_packets": ()},
        {"deal_packets": (3, 0)},
        {"deal_packets": (3, "3")},
        {"deal_packets": "33"},
        {"deal_packets": (6, 6)},  # talon 0
        {"deal_packets": (3, 3, 1)},  # talon 10
        {"deal_packets": (4, 3), "trump_after_round": 2},  # talon 10
        {"deal_packets": (5, 2)},  # talon 10
        {"trump_after_round": 3},  # only 2 rounds
        {"deal_packets": (3, 2), "trump_after_round": 2},  # talon 14
        {"deal_packets": (5, 3, 3)},  # talon 2
        {"deal_packets": (5, 3, 3, 1)},  # talon 0
        {"deck": Deck.D20, "deal_packets": (3, 3, 3)},  # talon 2
        {"deck": Deck.D20, "deal_packets": (5, 5)},  # talon 0
        {"deck": Deck.D32, "deal_packets": (8, 8)},  # talon 0
        {"deck": Deck.D32, "deal_packets": (7, 8)},  # talon 2
    ],
)
def test_deal_consistency(changes: dict[str, Any]) -> None:
    """A deal must fit the deck and leave an even talon of at least 2 (turn-up included)."""
    packets = changes.get("deal_packets", (3, 3))
    deck = changes.get("deck", Deck.D24)
    ok_shape = (
        isinstance(packets, tuple)
        and len(packets) > 0
        and all(type(k) is int and k >= 1 for k in packets)
    )
    if ok_shape:
        talon = deck.size - 2 * sum(packets)
        rounds_ok = changes.get("trump_after_round", 2) <= len(packets)
        ok = talon >= 2 and talon % 2 == 0 and rounds_ok
    else:
        ok = False
    if ok:
        r = Rules(**changes)
        assert r.talon_size == deck.size - 2 * sum(packets)
    else:
        with pytest.raises(ss.RulesError):
            Rules(**changes)


def test_last_card_of_pack_ignores_trump_after_round() -> None:
    r = Rules(trump_source=TrumpSource.LAST_CARD_OF_PACK, deal_packets=(6,), trump_after_round=2)
    assert r.talon_size == 12


def test_rules_are_hashable_and_frozen() -> None:
    assert hash(ss.SANTASE) == hash(attrs.evolve(ss.SANTASE))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        ss.CLASSIC_66.tie_carry = 0  # type: ignore[misc]


def test_rules_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Rules(tie_carry=9)
    assert issubclass(ss.RulesError, ss.SixtySixError)


@pytest.mark.parametrize("value", [-1, 2, 3])
def test_tie_carry_is_zero_or_one(value: int) -> None:
    with pytest.raises(ss.RulesError, match=r"tie_carry must be a whole number from 0 to 1"):
        attrs.evolve(ss.CLASSIC_66, tie_carry=value)
