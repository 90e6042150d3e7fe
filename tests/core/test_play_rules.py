"""Play rules: tricks, drawing, open/strict phase, turn structure, exchange, marriages,
closing (rules §1.4-§1.6, §2, §3, §4, §9.1-§9.6)."""

from __future__ import annotations

import random

import attrs
import pytest
from tests.helpers import (
    A_DL,
    A_ND,
    A_TALON,
    A_UP,
    beats,
    card,
    cards,
    deal,
    deal_a,
    hand_text,
    moves,
    play,
    position,
    scenario,
    talon_text,
)

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    HOYLE_66,
    PAGAT_66,
    SANTASE,
    SCHNAPSEN,
    SCHNAPSEN_TOURNAMENT,
    VU_SCHNAPSEN,
    Card,
    Deck,
    HandState,
    Rules,
    Step,
    StrictPlay,
)

E = attrs.evolve
D32_CLASSIC = E(CLASSIC_66, deck=Deck.D32)

# Seat 1 leads and wins six tricks in a row; the talon is exhausted after the sixth.
SIX = "AC JC AD JD AH JH TC QC TD 9D TH 9H"


def after_tricks(start: HandState, k: int, script: str = SIX) -> HandState:
    """The state after the first ``k`` tricks of ``script`` and their draw."""
    s = play(start, script.split()[: 2 * k])
    return play(s, "draw") if s.step is Step.DECIDE else s


# ============================================================== §1.4 trick winner


@pytest.mark.parametrize(
    ("rules", "lead", "follow", "up", "follower_wins"),
    [
        (CLASSIC_66, "KH", "AH", "AS", True),
        (CLASSIC_66, "TH", "KH", "AS", False),
        (CLASSIC_66, "KH", "TH", "AS", True),
        (CLASSIC_66, "AH", "TH", "AS", False),
        (CLASSIC_66, "TH", "AH", "AS", True),
        (CLASSIC_66, "QH", "KH", "AS", True),
        (CLASSIC_66, "JH", "QH", "AS", True),
        (CLASSIC_66, "9H", "JH", "AS", True),
        (CLASSIC_66, "JH", "9H", "AS", False),
        (CLASSIC_66, "9H", "AC", "AS", False),  # off-suit, no trump: leader
        (CLASSIC_66, "AH", "9S", "AS", True),  # trumped
        (CLASSIC_66, "9S", "TS", "AS", True),  # higher trump
        (CLASSIC_66, "TS", "KS", "AS", False),
        (CLASSIC_66, "JS", "AH", "AS", False),  # trump lead, off-suit ace
        (CLASSIC_66, "AC", "KD", "AS", False),
        (SCHNAPSEN, "AD", "JH", "AH", True),
        (SCHNAPSEN, "JH", "AD", "AH", False),
        (D32_CLASSIC, "7H", "8H", "AS", True),
        (D32_CLASSIC, "8H", "9H", "AS", True),
        (D32_CLASSIC, "9H", "7H", "AS", False),
        (D32_CLASSIC, "AH", "7S", "AS", True),
        (D32_CLASSIC, "7S", "AH", "AS", False),
    ],
)
def test_trick_winner(rules: Rules, lead: str, follow: str, up: str, follower_wins: bool) -> None:
    """§1.4: the higher trump if a trump was played, else the higher card of the suit led."""
    s = position(rules, lead, follow, up)
    s = play(s, [lead, follow], auto_draw=False)
    winner = 0 if follower_wins else 1
    assert beats(card(follow), card(lead), card(up).suit) is follower_wins
    assert s.leader == winner
    assert s.to_move == winner
    assert s.won[winner] == card(lead).mask | card(follow).mask
    assert s.won[1 - winner] == 0
    assert s.card_points[winner] == card(lead).points + card(follow).points
    assert s.card_points[1 - winner] == 0
    assert s.tricks(winner) == 1 and s.tricks(1 - winner) == 0
    assert s.tricks_played == 1
    assert s.played == (card(lead).index, card(follow).index)


def test_non_dealer_leads_first_and_winner_leads_next() -> None:
    """§1.4 with dealer seat 1: seat 0 leads; after a trick the winner leads."""
    s = deal(CLASSIC_66, A_ND, A_DL, A_UP, A_TALON, dealer_seat=1)
    assert s.to_move == 0 and s.leader == 0
    s = play(s, "KD AD draw")  # seat 1 (dealer) wins with AD
    assert s.to_move == 1 and s.step is Step.LEAD


def test_zero_point_trick_is_still_a_trick() -> None:
    """§5: a trick worth 0 is still a trick."""
    s = position(CLASSIC_66, "9H", "9C", "AS")
    s = play(s, "9H 9C", auto_draw=False)
    assert s.tricks(1) == 1 and s.card_points[1] == 0


# ============================================================== §1.5 drawing


def test_winner_draws_first_non_dealer_wins() -> None:
    s = play(deal_a(), "AC JC", auto_draw=False)
    assert s.step is Step.DECIDE and s.to_move == 1
    assert s.talon_size == 12  # nobody has drawn yet
    s = play(s, "draw")
    assert "JD" in hand_text(s, 1) and "9C" in hand_text(s, 0)
    assert talon_text(s) == "KC QC 9D JH 9H TS KS QS JS AS"
    assert len(s.hand(0)) == len(s.hand(1)) == 6


def test_winner_draws_first_dealer_wins() -> None:
    s = play(deal_a(), "KD AD draw", auto_draw=False)
    assert "JD" in hand_text(s, 0) and "9C" in hand_text(s, 1)
    assert s.to_move == 0


def test_after_draw_rules_draw_automatically() -> None:
    s = play(deal_a(E(CLASSIC_66, close_timing=ss.CloseTiming.AFTER_DRAW)), "AC JC")
    assert s.step is Step.LEAD and s.to_move == 1
    assert "JD" in hand_text(s, 1) and "9C" in hand_text(s, 0)
    assert s.talon_size == 10


