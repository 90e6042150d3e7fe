"""rules §10.4: the obligations of every follower, partner or not, and trick winners.

Each scenario is written for both presets: the D24 hands, and for D32 the same hands
plus two of the eights and sevens per seat. Trump is spades; seat 0 deals, so seat 1
leads the first trick.
"""

from __future__ import annotations

import attrs
import pytest

from sixtysix import IllegalMoveError
from sixtysix import partnership as p4

from .helpers import PRESET_IDS, PRESET_LIST, deal, play

FREE = p4.Undertrump.FREE


def _deal(
    rules: p4.PartnershipRules, hands: list[str], extras: list[str], turnup: str
) -> p4.PartnershipState:
    if rules.deck.size == 32:
        hands = [f"{h} {x}" for h, x in zip(hands, extras, strict=True)]
    return deal(rules, hands, 0, turnup)


def legal(state: p4.PartnershipState) -> list[str]:
    return [str(m) for m in p4.legal_moves(state)]


def _d32(rules: p4.PartnershipRules) -> bool:
    return rules.deck.size == 32


# Deal 1: beating the partner's card on a side-suit lead.
HANDS_1 = ["AC TC KC 9S TH QH", "KH QC JC 9C AD TD", "9H KD QD JD 9D AS", "AH JH TS KS QS JS"]
EXTRAS_1 = ["8C 7C", "8D 7D", "8S 7S", "8H 7H"]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_leader_is_free_and_follower_must_beat_the_partner(rules: p4.PartnershipRules) -> None:
    state = _deal(rules, HANDS_1, EXTRAS_1, "9S")
    assert p4.to_move(state) == 1
    # The leader is never constrained.
    assert sorted(legal(state)) == sorted(
        HANDS_1[1].split() + (EXTRAS_1[1].split() if _d32(rules) else [])
    )
    state = play(state, "KH")
    # Seat 2 holds no higher heart: any heart.
    assert legal(state) == ["9H"]
    state = play(state, "9H")
    # Seat 3 must beat its partner's KH (the best heart so far), though the trick is
    # already its side's.
    assert legal(state) == ["AH"]
    with pytest.raises(IllegalMoveError) as err:
        p4.apply_move(state, "JH")
    assert "beat the KH of your partner (seat 1) with a higher heart" in err.value.reason
    state = play(state, "AH")
    # Seat 0 cannot beat the AH: any heart, but a heart.
    assert legal(state) == ["TH", "QH"]
    with pytest.raises(IllegalMoveError, match="you must follow suit: you hold hearts"):
        p4.apply_move(state, "AC")
    state = play(state, "QH")
    # The highest card of the suit led wins; its winner leads the next trick.
    assert p4.to_move(state) == 3 and state.tricks(1) == 1 and state.points(1) == 4 + 11 + 3
    assert state.trick == ()


# Deal 2: a trump lead must be over-trumped, the partner's trump too.
HANDS_2 = ["AC TC KC QC TS AS", "QS JC 9C AD TD KD", "9S QD JD 9D AH TH", "KS JS KH QH JH 9H"]
EXTRAS_2 = ["8C 7C", "8D 7D", "8H 7H", "8S 7S"]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_trump_lead_must_be_beaten(rules: p4.PartnershipRules) -> None:
    state = play(_deal(rules, HANDS_2, EXTRAS_2, "AS"), "QS")
    assert legal(state) == ["9S"]
    state = play(state, "9S")
    assert legal(state) == ["KS"]  # beat the partner's QS with a higher trump
    reason = p4.explain_illegal(state, "JS")
    assert (
        reason == "you must beat the QS of your partner (seat 1) with a higher trump: you hold KS"
    )
    state = play(state, "KS")
    assert legal(state) == ["AS", "TS"]
    state = play(state, "TS")
    assert p4.to_move(state) == 0 and state.tricks(0) == 1


