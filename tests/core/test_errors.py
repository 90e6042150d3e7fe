"""Errors: every illegal move is refused with a reason naming the rule; nothing changes."""

from __future__ import annotations

import pickle

import attrs
import pytest
from tests.helpers import deal, deal_a, play, position, scenario

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    HOYLE_66,
    PAGAT_66,
    SANTASE,
    SCHNAPSEN,
    HandState,
    Step,
)

E = attrs.evolve
SIX = "AC JC AD JD AH JH TC QC TD 9D TH 9H"


def lead_after(rules: ss.Rules, tricks: int, hold: str = "") -> HandState:
    """Seat 1 has won ``tricks`` tricks in a row and is on lead (draws done)."""
    s = play(scenario(rules, SIX, trump="S", hold=("", hold)), SIX.split()[: 2 * tricks])
    return play(s, "draw") if s.step is Step.DECIDE else s


def refused(state: HandState, move: str, *fragments: str) -> ss.IllegalMoveError:
    """``move`` is refused in ``state`` with a reason containing every fragment."""
    before = pickle.dumps(state)
    copy = pickle.loads(before)
    assert not ss.is_legal(state, move)
    assert move not in [str(m) for m in ss.legal_moves(state)]
    with pytest.raises(ss.IllegalMoveError) as info:
        ss.apply_move(state, move)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.move == ss.parse_move(move)
    assert move.lower() in str(err).lower() and err.reason in str(err)
    for fragment in fragments:
        assert fragment in err.reason, (fragment, err.reason)
    assert ss.explain_illegal(state, move) == err.reason
    assert state == copy and pickle.dumps(state) == before  # unchanged
    return err


# ============================================================== playing cards


def test_play_card_not_held() -> None:
    refused(deal_a(), "AH", "you do not hold AH")
    refused(play(deal_a(), "AC"), "KD", "you do not hold KD")


def test_play_wrong_card_after_marriage() -> None:
    s = play(deal_a(), "AC JC draw marry H")
    refused(s, "KD", "after marrying hearts", "KH or QH")
    k = play(deal_a(E(CLASSIC_66, marriage_lead=ss.MarriageLead.KING_ONLY)), "AC JC draw marry H")
    err = refused(k, "QH", "must lead KH")
    assert "QH" not in err.reason


def test_strict_follow_reasons() -> None:
    s = position(CLASSIC_66, "KH", "AH JH TD 9D TS 9S", "KS")
    closed = play(s, "close KH")
    refused(closed, "JH", "talon is closed", "follow suit and beat KH")
    t = position(E(CLASSIC_66, strict_play=ss.StrictPlay.FOLLOW_ONLY), "KD", "AH 9D TS", "KS")
    refused(play(t, "close KD"), "AH", "talon is closed", "follow suit", "diamonds")
    u = position(CLASSIC_66, "QC", "AH JH TD 9D TS 9S", "KS")
    refused(play(u, "close QC"), "AH", "no clubs", "trump")


def test_strict_follow_reason_when_exhausted() -> None:
    s = lead_after(CLASSIC_66, 6, "AS")
    assert s.talon_size == 0
    hand0 = [str(c) for c in s.hand(0)]
    lead = str(s.hand(1)[0])
    s = play(s, lead)
    bad = [c for c in hand0 if not ss.is_legal(s, c)]
    assert bad
    refused(s, bad[0], "talon is exhausted")


# ============================================================== exchange


def test_exchange_reasons_open_talon() -> None:
    refused(deal_a(), "exchange", "won a trick")
    refused(play(deal_a(), "KD AD draw"), "exchange", "exchange card 9S")  # seat 0 lacks it
    first = E(CLASSIC_66, exchange_requires_won_trick=False, exchange_on_first_lead=False)
    refused(deal_a(first), "exchange", "first trick")
    follower = play(
        deal(CLASSIC_66, "KD TC KH QH QD JC", "AD 9S AH TH JH 9D", "AS", "9C JD KC QC"),
        "KD AD 9C TC JC",
    )
    refused(follower, "exchange", "player on lead")


def test_exchange_reason_min_talon() -> None:
    s = lead_after(E(CLASSIC_66, exchange_min_talon=4), 5, "9S")
    refused(
        s, "exchange", "cannot exchange: the talon has 2 cards and this rule set needs at least 4"
    )
    t = lead_after(CLASSIC_66, 6, "9S")
    refused(t, "exchange", "exhausted")


def test_exchange_reasons_closed_talon() -> None:
    refused(play(deal_a(), "AC JC close"), "exchange", "closed")
    refused(play(deal_a(PAGAT_66), "AC JC close"), "exchange", "closer's opponent")
    d = play(deal(PAGAT_66, "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"), "close AC TC JC")
    assert d.to_move == 0 and d.step is Step.FOLLOW
    refused(d, "exchange", "first trick after the close")
    h = play(
        deal(
            E(HOYLE_66, close_on_first_lead=True), "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"
        ),
        "close JC",
    )
    refused(h, "exchange", "won a trick")
    w = E(CLASSIC_66, exchange_when_closed=ss.ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK)
    c = play(
        deal(w, "KD TC KH QH QD JC", "AD 9S AH TH JH 9D", "AS", "9C JD KC QC"),
        "KD AD 9C TC close JC",
    )
    refused(c, "exchange", "player on lead")