@pytest.mark.parametrize(
    "rules", [CLASSIC_66, SCHNAPSEN, VU_SCHNAPSEN, D32_CLASSIC, HOYLE_66, SANTASE]
)
@pytest.mark.parametrize("seed", range(4))
def test_draw_order_through_the_open_phase(rules: Rules, seed: int) -> None:
    """§1.5 for every draw of a hand: winner takes the top card, loser the next; with a
    talon of 2 the loser takes the turn-up; then the talon is exhausted (strict)."""
    rules = E(rules, claim_mode=ss.ClaimMode.EXPLICIT)
    state = ss.new_hand(rules, seed=seed)
    turnup = state.turnup
    assert turnup is not None
    rng = random.Random(seed)
    while state.talon:
        assert state.step is Step.LEAD
        talon = state.talon
        lead = rng.choice([m for m in ss.legal_moves(state) if isinstance(m, ss.Play)])
        state = ss.apply_move(state, lead)
        follow = rng.choice(ss.legal_moves(state))
        assert isinstance(follow, ss.Play)
        before = (state.hands[0] & ~follow.card.mask, state.hands[1] & ~follow.card.mask)
        leader = state.leader
        state = ss.apply_move(state, follow)
        winner = 1 - leader if beats(follow.card, lead.card, ss.Suit(state.trump)) else leader
        assert state.leader == winner
        if state.step is Step.DECIDE:
            state = ss.apply_move(state, "draw")
        assert state.talon == talon[2:]
        won_card, lost_card = Card.from_index(talon[0]), Card.from_index(talon[1])
        assert won_card in state.hand(winner)
        assert lost_card in state.hand(1 - winner)
        assert state.hands[winner] == before[winner] | won_card.mask
        assert state.hands[1 - winner] == before[1 - winner] | lost_card.mask
        if len(talon) == 2:
            assert lost_card == turnup
    assert state.talon_size == 0 and state.turnup is None and state.is_strict
    assert len(state.hand(0)) == len(state.hand(1)) == rules.hand_size


# ============================================================== §1.6 open and strict phase


def test_open_phase_follower_plays_anything() -> None:
    s = play(deal_a(), "AC")
    assert moves(s) == ["TC", "JC", "AD", "TD", "AH", "TH"]


HAND = "AH JH TD 9D TS 9S"


@pytest.mark.parametrize(
    ("hand", "lead", "up", "head", "follow_or_trump", "follow_only"),
    [
        (HAND, "KH", "KS", "AH", "AH JH", "AH JH"),
        (HAND, "9H", "KS", "AH JH", "AH JH", "AH JH"),
        (HAND, "KD", "KS", "TD", "TD 9D", "TD 9D"),
        (HAND, "AD", "KS", "TD 9D", "TD 9D", "TD 9D"),
        (HAND, "QC", "KS", "TS 9S", "TS 9S", "TD 9D AH JH TS 9S"),
        (HAND, "QS", "KS", "TS", "TS 9S", "TS 9S"),
        (HAND, "AS", "KS", "TS 9S", "TS 9S", "TS 9S"),
        (
            "AH JH TC 9C KC QC",
            "AD",
            "KS",
            "TC KC QC 9C AH JH",
            "TC KC QC 9C AH JH",
            "TC KC QC 9C AH JH",
        ),
        (
            "AH JH TC 9C KC QC",
            "KS",
            "AS",
            "TC KC QC 9C AH JH",
            "TC KC QC 9C AH JH",
            "TC KC QC 9C AH JH",
        ),
    ],
)
def test_strict_play_after_close(
    hand: str, lead: str, up: str, head: str, follow_or_trump: str, follow_only: str
) -> None:
    """§1.6 all three strict_play values, in the trick right after a close."""
    for strict, want in (
        (StrictPlay.FOLLOW_HEAD_OR_TRUMP, head),
        (StrictPlay.FOLLOW_OR_TRUMP, follow_or_trump),
        (StrictPlay.FOLLOW_ONLY, follow_only),
    ):
        rules = E(CLASSIC_66, strict_play=strict)
        s = position(rules, lead, hand, up)
        s = play(s, ["close", lead])
        assert s.is_strict
        assert moves(s) == want.split(), strict
        for c in cards(hand):
            assert ss.is_legal(s, ss.Play(c)) is (str(c) in want.split())


def test_leader_is_never_constrained_in_strict_phase() -> None:
    s = play(deal_a(), "close")
    assert moves(s) == ["AC", "KD", "QD", "KH", "QH", "9S"]


def choose(rng: random.Random, legal: tuple[ss.Move, ...]) -> ss.Move:
    """A seeded random move that rarely claims or closes, so hands run long."""
    calm = [m for m in legal if not isinstance(m, ss.Claim | ss.Close)]
    if not calm or rng.random() < 0.08:
        return rng.choice(legal)
    return rng.choice(calm)


def follow_oracle(hand: list[Card], lead: Card, trump: int, strict: StrictPlay) -> list[Card]:
    """rules §1.6, written independently."""
    same = [c for c in hand if c.suit == lead.suit]
    trumps = [c for c in hand if c.suit == trump]
    if strict is StrictPlay.FOLLOW_HEAD_OR_TRUMP:
        higher = [c for c in same if c.rank > lead.rank]
        return higher or same or trumps or hand
    if strict is StrictPlay.FOLLOW_OR_TRUMP:
        return same or trumps or hand
    return same or hand


@pytest.mark.parametrize("strict", list(StrictPlay))
@pytest.mark.parametrize("base", [CLASSIC_66, SCHNAPSEN, VU_SCHNAPSEN, D32_CLASSIC])
def test_follower_obligations_in_random_games(base: Rules, strict: StrictPlay) -> None:
    """Every follower position of 25 seeded random games against the §1.6 oracle; open
    phase (talon neither closed nor exhausted, including the trick with 2 left) free."""
    rules = E(base, strict_play=strict)
    restricted = open_with_two = 0
    for seed in range(25):
        rng = random.Random(seed)
        s = ss.new_hand(rules, seed=seed)
        while not s.is_over:
            legal = ss.legal_moves(s)
            assert legal
            if s.step is Step.FOLLOW:
                seat = s.to_move
                assert seat is not None
                hand = list(s.hand(seat))
                plays = [m.card for m in legal if isinstance(m, ss.Play)]
                if s.talon and not s.is_closed:
                    assert plays == hand
                    open_with_two += len(s.talon) == 2
                else:
                    want = follow_oracle(hand, Card.from_index(s.lead), s.trump, strict)
                    assert plays == sorted(want, key=lambda c: c.index)
                    restricted += len(want) < len(hand)
            s = ss.apply_move(s, choose(rng, legal))
        assert ss.legal_moves(s) == ()
        assert s.to_move is None
    assert restricted > 10 and open_with_two > 10


