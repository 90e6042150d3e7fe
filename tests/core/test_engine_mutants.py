"""Behaviour of sixtysix.engine that the mutation testing of engine.py found unpinned.

Each test pins what a player or a caller can see — a deal, a move list, the reason a
move is refused, an error message — and cites the rule it checks (docs/rules.md, "rules
§N.M"); the mutation testing is described in docs/fuzzing.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import attrs
import pytest
from tests.helpers import deal, deal_a, play, random_play

import sixtysix as ss
from sixtysix import CLASSIC_66, Step
from sixtysix.cards import marriage_value
from sixtysix.engine import shuffled_deck
from sixtysix.state import TURN_CLOSED

E = attrs.evolve


def first_six(rules: ss.Rules, seed: int | str | bytes) -> str:
    return " ".join(str(c) for c in shuffled_deck(rules, seed)[:6])


# ============================================================== seeds and deals


def test_every_seed_kind_deals_a_pinned_pack() -> None:
    # shuffled_deck: the deal for an int, str or bytes seed is the same on every platform
    # and Python version, so these packs are pinned (as the int seed 42 in
    # test_engine_api); each kind of seed is hashed with its own prefix.
    rules = CLASSIC_66
    assert first_six(rules, b"5") == "QS KH JD TH QD KS"
    assert first_six(rules, b"") == "9S JS TD AC TC KD"
    assert first_six(rules, "5") == "TH 9S 9C TD QD QS"
    assert first_six(rules, "table 7") == "AS JS QD QC JC 9C"
    # Any str is a seed, even one that is not valid UTF-8 (a lone surrogate).
    assert first_six(rules, "\u00e9") == "KC KD JS 9S QC TS"
    assert first_six(rules, "\ud800") == "KD AH JH 9D AS QD"
    # Ints past 12,000 bits are hashed by their two's-complement bytes, not their text.
    assert first_six(rules, 2**12000) == "TS JS 9H TC JC AS"
    assert first_six(rules, 2**12000 - 1) == "JD QC 9H KD AH AC"
    assert first_six(rules, -(2**12001)) == "QS QH KD KS KC AH"
    assert first_six(rules, 2**13000) == "QD JS AH AS TH QH"


def test_a_bytes_seed_deals_the_pack_of_shuffled_deck() -> None:
    # rules §1.3: the non-dealer gets the first packet, the dealer the second, ...
    state = ss.new_hand(CLASSIC_66, b"5")
    assert state == ss.deal_from_order(CLASSIC_66, shuffled_deck(CLASSIC_66, b"5"), 0)
    assert {str(c) for c in state.hand(1)} >= {"QS", "KH", "JD"}
    assert {str(c) for c in state.hand(0)} >= {"TH", "QD", "KS"}


def test_deal_from_order_deals_for_seat_0_by_default() -> None:
    # The dealer defaults to seat 0, so seat 1 (the non-dealer) leads (rules §1.3, §2).
    order = list(CLASSIC_66.deck.cards)
    state = ss.deal_from_order(CLASSIC_66, order)
    assert state.dealer == 0 and state.leader == 1 and state.to_move == 1
    assert state == ss.deal_from_order(CLASSIC_66, order, dealer=0)
    assert state != ss.deal_from_order(CLASSIC_66, order, dealer=1)


def test_new_hand_deals_for_seat_0_by_default() -> None:
    # new_hand's dealer defaults to seat 0, as deal_from_order's (rules §1.3).
    state = ss.new_hand(CLASSIC_66, 8)
    assert state.dealer == 0 and state.to_move == 1
    assert state == ss.new_hand(CLASSIC_66, 8, dealer=0)


def test_a_random_generator_seed_is_one_randrange_call() -> None:
    rng = random.Random(11)
    expected = random.Random(11)
    deck = shuffled_deck(ss.SCHNAPSEN, rng)
    index = expected.randrange(math.factorial(ss.SCHNAPSEN.deck.size))
    # The permutation of index ``index`` in the factorial number system (shuffled_deck).
    remaining = list(ss.SCHNAPSEN.deck.cards)
    out = []
    for k in range(len(remaining), 0, -1):
        index, j = divmod(index, k)
        out.append(remaining.pop(j))
    assert deck == out
    assert rng.random() == expected.random()  # both generators moved on alike


# ============================================================== errors


def test_deal_errors_say_what_was_wrong() -> None:
    r = CLASSIC_66
    for call in (
        lambda: ss.deal_from_order("r", []),  # type: ignore[arg-type]
        lambda: ss.shuffled_deck("r"),  # type: ignore[arg-type]
        lambda: ss.new_hand("r"),  # type: ignore[arg-type]
    ):
        with pytest.raises(ss.DealError) as info:
            call()
        assert str(info.value) == "rules must be a Rules value, not 'r'"
    for dealer in (True, 2, 1.0):
        with pytest.raises(ss.DealError) as info:
            ss.new_hand(r, 1, dealer=dealer)  # type: ignore[arg-type]
        assert str(info.value) == f"the dealer must be seat 0 or 1, not {dealer}"
        with pytest.raises(ss.DealError) as info:
            ss.deal_from_order(r, r.deck.cards, dealer=dealer)  # type: ignore[arg-type]
        assert str(info.value) == f"the dealer must be seat 0 or 1, not {dealer}"
    with pytest.raises(ss.DealError) as info:
        ss.new_hand(r, 1.5)  # type: ignore[arg-type]
    assert str(info.value) == "a seed must be an int, str, bytes or random.Random, not 1.5"


def test_pack_order_errors_name_the_card() -> None:
    r = CLASSIC_66
    cases = {
        "the pack order must hold cards, not 1": [1],
        "the pack order must be a sequence of cards, not 5": 5,
        "8C is not in the D24 deck": ["8C"],
        "AC appears twice in the pack order": ["AC", "AC"],
    }
    for message, order in cases.items():
        with pytest.raises(ss.DealError) as info:
            ss.deal_from_order(r, order)  # type: ignore[arg-type]
        assert str(info.value) == message
    rest = [c for c in r.deck.cards if str(c) not in ("KC", "9S")]
    with pytest.raises(ss.DealError) as info:
        ss.deal_from_order(r, rest)
    assert str(info.value) == (
        "the pack order has 22 cards but the D24 deck has 24; missing: KC 9S"
    )


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        ("to_move", "a HandState"),
        ("is_over", "a HandState"),
        ("is_legal", "a HandState"),
        ("explain_illegal", "a HandState"),
        ("legal_moves", "a HandState or a PlayerView"),
    ],
)
def test_queries_on_a_wrong_object_name_the_function_and_the_type(name: str, kinds: str) -> None:
    function = getattr(ss, name)
    args = ("AC",) if name in ("is_legal", "explain_illegal") else ()
    with pytest.raises(ss.PositionError) as info:
        function(17, *args)
    assert str(info.value) == f"{name} needs {kinds}, not int"


def test_queries_on_a_state() -> None:
    state = deal_a()
    assert ss.to_move(state) == 1 and not ss.is_over(state)
    over = play(state, "AC JC claim")
    assert ss.to_move(over) is None and ss.is_over(over)


# ============================================================== seat 0 closes, or marries clubs

# Seat 1 deals, so seat 0 leads (rules §1.3); trump spades, seat 0 holds KC QC and 9S.
C_ND = "KC QC AH TH 9S JD"
C_DL = "AC TC KH QH AD TD"


def deal_c(rules: ss.Rules = CLASSIC_66) -> ss.HandState:
    return deal(rules, C_ND, C_DL, "AS", "9C JC KD QD", dealer_seat=1)


def moves(state: ss.HandState) -> list[str]:
    return [str(m) for m in ss.legal_moves(state)]


def refused(state: ss.HandState, move: str, reason: str) -> None:
    """``move`` is illegal in ``state`` for exactly ``reason``, everywhere it is asked."""
    assert ss.explain_illegal(state, move) == reason
    assert not ss.is_legal(state, move)
    assert move not in moves(state)
    with pytest.raises(ss.IllegalMoveError) as info:
        ss.apply_move(state, move)
    assert info.value.reason == reason


def test_seat_0_leads_and_may_close_or_marry_at_once() -> None:
    # CLASSIC_66: closing on the first lead (§4.10) and a marriage before the first trick
    # (pending, §4.3) are allowed; the exchange needs a won trick (§3.3).
    s = deal_c()
    assert s.to_move == 0
    assert moves(s) == ["close", "marry C", "KC", "QC", "JD", "AH", "TH", "9S"]
    refused(s, "exchange", "this rule set allows the exchange only after you have won a trick")


def test_after_seat_0_closed_the_strict_phase_rules_apply() -> None:
    c = play(deal_c(), "close")
    assert c.closed_by == 0 and c.to_move == 0
    # No second close (§4.12), no marriage in the strict phase (§4.5), no draw (§2.1).
    assert moves(c) == ["KC", "QC", "JD", "AH", "TH", "9S"]
    refused(c, "close", "the talon is already closed")
    refused(c, "marry C", "this rule set allows no marriage once the talon is closed or exhausted")
    refused(c, "exchange", "the exchange must be the first step of your turn")  # §9.2
    refused(c, "claim", "you have not won a trick yet, so you cannot claim")
    # The follower must follow suit on the closed talon (§1.6): KH or QH to AH.
    f = play(c, "AH")
    assert moves(f) == ["KH", "QH"]
    refused(f, "AC", "the talon is closed: you must follow suit (hearts)")
    refused(f, "exchange", "you do not hold the exchange card 9S")
    assert ss.explain_illegal(f, "QH") is None
    # After the trick seat 0 leads again: still no marriage, and no exchange (NEVER, §3.6).
    t = play(f, "QH")
    assert t.to_move == 0 and t.step is Step.LEAD
    refused(t, "marry C", "this rule set allows no marriage once the talon is closed or exhausted")
    refused(t, "exchange", "the talon is closed and this rule set allows no exchange then")
    refused(t, "close", "the talon is already closed")
    assert "claim" in moves(t)


def test_after_a_clubs_marriage_only_its_cards_or_a_claim() -> None:
    # §4.1: after marrying, lead the king or the queen of that suit; §9.3: or claim.
    m = play(deal_c(), "marry C")
    assert m.turn_marriage == 0
    assert moves(m) == ["claim", "KC", "QC"]
    assert ss.explain_illegal(m, "claim") is None
    for card in ("AH", "9S", "JD"):
        refused(m, card, "after marrying clubs you must lead KC or QC")
    refused(m, "marry C", "only one marriage may be declared per lead")
    refused(m, "close", "the talon must be closed before declaring a marriage, not after")
    refused(m, "exchange", "the exchange must be the first step of your turn")
    refused(m, "draw", "draw is only a choice right after winning a trick, instead of closing")
    assert ss.apply_move(m, "QC").lead == ss.Card.parse("QC").index


def test_after_a_clubs_marriage_king_only_and_no_claim() -> None:
    rules = E(CLASSIC_66, marriage_out_without_lead=False, marriage_lead=ss.MarriageLead.KING_ONLY)
    m = play(deal_c(rules), "marry C")
    assert moves(m) == ["KC"]
    refused(m, "QC", "after marrying clubs you must lead KC")
    refused(
        m, "claim", "this rule set does not allow claiming right after a marriage; lead a card"
    )


# ============================================================== the decision after a trick


def test_the_decision_names_its_choices() -> None:
    # §2.1: after winning a trick on an open talon: draw, close, or (§2.4) claim.
    d = play(deal_a(), "AC JC")
    assert d.step is Step.DECIDE and moves(d) == ["draw", "close", "claim"]
    for move in ("draw", "close", "claim"):
        assert ss.explain_illegal(d, move) is None
    for move in ("KD", "marry H"):
        refused(d, move, "after winning this trick you must choose: draw, close or claim")
    refused(d, "exchange", "no exchange at the decision after a trick: draw or close first")


def test_the_decision_under_automatic_claims_has_no_claim() -> None:
    # §2.4 claim_mode AUTO: nobody claims, so the decision is draw or close only.
    d = play(deal_a(E(CLASSIC_66, claim_mode=ss.ClaimMode.AUTO)), "AC JC")
    assert d.step is Step.DECIDE and moves(d) == ["draw", "close"]
    for move in ("KD", "claim"):
        refused(d, move, "after winning this trick you must choose: draw, close")
    refused(d, "exchange", "no exchange at the decision after a trick: draw or close first")


def test_text_that_is_no_move_is_explained_by_the_parser() -> None:
    s = deal_a()
    with pytest.raises(ss.ParseError) as info:
        ss.parse_move("play the ace")
    assert ss.explain_illegal(s, "play the ace") == str(info.value)
    assert ss.explain_illegal(s, 17) == "17 is not a move"  # type: ignore[arg-type]
    assert ss.explain_illegal(s, ss.Card.parse("AC")) == "Card.parse('AC') is not a move"  # type: ignore[arg-type]


def test_the_follower_may_not_close() -> None:
    # §4.7: only the player on lead closes.
    f = play(deal_c(), "AH")
    refused(f, "close", "only the player on lead may close the talon")
    refused(f, "claim", "only the player on lead may claim, not the follower")
    refused(f, "marry H", "only the player on lead may declare a marriage")


def test_a_pack_order_is_read_one_card_past_the_deck_at_most() -> None:
    # An endless iterable is cut off: deal_from_order reads at most deck size + 1 items.
    deck = CLASSIC_66.deck

    def endless() -> Iterator[ss.Card]:
        yield from deck.cards
        yield deck.cards[0]
        raise AssertionError("read more than one card past the deck")

    with pytest.raises(ss.DealError) as info:
        ss.deal_from_order(CLASSIC_66, endless())  # type: ignore[arg-type]
    assert str(info.value) == "AC appears twice in the pack order"


def test_a_claim_changes_nothing_but_ending_the_hand() -> None:
    # §2.4: the claimant stops play; the final position is the one claimed in. Seat 0
    # married clubs and lost the trick, so its marriage is still pending (§4.2); seat 1
    # closes (§4.7) and claims.
    s = play(deal_c(), "marry C KC AC draw close")
    assert s.to_move == 1 and s.pending == (20, 0) and s.turn_steps
    claimed = ss.apply_move(s, "claim")
    assert claimed == attrs.evolve(s, step=Step.OVER)
    assert claimed.pending == s.pending and claimed.turn_steps == s.turn_steps
    m = play(deal_a(), "AC JC draw marry H claim")
    assert m.turn_marriage == ss.Suit.HEARTS and m.step is Step.OVER


def test_a_marriage_after_closing_keeps_the_close_of_this_turn() -> None:
    # §4.7 and §4.1: close, then marry in the same turn (where the strict phase allows
    # marriages, §4.5); the position records both, and its text reads back.
    rules = E(CLASSIC_66, marriage_in_strict_phase=True)
    m = play(deal_c(rules), "close marry C")
    assert m.closed_by == 0 and m.turn_marriage == ss.Suit.CLUBS
    assert m.turn_steps == TURN_CLOSED
    assert ss.load_position(ss.dump_position(m)) == m
    assert moves(m) == ["claim", "KC", "QC"]  # §9.3: a claim right after a marriage


def test_marriages_are_recorded_by_seat_and_suit() -> None:
    # §4.1: each declared marriage is remembered (bit seat * 4 + suit of ``declared``).
    s = play(deal_a(), "AC JC draw marry H")
    assert s.declared == 1 << (1 * 4 + ss.Suit.HEARTS)
    assert ss.load_position(ss.dump_position(s)) == s
    t = play(s, "KH TC draw marry D")
    assert t.declared == 1 << (1 * 4 + ss.Suit.HEARTS) | 1 << (1 * 4 + ss.Suit.DIAMONDS)
    assert ss.load_position(ss.dump_position(t)) == t


@pytest.mark.parametrize("rules", list(ss.PRESETS.values()), ids=list(ss.PRESETS))
def test_every_position_of_random_play_reads_back_from_its_text(rules: ss.Rules) -> None:
    # A position string holds the whole position (notation), so each state the engine
    # makes reads back equal: no field holds a value that no position can have. No card
    # is led except while the follower is to play; a marriage of this turn only on lead.
    for seed in range(6):
        for state in random_play(rules, seed, no_close=seed % 3 == 0):
            assert ss.load_position(ss.dump_position(state)) == state
            assert (state.lead >= 0) == (state.step is Step.FOLLOW)
            if state.step is not Step.LEAD:
                assert state.turn_marriage == -1 or state.step is Step.OVER
            for seat in (0, 1):
                # §5.1: the card points are those of the cards won; §4.1/§4.2: each
                # declared marriage is counted or still pending.
                won = [c for c in rules.deck.cards if state.won[seat] >> c.index & 1]
                assert state.card_points[seat] == sum(c.points for c in won)
                values = [
                    marriage_value(suit, state.trump)
                    for suit in range(4)
                    if state.declared >> (seat * 4 + suit) & 1
                ]
                values += [  # §13.9: amours as points (bit 8 + seat * 4 + suit)
                    rules.amour_points[suit == state.trump]
                    for suit in range(4)
                    if state.declared >> (8 + seat * 4 + suit) & 1
                ]
                if rules.honours_scoring is ss.HonoursScoring.GAME_POINTS:
                    values = []  # §13.9: honours add no points
                assert state.marriages[seat] + state.pending[seat] == sum(values)


@pytest.mark.parametrize("dealer", [0, 1])
def test_redeemed_marriages_add_up(dealer: int) -> None:
    # §4.4 NEXT_TRICK_AFTER_DECLARING: each marriage is pending until its declarer wins
    # the next trick; then it adds to the marriages already counted.
    rules = ss.VU_SCHNAPSEN
    s = deal(rules, "KH QH KD QD AD", "AC TC KC QC JC", "JS", dealer_seat=dealer)
    seat = 1 - dealer
    first = play(s, "marry H")
    assert first.pending[seat] == 20 and first.marriages[seat] == 0
    t = play(first, "KH JC")
    assert t.marriages[seat] == 20 and t.pending[seat] == 0
    u = play(t, "marry D")
    assert u.marriages[seat] == 20 and u.pending[seat] == 20  # pending again (§4.4)
    u = play(u, "KD QC")
    assert u.marriages[seat] == 40 and u.pending[seat] == 0
    assert u.card_points[seat] == 4 + 2 + 4 + 3 and u.card_points[dealer] == 0


def test_apply_move_errors_carry_the_move() -> None:
    # IllegalMoveError.move is the rejected move (or object), .reason the rule.
    with pytest.raises(ss.IllegalMoveError) as info:
        ss.apply_move("not a state", "QH")  # type: ignore[arg-type]
    assert info.value.move == "QH"
    assert str(info.value) == "illegal move 'QH': moves apply to a HandState, not str"
    with pytest.raises(ss.IllegalMoveError) as info:
        ss.apply_move(deal_a(), 17)  # type: ignore[arg-type]
    assert info.value.move == 17 and info.value.reason == "17 is not a move"
    with pytest.raises(ss.IllegalMoveError) as info:
        ss.apply_move(deal_a(), "AH")
    assert info.value.move == ss.parse_move("AH")
    assert str(info.value) == "illegal move AH: you do not hold AH"


def test_the_deal_plans_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from sixtysix import engine

    monkeypatch.setattr(engine, "_DEAL_PLANS_LIMIT", 1)
    engine._DEAL_PLANS.clear()
    for rules in ss.PRESETS.values():
        assert ss.new_hand(rules, 1) == ss.deal_from_order(rules, shuffled_deck(rules, 1))
        assert len(engine._DEAL_PLANS) == 1
