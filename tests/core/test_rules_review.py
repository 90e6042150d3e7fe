"""An adversarial review of the engine and of match play against the rules page.

Each test checks one claim of the rules page (the section is named in the test), mostly in
combinations of parameters that the other rule tests do not put together: a close at the
decision followed by each ``exchange_when_closed``, the strict-phase marriage right after a
close, pending marriages with automatic claims, the closer's scoring bases, the 32-card
deck, other packet shapes, and three-hand matches. The positions are dealt by hand (or
derived from a script by :func:`tests.helpers.scenario`), and every expectation is worked
out from the text of the rules page, not from the engine.
"""

from __future__ import annotations

import enum
import random

import attrs
import pytest
from tests.helpers import deal, hand_text, moves, play, talon_text

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    HOYLE_66,
    PAGAT_66,
    SANTASE,
    SCHNAPSEN,
    SCHNAPSEN_TOURNAMENT,
    VU_SCHNAPSEN,
    BothOver66,
    Card,
    ClaimMode,
    ClosedWinBasis,
    CloserBeaten,
    Deck,
    ExchangeTiming,
    ExchangeWhenClosed,
    FailedClose,
    FalseClaim,
    HandEnd,
    HandResult,
    HandState,
    MarriageLead,
    Rules,
    Schwarz,
    Step,
    TrumpSource,
)
from sixtysix.match import Match, apply_result, new_match, next_hand

E = attrs.evolve
AUTO = ClaimMode.AUTO
NEVER = ExchangeWhenClosed.NEVER
AT_CLOSE_OPPONENT = ExchangeWhenClosed.AT_CLOSE_OPPONENT
WHILE_CLOSED = ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK


def outcome(state: HandState) -> tuple[int | None, int, tuple[int, int], HandEnd]:
    """(winner, game points, points, reason) of a finished hand."""
    assert state.is_over, f"the hand is not over: {state!r}"
    r = ss.score_hand(state)
    return r.winner, r.game_points, r.points, r.reason


# ====================================================================== §1.1-§1.3 cards, deal


@pytest.mark.parametrize(
    ("deck", "ranks", "exchange"),
    [
        (Deck.D24, "A T K Q J 9", "9"),
        (Deck.D20, "A T K Q J", "J"),
        (Deck.D32, "A T K Q J 9 8 7", "7"),
    ],
)
def test_decks_hold_120_points_and_their_exchange_rank(
    deck: Deck, ranks: str, exchange: str
) -> None:
    """§1.1, §1.2: the cards of each deck, 120 card points, the lowest trump exchanges."""
    want = {Card.parse(r + s) for r in ranks.split() for s in "CDHS"}
    assert set(deck.cards) == want and deck.size == len(want)
    assert sum(c.points for c in deck.cards) == 120
    assert deck.exchange_rank.letter == exchange
    points = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
    assert all(c.points == points[c.rank.letter] for c in deck.cards)


def _pack(rules: Rules, seed: int) -> list[Card]:
    order = list(rules.deck.cards)
    random.Random(seed).shuffle(order)
    return order


def _check_deal(
    rules: Rules, nd: list[int], dl: list[int], drawn: list[int], *, seed: int = 5
) -> None:
    """Deal a shuffled pack both ways round and compare with the rules page positions."""
    order = _pack(rules, seed)
    for dealer in (0, 1):
        s = ss.deal_from_order(rules, order, dealer=dealer)
        want_nd = {order[i] for i in nd}
        want_dl = {order[i] for i in dl}
        assert set(s.hand(1 - dealer)) == want_nd, "non-dealer's cards"
        assert set(s.hand(dealer)) == want_dl, "dealer's cards"
        assert [Card.from_index(i) for i in s.talon] == [order[i] for i in drawn]
        assert s.turnup == order[drawn[-1]] and s.trump == order[drawn[-1]].suit
        assert s.leader == 1 - dealer and s.to_move == 1 - dealer and s.step is Step.LEAD
        assert s.talon_size == rules.talon_size == len(drawn)


def test_deal_sixty_six() -> None:
    """§1.3 example: (3,3), turn after round 2."""
    _check_deal(CLASSIC_66, [0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11], [*range(13, 24), 12])


def test_deal_schnapsen() -> None:
    """§1.3 example: (3,2), turn after round 1."""
    _check_deal(SCHNAPSEN, [0, 1, 2, 7, 8], [3, 4, 5, 9, 10], [*range(11, 20), 6])


def test_deal_last_card_of_pack() -> None:
    """§1.3 example: LAST_CARD_OF_PACK with packets (1,1,1,1,1)."""
    _check_deal(VU_SCHNAPSEN, [0, 2, 4, 6, 8], [1, 3, 5, 7, 9], [*range(10, 20)])


def test_deal_last_card_of_pack_other_packets() -> None:
    """§1.3 with LAST_CARD_OF_PACK and (3,2) packets on 20 cards, and (3,3) on 24 cards:
    the packets as usual, then the rest face down, the pack's last card turned up and drawn
    last. trump_after_round is not read then."""
    d20 = E(SCHNAPSEN, trump_source=TrumpSource.LAST_CARD_OF_PACK)
    _check_deal(d20, [0, 1, 2, 6, 7], [3, 4, 5, 8, 9], [*range(10, 20)])
    d24 = E(CLASSIC_66, trump_source=TrumpSource.LAST_CARD_OF_PACK, trump_after_round=1)
    _check_deal(d24, [0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11], [*range(12, 24)])
    ones = E(CLASSIC_66, trump_source=TrumpSource.LAST_CARD_OF_PACK, deal_packets=(2, 2, 2))
    _check_deal(ones, [0, 1, 4, 5, 8, 9], [2, 3, 6, 7, 10, 11], [*range(12, 24)])


def test_deal_next_card_after_first_round_of_three() -> None:
    """§1.3: with (3,3) and the turn after round 1, the turn-up is the 7th card."""
    rules = E(CLASSIC_66, trump_after_round=1)
    _check_deal(rules, [0, 1, 2, 7, 8, 9], [3, 4, 5, 10, 11, 12], [*range(13, 24), 6])


def test_deal_d32() -> None:
    """§1.3, §10: 32 cards on CLASSIC_66: talon 20 (turn-up included), turn-up d12."""
    rules = E(CLASSIC_66, deck=Deck.D32)
    _check_deal(rules, [0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11], [*range(13, 32), 12])


# ====================================================================== §1.4-§1.6 play, D32


@pytest.mark.parametrize(
    ("lead", "follow", "follower_wins"),
    [
        ("7H", "8H", True),
        ("8H", "7H", False),
        ("8H", "9H", True),
        ("9H", "JH", True),
        ("AH", "7S", True),  # the lowest trump beats a plain ace
        ("7S", "8S", True),
        ("8S", "AH", False),  # a plain card never beats a trump lead
        ("7C", "AD", False),  # off-suit, no trump: the leader wins
    ],
)
def test_d32_trick_winner(lead: str, follow: str, follower_wins: bool) -> None:
    """§1.1 rank order with 8 and 7, §1.4 trick winner (trump spades)."""
    rules = E(CLASSIC_66, deck=Deck.D32)
    rest = [c for c in ("AC", "TC", "KC", "QC", "JC", "9C", "KD", "QD") if c not in (lead, follow)]
    nd = [lead, *rest[:5]]
    dl = [follow, *rest[5:7], "JD", "9D", "8D"]
    s = play(deal(rules, " ".join(nd), " ".join(dl), "AS"), [lead, follow], auto_draw=False)
    assert s.leader == (0 if follower_wins else 1)