# ============================================================== §2 turn structure


def test_first_lead_moves_in_order() -> None:
    """§2.2 order: exchange, close, claim, marry C..S, then cards in card order."""
    s = deal_a()
    assert s.to_move == 1
    assert moves(s) == ["close", "marry D", "marry H", "AC", "KD", "QD", "KH", "QH", "9S"]


def test_full_leading_turn_in_order() -> None:
    s = play(deal_a(), "AC JC", auto_draw=False)
    assert moves(s) == ["draw", "close", "claim"]
    s = play(s, "draw")
    assert moves(s) == [
        "exchange",
        "close",
        "claim",
        "marry D",
        "marry H",
        "KD",
        "QD",
        "JD",
        "KH",
        "QH",
        "9S",
    ]
    s = play(s, "exchange")
    assert s.to_move == 1 and s.step is Step.LEAD
    assert moves(s) == [
        "close",
        "claim",
        "marry D",
        "marry H",
        "KD",
        "QD",
        "JD",
        "KH",
        "QH",
        "AS",
    ]
    closed = play(s, "close")
    assert moves(closed) == ["claim", "KD", "QD", "JD", "KH", "QH", "AS"]
    married = play(s, "marry H")
    assert moves(married) == ["claim", "KH", "QH"]


def test_full_leading_turn_marriages_allowed_when_strict() -> None:
    """HOYLE_66 (marriage_in_strict_phase, no close on first lead, ANY_TIME exchange)."""
    s = deal_a(HOYLE_66)
    assert moves(s) == ["marry D", "marry H", "AC", "KD", "QD", "KH", "QH", "9S"]
    s = play(s, "AC")
    assert moves(s) == ["TC", "JC", "AD", "TD", "AH", "TH"]
    s = play(s, "JC", auto_draw=False)
    assert moves(s) == ["draw", "close", "claim"]
    s = play(s, "draw exchange close")
    assert moves(s) == ["claim", "marry D", "marry H", "KD", "QD", "JD", "KH", "QH", "AS"]
    s = play(s, "marry D")
    assert moves(s) == ["claim", "KD", "QD"]


def test_king_only_and_no_claim_after_marriage() -> None:
    s = play(deal_a(E(CLASSIC_66, marriage_lead=ss.MarriageLead.KING_ONLY)), "AC JC draw marry H")
    assert moves(s) == ["claim", "KH"]
    s = play(deal_a(E(CLASSIC_66, marriage_out_without_lead=False)), "AC JC draw marry H")
    assert moves(s) == ["KH", "QH"]
    both = E(CLASSIC_66, marriage_lead=ss.MarriageLead.KING_ONLY, marriage_out_without_lead=False)
    assert moves(play(deal_a(both), "AC JC draw marry H")) == ["KH"]


def test_claim_windows() -> None:
    """§2: a window opens when a player wins a trick and lasts until they play a card;
    a follower is never offered claim (§9.3); the first leader has no window."""
    s = deal_a()
    assert "claim" not in moves(s)
    s = play(s, "KD AD", auto_draw=False)  # seat 0 wins
    assert s.to_move == 0 and moves(s) == ["draw", "close", "claim"]
    s = play(s, "draw")
    assert s.to_move == 0 and "claim" in moves(s)
    s = play(s, "TC AC", auto_draw=False)  # seat 1 wins
    assert s.to_move == 1 and "claim" in moves(s)
    s = play(s, "draw")
    assert "claim" in moves(s)
    s = play(s, "QD")  # seat 0 (who has won a trick) follows
    assert s.to_move == 0
    assert hand_text(s, 0) == "QC JC TD JD AH TH"
    assert moves(s) == ["QC", "JC", "TD", "JD", "AH", "TH"]


def test_auto_mode_offers_no_claim() -> None:
    rules = E(CLASSIC_66, claim_mode=ss.ClaimMode.AUTO)
    s = play(deal_a(rules), "AC JC", auto_draw=False)
    assert moves(s) == ["draw", "close"]
    s = play(s, "draw")
    assert "claim" not in moves(s)
    assert moves(play(s, "marry H")) == ["KH", "QH"]


@pytest.mark.parametrize("name", list(ss.PRESETS))
@pytest.mark.parametrize("auto", [False, True])
def test_random_games_turn_structure(name: str, auto: bool) -> None:
    """Structural facts over seeded random games: draw only at DECIDE; claim never to a
    follower and never in AUTO; close never without closing_allowed; exchange and close at
    most once per turn; legal moves non-empty until the hand is over (§2.5)."""
    mode = ss.ClaimMode.AUTO if auto else ss.ClaimMode.EXPLICIT
    rules = E(ss.PRESETS[name], claim_mode=mode)
    for seed in range(15):
        rng = random.Random(seed)
        s = ss.new_hand(rules, seed=seed)
        while not s.is_over:
            texts = moves(s)
            assert texts
            assert len(texts) == len(set(texts))
            if s.step is Step.DECIDE:
                assert texts[0] == "draw" and "exchange" not in texts
            else:
                assert "draw" not in texts
            if s.step is Step.FOLLOW or auto:
                assert "claim" not in texts
            if s.step is Step.FOLLOW:
                assert "close" not in texts and not any(t.startswith("marry") for t in texts)
            if not rules.closing_allowed:
                assert "close" not in texts and s.step is not Step.DECIDE
            order = {"draw": 0, "exchange": 1, "close": 2, "claim": 3}
            keys = [order.get(t, 4 if t.startswith("marry") else 5) for t in texts]
            assert keys == sorted(keys)
            s = ss.apply_move(s, choose(rng, ss.legal_moves(s)))
        assert ss.legal_moves(s) == () and s.to_move is None and ss.is_over(s)
        ss.score_hand(s)


# ============================================================== §3 exchange


