"""``t1.position`` / ``t1.load_position``: the one-line Tausendeins position (rules §12)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.profiles import examples
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST, deal, play, random_states

from sixtysix import ParseError, PositionError
from sixtysix import tausendeins as t1

_states = random_states


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_state_of_a_deal_round_trips(rules: t1.TausendeinsRules, seed: int) -> None:
    """Rules §12.9: every step of a random deal, auction and tricks, reads back equal."""
    for state in _states(rules, seed):
        text = t1.position(state)
        assert "  " not in text and "\n" not in text
        assert t1.load_position(text) == state


def test_house_rules_are_written_field_by_field() -> None:
    """Rules §12.11: a rule set that is no preset is written key=value for every field."""
    rules = t1.make_rules(
        t1.TAUSENDEINS_DE, deal_packets=(4, 4), last_trick_bonus=10, no_trick_no_score=False
    )
    state = _states(rules, 3)[5]
    text = t1.position(state)
    head = text.split()[0]
    assert "deal_packets=4.4" in head and "no_trick_no_score=no" in head
    assert "retrump=HIGHER_ONLY" in head and "last_trick_bonus=10" in head
    back = t1.load_position(text)
    assert back == state and back.rules == rules


def test_a_marriage_and_the_auction_are_written() -> None:
    """Rules §12.5, §12.6: marriages as seat, suit, @ and tricks before; the auction parts."""
    s = deal(t1.TAUSENDEINS, "KH QH AC TC KC 9D JD AS", "AD TD KD QD AH TH JH 9H", dealer_seat=0)
    s = play(s, "marry H, KH")
    fields = t1.position(s).split()
    assert fields[8] == "1H@0" and fields[7] == "KH"
    assert t1.load_position(" ".join(fields)).trump == 2

    c = t1.new_hand(t1.TAUSENDEINS_CONTRACT, seed=4, dealer=1)
    c = t1.apply_move(c, t1.Bid(110))
    c = t1.apply_move(c, t1.Pass())
    c = t1.apply_move(c, t1.TakeTalon(1))
    auction = t1.position(c).split()[9]
    assert auction.startswith("110.0/1/") and auction.endswith("/-/-")
    assert t1.load_position(t1.position(c)) == c


FRESH = t1.position(deal(t1.TAUSENDEINS, "KH QH AC TC KC 9D JD AS", "AD TD KD QD AH TH JH 9H"))
BASE = t1.position(
    play(
        deal(t1.TAUSENDEINS, "KH QH AC TC KC 9D JD AS", "AD TD KD QD AH TH JH 9H"),
        "marry H, KH",
    )
)


def _with(number: int, value: str, base: str = BASE) -> str:
    fields = base.split()
    fields[number - 1] = value
    return " ".join(fields)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "must be given as text"),
        ("TAUSENDEINS 0 PLAY", "has 10 fields"),
        (_with(1, "SCHNAPSEN"), "not a Tausendeins preset"),
        (_with(1, "target"), "not a Tausendeins preset"),
        (_with(1, "target=500,oops"), "'oops' is not key=value"),
        (_with(1, "target=lots"), "target must be a whole number"),
        (_with(1, "deal_packets=3.x"), "whole numbers joined by dots"),
        (_with(1, "no_trick_no_score=maybe"), "yes or no"),
        (_with(1, "bidding=SOMETIMES"), "field 1 (rules)"),
        (_with(1, "colour=red"), "field 1 (rules)"),
        (_with(2, "2"), "field 2 (dealer)"),
        (_with(3, "BIDDING"), "field 3 (step)"),
        (_with(4, "KCQ"), "not a run of two-letter cards"),
        (_with(4, "7C"), "not a card of the 24-card pack"),
        (_with(4, "ACAC"), "AC is written twice"),
        (_with(7, "--"), "talon0/talon1"),
        (_with(9, "2H@0"), "not a marriage such as 1H@0"),
        (_with(9, "1H@0,1C@1,1S@2,1D@3,0H@4"), "at most four marriages"),
        (_with(10, "-/-/-/-/-"), "no auction"),
        (_with(8, "KHAD"), "AD is in two places"),
        (_with(5, "ADTDKDQDAHTHJH"), "legal play can reach"),
    ],
)
def test_bad_text_is_refused_with_the_reason(text: object, message: str) -> None:
    """Each field is checked, then the whole by ``validate`` (rules §12.3 to §12.9)."""
    with pytest.raises(ParseError) as info:
        t1.load_position(text)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_unreachable_positions_give_validates_reason() -> None:
    """Rules §12.5.1: a marriage without its K and Q in hand is refused, saying so."""
    with pytest.raises(ParseError, match="did not hold both the K and the Q"):
        t1.load_position(_with(9, "1C@0", FRESH))


_OPENED = t1.apply_move(t1.new_hand(t1.TAUSENDEINS_CONTRACT, 4, 1), t1.Bid(110))
AUCTION = t1.position(t1.apply_move(_OPENED, t1.Pass()))


@pytest.mark.parametrize(
    ("auction", "message"),
    [
        ("110.0", "five parts"),
        ("110.x/-/-/-/-", "the call 'x' is not a whole number"),
        ("110.0/2/-/-/-", "the talon taken is 0 or 1"),
        ("110.0/-/-/-/lots", "the contract 'lots'"),
        ("110.0/-/-/QZ/-", "the discards"),
        ("105.0/-/-/-/-", "does not raise"),
    ],
)
def test_bad_auctions_are_refused(auction: str, message: str) -> None:
    """Rules §12.6: the auction field, part by part."""
    assert t1.load_position(AUCTION).declarer == 1
    with pytest.raises(ParseError) as info:
        t1.load_position(_with(10, auction, AUCTION))
    assert message in str(info.value)


def test_position_needs_a_reachable_state() -> None:
    """``position`` writes only what ``validate`` accepts."""
    state = t1.new_hand(t1.TAUSENDEINS, seed=1)
    with pytest.raises(PositionError, match="needs a TausendeinsState"):
        t1.position("TAUSENDEINS")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="no marriage has been declared"):
        t1.position(attrs.evolve(state, trump=2))