def _play_out_without_closing(state: HandState, rng: random.Random) -> list[bool]:
    """Play to the end, never closing or claiming; whether each trick was strict."""
    strict: list[bool] = []
    while not state.is_over:
        options = [m for m in ss.legal_moves(state) if str(m) not in ("close", "claim")]
        if state.step is Step.FOLLOW:
            strict.append(state.is_strict)
            hand = state.hands[state.to_move or 0].bit_count()
            plays = [m for m in options if isinstance(m, ss.Play)]
            # in the open phase the follower may play any card (§1.6)
            assert state.is_strict or len(plays) == hand
        state = ss.apply_move(state, rng.choice(options))
    return strict


@pytest.mark.parametrize("seed", range(4))
def test_d32_ten_open_tricks_then_six_strict(seed: int) -> None:
    """§10, §1.6: D32 on CLASSIC_66: talon 20, 10 open tricks (the 10th draws the last two
    cards), then 6 strict tricks; 120 card points plus the last-trick 10."""
    rules = E(CLASSIC_66, deck=Deck.D32)
    state = ss.new_hand(rules, seed=seed)
    assert state.talon_size == 20 and len(state.hand(0)) == len(state.hand(1)) == 6
    strict = _play_out_without_closing(state, random.Random(seed))
    assert strict == [False] * 10 + [True] * 6


def test_d32_exchange_of_the_seven_and_draw_order() -> None:
    """§1.2, §1.5, §3 on 32 cards: 7S exchanges for the turn-up; the winner draws first."""
    rules = E(CLASSIC_66, deck=Deck.D32)
    s = deal(rules, "AC 7S KH QH KD QD", "JC TC AD TD AH TH", "AS", "8C 8D 9C 9D")
    s = play(s, "AC JC draw")
    assert "8C" in hand_text(s, 1) and "8D" in hand_text(s, 0)
    assert moves(s)[0] == "exchange"
    t = play(s, "exchange")
    assert str(t.turnup) == "7S" and "AS" in hand_text(t, 1)
    assert t.talon_size == 18 and talon_text(t).split()[:2] == ["9C", "9D"]


@pytest.mark.parametrize("source", list(TrumpSource))
@pytest.mark.parametrize("exchange", [False, True])
def test_loser_of_the_last_draw_takes_the_turnup(source: TrumpSource, exchange: bool) -> None:
    """§1.3, §1.5, §3: the turn-up is drawn last, by the loser of the trick that empties the
    talon; after an exchange that card is the exchange card (also with LAST_CARD_OF_PACK)."""
    rules = E(CLASSIC_66, trump_source=source)
    s = deal(rules, "AC AD AH TC TD 9S", "JC JD JH QC QD 9H", "AS")
    script = "AC JC draw " + ("exchange " if exchange else "") + "AD JD AH JH TC QC TD QD"
    s = play(s, script)
    last = "AS" if exchange else "9S"
    s = play(s, [last, "9H", "draw"])
    assert s.talon_size == 0 and s.leader == 1
    assert ("9S" if exchange else "AS") in hand_text(s, 0)
    assert s.is_strict and s.turnup is None


# ====================================================================== §2 text forms


def test_move_text_forms_round_trip() -> None:
    """§2: the canonical texts QH, marry H, exchange, close, draw, claim."""
    assert str(ss.Play(Card.parse("QH"))) == "QH"
    assert str(ss.Marry(ss.Suit.HEARTS)) == "marry H"
    words = {
        ss.Exchange(): "exchange",
        ss.Close(): "close",
        ss.Draw(): "draw",
        ss.Claim(): "claim",
    }
    for move, text in words.items():
        assert str(move) == text and ss.parse_move(text) == move
    for c in Deck.D32.cards:
        text = c.rank.letter + c.suit.letter
        assert str(ss.Play(c)) == text == str(c)
        assert ss.parse_move(text) == ss.Play(c)
    for suit in ss.Suit:
        assert ss.parse_move(f"marry {suit.letter}") == ss.Marry(suit)
    assert ss.parse_move("TH") == ss.Play(Card.parse("TH"))
    for bad in ("marry", "marry X", "XH", "1H", "draw close", ""):
        with pytest.raises(ss.ParseError):
            ss.parse_move(bad)


# ====================================================================== §9.1 close, then exchange

# Deal C (trump spades, dealer seat 0): seat 0 wins trick 1 with AD and holds 9S; seat 1
# wins trick 2 with TC. Seat 1 holds no 9S.
C_ND, C_DL, C_UP, C_TALON = "KD TC KH QH QD JC", "AD 9S AH TH JH 9D", "AS", "9C JD KC QC"


def deal_c(rules: Rules) -> HandState:
    return deal(rules, C_ND, C_DL, C_UP, C_TALON)


@pytest.mark.parametrize(
    ("when", "offered"), [(NEVER, False), (AT_CLOSE_OPPONENT, False), (WHILE_CLOSED, True)]
)
@pytest.mark.parametrize("timing", list(ExchangeTiming))
def test_closer_leading_after_close_at_decision(
    when: ExchangeWhenClosed, offered: bool, timing: ExchangeTiming
) -> None:
    """§9.1: a close at the decision ends it; the leading turn that follows is on a closed
    talon and exchange_when_closed decides. §9.6: AT_CLOSE_OPPONENT never lets the closer
    exchange; WHILE_CLOSED_WITH_TRICK includes the closer (who has a trick)."""
    rules = E(CLASSIC_66, exchange_when_closed=when, exchange_timing=timing)
    s = play(deal_c(rules), "KD AD", auto_draw=False)
    assert s.step is Step.DECIDE and "exchange" not in moves(s)
    s = play(s, "close")
    assert s.to_move == 0 and s.closed_by == 0 and "9S" in hand_text(s, 0)
    assert ("exchange" in moves(s)) is offered
    assert ss.is_legal(s, "exchange") is offered
    if offered:
        t = play(s, "exchange")
        assert "AS" in hand_text(t, 0) and t.talon[-1] == Card.parse("9S").index
        assert t.is_closed and t.turnup is None and t.step is Step.LEAD
        assert "exchange" not in moves(t)
    else:
        with pytest.raises(ss.IllegalMoveError):
            ss.apply_move(s, "exchange")


@pytest.mark.parametrize("when", list(ExchangeWhenClosed))
def test_closer_cannot_exchange_after_closing_in_the_same_turn(when: ExchangeWhenClosed) -> None:
    """§9.2: in a leading turn the exchange is only the first step, never after close."""
    rules = E(CLASSIC_66, exchange_when_closed=when)
    s = play(deal_c(rules), "KD AD draw")
    assert moves(s)[:2] == ["exchange", "close"]  # open talon, seat 0 has a trick
    s = play(s, "close")
    assert "exchange" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="first step"):
        ss.apply_move(s, "exchange")


def test_while_closed_closer_exchanges_as_follower_and_on_a_later_lead() -> None:
    """§9.6: WHILE_CLOSED_WITH_TRICK applies to the closer too: as follower only under
    ANY_TIME (HOYLE_66), and on a later lead under either timing."""
    for base, as_follower in ((CLASSIC_66, False), (HOYLE_66, True)):
        rules = E(base, exchange_when_closed=WHILE_CLOSED)
        s = play(deal_c(rules), "KD AD draw close 9D QD")  # seat 1 must beat 9D with QD
        assert s.leader == 1 and s.closed_by == 0 and "exchange" not in moves(s)
        f = play(s, "JD")  # seat 0, the closer, follows holding 9S and a won trick
        assert f.to_move == 0 and "9S" in hand_text(f, 0)
        assert ("exchange" in moves(f)) is as_follower, base
        t = play(s, "KH AH")  # seat 0 must beat KH with AH (or may, under FOLLOW_ONLY)
        assert t.leader == 0 and t.to_move == 0 and t.step is Step.LEAD
        assert moves(t)[0] == "exchange", base