def test_exchange_effect() -> None:
    s = play(deal_a(), "AC JC draw")
    t = play(s, "exchange")
    assert "AS" in hand_text(t, 1) and "9S" not in hand_text(t, 1)
    assert str(t.turnup) == "9S"
    assert talon_text(t) == "KC QC 9D JH 9H TS KS QS JS 9S"  # still drawn last
    assert t.talon_size == s.talon_size
    assert t.exchanged_by == 1
    assert t.step is Step.LEAD and t.to_move == 1
    assert t.hands[0] == s.hands[0]
    assert "exchange" not in moves(t)


@pytest.mark.parametrize(
    ("rules", "nd", "up", "exchange_card", "not_exchange"),
    [
        (SCHNAPSEN, "JH QH", "AH", "JH", "QH"),  # D20: trump jack
        (E(CLASSIC_66, exchange_requires_won_trick=False), "9H JH", "AH", "9H", "JH"),  # D24
        (E(D32_CLASSIC, exchange_requires_won_trick=False), "7H 9H", "AH", "7H", "9H"),  # D32
    ],
)
def test_exchange_card_per_deck(
    rules: Rules, nd: str, up: str, exchange_card: str, not_exchange: str
) -> None:
    """§1.2: the exchange card is the lowest trump of the deck."""
    s = position(rules, nd, "", up)
    assert moves(s)[0] == "exchange"
    t = play(s, "exchange")
    assert str(t.turnup) == exchange_card and up in hand_text(t, 1)
    s = position(rules, not_exchange, exchange_card, up)
    assert "exchange" not in moves(s)


def test_exchange_on_first_lead_schnapsen_and_marriage_with_turnup() -> None:
    s = deal(SCHNAPSEN, "JH QH AC TC KC", "AD TD KD QD JD", "KH")
    assert moves(s) == ["exchange", "close", "AC", "TC", "KC", "QH", "JH"]
    s = play(s, "exchange")
    assert moves(s) == ["close", "marry H", "AC", "TC", "KC", "KH", "QH"]
    s = play(s, "marry H")
    assert s.pending == (0, 40) and s.marriages == (0, 0)  # no trick yet: pending
    t = deal(SCHNAPSEN_TOURNAMENT, "JH QH AC TC KC", "AD TD KD QD JD", "KH")
    assert moves(t) == ["close", "AC", "TC", "KC", "QH", "JH"]


@pytest.mark.parametrize(
    ("requires", "first", "offered_first", "offered_after"),
    [
        (True, True, False, True),
        (False, True, True, True),
        (False, False, False, True),
        (True, False, False, True),
    ],
)
def test_exchange_requires_won_trick_and_first_lead_on_lead(
    requires: bool, first: bool, offered_first: bool, offered_after: bool
) -> None:
    rules = E(CLASSIC_66, exchange_requires_won_trick=requires, exchange_on_first_lead=first)
    s = deal_a(rules)
    assert ("exchange" in moves(s)) is offered_first
    s = play(s, "AC JC draw")
    assert ("exchange" in moves(s)) is offered_after


# Deal C: seat 0 wins trick 1, seat 1 wins trick 2, seat 0 follows in trick 3 holding 9S.
C_ND, C_DL, C_UP, C_TALON = "KD TC KH QH QD JC", "AD 9S AH TH JH 9D", "AS", "9C JD KC QC"


def test_follower_exchange_any_time() -> None:
    s = play(deal(HOYLE_66, C_ND, C_DL, C_UP, C_TALON), "KD AD 9C TC JC")
    assert s.to_move == 0 and s.step is Step.FOLLOW
    assert moves(s) == ["exchange", "QC", "9D", "AH", "TH", "JH", "9S"]
    t = play(s, "exchange")
    assert t.step is Step.FOLLOW and t.to_move == 0
    assert moves(t) == ["QC", "9D", "AH", "TH", "JH", "AS"]
    assert str(t.turnup) == "9S" and t.exchanged_by == 0
    on_lead = play(deal(CLASSIC_66, C_ND, C_DL, C_UP, C_TALON), "KD AD 9C TC JC")
    assert moves(on_lead) == ["QC", "9D", "AH", "TH", "JH", "9S"]


@pytest.mark.parametrize(
    ("requires", "first", "offered"),
    [(True, True, False), (False, True, True), (False, False, False)],
)
def test_follower_exchange_in_first_trick(requires: bool, first: bool, offered: bool) -> None:
    """§3 and §9.5: under ANY_TIME the dealer may exchange as follower of trick 1 only if
    no trick is required and exchange_on_first_lead allows the first trick."""
    rules = E(HOYLE_66, exchange_requires_won_trick=requires, exchange_on_first_lead=first)
    s = play(deal(rules, C_ND, C_DL, C_UP, C_TALON), "KD")
    assert ("exchange" in moves(s)) is offered


@pytest.mark.parametrize(
    ("minimum", "at4", "at2"),
    [(0, True, True), (2, True, True), (4, True, False), (6, False, False)],
)
def test_exchange_min_talon(minimum: int, at4: bool, at2: bool) -> None:
    rules = E(CLASSIC_66, exchange_min_talon=minimum)
    start = scenario(rules, SIX, trump="S", hold=("", "9S KH QH"))
    s4 = after_tricks(start, 4)
    assert s4.talon_size == 4 and s4.to_move == 1 and "9S" in hand_text(s4, 1)
    assert ("exchange" in moves(s4)) is at4
    s2 = after_tricks(start, 5)
    assert s2.talon_size == 2 and s2.to_move == 1 and "9S" in hand_text(s2, 1)
    assert ("exchange" in moves(s2)) is at2
    s0 = after_tricks(start, 6)
    assert s0.talon_size == 0 and "9S" in hand_text(s0, 1)
    assert "exchange" not in moves(s0)  # never once the talon is exhausted


def test_no_exchange_at_decision_and_closed_never() -> None:
    """§9.1: no exchange at the decision; the following turn is on a closed talon."""
    s = play(deal_a(), "AC JC", auto_draw=False)
    assert "exchange" not in moves(s)
    with pytest.raises(ss.IllegalMoveError):
        ss.apply_move(s, "exchange")
    closed = play(s, "close")
    assert closed.to_move == 1 and "9S" in hand_text(closed, 1)
    assert moves(closed) == ["claim", "KD", "QD", "KH", "QH", "9S"]  # NEVER
    pagat = play(deal_a(PAGAT_66), "AC JC close")  # AT_CLOSE_OPPONENT: not the closer
    assert moves(pagat) == ["claim", "KD", "QD", "KH", "QH", "9S"]
    w = E(CLASSIC_66, exchange_when_closed=ss.ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK)
    while_closed = play(deal_a(w), "AC JC close")
    assert moves(while_closed) == ["exchange", "claim", "KD", "QD", "KH", "QH", "9S"]
    t = play(while_closed, "exchange")
    assert t.talon[-1] == card("9S").index
    assert "AS" in hand_text(t, 1)


