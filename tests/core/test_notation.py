"""Position strings (dump_position / load_position) and the human-readable rendering."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples

from sixtysix import (
    CLASSIC_66,
    PRESETS,
    SCHNAPSEN,
    VU_SCHNAPSEN,
    Card,
    ClaimMode,
    Deck,
    HandState,
    ParseError,
    PositionError,
    Rules,
    Step,
    StrictPlay,
    apply_move,
    deal_from_order,
    legal_moves,
    new_hand,
    observe,
)
from sixtysix.cards import iter_mask
from sixtysix.notation import dump_position, load_position, render
from sixtysix.testing import house_rules

ALL_RULES: list[Rules] = [
    attrs.evolve(rules, claim_mode=mode) for rules in PRESETS.values() for mode in ClaimMode
]


def cards(text: str) -> list[str]:
    return text.split()


PACK = cards("AH TH KH QH JH 9H AS TS KS QS JS 9S AD TD KD QD JD 9D AC TC KC QC JC 9C")
# Seat 1 (non-dealer): AH TH KH AS TS KS; seat 0: QH JH 9H QS JS 9S; turn-up AD.
START = "CLASSIC_66 0 AD QHJH9HQSJS9S AHTHKHASTSKS TDKDQDJD9DACTCKCQCJC9CAD L1 - - - - -"


def start() -> HandState:
    return deal_from_order(CLASSIC_66, PACK, dealer=0)


def play(state: HandState, *moves: str) -> HandState:
    for move in moves:
        state = apply_move(state, move)
    return state


def fields(state: HandState) -> list[str]:
    return dump_position(state).split(" ")


# --------------------------------------------------------------------------- examples


def test_dealt_position() -> None:
    assert dump_position(start()) == START
    assert load_position(START) == start()


def test_trick_in_progress_and_history() -> None:
    state = play(start(), "AH", "9H", "draw", "TH")
    # Seat 1 won AH 9H, drew TD; seat 0 drew KD; seat 1 now leads TH.
    f = fields(state)
    assert f[6] == "F0"
    assert f[7] == "AH9H,TH"
    assert load_position(dump_position(state)) == state


def test_marriage_pending_and_counted() -> None:
    rules = CLASSIC_66
    pack = cards("KH QH AS 9C JC QC TH 9H KS TC KC 9S AD TD KD QD JD 9D AC QS JS TS AH JH")
    state = deal_from_order(rules, pack, dealer=0)
    assert Card.parse("KH") in state.hand(1) and Card.parse("QH") in state.hand(1)
    state = apply_move(state, "marry H")
    f = fields(state)
    assert f[8] == "1H*"  # pending: seat 1 has not won a trick
    assert f[9] == "mH"
    assert "seat 1 won 0 tricks, 0 points, marriages H (20 pending)" in render(state)
    assert load_position(dump_position(state)) == state
    state = play(state, "KH", "9C")  # seat 1 wins, the marriage counts
    assert fields(state)[8] == "1H"
    assert state.marriages == (0, 20)
    assert load_position(dump_position(state)) == state


def test_closed_position_keeps_the_snapshot() -> None:
    state = play(start(), "AH", "9H", "close")
    assert state.closed_by == 1
    f = fields(state)
    assert f[10] == "1:1:0:0:0"
    assert f[6] == "L1"
    assert f[9] == "-"  # closed at the decision after the trick, not in a turn
    back = load_position(dump_position(state))
    assert back == state
    assert back.close_snapshot == state.close_snapshot


def test_closed_in_a_leading_turn() -> None:
    state = play(start(), "AH", "9H", "draw", "close")
    assert fields(state)[9] == "c"
    assert load_position(dump_position(state)) == state


def test_exchange_is_recorded() -> None:
    pack = cards("AH TH 9D KH JH 9H AS TS KS QS JS 9S AD TD KD QD JD QH AC TC KC QC JC 9C")
    state = deal_from_order(CLASSIC_66, pack, dealer=0)
    state = play(state, "AH", "9H", "draw", "exchange")  # seat 1 wins, then exchanges 9D
    assert state.exchanged_by == 1
    f = fields(state)
    assert f[2] == "AD"
    assert f[5].endswith("9D")
    assert f[11] == "1"
    assert load_position(dump_position(state)) == state


def test_finished_hand() -> None:
    state = new_hand(SCHNAPSEN, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
    assert fields(state)[6] == "-"
    assert load_position(dump_position(state)) == state


def test_house_rules_are_written_as_changes_to_the_nearest_preset() -> None:
    house = attrs.evolve(SCHNAPSEN, deal_packets=(2, 3), marriage_in_strict_phase=False)
    state = new_hand(house, seed=1)
    assert fields(state)[0] == "SCHNAPSEN[deal_packets=2-3,marriage_in_strict_phase=false]"
    assert load_position(dump_position(state)) == state
    auto = attrs.evolve(CLASSIC_66, claim_mode=ClaimMode.AUTO)
    assert fields(new_hand(auto, seed=1))[0] == "CLASSIC_66[claim_mode=AUTO]"
    # SANTASE is already AUTO, and a preset name is used whenever the rules equal one.
    assert fields(new_hand(attrs.evolve(PRESETS["SANTASE"]), seed=1))[0] == "SANTASE"


def test_rules_field_accepts_any_preset_base() -> None:
    text = START.replace("CLASSIC_66", "PAGAT_66[exchange_when_closed=NEVER,tie_carry=1]", 1)
    state = load_position(text)
    expected = attrs.evolve(
        PRESETS["PAGAT_66"], exchange_when_closed=CLASSIC_66.exchange_when_closed, tie_carry=1
    )
    assert state.rules == expected
    assert load_position(START.replace("CLASSIC_66", "CLASSIC_66[]", 1)).rules == CLASSIC_66


# --------------------------------------------------------------------------- errors


def bad(text: str, pattern: str) -> None:
    with pytest.raises(ParseError, match=pattern):
        load_position(text)


def replace_field(text: str, number: int, value: str) -> str:
    parts = text.split(" ")
    parts[number - 1] = value
    return " ".join(parts)


def test_wrong_number_of_fields() -> None:
    bad("CLASSIC_66 0 AD", "12 fields.*has 3")
    bad("", "has 0")
    with pytest.raises(ParseError, match="text"):
        load_position(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "pattern"),
    [
        ("CLASSIC66", r"field 1 \(rules\).*no preset called 'CLASSIC66'"),
        ("classic-66!", r"field 1 \(rules\).*preset name"),
        ("CLASSIC_66[foo=1]", r"field 1 \(rules\).*unknown rules field 'foo'"),
        ("CLASSIC_66[claim_mode=MAYBE]", r"field 1.*allowed values: EXPLICIT, AUTO"),
        ("CLASSIC_66[closing_allowed=yes]", r"field 1.*true or false"),
        ("CLASSIC_66[tie_carry=x]", r"field 1.*whole number"),
        ("CLASSIC_66[tie_carry=9]", r"field 1.*tie_carry must be a whole number from 0 to 1"),
        ("CLASSIC_66[deal_packets=3-a]", r"field 1.*joined by '-'"),
        ("CLASSIC_66[tie_carry=1", r"field 1.*end with '\]'"),
        ("CLASSIC_66[tie_carry]", r"field 1.*field=value"),
        ("CLASSIC_66[tie_carry=1,tie_carry=0]", r"field 1.*given twice"),
    ],
)
def test_bad_rules_field(value: str, pattern: str) -> None:
    bad(replace_field(START, 1, value), pattern)


@pytest.mark.parametrize(
    ("number", "value", "pattern"),
    [
        (2, "2", r"field 2 \(dealer\).*seat 0 or 1"),
        (3, "ADKD", r"field 3 \(turn-up\).*one card"),
        (3, "XD", r"field 3.*'XD' is not a card"),
        (4, "QHJH9HQSJS9", r"field 4 \(hand 0\).*two-letter codes"),
        (4, "QHJH9HQSJSAH", r"field 5 \(hand 1\).*AH appears twice \(also in hand 0\)"),
        (4, "QHJH9HQSJS8S", r"field 4.*8S is not in the D24 deck"),
        (4, "QHJH9HQSJS", r"missing: 9S"),
        (6, "TDKDQDJD9DACTCKCQCJCAD9C", r"field 6 \(talon\).*last card of the talon is the turn"),
        (7, "L0", r"field 7 \(to move\).*give the move to seat 1"),
        (7, "F0", r"field 7.*F \(follow\) needs a card led"),
        (7, "X1", r"field 7.*expected L, F or D"),
        (7, "D1", r"field 7.*needs a won trick"),
        (9, "1X", r"field 9 \(marriages\).*seat and suit"),
        (9, "1H,1H", r"field 9.*listed twice"),
        (10, "mH", r"field 10 \(turn\).*seat 1 has not declared"),
        (10, "x", r"field 10.*expected -, c"),
        (10, "c", r"field 10.*field 11 disagrees"),
        (11, "1:0:0:0", r"field 11 \(close\).*closer:tricks"),
        (11, "2:0:0:0:0", r"field 11.*closer must be seat 0 or 1"),
        (11, "1:1:0:0:0", r"field 11.*only 0 were played"),
        (11, "1:0:0:x:0", r"field 11.*opponent card points must be a whole number"),
        (12, "3", r"field 12 \(exchange\).*seat 0 or 1 or -"),
        (12, "1", r"field 12.*exchange card 9D"),
    ],
)
def test_bad_field(number: int, value: str, pattern: str) -> None:
    bad(replace_field(START, number, value), pattern)


def test_marriage_field_sets_counted_and_pending_points() -> None:
    # Read, then rejected by sixtysix.validate: nobody has won a trick or holds the pairs.
    bad(replace_field(START, 9, "1H*,0S,1D"), "seat 0's marriages count without a won trick")
    state = play(start(), "AH", "9H", "draw")
    assert fields(state)[8] == "-"


def test_bad_positions_in_play() -> None:
    state = play(start(), "AH", "9H", "draw", "TH")
    text = dump_position(state)
    bad(replace_field(text, 8, "AH9H,TH,QH"), r"field 8 \(played\).*trick 2 has 1 card")
    bad(replace_field(text, 8, "AH9HTH"), r"field 8.*two-letter|trick 1 has 3 cards")
    closed = dump_position(play(start(), "AH", "9H", "close"))
    bad(replace_field(closed, 11, "1:1:1:11:0"), r"field 11.*seat 0 had won 0 tricks")
    # Both hands must match the trick in progress.
    moved = replace_field(text, 4, "QHJHQSJS9SKD")  # seat 0 (follower) holds 6, leader 5
    assert load_position(moved).hands[0].bit_count() == 6  # consistent
    bad(replace_field(START, 5, "AHTHKHASTS"), "missing: KS")
    bad(
        replace_field(replace_field(START, 5, "AHTHKHASTS"), 6, "KSTDKDQDJD9DACTCKCQCJC9CAD"),
        r"talon always holds an even number",
    )


def test_hand_sizes_are_checked() -> None:
    # Move a card from hand 1 to hand 0: still every card once, but unequal hands.
    text = replace_field(replace_field(START, 4, "QHJH9HQSJS9SKS"), 5, "AHTHKHASTS")
    bad(text, r"hold 7 and 5 cards")


def test_follow_hand_sizes_are_checked() -> None:
    text = dump_position(play(start(), "AH"))  # seat 1 led: it holds 5, seat 0 holds 6
    moved = replace_field(replace_field(text, 4, "QHJH9HQSJS"), 5, "THKHASTSKS9S")
    bad(moved, r"field 5 \(hand 1\).*the leader holds 6 cards and the follower 5")


def test_close_needs_a_talon() -> None:
    state = play(start(), "AH", "9H", "close")
    text = dump_position(state)
    # Give the talon's cards to the players: every card is still there, the talon is empty.
    parts = text.split(" ")
    parts[5] = "-"
    parts[3] = parts[3] + "TDKDQDJD9DAC"
    parts[4] = parts[4] + "TCKCQCJC9CAD"
    bad(" ".join(parts), r"field 11 \(close\).*talon is empty")


def test_turn_steps_only_on_lead() -> None:
    text = dump_position(play(start(), "AH"))
    bad(replace_field(text, 10, "c"), r"field 10 \(turn\).*only the leader's turn")


def test_unreachable_pending_marriage_cannot_be_written() -> None:
    state = attrs.evolve(start(), pending=(5, 0))
    with pytest.raises(PositionError, match="has 0 counted and 5 pending"):
        dump_position(state)


def test_turnup_must_be_in_the_deck() -> None:
    text = dump_position(new_hand(SCHNAPSEN, seed=1))
    bad(replace_field(text, 3, "9D"), r"field 3 \(turn-up\).*9D is not in the D20 deck")


# --------------------------------------------------------------------------- render


def test_render_full_shows_everything() -> None:
    state = play(start(), "AH", "9H", "draw", "TH")
    text = render(state)
    assert "seat 0: " in text and "seat 1: " in text
    for card in state.hand(0) + state.hand(1):
        assert str(card) in text
    assert "draw order" in text
    assert "trick: seat 1 led TH" in text
    assert "to move: seat 0 (follow)" in text


def test_render_closed_and_over() -> None:
    state = play(start(), "AH", "9H", "close")
    assert "closed by seat 1" in render(state)
    assert "last trick: AH 9H, won by seat 1" in render(state)
    over = new_hand(VU_SCHNAPSEN, seed=1)
    while not over.is_over:
        over = apply_move(over, legal_moves(over)[0])
    assert "the hand is over" in render(over)


def test_render_rejects_bad_seat() -> None:
    with pytest.raises(ParseError, match="seat 0 or 1"):
        render(start(), seat=2)


# --------------------------------------------------------------------------- properties


def random_states(rules: Rules, seed: int) -> list[HandState]:
    """Every state of a hand of random legal play."""
    rng = random.Random(seed)
    state = new_hand(rules, seed=seed, dealer=seed % 2)
    states = [state]
    while not state.is_over:
        state = apply_move(state, rng.choice(legal_moves(state)))
        states.append(state)
    return states


@settings(max_examples=examples(80))
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32))
def test_every_reached_state_round_trips(rules: Rules, seed: int) -> None:
    for state in random_states(rules, seed):
        text = dump_position(state)
        assert "\n" not in text
        assert load_position(text) == state


@settings(max_examples=examples(60))
@given(rules=house_rules(), seed=st.integers(0, 2**32))
def test_house_rules_states_round_trip(rules: Rules, seed: int) -> None:
    for state in random_states(rules, seed):
        assert load_position(dump_position(state)) == state


@settings(max_examples=examples(60))
@given(rules=st.sampled_from(ALL_RULES), seed=st.integers(0, 2**32), seat=st.integers(0, 1))
def test_render_for_a_seat_hides_the_hidden_cards(rules: Rules, seed: int, seat: int) -> None:
    for state in random_states(rules, seed):
        text = render(state, seat=seat)
        shown = set(re.findall(r"\b[AKQJT987][CDHS]\b", text))
        public = {str(Card.from_index(i)) for i in state.played}
        public.add(str(Card.from_index(state.dealt_turnup)))
        if state.talon:
            public.add(str(Card.from_index(state.talon[-1])))
        own = {str(Card.from_index(i)) for i in iter_mask(state.hands[seat])}
        # The cards the seat knows the opponent holds (a marriage partner, ...) are named.
        known = {str(c) for c in observe(state, seat).opponent_known}
        assert shown <= public | own | known, shown - public - own - known
        assert text == render(observe(state, seat)) == str(observe(state, seat))
        assert render(state).count("\n") == text.count("\n")


def test_strict_play_house_rule_round_trip() -> None:
    house = attrs.evolve(CLASSIC_66, strict_play=StrictPlay.FOLLOW_ONLY, deck=Deck.D32)
    state = new_hand(house, seed=3)
    assert dump_position(state).startswith("CLASSIC_66[deck=D32,strict_play=FOLLOW_ONLY]")
    assert load_position(dump_position(state)) == state
    assert state.step is Step.LEAD