@pytest.mark.parametrize("at_decision", [True, False])
@pytest.mark.parametrize("timing", list(ExchangeTiming))
def test_at_close_opponent_after_either_kind_of_close(
    at_decision: bool, timing: ExchangeTiming
) -> None:
    """§3, §9.6: the closer's opponent may exchange before playing to the first trick after
    the close, whether the close was at the decision or in the leading turn, and whatever
    exchange_timing says; not in any later trick."""
    rules = E(PAGAT_66, exchange_timing=timing)
    script = "KD AD draw 9C TC " + ("close" if at_decision else "draw close")
    s = play(deal_c(rules), script, auto_draw=False)
    assert s.closed_by == 1 and s.to_move == 1 and s.step is Step.LEAD
    assert "exchange" not in moves(s)  # seat 1 does not hold 9S anyway
    s = play(s, "QD")
    assert s.to_move == 0 and s.step is Step.FOLLOW
    assert moves(s)[0] == "exchange"
    t = play(s, "exchange")
    assert t.step is Step.FOLLOW and t.to_move == 0 and "AS" in hand_text(t, 0)
    assert "exchange" not in moves(t)
    later = play(s, "9D")  # seat 0 must follow diamonds; loses; seat 1 leads again
    assert later.leader == 1 and "9S" in hand_text(later, 0)
    later = play(later, "JC")
    assert later.to_move == 0 and "exchange" not in moves(later)


def test_at_close_opponent_waives_first_lead_and_won_trick() -> None:
    """§9.6: AT_CLOSE_OPPONENT waives the won-trick and first-lead conditions, so the
    dealer may exchange in trick 1 after the non-dealer closes on the first lead, even with
    exchange_on_first_lead = no (§9.5 would forbid it on an open talon)."""
    nd, dl, up = "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"
    for rules in (PAGAT_66, E(PAGAT_66, exchange_on_first_lead=False)):
        s = play(deal(rules, nd, dl, up), "close JC")
        assert s.to_move == 0 and moves(s) == ["exchange", "TC"]
        # the same follower on an open talon: no exchange (ON_LEAD, and no trick)
        open_ = play(deal(E(rules, exchange_timing=ExchangeTiming.ANY_TIME), nd, dl, up), "JC")
        assert "exchange" not in moves(open_)


@pytest.mark.parametrize(("minimum", "offered"), [(2, True), (4, True), (6, False)])
def test_at_close_opponent_min_talon_counts_the_closed_talon(minimum: int, offered: bool) -> None:
    """§9.6: the minimum talon is not waived, and it counts the cards of the closed talon
    (4 here, closed in the leading turn after the 4th draw)."""
    rules = E(PAGAT_66, exchange_min_talon=minimum)
    # seat 1 wins five tricks; the talon has 4 cards before the 5th trick's draw.
    nd, dl, up = "AC AD AH TC TD TH", "JC JD JH QC QD 9S", "AS"
    talon = "KC KD KH 9C 9D 9H QH JS"
    s = play(deal(rules, nd, dl, up, talon), "AC JC draw AD JD draw AH JH draw TC QC draw")
    assert s.talon_size == 4 and s.leader == 1 and "9S" in hand_text(s, 0)
    s = play(s, "close TD")
    assert s.to_move == 0 and s.talon_size == 4
    assert ("exchange" in moves(s)) is offered


def test_hoyle_follower_on_closed_talon_needs_a_trick() -> None:
    """§3 WHILE_CLOSED_WITH_TRICK under ANY_TIME (HOYLE_66): a follower without a won trick
    may not exchange on a closed talon; once it has won one it may (here on lead)."""
    nd, dl, up = "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"
    s = play(deal(HOYLE_66, nd, dl, up, "9C 9D"), "AC TC close JC")
    assert s.closed_by == 1 and s.to_move == 0 and "9S" in hand_text(s, 0)
    assert s.tricks(0) == 0
    assert "exchange" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="won a trick"):
        ss.apply_move(s, "exchange")
    s = play(s, "AH KD AD")  # FOLLOW_ONLY: any card when void; seat 0 then beats KD
    assert s.leader == 0 and s.tricks(0) == 1 and s.step is Step.LEAD
    assert moves(s)[0] == "exchange"  # on lead, with a trick


@pytest.mark.parametrize(("minimum", "at4", "at2"), [(2, True, True), (4, True, False)])
def test_while_closed_min_talon_vs_closed_talon_sizes(minimum: int, at4: bool, at2: bool) -> None:
    """§3, §9.6: exchange_min_talon counts the cards still in a closed talon: a talon closed
    at the decision with 4 or 2 cards (before the draw, §2.1)."""
    rules = E(CLASSIC_66, exchange_when_closed=WHILE_CLOSED, exchange_min_talon=minimum)
    nd, dl, up = "AC AD AH TC TD 9S", "JC JD JH QC QD TH", "AS"
    talon = "KC KD KH 9C 9D 9H QH JS"
    start = deal(rules, nd, dl, up, talon)
    five = "AC JC draw AD JD draw AH JH draw TC QC draw TD QD"
    s4 = play(start, five, auto_draw=False)
    assert s4.step is Step.DECIDE and s4.talon_size == 4 and s4.leader == 1
    s4 = play(s4, "close")
    assert s4.talon_size == 4 and "9S" in hand_text(s4, 1)
    assert ("exchange" in moves(s4)) is at4
    s2 = play(start, five + " draw KC 9C", auto_draw=False)
    assert s2.step is Step.DECIDE and s2.talon_size == 2 and s2.leader == 1
    s2 = play(s2, "close")
    assert s2.talon_size == 2 and len(s2.hand(1)) == 5 and "9S" in hand_text(s2, 1)
    assert ("exchange" in moves(s2)) is at2
    if at2:
        t = play(s2, "exchange")  # the face-down turn-up AS comes to hand
        assert "AS" in hand_text(t, 1) and t.talon[-1] == Card.parse("9S").index


# ====================================================================== §4 marriage after a close

# Deal A (trump spades, dealer seat 0): seat 1 holds KH QH KD QD and wins trick 1 with AC.
A_ND, A_DL, A_UP = "AC 9S KH QH KD QD", "JC TC AD TD AH TH", "AS"
A_TALON = "JD 9C KC QC 9D JH 9H TS KS QS JS"


@pytest.mark.parametrize("strict_marriages", [False, True])
@pytest.mark.parametrize("where", ["decision", "lead", "first lead"])
def test_marriage_right_after_a_close(strict_marriages: bool, where: str) -> None:
    """§4: marriage_in_strict_phase decides whether the closer may marry right after closing
    (the closer's own next lead is already strict), wherever the close was made."""
    rules = E(CLASSIC_66, marriage_in_strict_phase=strict_marriages)
    script = {"decision": "AC JC close", "lead": "AC JC draw close", "first lead": "close"}[where]
    s = play(deal(rules, A_ND, A_DL, A_UP, A_TALON), script, auto_draw=False)
    assert s.closed_by == 1 and s.to_move == 1 and s.step is Step.LEAD
    marriages = [m for m in moves(s) if m.startswith("marry")]
    assert marriages == (["marry D", "marry H"] if strict_marriages else [])
    if strict_marriages:
        t = play(s, "marry H")
        counted = where != "first lead"  # before any won trick the 20 are pending
        assert t.marriages[1] == (20 if counted else 0) and t.pending[1] == (0 if counted else 20)
        assert moves(t) == ["claim", "KH", "QH"]
    else:
        with pytest.raises(ss.IllegalMoveError, match="closed or exhausted"):
            ss.apply_move(s, "marry H")