# Deal D: seat 1 closes on the first lead; seat 0 holds 9S without a trick.
D_ND, D_DL, D_UP = "AC KH QH KD QD JC", "9S TC AD TD AH TH", "AS"


def test_at_close_opponent_exchange() -> None:
    s = play(deal(PAGAT_66, D_ND, D_DL, D_UP), "close JC")
    assert s.to_move == 0
    assert moves(s) == ["exchange", "TC"]  # strict: must beat JC; exchange first
    t = play(s, "exchange")
    assert moves(t) == ["TC"] and "AS" in hand_text(t, 0) and t.talon[-1] == card("9S").index
    # not exchanging: the chance is gone after the first trick after the close
    u = play(s, "TC")
    assert u.to_move == 0 and "9S" in hand_text(u, 0)
    assert "exchange" not in moves(u)
    # the minimum talon is not waived and counts the closed talon's cards (12 here)
    ok = play(deal(E(PAGAT_66, exchange_min_talon=12), D_ND, D_DL, D_UP), "close JC")
    assert "exchange" in moves(ok)
    low = play(deal(E(PAGAT_66, exchange_min_talon=14), D_ND, D_DL, D_UP), "close JC")
    assert "exchange" not in moves(low)
    # holding the card is not waived
    assert "exchange" not in moves(play(deal_a(PAGAT_66), "close AC"))


def test_at_close_opponent_after_close_at_decision() -> None:
    """The closer's opponent may exchange in the first trick after a close at the decision."""
    s = play(deal(PAGAT_66, C_ND, C_DL, C_UP, C_TALON), "KD AD 9C TC close JC")
    assert s.to_move == 0 and s.closed_by == 1
    assert moves(s)[0] == "exchange"


def test_while_closed_with_trick_follower() -> None:
    s = play(deal(HOYLE_66, C_ND, C_DL, C_UP, C_TALON), "KD AD 9C TC close JC")
    assert s.to_move == 0 and s.is_closed
    assert moves(s) == ["exchange", "9D", "AH", "TH", "JH", "9S"]  # FOLLOW_ONLY, void
    on_lead = E(HOYLE_66, exchange_timing=ss.ExchangeTiming.ON_LEAD)
    s = play(deal(on_lead, C_ND, C_DL, C_UP, C_TALON), "KD AD 9C TC close JC")
    assert moves(s) == ["9D", "AH", "TH", "JH", "9S"]
    high = E(HOYLE_66, exchange_min_talon=12)  # the closed talon holds 10
    s = play(deal(high, C_ND, C_DL, C_UP, C_TALON), "KD AD 9C TC close JC")
    assert "exchange" not in moves(s)
    # without a won trick: not offered
    first = E(HOYLE_66, close_on_first_lead=True)
    s = play(deal(first, D_ND, D_DL, D_UP), "close JC")
    assert s.to_move == 0 and "9S" in hand_text(s, 0)
    assert "exchange" not in moves(s)


def test_exchange_only_first_step() -> None:
    """§9.2: not after close or marry in the same leading turn."""
    s = play(deal_a(HOYLE_66), "AC JC draw")
    assert moves(s)[:2] == ["exchange", "close"]
    closed = play(s, "close")
    assert "exchange" not in moves(closed)  # though WHILE_CLOSED_WITH_TRICK would allow it
    married = play(deal_a(), "AC JC draw marry D")
    assert moves(married) == ["claim", "KD", "QD"]


# ============================================================== §4 marriages


def test_marriage_values() -> None:
    s = position(CLASSIC_66, "AC KS QS KH QH 9D", A_DL, "AS", "JD 9C")
    s = play(s, "AC JC draw")
    assert play(s, "marry S").marriages == (0, 40)
    assert play(s, "marry H").marriages == (0, 20)
    t = play(s, "marry H")
    assert t.points(1) == 11 + 2 + 20 and t.pending == (0, 0)
    assert t.turn_marriage == ss.Suit.HEARTS


def test_pending_marriage_redeemed_by_any_later_trick() -> None:
    s = play(deal_a(), "marry H")
    assert s.pending == (0, 20) and s.marriages == (0, 0) and s.points(1) == 0
    s = play(s, "KH AH")  # seat 0 wins
    assert s.pending == (0, 20) and s.points(1) == 0
    s = play(s, "draw JC AC")  # seat 0 leads JC, seat 1 wins with AC
    assert s.leader == 1
    assert s.pending == (0, 0) and s.marriages == (0, 20)
    assert s.points(1) == 11 + 2 + 20


def test_pending_marriage_redeemed_by_the_trick_it_leads() -> None:
    s = play(deal_a(), "marry H QH JC")
    assert s.marriages == (0, 20) and s.pending == (0, 0)
    assert s.points(1) == 3 + 2 + 20


def test_next_trick_after_declaring() -> None:
    redeem = ss.MarriagePendingRedeem.NEXT_TRICK_AFTER_DECLARING
    rules = E(CLASSIC_66, marriage_pending_redeem=redeem)
    s = play(deal_a(rules), "AC JC draw marry H")
    assert s.pending == (0, 20) and s.marriages == (0, 0)  # has a trick, still pending
    lost = play(s, "KH AH")
    assert lost.pending == (0, 20) and lost.marriages == (0, 0)
    won = play(s, "QH 9C")
    assert won.leader == 1 and won.pending == (0, 0) and won.marriages == (0, 20)
    any_trick = play(deal_a(), "AC JC draw marry H")
    assert any_trick.marriages == (0, 20) and any_trick.pending == (0, 0)


@pytest.mark.parametrize("rules", [SANTASE, SCHNAPSEN_TOURNAMENT])
def test_marriage_forbidden_before_first_trick(rules: Rules) -> None:
    """§4, §9.5: FORBIDDEN — a leader who has not won a trick may not marry."""
    s = position(rules, "KH QH AC", "JC", "AS")
    assert not any(m.startswith("marry") for m in moves(s))
    with pytest.raises(ss.IllegalMoveError, match="marriage"):
        ss.apply_move(s, "marry H")
    s = play(s, "AC JC")
    assert s.to_move == 1 and "marry H" in moves(s)


