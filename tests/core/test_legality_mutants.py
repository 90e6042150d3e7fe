"""Behaviour of sixtysix.legality that the mutation testing of legality.py found unpinned.

Every refusal is checked word for word: the reason is what a player reads (rules §2.2:
an illegal move is refused with the rule it breaks), so a changed word is a changed
behaviour. Each case cites its rule (docs/rules.md); see docs/fuzzing.md.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest
from tests.helpers import deal, deal_a, play, position, scenario

import sixtysix as ss
from sixtysix import CLASSIC_66, HOYLE_66, PAGAT_66, SANTASE, HandState, Step
from sixtysix import legality as lg

E = attrs.evolve
SIX = "AC JC AD JD AH JH TC QC TD 9D TH 9H"


def lead_after(rules: ss.Rules, tricks: int, hold: str = "") -> HandState:
    """Seat 1 has won ``tricks`` tricks in a row and is on lead (draws done)."""
    s = play(scenario(rules, SIX, trump="S", hold=("", hold)), SIX.split()[: 2 * tricks])
    return play(s, "draw") if s.step is Step.DECIDE else s


def follower_deal(rules: ss.Rules) -> HandState:
    return deal(rules, "KD TC KH QH QD JC", "AD 9S AH TH JH 9D", "AS", "9C JD KC QC")


# Each case: the position, the move, and the exact reason it is refused.
CASES: dict[str, tuple[Callable[[], HandState], str, str]] = {
    # §3.5: no turn-up once the talon is exhausted; exchange_min_talon.
    "exchange, talon exhausted": (
        lambda: lead_after(CLASSIC_66, 6, "9S"),
        "exchange",
        "the talon is exhausted, so there is no turn-up to exchange",
    ),
    "exchange, exchange_min_talon": (
        lambda: lead_after(E(CLASSIC_66, exchange_min_talon=4), 5, "9S"),
        "exchange",
        "cannot exchange: the talon has 2 cards and this rule set needs at least 4",
    ),
    # §3.4: exchange_on_first_lead.
    "exchange, first trick": (
        lambda: deal_a(
            E(CLASSIC_66, exchange_requires_won_trick=False, exchange_on_first_lead=False)
        ),
        "exchange",
        "this rule set allows no exchange during the first trick",
    ),
    # §3.2: exchange_timing ON_LEAD.
    "exchange, follower on an open talon": (
        lambda: play(follower_deal(CLASSIC_66), "KD AD 9C TC JC"),
        "exchange",
        "this rule set allows the exchange only to the player on lead",
    ),
    # §3.6 and §9.6: exchange_when_closed.
    "exchange, closed, the closer": (
        lambda: play(deal_a(PAGAT_66), "AC JC close"),
        "exchange",
        "on a closed talon only the closer's opponent may exchange, as follower",
    ),
    "exchange, closed, the opponent on lead": (
        lambda: play(
            deal(PAGAT_66, "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"), "close JC TC"
        ),
        "exchange",
        "on a closed talon only the closer's opponent may exchange, as follower",
    ),
    "exchange, closed, after the first trick after the close": (
        lambda: play(
            deal(PAGAT_66, "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"), "close AC TC JC"
        ),
        "exchange",
        "on a closed talon the exchange is allowed only before the first trick after the close",
    ),
    "exchange, closed, no trick won": (
        lambda: play(
            deal(
                E(HOYLE_66, close_on_first_lead=True),
                "AC KH QH KD QD JC",
                "9S TC AD TD AH TH",
                "AS",
            ),
            "close JC",
        ),
        "exchange",
        "on a closed talon only a player who has won a trick may exchange",
    ),
    "exchange, closed, follower": (
        lambda: play(
            follower_deal(
                E(CLASSIC_66, exchange_when_closed=ss.ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK)
            ),
            "KD AD 9C TC close JC",
        ),
        "exchange",
        "this rule set allows the exchange only to the player on lead",
    ),
    # §4.8, §2.5, §4.10, §4.11: closing.
    "close, closing_allowed": (
        lambda: deal_a(E(CLASSIC_66, closing_allowed=False)),
        "close",
        "this rule set does not allow closing the talon",
    ),
    "close, talon exhausted": (
        lambda: lead_after(CLASSIC_66, 6),
        "close",
        "the talon is exhausted and cannot be closed",
    ),
    "close, first lead": (
        lambda: deal_a(HOYLE_66),
        "close",
        "this rule set does not allow closing on the first lead",
    ),
    "close, close_min_talon": (
        lambda: lead_after(E(SANTASE, claim_mode=ss.ClaimMode.EXPLICIT), 5),
        "close",
        "cannot close: the talon has 2 cards and this rule set needs at least 4",
    ),
    # §2.4: claim_mode AUTO.
    "claim, automatic": (
        lambda: play(deal_a(E(CLASSIC_66, claim_mode=ss.ClaimMode.AUTO)), "AC JC draw"),
        "claim",
        "claims are automatic in this rule set (claim_mode AUTO)",
    ),
    # §4.3 and §4.1: marriages.
    "marry, before the first trick": (
        lambda: position(SANTASE, "KH QH", "", "AS"),
        "marry H",
        "this rule set allows no marriage before you have won a trick",
    ),
    "marry, without the pair": (
        lambda: deal_a(),
        "marry C",
        "you need both KC and QC in hand to marry clubs",
    ),
    # §1.6 and §1.4: which card.
    "play, not held": (lambda: deal_a(), "AH", "you do not hold AH"),
    "play, head the trick": (
        lambda: play(position(CLASSIC_66, "KH", "AH JH TD 9D TS 9S", "KS"), "close KH"),
        "JH",
        "the talon is closed: you must follow suit and beat KH with a higher heart",
    ),
    "play, follow suit": (
        lambda: play(
            position(E(CLASSIC_66, strict_play=ss.StrictPlay.FOLLOW_ONLY), "KD", "AH 9D TS", "KS"),
            "close KD",
        ),
        "AH",
        "the talon is closed: you must follow suit (diamonds)",
    ),
    "play, trump": (
        lambda: play(position(CLASSIC_66, "QC", "AH JH TD 9D TS 9S", "KS"), "close QC"),
        "AH",
        "the talon is closed: you have no clubs, so you must play a trump",
    ),
    "play, exhausted talon": (
        lambda: play(lead_after(CLASSIC_66, 6, "AS"), "QH"),
        "KC",
        "the talon is exhausted: you must follow suit and beat QH with a higher heart",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_refusal_gives_the_rule_word_for_word(case: str) -> None:
    make, move, reason = CASES[case]
    state = make()
    assert ss.explain_illegal(state, move) == reason
    assert not ss.is_legal(state, move)
    assert move not in [str(m) for m in ss.legal_moves(state)]
    with pytest.raises(ss.IllegalMoveError) as info:
        ss.apply_move(state, move)
    assert info.value.reason == reason


def test_the_rule_functions_count_a_talon_of_one_card() -> None:
    # The words for one card (a talon size only a hand-made call can have).
    r = E(CLASSIC_66, close_min_talon=4, exchange_min_talon=4)
    assert lg.close_rule(r, -1, 1, True, False, -1) == (
        "cannot close: the talon has 1 card and this rule set needs at least 4"
    )
    s = lead_after(r, 2, "9S")
    assert lg.exchange_rule(s, s.hands[1], 1, 1, True) == (
        "cannot exchange: the talon has 1 card and this rule set needs at least 4"
    )
    assert lg.exchange_rule(s, s.hands[1], 4, 1, True) is None


def test_decision_rule() -> None:
    # §4.9 close_timing: with AFTER_DRAW a won trick is followed by the draw at once.
    after = E(CLASSIC_66, close_timing=ss.CloseTiming.AFTER_DRAW)
    assert lg.decision_rule(after, 10) == (
        "this rule set closes only before the lead (close_timing AFTER_DRAW)"
    )
    assert lg.decision_rule(CLASSIC_66, 10) is None
    assert lg.decision_rule(CLASSIC_66, 0) == "the talon is exhausted and cannot be closed"
    assert lg.decision_rule(E(CLASSIC_66, closing_allowed=False), 10) == (
        "this rule set does not allow closing the talon"
    )
    # At the decision the first-lead and marriage conditions of closing do not apply.
    assert lg.decision_rule(E(CLASSIC_66, close_on_first_lead=False), 10) is None


def test_the_non_card_moves_come_in_the_documented_order() -> None:
    # rules §2.6: draw, exchange, close, claim, then marriages by suit C, D, H, S.
    flags = (
        (lg.F_DRAW, "draw"),
        (lg.F_EXCHANGE, "exchange"),
        (lg.F_CLOSE, "close"),
        (lg.F_CLAIM, "claim"),
    )
    for code in range(256):
        expected = [word for flag, word in flags if code & flag]
        expected += [f"marry {s}" for k, s in enumerate("CDHS") if code >> (4 + k) & 1]
        assert [str(m) for m in lg._prefix(code)] == expected
        assert lg._PREFIXES[code] == lg._prefix(code)


def test_both_rule_facts_caches_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each cache holds at most FACTS_CACHE_LIMIT rule sets (then it starts again).
    monkeypatch.setattr(lg, "FACTS_CACHE_LIMIT", 2)
    lg.FACTS_BY_ID.clear()
    lg._FACTS_BY_VALUE.clear()
    for target in (5, 6, 7, 8, 9):
        rules = E(CLASSIC_66, match_target=target)
        assert lg.rule_facts(rules).rules == rules
        assert len(lg._FACTS_BY_VALUE) <= 2 and len(lg.FACTS_BY_ID) <= 2