@pytest.mark.parametrize("where", ["decision", "lead"])
def test_claim_offered_after_a_close(where: str) -> None:
    """§2: the window opened by the won trick stays open through the close (§2.2 order:
    close before claim); a close on the first lead opens none."""
    script = {"decision": "AC JC close", "lead": "AC JC draw close"}[where]
    s = play(deal(CLASSIC_66, A_ND, A_DL, A_UP, A_TALON), script, auto_draw=False)
    assert moves(s)[0] == "claim"
    first = play(deal(CLASSIC_66, A_ND, A_DL, A_UP, A_TALON), "close")
    assert "claim" not in moves(first)


@pytest.mark.parametrize(("tricks", "correct"), [("AC JC", False), ("AC JC TC QC", True)])
def test_king_only_claim_after_marriage(tricks: str, correct: bool) -> None:
    """§4 KING_ONLY, marriage_out_without_lead, §2.4: after a trump marriage the player may
    lead only the king, or claim; the claim is offered whether correct or not (§6.1, §6.2)."""
    rules = SCHNAPSEN_TOURNAMENT  # KING_ONLY, FORBIDDEN first-trick marriage, TWO_OR_THREE
    s = deal(rules, "AC TC KH QH AD", "JC QC JD QD KD", "AH", "TH KC")
    assert not any(m.startswith("marry") for m in moves(s))
    s = play(s, tricks)
    assert s.to_move == 1 and "marry H" in moves(s)
    s = play(s, "marry H")
    assert moves(s) == ["claim", "KH"]
    with pytest.raises(ss.IllegalMoveError, match="must lead KH"):
        ss.apply_move(s, "QH")
    done = play(s, "claim")
    points = s.card_points[1] + 40
    assert done.points(1) == points
    if correct:
        assert points == 66
        assert outcome(done) == (1, 3, (0, 66), HandEnd.CLAIM)
    else:
        assert outcome(done) == (0, 3, (0, points), HandEnd.FALSE_CLAIM)  # no trick: 3
    vu = E(VU_SCHNAPSEN, deal_packets=(3, 2), trump_source=TrumpSource.NEXT_CARD)
    v = play(deal(vu, "AC TC KH QH AD", "JC QC JD QD KD", "AH", "TH KC"), tricks + " marry H")
    assert moves(v) == ["KH"]  # no claim after a marriage, and no automatic end
    assert not v.is_over and v.pending == (0, 40)  # NEXT_TRICK_AFTER_DECLARING


# ====================================================================== pending marriages, closes


@pytest.mark.parametrize("mode", [ClaimMode.EXPLICIT, ClaimMode.AUTO])  # claims exist
@pytest.mark.parametrize(
    ("rules", "gp"),
    [
        (CLASSIC_66, 3),  # AS_FAILED_CLOSE, TWO_OR_THREE: no trick at the close
        (E(CLASSIC_66, closer_beaten=CloserBeaten.FLAT_TWO), 2),
        (E(CLASSIC_66, failed_close=FailedClose.BY_CLOSER_POINTS), 3),
    ],
)
def test_pending_marriage_of_closers_opponent_beats_the_closer(
    rules: Rules, gp: int, mode: ClaimMode
) -> None:
    """§4, §9.9, §6.3, §2.4: seat 1 marries on the first lead (pending) and loses the trick;
    seat 0 closes at the decision. The snapshot leaves the pending 20 out (no trick then);
    seat 1's next won trick counts it, and at 67 (automatically, or by claiming) it beats
    the closer: closer_beaten, with 'no trick at the close'."""
    rules = E(rules, claim_mode=mode)
    s = deal(rules, "KH QH AC AD TD AS", "AH 9C KD 9D 9S 9H", "JS")
    s = play(s, "marry H KH AH", auto_draw=False)
    assert s.pending == (0, 20) and s.leader == 0
    s = play(s, "close")
    assert s.close_snapshot == ss.CloseSnapshot(1, 0, 0, 0)
    s = play(s, "9C AC")
    assert s.marriages == (0, 20) and s.pending == (0, 0) and s.points(1) == 31
    s = play(s, "AD KD TD 9D AS 9S")
    assert s.points(1) == 67 and len(s.hand(1)) == 1  # not the last trick
    if mode is ClaimMode.EXPLICIT:
        assert not s.is_over
        s = play(s, "claim")
    assert outcome(s) == (1, gp, (15, 67), HandEnd.CLOSER_BEATEN)


@pytest.mark.parametrize("mode", [ClaimMode.EXPLICIT, ClaimMode.AUTO])  # claims exist
@pytest.mark.parametrize(
    ("basis", "gp"), [(ClosedWinBasis.AT_CLOSE, 3), (ClosedWinBasis.AT_END, 2)]
)
def test_closer_with_pending_marriage_reaches_66(
    basis: ClosedWinBasis, gp: int, mode: ClaimMode
) -> None:
    """§4, §6.1, §2.4: the non-dealer closes on the first lead and marries trumps (pending,
    marriage_in_strict_phase); the trick counts the 40; the opponent wins one trick; the
    closer's next trick brings 68: a correct claim graded on the opponent at the close
    (no trick: 3) or now (one trick, 14 points: 2)."""
    rules = E(CLASSIC_66, marriage_in_strict_phase=True, closed_win_basis=basis, claim_mode=mode)
    s = deal(rules, "KS QS QD AH KH JH", "AC AD TD TC 9H QC", "JS")
    s = play(s, "close marry S")
    claim = ["claim"] if mode is ClaimMode.EXPLICIT else []
    assert s.pending == (0, 40) and moves(s) == [*claim, "KS", "QS"]
    s = play(s, "KS AC")  # seat 0 holds no spade: any card
    assert s.marriages == (0, 40) and s.points(1) == 55 and not s.is_over
    s = play(s, "QD AD TC QS")  # seat 0 must beat QD; then seat 1 must trump TC
    assert s.points(1) == 68 and s.points(0) == 14
    if mode is ClaimMode.EXPLICIT:
        s = play(s, "claim")
    assert outcome(s) == (1, gp, (14, 68), HandEnd.CLAIM)


@pytest.mark.parametrize(
    ("basis", "counts", "gp"),
    [
        (ClosedWinBasis.AT_CLOSE, True, 2),  # at the close: one trick, 5 points
        (ClosedWinBasis.AT_END, True, 1),  # now: 16 card points + 20 marriage = 36
        (ClosedWinBasis.AT_END, False, 2),  # now, marriages not counted: 16
        (ClosedWinBasis.AT_CLOSE, False, 2),
    ],
)
def test_marriage_declared_by_opponent_after_the_close(
    basis: ClosedWinBasis, counts: bool, gp: int
) -> None:
    """§6.1, §9.9: with AT_CLOSE the opponent's marriage declared after the close is not in
    the basis; with AT_END it is (as far as schneider_counts_marriages says)."""
    rules = E(
        CLASSIC_66,
        marriage_in_strict_phase=True,
        closed_win_basis=basis,
        schneider_counts_marriages=counts,
    )
    s = deal(rules, "JC AH 9C AS KD QD", "QC 9H AC KS QS TH", "JD", "9S TC")
    s = play(s, "JC QC draw 9H AH", auto_draw=False)
    assert s.leader == 1 and s.step is Step.DECIDE
    s = play(s, "close")
    assert s.close_snapshot == ss.CloseSnapshot(2, 1, 5, 0)
    s = play(s, "9C AC marry S KS AS")
    assert s.marriages == (20, 0) and s.points(0) == 36
    s = play(s, "marry D claim")
    assert s.points(1) == 66
    assert outcome(s) == (1, gp, (36, 66), HandEnd.CLAIM)


# ====================================================================== §6.3 BY_CLOSER_POINTS

# Trump diamonds. Seat 0 wins trick 1 (10), seat 1 trick 2 (13) and closes at the decision,
# marries hearts (20, counted: 33) and loses every later trick.
BCP_ND, BCP_DL, BCP_UP, BCP_TALON = "9S AC KH QH 9C 9H", "TS JC AH AD TD KD", "JD", "QC JH"
BCP = "9S TS draw JC AC close marry H KH AH AD 9C TD 9H KD JH QC QH"