def test_marriage_allowed_pending_before_first_trick() -> None:
    for rules in (CLASSIC_66, PAGAT_66, HOYLE_66, SCHNAPSEN):
        s = position(rules, "KH QH AC", "JC", "AS")
        assert "marry H" in moves(s)


def test_marriage_in_strict_phase_after_close() -> None:
    s = play(deal_a(), "AC JC draw close")
    assert not any(m.startswith("marry") for m in moves(s))
    with pytest.raises(ss.IllegalMoveError, match="closed or exhausted"):
        ss.apply_move(s, "marry H")
    s = play(deal_a(E(CLASSIC_66, marriage_in_strict_phase=True)), "AC JC draw close")
    assert "marry H" in moves(s) and "marry D" in moves(s)


@pytest.mark.parametrize("strict_marriage", [False, True])
def test_marriage_in_strict_phase_after_exhaustion(strict_marriage: bool) -> None:
    rules = E(CLASSIC_66, marriage_in_strict_phase=strict_marriage)
    start = scenario(rules, SIX, trump="S", hold=("", "KS QS"))
    before_last_draw = after_tricks(start, 5)
    assert before_last_draw.talon_size == 2 and before_last_draw.to_move == 1
    assert "marry S" in moves(before_last_draw)  # the talon is still open
    s = after_tricks(start, 6)
    assert s.talon_size == 0 and s.to_move == 1
    assert ("marry S" in moves(s)) is strict_marriage


def test_one_marriage_per_lead_and_follower_cannot_marry() -> None:
    s = play(deal_a(), "AC JC draw marry H")
    assert "marry D" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="one marriage"):
        ss.apply_move(s, "marry D")
    f = play(deal(CLASSIC_66, A_DL, A_ND, A_UP, A_TALON), "JC")  # seat 0 follows, holds KH QH
    assert not any(m.startswith("marry") for m in moves(f))
    with pytest.raises(ss.IllegalMoveError, match="lead"):
        ss.apply_move(f, "marry H")


def test_marriage_needs_king_and_queen() -> None:
    t = deal(CLASSIC_66, "AC KH 9S KD QD JC", "QH TC AD TD AH TH", A_UP, A_TALON)
    assert "marry H" not in moves(t)
    with pytest.raises(ss.IllegalMoveError, match="KH and QH"):
        ss.apply_move(t, "marry H")


def test_marriage_lead_must_be_king_or_queen() -> None:
    s = play(deal_a(), "AC JC draw marry H")
    for bad in ("KD", "9S", "JD"):
        with pytest.raises(ss.IllegalMoveError, match="KH or QH"):
            ss.apply_move(s, bad)
    k = play(deal_a(E(CLASSIC_66, marriage_lead=ss.MarriageLead.KING_ONLY)), "AC JC draw marry H")
    with pytest.raises(ss.IllegalMoveError, match="must lead KH"):
        ss.apply_move(k, "QH")
    assert play(k, "KH").lead == card("KH").index


# ============================================================== §4 closing


def test_close_at_decision() -> None:
    s = play(deal_a(), "AC JC close")
    assert s.is_closed and s.closed_by == 1 and s.is_strict
    assert s.step is Step.LEAD and s.to_move == 1 and s.leader == 1
    assert len(s.hand(0)) == len(s.hand(1)) == 5  # nobody drew
    assert s.talon_size == 12 and talon_text(s).endswith("AS")  # turn-up stays in
    assert s.turnup is None
    assert s.close_snapshot == ss.CloseSnapshot(
        tricks_played=1, opponent_tricks=0, opponent_card_points=0, opponent_marriages=0
    )
    assert "close" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="already closed"):
        ss.apply_move(s, "close")


def test_close_at_lead_after_draw() -> None:
    s = play(deal_a(), "KD AD draw", auto_draw=False)
    assert s.to_move == 0 and "close" in moves(s)
    t = play(s, "close")
    assert t.closed_by == 0 and t.to_move == 0 and t.talon_size == 10
    assert len(t.hand(0)) == 6
    assert t.close_snapshot == ss.CloseSnapshot(1, 0, 0, 0)


def test_close_on_first_lead() -> None:
    s = play(deal_a(), "close")
    assert s.closed_by == 1 and s.close_snapshot == ss.CloseSnapshot(0, 0, 0, 0)
    for rules in (HOYLE_66, SANTASE):
        t = deal_a(rules)
        assert "close" not in moves(t)
        with pytest.raises(ss.IllegalMoveError, match="first lead"):
            ss.apply_move(t, "close")
    assert "close" in moves(play(deal_a(HOYLE_66), "AC JC draw"))


def test_after_draw_timing_has_no_decision() -> None:
    for rules in (SCHNAPSEN, SANTASE, E(CLASSIC_66, close_timing=ss.CloseTiming.AFTER_DRAW)):
        s = position(rules, "AC", "JC", "AS")
        s = play(s, "AC JC", auto_draw=False)
        assert s.step is Step.LEAD
        assert s.talon_size == rules.talon_size - 2
        assert ("close" in moves(s)) is (s.talon_size >= rules.close_min_talon)


def test_closing_not_allowed() -> None:
    rules = E(CLASSIC_66, closing_allowed=False)
    s = deal_a(rules)
    assert "close" not in moves(s)
    s = play(s, "AC JC", auto_draw=False)
    assert s.step is Step.LEAD and s.talon_size == 10
    assert "close" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="does not allow closing"):
        ss.apply_move(s, "close")