# Deal 3: void in the led suit: trump; over-trump; a trumped trick frees the suit.
HANDS_3 = ["AC 9C AD TD KD TS", "KC QC JC TC QD JD", "JS AH TH KH QH 9D", "AS 9S JH 9H KS QS"]
EXTRAS_3 = ["8C 7C", "8D 7D", "8H 7H", "8S 7S"]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_void_must_trump_and_over_trump(rules: p4.PartnershipRules) -> None:
    state = play(_deal(rules, HANDS_3, EXTRAS_3, "TS"), "QC")
    # Void in clubs with one trump: must play it.
    assert legal(state) == ["JS"]
    reason = p4.explain_illegal(state, "AH")
    assert reason == "you are void in clubs, so you must play a trump: you hold JS"
    state = play(state, "JS")
    # Void in clubs: must over-trump the JS (the 9S, and the 8S 7S in D32, cannot).
    assert legal(state) == ["AS", "KS", "QS"]
    reason = p4.explain_illegal(state, "9S")
    assert (
        reason
        == "you are void in clubs, so you must over-trump the JS of seat 2: you hold AS KS QS"
    )
    state = play(state, "KS")
    # The trick is trumped: a follower of clubs may play any club, not only a higher one.
    expected = ["AC", "9C", "8C", "7C"] if _d32(rules) else ["AC", "9C"]
    assert legal(state) == expected
    state = play(state, "9C")
    # The highest trump wins.
    assert p4.to_move(state) == 3 and state.tricks(1) == 1


# Deal 4: under-trumping, REQUIRED and FREE.
HANDS_4 = ["AS TS 9S AC TC KC", "AD TD KD QD JD 9D", "KS JS QC JC 9C AH", "QS TH KH QH JH 9H"]
EXTRAS_4 = ["8C 7C", "8D 7D", "8H 7H", "8S 7S"]


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
@pytest.mark.parametrize("undertrump", list(p4.Undertrump))
def test_undertrump(rules: p4.PartnershipRules, undertrump: p4.Undertrump) -> None:
    rules = attrs.evolve(rules, undertrump=undertrump)
    state = play(_deal(rules, HANDS_4, EXTRAS_4, "AS"), "9D")
    # No trump in the trick yet: any trump.
    assert legal(state) == ["KS", "JS"]
    state = play(state, "KS")
    low_trumps = ["QS", "8S", "7S"] if _d32(rules) else ["QS"]
    if undertrump is p4.Undertrump.REQUIRED:
        # Cannot beat the KS, but must still play a (lower) trump.
        assert legal(state) == low_trumps
        reason = p4.explain_illegal(state, "9H")
        assert reason is not None
        assert "cannot beat the KS of seat 2, you must still play a trump" in reason
        assert "undertrump = REQUIRED" in reason
        after = play(state, "QS")
    else:
        # FREE: any card of the hand, a lower trump included.
        hand = sorted(str(c) for c in state.hand(3))
        assert sorted(legal(state)) == hand and "QS" in hand and "9H" in hand
        after = play(state, "9H")
    # Seat 0 can beat the KS, so it must (FREE changes nothing there).
    assert legal(after) == ["AS", "TS"]
    with pytest.raises(IllegalMoveError, match="must over-trump the KS of your partner"):
        p4.apply_move(after, "9S")


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_void_without_trumps_plays_anything(rules: p4.PartnershipRules) -> None:
    # Deal 4 again: after seat 0 wins trick 1 with the AS, it leads trumps; seat 1 holds
    # only diamonds: any card.
    state = play(_deal(rules, HANDS_4, EXTRAS_4, "AS"), "9D KS QS AS TS")
    assert p4.to_move(state) == 1
    assert sorted(legal(state)) == sorted(str(c) for c in state.hand(1))


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_wrong_turn_played_and_foreign_cards(rules: p4.PartnershipRules) -> None:
    state = _deal(rules, HANDS_1, EXTRAS_1, "9S")
    assert p4.explain_illegal(state, "AC") == "it is seat 1's turn, and seat 1 does not hold AC"
    after = play(state, "KH")
    assert p4.explain_illegal(after, "KH") == "KH has already been played"
    if not _d32(rules):
        assert p4.explain_illegal(state, "7S") == "7S is not in the D24 deck"
    assert p4.is_legal(state, "KH") and not p4.is_legal(state, "AC")
    with pytest.raises(IllegalMoveError, match="does not hold AC"):
        p4.apply_move(state, "AC")