@pytest.mark.parametrize(
    ("rule", "threshold", "counts", "gp"),
    [
        (FailedClose.BY_CLOSER_POINTS, 33, True, 1),
        (FailedClose.BY_CLOSER_POINTS, 33, False, 1),  # §9.8: the closer's full points
        (FailedClose.BY_CLOSER_POINTS, 34, True, 2),
        (FailedClose.TWO_OR_THREE, 33, True, 2),
        (FailedClose.ALWAYS_THREE, 33, True, 3),
    ],
)
def test_by_closer_points_counts_the_closers_marriage(
    rule: FailedClose, threshold: int, counts: bool, gp: int
) -> None:
    """§6.3, §9.8: BY_CLOSER_POINTS compares the closer's final points (§5, marriages
    included, no last-trick 10 in a closed hand) with schneider_threshold."""
    rules = E(
        CLASSIC_66,
        marriage_in_strict_phase=True,
        failed_close=rule,
        schneider_threshold=threshold,
        schneider_counts_marriages=counts,
    )
    s = play(deal(rules, BCP_ND, BCP_DL, BCP_UP, BCP_TALON), BCP)
    assert s.closed_by == 1 and s.close_snapshot == ss.CloseSnapshot(2, 1, 10, 0)
    assert s.card_points == (58, 13) and s.marriages == (0, 20)
    assert outcome(s) == (0, gp, (58, 33), HandEnd.FAILED_CLOSE)


# ====================================================================== §6.2, §9.7 MIRROR


@pytest.mark.parametrize("basis", list(ClosedWinBasis))
def test_mirror_false_claim_by_closers_opponent_uses_the_closers_state_now(
    basis: ClosedWinBasis,
) -> None:
    """§9.7: MIRROR grades on the non-claimer's own state with the §6.1 basis; the AT_CLOSE
    basis is only for a claimer who closed, so a false claim by the closer's opponent is
    graded on the closer as it is now (one trick, 13 points: 2), never on the snapshot."""
    rules = E(CLASSIC_66, false_claim=FalseClaim.MIRROR, closed_win_basis=basis)
    s = play(deal(rules, A_ND, A_DL, A_UP, A_TALON), "AC JC close KD AD claim")
    assert s.closed_by == 1 and s.close_snapshot == ss.CloseSnapshot(1, 0, 0, 0)
    assert outcome(s) == (1, 2, (15, 13), HandEnd.FALSE_CLAIM)


@pytest.mark.parametrize(("schwarz", "gp"), [(Schwarz.NO_TRICKS, 2), (Schwarz.ZERO_POINTS, 3)])
def test_mirror_with_zero_point_trick(schwarz: Schwarz, gp: int) -> None:
    """§6.2, §9.8: the opponent of a false claimer holds one trick worth 0 points; MIRROR
    gives what a correct claim would: 3 under ZERO_POINTS, 2 under NO_TRICKS."""
    rules = E(CLASSIC_66, false_claim=FalseClaim.MIRROR, schwarz=schwarz)
    s = play(deal(rules, "9H AC KH QH KD QD", "9C TC AD TD AH TH", "AS"), "9H 9C draw KD AD claim")
    assert s.tricks(1) == 1 and s.points(1) == 0
    assert outcome(s) == (1, gp, (15, 0), HandEnd.FALSE_CLAIM)


# ====================================================================== §6.4 HIGHER_TOTAL


def _played_out(rules: Rules, want: str) -> HandState:
    """The first seeded hand (marrying when possible, never closing or claiming) whose end
    has both players at 66 or more with the last-trick 10 deciding as ``want`` says."""
    for seed in range(3000):
        rng = random.Random(seed)
        s = ss.new_hand(rules, seed=seed)
        while not s.is_over:
            legal = [m for m in ss.legal_moves(s) if not isinstance(m, ss.Claim | ss.Close)]
            marry = [m for m in legal if isinstance(m, ss.Marry)]
            s = ss.apply_move(s, marry[0] if marry else rng.choice(legal))
        last, other = s.leader, 1 - s.leader
        mine, theirs = s.points(last), s.points(other)
        if min(mine + 10, theirs) < 66:
            continue
        if want == "flip" and mine <= theirs < mine + 10:
            return s
        if want == "tie" and mine + 10 == theirs:
            return s
        if want == "loser-took-last" and mine + 10 < theirs:
            return s
    raise AssertionError(f"no {want} hand found")


def test_higher_total_last_trick_ten_decides() -> None:
    """§6.4, §9.8, §9.10: the last-trick 10 is part of the totals HIGHER_TOTAL compares; the
    loser's final state is graded (66 or more: 1)."""
    rules = E(CLASSIC_66, both_over_66=BothOver66.HIGHER_TOTAL)
    s = _played_out(rules, "flip")
    last = s.leader
    r = ss.score_hand(s)
    assert r.winner == last and r.game_points == 1 and r.reason is HandEnd.BOTH_OVER_66
    assert r.points[last] == s.points(last) + 10 and r.points[1 - last] == s.points(1 - last)
    assert ss.score_hand(attrs.evolve(s, rules=CLASSIC_66)).winner is None  # NO_SCORE


def test_higher_total_equal_after_last_trick_ten_scores_nothing() -> None:
    rules = E(CLASSIC_66, both_over_66=BothOver66.HIGHER_TOTAL)
    s = _played_out(rules, "tie")
    r = ss.score_hand(s)
    assert r.winner is None and r.game_points == 0 and r.carry == 1
    assert r.points[0] == r.points[1] and r.reason is HandEnd.BOTH_OVER_66


def test_higher_total_grades_the_loser_with_its_last_trick_ten() -> None:
    """§9.10: 'scores the higher total on the lower one's final state' — with the loser's
    last-trick 10 when it took the last trick (seen with a threshold between)."""
    rules = E(CLASSIC_66, both_over_66=BothOver66.HIGHER_TOTAL)
    s = _played_out(rules, "loser-took-last")
    loser = s.leader
    final = s.points(loser) + 10
    for threshold, gp in ((final, 1), (final + 1, 2)):
        r = ss.score_hand(attrs.evolve(s, rules=E(rules, schneider_threshold=threshold)))
        assert r.winner == 1 - loser and r.game_points == gp, threshold


# ====================================================================== §6.6, §7 matches


def won(seat: int, gp: int) -> HandResult:
    return HandResult(seat, gp, 0, (70, 20) if seat == 0 else (20, 70), HandEnd.CLAIM)


def tied(rules: Rules) -> HandResult:
    return HandResult(None, 0, rules.tie_carry, (65, 65), HandEnd.NEITHER_REACHED_66)


def test_carries_accumulate_over_several_ties() -> None:
    """§6.6: each hand that scores nothing carries tie_carry; carries accumulate and all go
    to the winner of the next hand that scores (and only to that hand)."""
    m = new_match(CLASSIC_66, seed=1)
    for k in range(1, 4):
        m = apply_result(m, tied(CLASSIC_66))
        assert m.carry == k and m.scores == (0, 0)
    m = apply_result(m, won(1, 2))
    assert m.scores == (0, 5) and m.carry == 0
    m = apply_result(m, won(0, 1))
    assert m.scores == (1, 5)


def test_no_carry_with_tie_carry_zero() -> None:
    m = new_match(PAGAT_66, seed=1)
    m = apply_result(apply_result(m, tied(PAGAT_66)), tied(PAGAT_66))
    assert m.carry == 0
    assert apply_result(m, won(0, 1)).scores == (1, 0)