@pytest.mark.parametrize("minimum", [0, 2, 4, 6])
def test_close_min_talon(minimum: int) -> None:
    """close_min_talon, at the lead and at the decision (talon size before the draw, §2.1)."""
    rules = E(CLASSIC_66, close_min_talon=minimum)
    start = scenario(rules, SIX, trump="S")
    words = SIX.split()
    lead4 = after_tricks(start, 4)
    assert lead4.talon_size == 4 and lead4.step is Step.LEAD
    assert ("close" in moves(lead4)) is (minimum <= 4)
    if minimum > 4:
        with pytest.raises(ss.IllegalMoveError, match=f"talon has 4 cards.*at least {minimum}"):
            ss.apply_move(lead4, "close")
    dec4 = play(start, words[:10])  # trick 5 done, 4 cards before the draw
    assert (dec4.step is Step.DECIDE) is (minimum <= 4)
    if dec4.step is Step.DECIDE:
        assert moves(dec4) == ["draw", "close", "claim"]
        dec4 = play(dec4, "draw")
    assert dec4.talon_size == 2 and dec4.step is Step.LEAD
    assert ("close" in moves(dec4)) is (minimum <= 2)
    if minimum > 2:
        with pytest.raises(ss.IllegalMoveError, match=f"talon has 2 cards.*at least {minimum}"):
            ss.apply_move(dec4, "close")
    dec2 = play(start, words)  # trick 6 done, 2 cards before the draw
    assert (dec2.step is Step.DECIDE) is (minimum <= 2)
    if dec2.step is Step.DECIDE:
        closed = play(dec2, "close")
        assert closed.talon_size == 2 and closed.is_closed
        assert len(closed.hand(0)) == len(closed.hand(1)) == 5
    else:
        assert dec2.talon_size == 0 and dec2.step is Step.LEAD


def test_no_close_of_exhausted_talon() -> None:
    s = after_tricks(scenario(CLASSIC_66, SIX, trump="S"), 6)
    assert s.talon_size == 0 and "close" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="exhausted"):
        ss.apply_move(s, "close")


def test_close_not_after_marriage() -> None:
    s = play(deal_a(), "AC JC draw marry H")
    assert "close" not in moves(s)
    with pytest.raises(ss.IllegalMoveError, match="before declaring"):
        ss.apply_move(s, "close")


def test_closed_talon_no_more_drawing_and_strict_for_closer_too() -> None:
    s = play(deal_a(), "AC JC close KD")
    assert moves(s) == ["AD", "TD"]
    s = play(s, "AD")
    assert s.talon_size == 12 and len(s.hand(0)) == len(s.hand(1)) == 4
    assert s.step is Step.LEAD and s.to_move == 0


def test_vu_schnapsen_never_closes() -> None:
    s = position(VU_SCHNAPSEN, "AC", "JC", "AS")
    assert "close" not in moves(s)
    s = play(s, "AC JC", auto_draw=False)
    assert s.step is Step.LEAD and "close" not in moves(s)


# ============================================================== presets side by side

D24_ND, D20_ND = "9S KH QH AC TC KC", "JS KH QH AC TC"
D24_CARDS, D20_CARDS = ["AC", "TC", "KC", "KH", "QH", "9S"], ["AC", "TC", "KH", "QH", "JS"]
EX_CLOSE_CLAIM_MARRY = ["exchange", "close", "claim", "marry H"]


@pytest.mark.parametrize(
    ("name", "first", "after_trick"),
    [
        ("CLASSIC_66", ["close", "marry H", *D24_CARDS], ["draw", "close", "claim"]),
        ("PAGAT_66", ["close", "marry H", *D24_CARDS], ["draw", "close", "claim"]),
        ("HOYLE_66", ["marry H", *D24_CARDS], ["draw", "close", "claim"]),
        ("SANTASE", D24_CARDS, ["exchange", "close", "marry H"]),
        ("SCHNAPSEN", ["exchange", "close", "marry H", *D20_CARDS], EX_CLOSE_CLAIM_MARRY),
        ("SCHNAPSEN_TOURNAMENT", ["close", *D20_CARDS], EX_CLOSE_CLAIM_MARRY),
        ("VU_SCHNAPSEN", ["exchange", "marry H", *D20_CARDS], ["exchange", "marry H"]),
    ],
)
def test_presets_first_lead_and_after_first_trick(
    name: str, first: list[str], after_trick: list[str]
) -> None:
    """The same position under each preset: the exchange, close and marriage rules of §8."""
    rules = ss.PRESETS[name]
    nd = D24_ND if rules.deck is Deck.D24 else D20_ND
    s = position(rules, nd, "JC", "AS")
    assert moves(s) == first
    s = play(s, "AC JC", auto_draw=False)
    assert s.to_move == 1
    assert [str(m) for m in ss.legal_moves(s) if not isinstance(m, ss.Play)] == after_trick


# ============================================================== reference legal moves


@attrs.define
class Turn:
    """What the reference needs to remember beyond the visible position."""

    closed_in_turn: bool = False
    married: int = -1
    tricks_at_close: int = -1
    amour: int = -1  # the suit of an amour declared in this turn (rules §13.7.2)


def ref_can_exchange(s: HandState, seat: int, leading: bool, turn: Turn) -> bool:
    r = s.rules
    if not s.talon or s.talon_size < r.exchange_min_talon:
        return False
    exchange_card = Card(r.deck.exchange_rank, ss.Suit(s.trump))
    if exchange_card not in s.hand(seat):
        return False
    won = s.tricks(seat) > 0
    if not s.is_closed:
        return (
            (leading or r.exchange_timing is ss.ExchangeTiming.ANY_TIME)
            and (won or not r.exchange_requires_won_trick)
            and (r.exchange_on_first_lead or s.tricks_played > 0)
        )
    when = r.exchange_when_closed
    if when is ss.ExchangeWhenClosed.NEVER:
        return False
    if when is ss.ExchangeWhenClosed.AT_CLOSE_OPPONENT:
        return not leading and seat != s.closed_by and s.tricks_played == turn.tricks_at_close
    return won and (leading or r.exchange_timing is ss.ExchangeTiming.ANY_TIME)