def test_exchange_reasons_turn_order_and_decision() -> None:
    refused(play(deal_a(HOYLE_66), "AC JC draw close"), "exchange", "first step")
    refused(play(deal_a(), "AC JC draw marry H"), "exchange", "first step")
    refused(play(deal_a(), "AC JC"), "exchange", "decision")


# ============================================================== close


def test_close_reasons() -> None:
    refused(deal_a(E(CLASSIC_66, closing_allowed=False)), "close", "does not allow closing")
    refused(play(deal_a(), "close"), "close", "already closed")
    refused(deal_a(HOYLE_66), "close", "first lead")
    refused(play(deal_a(), "AC"), "close", "only the player on lead")
    refused(play(deal_a(), "AC JC draw marry H"), "close", "before declaring")
    refused(lead_after(CLASSIC_66, 6), "close", "exhausted")


def test_close_reason_min_talon_exact_words() -> None:
    s = lead_after(E(SANTASE, claim_mode=ss.ClaimMode.EXPLICIT), 5)
    assert s.talon_size == 2
    refused(s, "close", "cannot close: the talon has 2 cards and this rule set needs at least 4")


# ============================================================== claim, draw, marry


def test_claim_reasons() -> None:
    refused(deal_a(), "claim", "not won a trick")
    refused(play(deal_a(), "AC"), "claim", "only the player on lead")
    refused(
        play(deal_a(E(CLASSIC_66, claim_mode=ss.ClaimMode.AUTO)), "AC JC draw"),
        "claim",
        "automatic",
    )
    s = play(deal_a(E(CLASSIC_66, marriage_out_without_lead=False)), "AC JC draw marry H")
    refused(s, "claim", "marriage")


def test_draw_reasons() -> None:
    refused(deal_a(), "draw", "right after winning a trick")
    refused(play(deal_a(), "AC JC draw"), "draw", "right after winning a trick")
    refused(play(deal_a(), "AC"), "draw")
    s = play(deal_a(E(CLASSIC_66, close_timing=ss.CloseTiming.AFTER_DRAW)), "AC JC")
    refused(s, "draw")


def test_decision_refuses_cards_and_marriages() -> None:
    s = play(deal_a(), "AC JC")
    refused(s, "KD", "draw, close or claim")
    refused(s, "marry H")


def test_marry_reasons() -> None:
    refused(play(deal_a(), "AC JC draw marry H"), "marry D", "one marriage")
    refused(position(SANTASE, "KH QH", "", "AS"), "marry H", "won a trick")
    refused(play(deal_a(), "AC JC draw close"), "marry H", "closed or exhausted")
    refused(deal_a(), "marry C", "KC and QC")
    f = play(deal(CLASSIC_66, "JC TC AD TD AH TH", "AC 9S KH QH KD QD", "AS"), "JC")
    refused(f, "marry H", "on lead")


# ============================================================== over, bad input


def test_moves_after_the_hand_is_over() -> None:
    s = play(deal_a(), "AC JC claim")
    for move in ("AD", "claim", "draw", "close", "exchange", "marry H"):
        refused(s, move, "over")


def test_non_move_objects_and_bad_text() -> None:
    s = deal_a()
    for thing in (5, None, ss.Card.parse("AC")):
        with pytest.raises(ss.IllegalMoveError) as info:
            ss.apply_move(s, thing)  # type: ignore[arg-type]
        assert isinstance(info.value, ValueError)
        assert not ss.is_legal(s, thing)  # type: ignore[arg-type]
    with pytest.raises(ss.ParseError):
        ss.apply_move(s, "play the ace")
    assert not ss.is_legal(s, "play the ace")
    assert ss.explain_illegal(s, "play the ace") is not None
    assert ss.explain_illegal(s, "AC") is None
    assert ss.explain_illegal(s, ss.Play(ss.Card.parse("AC"))) is None


def test_apply_move_never_mutates_its_input() -> None:
    s = deal_a()
    snapshot = pickle.dumps(s)
    for text in ("AC", "close", "marry H"):
        t = ss.apply_move(s, text)
        assert t != s
        assert pickle.dumps(s) == snapshot
    s = play(s, "AC JC")
    snapshot = pickle.dumps(s)
    for text in ("draw", "close", "claim"):
        ss.apply_move(s, text)
        assert pickle.dumps(s) == snapshot


# ============================================================== scoring unfinished hands


@pytest.mark.parametrize("script", ["", "AC", "AC JC", "AC JC draw", "AC JC close"])
def test_score_unfinished_hand(script: str) -> None:
    s = play(deal_a(), script)
    assert not ss.is_over(s)
    with pytest.raises(ss.HandNotOverError) as info:
        ss.score_hand(s)
    assert isinstance(info.value, ValueError)
    assert "not over" in str(info.value)


def test_error_hierarchy() -> None:
    for cls in (
        ss.ParseError,
        ss.RulesError,
        ss.DealError,
        ss.HandNotOverError,
        ss.IllegalMoveError,
    ):
        assert issubclass(cls, ss.SixtySixError)
    assert issubclass(ss.SixtySixError, ValueError)
    with pytest.raises(ValueError):
        ss.Card.parse("ZZ")
    with pytest.raises(ValueError):
        ss.deal_from_order(CLASSIC_66, [])
    with pytest.raises(ValueError):
        ss.get_preset("nope")
    with pytest.raises(ValueError):
        E(SCHNAPSEN, tie_carry=-1)