@pytest.mark.parametrize(("start", "gp", "over"), [(6, 1, True), (5, 1, False), (4, 3, True)])
def test_match_ends_at_the_target(start: int, gp: int, over: bool) -> None:
    """§7: the match is over once a player has match_target (7) game points."""
    m = Match(rules=CLASSIC_66, seats=2, seed=1, scores=(0, start), dealer=0)
    after = apply_result(m, won(1, gp))
    assert after.scores == (0, start + gp)
    assert after.is_over is over and after.winner == (1 if over else None)
    if over:
        with pytest.raises(ss.SixtySixError):
            apply_result(after, won(0, 1))


def test_carry_can_end_the_match() -> None:
    m = Match(rules=CLASSIC_66, seats=2, seed=1, scores=(5, 0), dealer=0, carry=1)
    after = apply_result(m, won(0, 1))
    assert after.scores == (7, 0) and after.winner == 0


@pytest.mark.parametrize(
    ("next_dealer", "after_tie", "dealers"),
    [
        # results: seat 1 wins, tie, tie, seat 0 wins, seat 0 wins
        (ss.NextDealer.ALTERNATE, ss.DealerAfterTie.ALTERNATE, [0, 1, 0, 1, 0, 1]),
        (ss.NextDealer.ALTERNATE, ss.DealerAfterTie.SAME, [0, 1, 1, 1, 0, 1]),
        (ss.NextDealer.WINNER_DEALS, ss.DealerAfterTie.ALTERNATE, [0, 1, 0, 1, 0, 0]),
        (ss.NextDealer.WINNER_DEALS, ss.DealerAfterTie.SAME, [0, 1, 1, 1, 0, 0]),
    ],
)
def test_dealer_sequence(
    next_dealer: ss.NextDealer, after_tie: ss.DealerAfterTie, dealers: list[int]
) -> None:
    """§7: next_dealer after a scored hand, dealer_after_tie after one that scored nothing
    (also under WINNER_DEALS)."""
    rules = E(CLASSIC_66, next_dealer=next_dealer, dealer_after_tie=after_tie)
    m = new_match(rules, seed=1, dealer=0)
    seen = [m.dealer]
    for r in (won(1, 1), tied(rules), tied(rules), won(0, 1), won(0, 1)):
        m = apply_result(m, r)
        seen.append(m.dealer)
    assert seen == dealers


def test_santase_dealer_after_tie_is_the_same() -> None:
    m = new_match(SANTASE, seed=1, dealer=1)
    m = apply_result(m, tied(SANTASE))
    assert m.dealer == 1 and m.carry == 0
    m = apply_result(m, won(0, 2))
    assert m.dealer == 0 and m.scores == (2, 0)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_three_hand_deal_leader_and_rotation(dealer: int) -> None:
    """§7: the dealer sits out and deals to the other two; the player on the dealer's left
    (seat dealer + 1) leads; the deal passes left."""
    m = new_match(CLASSIC_66, seats=3, seed=3, dealer=dealer)
    left, right = (dealer + 1) % 3, (dealer + 2) % 3
    assert m.sitting_out == dealer and set(m.active_seats) == {left, right}
    state = next_hand(m)
    assert m.active_seats[state.leader] == left and m.active_seats[state.dealer] == right
    after = apply_result(m, won(0, 1))
    assert after.dealer == left
    assert apply_result(m, tied(CLASSIC_66)).dealer == left


def test_three_hand_sit_out_scores_with_carry_and_cap() -> None:
    """§6.6, §7: the idle dealer scores what the winner scores (carried points included),
    never past match_target - 1; a tie scores nobody."""
    m = new_match(CLASSIC_66, seats=3, seed=1, dealer=0)  # seats 1, 2 play; 0 idle
    m = apply_result(m, tied(CLASSIC_66))  # dealer 1: seats 0, 2 play
    assert m.scores == (0, 0, 0) and m.carry == 1 and m.dealer == 1
    m = apply_result(m, tied(CLASSIC_66))  # dealer 2: seats 0, 1 play
    assert m.carry == 2 and m.dealer == 2
    m = apply_result(m, won(0, 3))  # match seat 0 wins 3 + 2; idle seat 2 scores 5
    assert m.scores == (5, 0, 5) and m.carry == 0 and m.dealer == 0
    m = apply_result(m, won(1, 2))  # seats 1, 2 play: seat 2 wins 2 (7); idle seat 0 -> 6
    assert m.scores == (6, 0, 7) and m.is_over and m.winner == 2


def test_three_hand_sit_out_cap_when_already_at_target_minus_one() -> None:
    m = Match(rules=CLASSIC_66, seats=3, seed=1, scores=(6, 6, 0), dealer=0)
    m = apply_result(m, won(0, 1))  # match seat 1 wins: 7; the idle seat 0 stays at 6
    assert m.scores == (6, 7, 0) and m.winner == 1


def test_three_hand_winner_deals_and_same_dealer_after_tie() -> None:
    rules = E(
        CLASSIC_66, next_dealer=ss.NextDealer.WINNER_DEALS, dealer_after_tie=ss.DealerAfterTie.SAME
    )
    m = new_match(rules, seats=3, seed=1, dealer=0)
    m = apply_result(m, tied(rules))
    assert m.dealer == 0 and m.carry == 1
    m = apply_result(m, won(1, 1))  # hand seat 1 = match seat 2
    assert m.dealer == 2 and m.scores == (2, 0, 2)
    assert m.active_seats == (0, 1)


@pytest.mark.parametrize("mode", [ClaimMode.EXPLICIT, ClaimMode.AUTO])  # claims exist
def test_closers_opponent_marries_to_66(mode: ClaimMode) -> None:
    """§2, §2.4, §6.3: after the close the opponent wins tricks and marries trumps: the
    window right after the marriage (marriage_out_without_lead) holds 72, so the hand ends
    (automatically, or by the claim) with the closer beaten; no trick at the close: 3."""
    rules = E(CLASSIC_66, claim_mode=mode, marriage_in_strict_phase=True)
    s = deal(rules, "9C 9D 9H JC JD JH", "AC AD TH KS QS TC", "JS")
    s = play(s, "close 9C AC AD 9D TH 9H")
    assert s.points(0) == 32 and s.leader == 0 and s.closed_by == 1
    s = play(s, "marry S")
    if mode is ClaimMode.EXPLICIT:
        assert moves(s) == ["claim", "KS", "QS"]
        s = play(s, "claim")
    assert outcome(s) == (0, 3, (72, 0), HandEnd.CLOSER_BEATEN)


@pytest.mark.parametrize(
    ("rules", "nd", "dl", "talon", "leads"),
    [
        (
            SCHNAPSEN_TOURNAMENT,
            "AC TC KC QC JS",
            "AD TD KD QD JD",
            "JC AH",
            "AC AD TC TD KC KD QC QD JC JD",
        ),
        (
            E(SANTASE, claim_mode=ClaimMode.EXPLICIT),
            "AC TC KC QC JC 9S",
            "AD TD KD QD JD 9D",
            "9C AH",
            "AC AD TC TD KC KD QC QD JC JD 9C 9D",
        ),
    ],
)
def test_presets_with_exchange_min_talon_four(
    rules: Rules, nd: str, dl: str, talon: str, leads: str
) -> None:
    """§3, §8: SCHNAPSEN_TOURNAMENT and SANTASE exchange only while the talon holds 4 or more
    cards (turn-up included), and never on the first lead (exchange_on_first_lead = no).
    Seat 1 leads every trick holding the exchange card."""
    s = deal(rules, nd, dl, "AS", talon)
    words = leads.split()
    seen = []
    for k in range(0, len(words), 2):
        assert s.to_move == 1 and s.step is Step.LEAD
        seen.append((s.talon_size, "exchange" in moves(s)))
        s = play(s, words[k : k + 2])
    expected = [(size, 4 <= size < rules.talon_size) for size in range(rules.talon_size, 0, -2)]
    assert seen == expected