def ref_moves(s: HandState, turn: Turn) -> list[str]:
    """rules §2-§4 and §9.1-§9.6, written from the text, in the documented order."""
    r = s.rules
    explicit = r.claim_mode is ss.ClaimMode.EXPLICIT
    if s.step is Step.DECIDE:
        return ["draw", "close", *(["claim"] if explicit else [])]
    seat = s.to_move
    assert seat is not None
    hand = sorted(s.hand(seat), key=lambda c: c.index)
    out: list[str] = []
    if s.step is Step.FOLLOW:
        if ref_can_exchange(s, seat, False, turn):
            out.append("exchange")
        if s.talon and not s.is_closed:
            plays = hand
        else:
            plays = follow_oracle(hand, Card.from_index(s.lead), s.trump, r.strict_play)
        return out + [str(c) for c in plays]
    first_step = not turn.closed_in_turn and turn.married < 0
    if first_step and ref_can_exchange(s, seat, True, turn):
        out.append("exchange")
    if (
        r.closing_allowed
        and not s.is_closed
        and s.talon
        and s.talon_size >= r.close_min_talon
        and turn.married < 0
        and (r.close_on_first_lead or s.tricks_played > 0)
    ):
        out.append("close")
    if explicit and (r.marriage_out_without_lead if turn.married >= 0 else s.tricks_played > 0):
        out.append("claim")
    strict = s.is_closed or not s.talon
    if (
        turn.married < 0
        and not (
            s.tricks(seat) == 0
            and r.marriage_before_first_trick is ss.MarriageBeforeFirstTrick.FORBIDDEN
        )
        and not (strict and not r.marriage_in_strict_phase)
    ):
        for suit in ss.Suit:
            if Card(ss.Rank.KING, suit) in hand and Card(ss.Rank.QUEEN, suit) in hand:
                out.append(f"marry {suit.letter}")
        # rules §13.7.2: the amour, ace and ten, on a marriage's terms, after the marriages
        for suit in ss.Suit:
            if Card(ss.Rank.ACE, suit) in hand and Card(ss.Rank.TEN, suit) in hand:
                if r.amour is ss.AmourRule.ANY_SUIT:
                    out.append(f"amour {suit.letter}")
                elif r.amour is ss.AmourRule.TRUMP and suit == s.trump:
                    out.append("amour")
    if turn.amour >= 0:
        suit = ss.Suit(turn.amour)
        hand = [c for c in hand if c in (Card(ss.Rank.ACE, suit), Card(ss.Rank.TEN, suit))]
    elif turn.married >= 0:
        suit = ss.Suit(turn.married)
        allowed = [Card(ss.Rank.KING, suit)]
        if r.marriage_lead is ss.MarriageLead.EITHER:
            allowed.append(Card(ss.Rank.QUEEN, suit))
        hand = [c for c in hand if c in allowed]
    return out + [str(c) for c in hand]


LEGAL_VARIATIONS: list[dict[str, object]] = [
    {},
    {"exchange_timing": ss.ExchangeTiming.ANY_TIME, "exchange_requires_won_trick": False},
    {
        "exchange_timing": ss.ExchangeTiming.ANY_TIME,
        "exchange_on_first_lead": False,
        "exchange_requires_won_trick": False,
    },
    {"exchange_min_talon": 0, "close_min_talon": 0},
    {"exchange_min_talon": 4, "close_min_talon": 4},
    {"exchange_min_talon": 6, "close_min_talon": 6},
    {"exchange_when_closed": ss.ExchangeWhenClosed.AT_CLOSE_OPPONENT},
    {"exchange_when_closed": ss.ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK},
    {
        "exchange_when_closed": ss.ExchangeWhenClosed.WHILE_CLOSED_WITH_TRICK,
        "exchange_timing": ss.ExchangeTiming.ANY_TIME,
    },
    {"marriage_lead": ss.MarriageLead.KING_ONLY, "marriage_out_without_lead": False},
    {"marriage_before_first_trick": ss.MarriageBeforeFirstTrick.FORBIDDEN},
    {"marriage_in_strict_phase": True},
    {"marriage_in_strict_phase": False},
    {"closing_allowed": False},
    {"closing_allowed": True, "close_timing": ss.CloseTiming.AFTER_DRAW},
    {"closing_allowed": True, "close_timing": ss.CloseTiming.BEFORE_OR_AFTER_DRAW},
    {"close_on_first_lead": False, "strict_play": StrictPlay.FOLLOW_OR_TRUMP},
    {"close_on_first_lead": True, "strict_play": StrictPlay.FOLLOW_ONLY},
]


@pytest.mark.parametrize("mode", list(ss.ClaimMode))
@pytest.mark.parametrize("name", list(ss.PRESETS))
def test_legal_moves_match_reference_in_random_games(name: str, mode: ss.ClaimMode) -> None:
    """Every position of seeded random games, with every legal-move parameter value:
    legal_moves equals the reference (options, order and playable cards), and the
    decision step appears exactly when §2.1 says."""
    counts = {"exchange": 0, "close": 0, "claim": 0, "marry": 0, "draw": 0}
    for seed in range(len(LEGAL_VARIATIONS) * 3):
        variation = LEGAL_VARIATIONS[seed % len(LEGAL_VARIATIONS)]
        rules = E(ss.PRESETS[name], claim_mode=mode, **variation)
        rng = random.Random(seed)
        s = ss.new_hand(rules, seed=seed, dealer=seed % 2)
        turn = Turn()
        while not s.is_over:
            want = ref_moves(s, turn)
            assert moves(s) == want, (seed, variation, s)
            for key in counts:
                counts[key] += any(m.startswith(key) for m in want)
            move = choose(rng, ss.legal_moves(s))
            before = s
            s = ss.apply_move(s, move)
            if isinstance(move, ss.Close):
                turn.tricks_at_close = before.tricks_played
                turn.closed_in_turn = before.step is Step.LEAD
            elif isinstance(move, ss.Marry):
                turn.married = move.suit
            elif isinstance(move, ss.Amour):
                turn.married = turn.amour = s.trump if move.suit is None else move.suit
            elif isinstance(move, ss.Play) and before.step is Step.LEAD:
                turn.closed_in_turn, turn.married, turn.amour = False, -1, -1
            if isinstance(move, ss.Play) and before.step is Step.FOLLOW and not s.is_over:
                talon_open = bool(before.talon) and not before.is_closed
                decide = (
                    talon_open
                    and rules.closing_allowed
                    and rules.close_timing is ss.CloseTiming.BEFORE_OR_AFTER_DRAW
                    and before.talon_size >= rules.close_min_talon
                )
                assert (s.step is Step.DECIDE) is decide
                if talon_open and not decide:
                    assert s.talon_size == before.talon_size - 2
    if name != "VU_SCHNAPSEN":
        assert all(counts.values()) or mode is not ss.ClaimMode.EXPLICIT