# ====================================================================== an event-driven shadow
#
# The other reference implementations derive everything from the engine's state fields
# (who has won a trick, snapshot.tricks_played, ...). This one follows the rules page as a story
# of events instead: a claim window opens when a trick is won and closes when that player
# plays a card; the closer's opponent's exchange chance is a flag set at the close and
# cleared by the next completed trick; what was done in the current leading turn is
# remembered as such. It deals from the same pack and replays the engine's moves, and at
# every step compares the legal moves (in the documented order) and, at the end, the score.


@attrs.define
class Shadow:
    """The rules page, as a mutable story of one hand."""

    rules: Rules
    hands: list[set[Card]]
    talon: list[Card]
    trump: ss.Suit
    leader: int
    step: str = "lead"
    lead: Card | None = None
    tricks: list[int] = attrs.Factory(lambda: [0, 0])
    cards: list[int] = attrs.Factory(lambda: [0, 0])
    counted: list[int] = attrs.Factory(lambda: [0, 0])
    pending: list[int] = attrs.Factory(lambda: [0, 0])
    window: list[bool] = attrs.Factory(lambda: [False, False])
    tricks_played: int = 0
    closer: int = -1
    snapshot: tuple[int, int, int] | None = None  # opponent's tricks, card points, marriages
    first_trick_after_close: bool = False
    turn_closed: bool = False
    turn_married: ss.Suit | None = None
    last_winner: int = -1
    claimer: int = -1

    @property
    def strict(self) -> bool:
        return self.closer >= 0 or not self.talon

    def exchange_card(self) -> Card:
        return Card(self.rules.deck.exchange_rank, self.trump)

    def may_exchange(self, seat: int, leading: bool) -> bool:
        r = self.rules
        if not self.talon or len(self.talon) < r.exchange_min_talon:
            return False
        if self.exchange_card() not in self.hands[seat]:
            return False
        if self.closer < 0:
            if not leading and r.exchange_timing is not ExchangeTiming.ANY_TIME:
                return False
            if r.exchange_requires_won_trick and self.tricks[seat] == 0:
                return False
            return r.exchange_on_first_lead or self.tricks_played > 0
        if r.exchange_when_closed is NEVER:
            return False
        if r.exchange_when_closed is AT_CLOSE_OPPONENT:
            return seat != self.closer and not leading and self.first_trick_after_close
        return self.tricks[seat] > 0 and (leading or r.exchange_timing is ExchangeTiming.ANY_TIME)

    def follow_cards(self) -> list[Card]:
        hand = self.hands[1 - self.leader]
        if not self.strict:
            return sorted(hand, key=lambda c: c.index)
        lead = self.lead
        assert lead is not None
        same = [c for c in hand if c.suit == lead.suit]
        trumps = [c for c in hand if c.suit == self.trump]
        rule = self.rules.strict_play
        if same:
            if rule is ss.StrictPlay.FOLLOW_HEAD_OR_TRUMP:
                higher = [c for c in same if c.rank > lead.rank]
                out = higher or same
            else:
                out = same
        elif trumps and rule is not ss.StrictPlay.FOLLOW_ONLY:
            out = trumps
        else:
            out = list(hand)
        return sorted(out, key=lambda c: c.index)

    def legal(self) -> list[str]:
        r = self.rules
        explicit = r.claim_mode is ClaimMode.EXPLICIT
        if self.step == "over":
            return []
        if self.step == "decide":
            return ["draw", "close", *(["claim"] if explicit else [])]
        if self.step == "follow":
            out = ["exchange"] if self.may_exchange(1 - self.leader, False) else []
            return out + [str(c) for c in self.follow_cards()]
        seat = self.leader
        hand = self.hands[seat]
        if self.turn_married is not None:
            suit = self.turn_married
            king, queen = Card(ss.Rank.KING, suit), Card(ss.Rank.QUEEN, suit)
            lead = [king] if r.marriage_lead is MarriageLead.KING_ONLY else [king, queen]
            claim = ["claim"] if explicit and r.marriage_out_without_lead else []
            return claim + [str(c) for c in lead]
        out = []
        if not self.turn_closed and self.may_exchange(seat, True):
            out.append("exchange")
        if (
            r.closing_allowed
            and self.closer < 0
            and self.talon
            and len(self.talon) >= r.close_min_talon
            and (r.close_on_first_lead or self.tricks_played > 0)
        ):
            out.append("close")
        if explicit and self.window[seat]:
            out.append("claim")
        forbidden = (
            r.marriage_before_first_trick is ss.MarriageBeforeFirstTrick.FORBIDDEN
            and self.tricks[seat] == 0
        )
        if not forbidden and not (self.strict and not r.marriage_in_strict_phase):
            for suit in ss.Suit:
                if Card(ss.Rank.KING, suit) in hand and Card(ss.Rank.QUEEN, suit) in hand:
                    out.append(f"marry {suit.letter}")
        return out + [str(c) for c in sorted(hand, key=lambda c: c.index)]

    def points(self, seat: int) -> int:
        return self.cards[seat] + self.counted[seat]

    def draw(self, winner: int) -> None:
        self.hands[winner].add(self.talon.pop(0))
        self.hands[1 - winner].add(self.talon.pop(0))

    def apply(self, move: str) -> None:
        r = self.rules
        seat = self.leader if self.step != "follow" else 1 - self.leader
        if move == "draw":
            self.draw(seat)
            self.step = "lead"
        elif move == "close":
            opp = 1 - seat
            self.snapshot = (self.tricks[opp], self.cards[opp], self.counted[opp])
            self.closer = seat
            self.first_trick_after_close = True
            self.turn_closed = self.step == "lead"
            self.step = "lead"
        elif move == "claim":
            self.claimer = seat
            self.step = "over"
        elif move == "exchange":
            self.hands[seat].remove(self.exchange_card())
            self.hands[seat].add(self.talon[-1])
            self.talon[-1] = self.exchange_card()
        elif move.startswith("marry"):
            suit = ss.Suit.parse(move.split()[1])
            value = 40 if suit == self.trump else 20
            redeem_now = (
                self.tricks[seat] > 0
                and r.marriage_pending_redeem is ss.MarriagePendingRedeem.ANY_TRICK
            )
            if redeem_now:
                self.counted[seat] += value
            else:
                self.pending[seat] += value
            self.turn_married = suit
            if r.claim_mode is AUTO and r.marriage_out_without_lead and self.points(seat) >= 66:
                self.claimer = seat
                self.step = "over"
        else:
            c = Card.parse(move)
            self.hands[seat].remove(c)
            self.window[seat] = False
            if self.step == "lead":
                self.lead = c
                self.step = "follow"
                self.turn_closed = False
                self.turn_married = None
                return
            self.finish_trick(c)

    def finish_trick(self, follow: Card) -> None:
        r = self.rules
        lead = self.lead
        assert lead is not None
        if follow.suit == lead.suit:
            follower_wins = follow.rank > lead.rank
        else:
            follower_wins = follow.suit == self.trump
        winner = 1 - self.leader if follower_wins else self.leader
        self.tricks[winner] += 1
        self.tricks_played += 1
        self.cards[winner] += lead.points + follow.points
        self.counted[winner] += self.pending[winner]
        self.pending[winner] = 0
        self.window[winner] = True
        self.first_trick_after_close = False
        self.leader = self.last_winner = winner
        self.lead = None
        if not self.hands[0] and not self.hands[1]:
            self.step = "over"
        elif r.claim_mode is AUTO and self.points(winner) >= 66:
            self.claimer = winner
            self.step = "over"
        elif self.closer < 0 and self.talon:
            decide = (
                r.close_timing is ss.CloseTiming.BEFORE_OR_AFTER_DRAW
                and r.closing_allowed
                and len(self.talon) >= r.close_min_talon
            )
            if decide:
                self.step = "decide"
            else:
                self.draw(winner)
                self.step = "lead"
        else:
            self.step = "lead"

    # ------------------------------------------------------------------ scoring (§6)

    def grade(self, tricks: int, full: int, marriages: int) -> int:
        r = self.rules
        if r.schwarz is Schwarz.NO_TRICKS and tricks == 0:
            return 3
        if r.schwarz is Schwarz.ZERO_POINTS and full == 0:
            return 3
        counted = full if r.schneider_counts_marriages else full - marriages
        return 2 if counted < r.schneider_threshold else 1

    def claim_grade(self, claimer: int) -> int:
        opp = 1 - claimer
        if self.closer == claimer and self.rules.closed_win_basis is ClosedWinBasis.AT_CLOSE:
            assert self.snapshot is not None
            tricks, cards, married = self.snapshot
            return self.grade(tricks, cards + married, married)
        return self.grade(self.tricks[opp], self.points(opp), self.counted[opp])

    def failed_close(self) -> int:
        r = self.rules
        assert self.snapshot is not None
        if r.failed_close is FailedClose.ALWAYS_THREE or self.snapshot[0] == 0:
            return 3
        if r.failed_close is FailedClose.TWO_OR_THREE:
            return 2
        return 1 if self.points(self.closer) >= r.schneider_threshold else 2

    def score(self) -> tuple[int | None, int, HandEnd]:
        r = self.rules
        if self.claimer >= 0:
            c, o = self.claimer, 1 - self.claimer
            if self.points(c) < 66:
                if r.false_claim is FalseClaim.FLAT_TWO:
                    return o, 2, HandEnd.FALSE_CLAIM
                if r.false_claim is FalseClaim.TWO_OR_THREE:
                    return o, 3 if self.tricks[o] == 0 else 2, HandEnd.FALSE_CLAIM
                return o, self.claim_grade(c), HandEnd.FALSE_CLAIM
            if self.closer == o:
                if r.closer_beaten is CloserBeaten.FLAT_TWO:
                    return c, 2, HandEnd.CLOSER_BEATEN
                return c, self.failed_close(), HandEnd.CLOSER_BEATEN
            return c, self.claim_grade(c), HandEnd.CLAIM
        last = self.last_winner
        if self.closer >= 0:
            if last == self.closer and self.points(last) >= 66:
                return last, self.claim_grade(last), HandEnd.CLOSER_TOOK_LAST_TRICK
            return 1 - self.closer, self.failed_close(), HandEnd.FAILED_CLOSE
        other = 1 - last
        if r.last_trick is ss.LastTrick.WINS_HAND:
            if self.points(last) >= 66:
                gp = self.grade(self.tricks[other], self.points(other), self.counted[other])
                return last, gp, HandEnd.LAST_TRICK
            return last, 1, HandEnd.LAST_TRICK
        final = [self.points(0), self.points(1)]
        final[last] += 10
        if final[0] >= 66 and final[1] >= 66:
            if r.both_over_66 is BothOver66.NO_SCORE or final[0] == final[1]:
                return None, 0, HandEnd.BOTH_OVER_66
            winner, reason = (0 if final[0] > final[1] else 1), HandEnd.BOTH_OVER_66
        elif final[0] >= 66 or final[1] >= 66:
            winner, reason = (0 if final[0] >= 66 else 1), HandEnd.PLAYED_OUT
        else:
            return None, 0, HandEnd.NEITHER_REACHED_66
        loser = 1 - winner
        return winner, self.grade(self.tricks[loser], final[loser], self.counted[loser]), reason


def shadow_of(state: HandState) -> Shadow:
    """A shadow of a freshly dealt hand."""
    return Shadow(
        rules=state.rules,
        hands=[set(state.hand(0)), set(state.hand(1))],
        talon=[Card.from_index(i) for i in state.talon],
        trump=ss.Suit(state.trump),
        leader=state.leader,
    )


def random_deal_shape(rng: random.Random) -> dict[str, object]:
    """A random deck and deal: any hand size from 2 that leaves an even talon of 2 or more,
    split into random packets, either trump source."""
    deck = rng.choice(list(Deck))
    hand = rng.choice([h for h in range(2, deck.size // 2) if (deck.size - 2 * h) % 2 == 0])
    packets: list[int] = []
    while sum(packets) < hand:
        packets.append(rng.randint(1, hand - sum(packets)))
    return {
        "deck": deck,
        "deal_packets": tuple(packets),
        "trump_source": rng.choice(list(TrumpSource)),
        "trump_after_round": rng.randint(1, len(packets)),
    }


def random_rules(rng: random.Random) -> Rules:
    """Any combination of the parameters, on a preset's deal or (one time in four) on a
    random deal shape. The rules of §1-§9: Mariage's presets, fields and members (§13)
    are not drawn (tests/core/test_mariage.py covers them)."""
    presets = [r for name, r in ss.PRESETS.items() if not name.startswith("MARIAGE")]
    base = rng.choice([*presets, E(CLASSIC_66, deck=Deck.D32)])
    changes: dict[str, object] = random_deal_shape(rng) if rng.random() < 0.25 else {}
    for field in attrs.fields(Rules):
        if field.name == "honours_scoring":
            break  # the fields of §13 follow
        value = getattr(base, field.name)
        if field.name in changes or rng.random() < 0.5:
            continue
        if isinstance(value, bool):
            changes[field.name] = rng.random() < 0.5
        elif isinstance(value, Deck) or field.name == "trump_source":
            continue
        elif isinstance(value, enum.Enum):
            members = [m for m in type(value) if m not in (ss.ClaimMode.NONE, ss.Schwarz.NONE)]
            changes[field.name] = rng.choice(members)
        elif field.name in ("exchange_min_talon", "close_min_talon"):
            changes[field.name] = rng.choice([0, 2, 4, 6])
        elif field.name == "schneider_threshold":
            changes[field.name] = rng.choice([20, 33, 40])
        elif field.name == "tie_carry":
            changes[field.name] = rng.choice([0, 1])
    return E(base, **changes)


def shadow_game(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    state = ss.new_hand(rules, seed=seed, dealer=rng.randrange(2))
    shadow = shadow_of(state)
    # how eagerly this game closes, claims, exchanges and marries
    style = {
        "close": rng.choice([0.0, 0.05, 0.3]),
        "claim": rng.choice([0.0, 0.03, 0.3]),
        "exchange": 3.0,
        "marry": 3.0,
    }
    while True:
        want = shadow.legal()
        got = [str(m) for m in ss.legal_moves(state)]
        assert got == want, f"seed {seed}, {rules}\n{state!r}\nengine {got}\nRULES  {want}"
        if state.is_over:
            break
        mover = state.to_move
        assert mover is not None
        # §2.6 through a player's view: the same moves, from public facts and own hand only
        assert ss.legal_moves(ss.observe(state, mover)) == ss.legal_moves(state)
        weights = [style.get(m.split()[0], 1.0) for m in got]
        move = rng.choices(got, weights)[0] if sum(weights) else got[-1]
        state = ss.apply_move(state, move)
        shadow.apply(move)
    r = ss.score_hand(state)
    assert (r.winner, r.game_points, r.reason) == shadow.score(), f"seed {seed}, {rules}"
    assert r.carry == (rules.tie_carry if r.winner is None else 0)


@pytest.mark.parametrize("block", range(8))
def test_engine_follows_the_event_driven_reading(block: int) -> None:
    """Random house rules and random legal play: the engine's legal moves and scores agree
    with the event-driven reading of the rules page at every step."""
    for seed in range(block * 150, (block + 1) * 150):
        shadow_game(seed)
