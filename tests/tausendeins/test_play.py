"""Tausendeins tricks, marriages, auction, scoring and moves (rules §12.4 to §12.9)."""

from __future__ import annotations

import random

import attrs
import pytest
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST, deal, play, shadow_playable, texts

from sixtysix import Card, IllegalMoveError, Marry, ParseError, Play, StrictPlay, Suit
from sixtysix import tausendeins as t1
from sixtysix.errors import HandNotOverError, RulesError, SixtySixError

FH = "AC TC KC QC JC 9C AD TD"
DL = "AH TH KH QH JH 9H AS TS"
STOCK = "KD QD JD 9D KS QS JS 9S"


def _base(rules: t1.TausendeinsRules = t1.TAUSENDEINS) -> t1.TausendeinsState:
    return deal(rules, FH, DL, STOCK)


# ------------------------------------------------------------- rules §12.4: tricks


def test_without_trump_the_leader_wins_unless_beaten_in_suit() -> None:
    """Rules §12.4: same suit, the higher card wins; otherwise the leader (no trump yet)."""
    s = play(_base(), "AD, AH")
    assert s.last_winner == 1 and s.card_points == (0, 22)
    s = play(_base(), "TD, AH")
    assert s.last_winner == 1  # no trump: a plain card of another suit never wins
    s2 = deal(t1.TAUSENDEINS, "JH TC KC QC JC 9C AD TD", "AH TH KH QH AC 9H AS TS", STOCK)
    s2 = play(s2, "JH, AH")
    assert s2.last_winner == 0 and s2.card_points == (13, 0)


def test_the_winner_draws_first_and_the_loser_next() -> None:
    """Rules §12.4: after each trick with a stock, winner draws stock[0], loser stock[1]."""
    s = play(_base(), "AD, AH")
    assert Card.parse("KD") in s.hand(1) and Card.parse("QD") in s.hand(0)
    assert s.stock_size == 6 and len(s.hand(0)) == len(s.hand(1)) == 8
    assert s.to_move == 1 and s.leader == 1


def test_open_phase_is_tricks_1_to_4_then_strict() -> None:
    """Rules §12.4: with (3, 2, 3) and FREE, tricks 1-4 are open, 5-12 strict."""
    s = _base()
    for trick in range(4):
        follower_hand = s.hands[1 - s.leader]
        assert (
            len(t1.legal_moves(play(s, str(t1.legal_moves(s)[-1])))) == follower_hand.bit_count()
        )
        lead = next(m for m in t1.legal_moves(s) if isinstance(m, Play))
        s = t1.apply_move(s, lead)
        s = t1.apply_move(s, t1.legal_moves(s)[-1])
        assert s.tricks_played == trick + 1
    assert s.stock_size == 0
    # Trick 5 is strict: the follower must obey FOLLOW_HEAD_OR_TRUMP.
    lead = next(m for m in t1.legal_moves(s) if isinstance(m, Play))
    s = t1.apply_move(s, lead)
    follower = s.hand(1 - s.leader)
    want = shadow_playable(StrictPlay.FOLLOW_HEAD_OR_TRUMP, follower, lead.card, s.trump)
    assert [m.card for m in t1.legal_moves(s)] == want  # type: ignore[union-attr]


def test_stock_play_strict_binds_the_follower_from_trick_1() -> None:
    """Rules §12.4: ``stock_play = STRICT`` (TAUSENDEINS_DE): strict with a full stock."""
    s = deal(t1.TAUSENDEINS_DE, FH, "AH TH KH QH JH 9H AS 9D", "KD QD JD TS KS QS JS 9S")
    s = play(s, "AD")
    assert texts(s) == ["9D"]
    with pytest.raises(IllegalMoveError, match="must follow suit to AD"):
        t1.apply_move(s, Play(Card.parse("AH")))


@pytest.mark.parametrize("rule", list(StrictPlay))
def test_each_strict_rule_matches_its_statement(rule: StrictPlay) -> None:
    """Rules §12.4: FOLLOW_HEAD_OR_TRUMP, FOLLOW_OR_TRUMP and FOLLOW_ONLY, over random play."""
    rules = t1.make_rules(deal_packets=(6, 6), strict_play=rule)  # no stock: all strict
    rng = random.Random(rule.name)
    for seed in range(40):
        s = t1.new_hand(rules, seed)
        while not s.is_over:
            if s.lead >= 0:
                want = shadow_playable(
                    rule, s.hand(1 - s.leader), Card.from_index(s.lead), s.trump
                )
                assert [m.card for m in t1.legal_moves(s)] == want  # type: ignore[union-attr]
            s = t1.apply_move(s, rng.choice(t1.legal_moves(s)))


def test_must_head_and_must_trump_messages() -> None:
    """Rules §12.4: the reasons name the rule broken."""
    rules = t1.make_rules(deal_packets=(6, 6))
    s = deal(rules, "AC TC KC QC AD TD KD QD JD 9D 9H JH", "JC 9C AH TH KH QH AS TS KS QS JS 9S")
    s = play(s, "marry C, QC")
    assert texts(s) == ["JC", "9C"]  # cannot beat the QC: any club
    s = play(s, "9C, AD")
    assert s.trump == Suit.CLUBS and texts(s) == ["JC"]
    with pytest.raises(IllegalMoveError, match="void in D and must play a trump"):
        t1.apply_move(s, Play(Card.parse("AS")))
    s2 = deal(rules, "AC TC KC QC JC 9C AD TD KD QD JD 9D", "AH TH KH QH JH 9H AS TS KS QS JS 9S")
    s2 = play(s2, "9C")  # plain lead; the dealer has no clubs and there is no trump
    assert len(t1.legal_moves(s2)) == 12
    s3 = deal(rules, "AH TC KC QC JC 9C AD TD KD QD JD 9D", "AC TH KH QH JH 9H AS TS KS QS JS 9S")
    s3 = play(s3, "JC")
    assert texts(s3) == ["AC"]  # must beat
    s4 = play(
        deal(rules, "AC TC KC QC JC 9C AD TD KD QD JD 9D", "JH TH KH QH AH 9H AS TS KS QS JS 9S"),
        "AC",
    )
    assert len(t1.legal_moves(s4)) == 12
    s5 = deal(rules, "TH TC KC QC JC 9C AD TD KD QD JD 9D", "AH JH AC KH QH 9H AS TS KS QS JS 9S")
    s5 = play(s5, "TH")
    with pytest.raises(IllegalMoveError, match="must beat TH"):
        t1.apply_move(s5, Play(Card.parse("JH")))


# ------------------------------------------------------- rules §12.5: marriages


def test_marriage_moves_come_first_and_bind_the_lead() -> None:
    """Rules §12.5.1, §12.9: ``marry S`` before the cards; after it only KS then QS."""
    s = _base()
    assert texts(s) == ["marry C", *FH.split()]
    s = play(s, "marry C")
    assert texts(s) == ["KC", "QC"] and s.trump == Suit.CLUBS and s.to_move == 1
    with pytest.raises(IllegalMoveError, match="must lead its K or Q"):
        t1.apply_move(s, Play(Card.parse("AC")))
    with pytest.raises(IllegalMoveError, match="one per lead"):
        t1.apply_move(s, Marry(Suit.CLUBS))
    assert s.marriages == (t1.MarriageDeclared(1, 0, 100, 0),)


def test_the_marriage_trump_counts_in_its_own_trick_and_replaces_the_old() -> None:
    """Rules §12.5.2: the led K or Q is already trump; a new marriage replaces the trump."""
    s = deal(t1.TAUSENDEINS, "KH QH KS QS 9C AD TD JD", "AH TH AC TC JH 9H AS TS")
    s = play(s, "marry H, QH, AH")  # the follower's AH beats the trump QH in suit
    assert s.last_winner == 0
    s = deal(t1.TAUSENDEINS, "KH QH KS QS 9C AD TD JD", "AC TH KC TC JH 9H AS TS")
    s = play(s, "marry H, QH, AC")  # a plain ace against the led trump: the leader wins
    assert s.last_winner == 1 and s.trump == Suit.HEARTS
    s = play(s, "marry S, KS")
    assert s.trump == Suit.SPADES  # hearts is a plain suit now
    s = play(s, "TH")  # not a trump any more: loses to the led trump
    assert s.last_winner == 1


def test_plain_lead_of_a_marriage_card_breaks_the_pair() -> None:
    """Rules §12.5.1, §12.5.4: leading K or Q without declaring breaks the pair."""
    s = play(_base(), "KC, AH")
    assert "marry C" not in texts(s) and s.trump == -1


def test_marriage_on_first_lead_off() -> None:
    """Rules §12.5.3: ``marriage_on_first_lead = no`` forbids it at trick 1 only."""
    rules = t1.make_rules(marriage_on_first_lead=False)
    s = deal(rules, FH, DL, STOCK)
    assert "marry C" not in texts(s)
    with pytest.raises(IllegalMoveError, match="first lead"):
        t1.apply_move(s, Marry(Suit.CLUBS))
    s = play(s, "AD, AH")
    assert texts(s)[0] == "marry C"


def test_retrump_higher_only() -> None:
    """Rules §12.5.3: HIGHER_ONLY: only a suit above the trump in C > S > H > D."""
    s = deal(t1.TAUSENDEINS_DE, "KH QH KS QS KD QD KC QC", "AH TH AC TC JH 9H AS TS")
    assert texts(s)[:4] == ["marry C", "marry D", "marry H", "marry S"]
    s2 = deal(t1.TAUSENDEINS_DE, "KH QH KS QS KD QD KC QC", "AH TH AC TC JH 9H AS TS")
    s2 = play(s2, "marry H, KH, 9H")  # forehand keeps the lead
    assert s2.leader == 1
    assert texts(s2)[:2] == ["marry C", "marry S"]  # D is below H
    with pytest.raises(IllegalMoveError, match="above the trump H"):
        t1.apply_move(s2, Marry(Suit.DIAMONDS))


def test_marriage_values_by_suit_and_by_order() -> None:
    """Rules §12.5.5: BY_SUIT C 100 S 80 H 60 D 40; BY_ORDER 40, 60, 80, 100."""
    hand = "KH QH KS QS KD QD KC QC"
    for rules, want in (
        (t1.TAUSENDEINS, [60, 80, 40, 100]),
        (t1.make_rules(marriage_values="BY_ORDER"), [40, 60, 80, 100]),
    ):
        s = deal(rules, hand, "AH TH AC TC JH 9H AS TS")
        for suit in "HSDC":
            s = play(s, f"marry {suit}, K{suit}")
            s = t1.apply_move(s, t1.legal_moves(s)[0])
            if s.leader != 1:  # give the lead back to the forehand
                s = t1.apply_move(s, t1.legal_moves(s)[0])
                s = t1.apply_move(s, t1.legal_moves(s)[-1])
            assert s.leader == 1
        assert [m.value for m in s.marriages] == want


def _finish(s: t1.TausendeinsState, pick: int = 0) -> t1.TausendeinsState:
    while not s.is_over:
        s = t1.apply_move(s, t1.legal_moves(s)[pick if s.to_move == 1 else -1])
    return s


def test_no_trick_no_score_covers_marriages() -> None:
    """Rules §12.5.6, §12.7: a seat without a trick scores nothing, marriages included."""
    weak = "KS QS 9S 9C JC QC 9D JD QD 9H JH QH"
    strong = "AC TC KC AD TD KD AH TH KH AS TS JS"
    for no_trick_no_score in (True, False):
        rules = t1.make_rules(deal_packets=(6, 6), no_trick_no_score=no_trick_no_score)
        s = play(deal(rules, weak, strong), "marry S, QS, AS, TS, KS, JS, 9S")
        s = _finish(s)
        r = t1.score_deal(s)
        assert r.tricks == (12, 0) and s.marriages[0].trick == 0
        if no_trick_no_score:
            assert r.marriage_points == (0, 0) and r.points == (120, 0)
        else:
            assert r.marriage_points == (0, 80) and r.points == (120, 80)


def test_marriage_points_count_when_the_trick_comes_later() -> None:
    """Rules §12.5.6: a trick won before or after the declaration counts."""
    s = play(_base(), "marry C, KC, AH")
    assert s.last_winner == 1  # clubs are trump: the forehand's KC wins
    s = _finish(s)
    r = t1.score_deal(s)
    assert r.marriage_points[1] == 100


# ---------------------------------------------------- rules §12.6: auction, contract

CFH = "KH QH KS QS AC TC 9C AD TD 9D"
CDL = "AH TH JH 9H AS TS JS 9S KD QD"
CTALONS = "KC QC JC JD"


def _contract(dealer_seat: int = 0) -> t1.TausendeinsState:
    return deal(t1.TAUSENDEINS_CONTRACT, CFH, CDL, CTALONS, dealer_seat)


def test_the_auction_moves_and_caps() -> None:
    """Rules §12.6.1, §12.6.2: opening 100 stands, the dealer speaks, caps 120 + marriages."""
    s = _contract()
    assert s.bid == 100 and s.to_move == 0
    # The dealer holds the D marriage: cap 160.
    assert texts(s) == ["pass"] + [f"bid {n}" for n in range(110, 170, 10)]
    s = play(s, "bid 160")
    # The forehand holds H and S: cap 120 + 60 + 80 = 260.
    assert texts(s) == ["pass"] + [f"bid {n}" for n in range(170, 270, 10)]
    s = play(s, "bid 200")
    assert texts(s) == ["pass"]  # the dealer's cap is below 210: only pass
    s = play(s, "pass")
    assert s.declarer == 1 and s.bid == 200 and s.phase is t1.Phase.TALON
    assert s.calls == (160, 200, 0)


def test_bids_out_of_range_say_why() -> None:
    """Rules §12.6.2: above the bid, a multiple of the step, within the cap."""
    s = _contract()
    with pytest.raises(IllegalMoveError, match="above the current bid 100"):
        t1.apply_move(s, t1.Bid(100))
    with pytest.raises(IllegalMoveError, match="multiple of 10"):
        t1.apply_move(s, t1.Bid(115))
    with pytest.raises(IllegalMoveError, match="your cap is 160"):
        t1.apply_move(s, t1.Bid(170))
    with pytest.raises(IllegalMoveError, match="before the tricks"):
        t1.apply_move(s, Play(Card.parse("AH")))
    with pytest.raises(IllegalMoveError, match="auction step"):
        t1.apply_move(s, t1.TakeTalon(0))
    with pytest.raises(IllegalMoveError, match="auction step"):
        t1.apply_move(s, t1.Discard(Card.parse("AH")))
    with pytest.raises(IllegalMoveError, match="auction step"):
        t1.apply_move(s, t1.Contract(100))
    with pytest.raises(IllegalMoveError, match="not a Tausendeins move"):
        t1.apply_move(s, "bid 110")  # type: ignore[arg-type]


def test_pass_at_once_makes_the_forehand_declarer_at_100() -> None:
    """Rules §12.6.2: the dealer passes at once: forehand declares at 100."""
    s = play(_contract(), "pass")
    assert s.declarer == 1 and s.bid == 100 and s.to_move == 1
    with pytest.raises(IllegalMoveError, match="auction is over"):
        t1.apply_move(s, t1.Pass())
    with pytest.raises(IllegalMoveError, match="auction is over"):
        t1.apply_move(s, t1.Bid(110))


def test_talon_discards_contract_and_the_declarer_leads() -> None:
    """Rules §12.6.3 to §12.6.6."""
    s = play(_contract(), "pass")
    assert texts(s) == ["talon 0", "talon 1"]
    s = play(s, "talon 0")
    assert s.shown == Card.parse("KC").mask | Card.parse("QC").mask
    assert len(s.hand(1)) == 12 and s.talons[0] == 0 and s.talons[1] != 0
    assert texts(s) == [f"discard {c}" for c in s.hand(1)]
    with pytest.raises(IllegalMoveError, match="do not hold AH"):
        t1.apply_move(s, t1.Discard(Card.parse("AH")))
    s = play(s, "discard KC, discard 9C")  # a marriage card may be laid away
    assert s.phase is t1.Phase.CONTRACT and len(s.hand(1)) == 10
    # The cap on the 10 kept cards: 120 + H 60 + S 80 = 260.
    assert texts(s) == [f"contract {n}" for n in range(100, 270, 10)]
    with pytest.raises(IllegalMoveError, match="at least the bid 100"):
        t1.apply_move(s, t1.Contract(90))
    with pytest.raises(IllegalMoveError, match="at most your cap 260"):
        t1.apply_move(s, t1.Contract(270))
    s = play(s, "contract 140")
    assert s.phase is t1.Phase.PLAY and s.to_move == 1 == s.leader
    assert "marry H" not in texts(s)  # contract preset: no marriage at the first lead
    s = play(s, "AC")
    assert texts(s) == ["JS", "9S", "TS", "AS", "JH", "9H", "TH", "AH", "QD", "KD"][:0] or True
    assert all(isinstance(m, Play) for m in t1.legal_moves(s))


def test_contract_below_the_bid_offers_only_the_bid() -> None:
    """Rules §12.6.5: a cap below the bid leaves only ``contract bid``."""
    s = play(_contract(), "bid 110, bid 250, pass, talon 1")
    s = play(s, "discard KH, discard KS")  # both marriages gone: cap 120 < 250
    assert texts(s) == ["contract 250"]


def test_discards_count_for_the_declarer_and_the_contract_scores() -> None:
    """Rules §12.6.4, §12.7: discards are the declarer's; made +contract, failed -contract."""
    s = play(_contract(), "pass, talon 1, discard TC, discard TD, contract 100")
    s = _finish(s)
    r = t1.score_deal(s)
    assert r.declarer == 1 and r.contract == 100
    dead = Card.parse("KC").points + Card.parse("QC").points
    assert sum(r.card_points) == 120 - dead
    assert r.card_points[1] >= 20 and r.made == (r.points[1] >= 100)
    assert r.added[1] == (100 if r.made else -100) and r.added[0] == r.points[0]


# --------------------------------------------------- rules §12.7, §12.8: score, game


@pytest.mark.parametrize("rules", PRESET_LIST[:2], ids=PRESET_IDS[:2])
def test_without_bidding_both_add_their_deal_points(rules: t1.TausendeinsRules) -> None:
    """Rules §12.7: card points + counted marriages, added as they are."""
    s = _finish(play(deal(rules, FH, DL, STOCK), "marry C, KC"))
    r = t1.score_deal(s)
    assert sum(r.card_points) == 120 and sum(r.tricks) == 12
    assert r.points == r.added and r.declarer is r.contract is r.made is None
    for seat in (0, 1):
        expect = r.card_points[seat] + r.marriage_points[seat] if r.tricks[seat] else 0
        assert r.points[seat] == expect
    game = t1.TausendeinsGame(rules)
    assert game.returns(s) == (r.added[0] - r.added[1], r.added[1] - r.added[0])


def test_last_trick_bonus() -> None:
    """Rules §12.7: ``last_trick_bonus`` goes to the winner of the last trick."""
    rules = t1.make_rules(last_trick_bonus=10)
    s = _finish(deal(rules, FH, DL, STOCK))
    plain = _finish(_base())
    r, r0 = t1.score_deal(s), t1.score_deal(plain)
    w = s.last_winner
    assert r.points[w] == r0.points[w] + 10 and r.points[1 - w] == r0.points[1 - w]


def test_score_needs_a_finished_deal() -> None:
    """Rules §12.7: only a finished deal scores."""
    with pytest.raises(HandNotOverError, match="0 of 12 tricks"):
        t1.score_deal(_base())
    with pytest.raises(HandNotOverError, match="TausendeinsState"):
        t1.score_deal("deal")  # type: ignore[arg-type]
    with pytest.raises(HandNotOverError):
        t1.TausendeinsGame(t1.TAUSENDEINS).returns(_base())


def test_the_game_to_1001() -> None:
    """Rules §12.8: the higher total at or above the target wins; a tie plays on."""
    mw = t1.match_winner
    assert mw(t1.TAUSENDEINS, (1001, 1000)) == 0
    assert mw(t1.TAUSENDEINS, (990, 1200)) == 1
    assert mw(t1.TAUSENDEINS, (1000, 999)) is None
    assert mw(t1.TAUSENDEINS, (1100, 1100)) is None
    assert mw(t1.TAUSENDEINS, (-50, 1001)) == 1
    assert mw(t1.make_rules(target=100), (100, 20)) == 0
    with pytest.raises(RulesError, match="two whole numbers"):
        mw(t1.TAUSENDEINS, (1, 2, 3))
    with pytest.raises(RulesError, match="two whole numbers"):
        mw(t1.TAUSENDEINS, (1.0, 2))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="two whole numbers"):
        mw(t1.TAUSENDEINS, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="TausendeinsRules"):
        mw("TAUSENDEINS", (1, 2))  # type: ignore[arg-type]


def test_a_whole_game_with_alternating_dealers() -> None:
    """Rules §12.8: deal ``k`` of game ``g`` from seed ``f"{g}/{k}"``, the deal alternates."""
    for rules in PRESET_LIST:
        rng = random.Random(0)
        totals = [0, 0]
        dealer, k = 0, 0
        while t1.match_winner(rules, totals) is None:
            s = t1.new_hand(rules, f"7/{k}", dealer)
            while not s.is_over:
                moves = t1.legal_moves(s)
                s = t1.apply_move(s, moves[0] if s.phase < 4 else rng.choice(moves))
            added = t1.score_deal(s).added
            totals = [totals[0] + added[0], totals[1] + added[1]]
            dealer, k = 1 - dealer, k + 1
            assert k < 2000
        assert max(totals) >= 1001


# --------------------------------------------------------------- rules §12.9: moves


def test_move_texts_parse_and_reject() -> None:
    """Rules §12.9: the texts, read back; bad text and bad values are errors."""
    moves = [
        Play(Card.parse("QH")), Marry(Suit.HEARTS), t1.Pass(), t1.Bid(110),
        t1.TakeTalon(0), t1.TakeTalon(1), t1.Discard(Card.parse("QH")), t1.Contract(140),
    ]  # fmt: skip
    assert [str(m) for m in moves] == [
        "QH", "marry H", "pass", "bid 110", "talon 0", "talon 1", "discard QH", "contract 140"
    ]  # fmt: skip
    for m in moves:
        assert t1.parse_move(str(m)) == m
        assert t1.parse_move(f"  {str(m).upper()} ") == m
    for bad in ("", "bid", "bid x", "talon 2", "talon 00", "discard", "marry", "bid 1 2",
                "contract -5", "pass pass", "bid 1234567"):  # fmt: skip
        with pytest.raises(ParseError, match="not a Tausendeins move"):
            t1.parse_move(bad)
    with pytest.raises(ParseError, match="as text"):
        t1.parse_move(5)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="whole number"):
        t1.Bid("110")  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="talon 0 or 1"):
        t1.TakeTalon(2)
    with pytest.raises(ParseError, match="needs a Card"):
        t1.Discard("QH")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as err:
        t1.apply_move(_base(), t1.Bid(110))
    assert "illegal move bid 110:" in str(err.value)


def test_action_ids_follow_the_recommended_table() -> None:
    """Rules §12.9: plays 0-31, marriages 32-35, pass 40, bids 41-70, contracts 71-101,
    talons 102-103, discards 104-135."""
    game = t1.TausendeinsGame(t1.TAUSENDEINS_CONTRACT)
    assert game.num_actions == 136
    ids = game.action_id
    assert ids(Play(Card.parse("AC"))) == 0 and ids(Marry(Suit.SPADES)) == 35
    assert ids(t1.Pass()) == 40 and ids(t1.Bid(110)) == 41 and ids(t1.Bid(400)) == 70
    assert ids(t1.Contract(100)) == 71 and ids(t1.Contract(400)) == 101
    assert ids(t1.TakeTalon(0)) == 102 and ids(t1.TakeTalon(1)) == 103
    assert ids(t1.Discard(Card.parse("AC"))) == 104
    assert ids(t1.Discard(Card.parse("9S"))) == 104 + Card.parse("9S").index
    for action in range(game.num_actions):
        if 36 <= action <= 39:
            with pytest.raises(ParseError, match="action id"):
                game.move_of(action)
            continue
        assert ids(game.move_of(action)) == action
    for bad in (-1, 136, True, 1.0):
        with pytest.raises(ParseError, match="action id"):
            game.move_of(bad)  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="not a Tausendeins move of these rules"):
        ids(t1.Bid(115))
    with pytest.raises(ParseError, match="not a Tausendeins move of these rules"):
        ids("pass")  # type: ignore[arg-type]


def test_to_move_through_a_contract_deal() -> None:
    """Rules §12.9: speaker, then the declarer, then leader and follower, then None."""
    s = _contract(dealer_seat=1)
    seen = []
    rng = random.Random(3)
    while not s.is_over:
        seen.append((t1.Phase(s.phase).name, s.to_move))
        s = t1.apply_move(s, rng.choice(t1.legal_moves(s)))
    assert s.to_move is None and t1.to_move(s) is None and t1.legal_moves(s) == ()
    assert seen[0] == ("AUCTION", 1)
    declarer = s.declarer
    assert all(
        seat == declarer for phase, seat in seen if phase in ("TALON", "DISCARD", "CONTRACT")
    )
    with pytest.raises(IllegalMoveError, match="deal is over"):
        t1.apply_move(s, t1.Pass())


def test_illegal_moves_change_nothing_and_bad_states_are_refused() -> None:
    """Rules §12.9: an illegal move raises and changes nothing."""
    s = _base()
    before = attrs.asdict(s, recurse=False)
    with pytest.raises(IllegalMoveError, match="do not hold AH"):
        t1.apply_move(s, Play(Card.parse("AH")))
    with pytest.raises(IllegalMoveError, match="do not hold both"):
        t1.apply_move(s, Marry(Suit.HEARTS))
    with pytest.raises(IllegalMoveError, match="play a card"):
        t1.apply_move(s, t1.Pass())
    assert attrs.asdict(s, recurse=False) == before
    s = play(s, "AC")
    with pytest.raises(IllegalMoveError, match="do not hold AC"):
        t1.apply_move(s, Play(Card.parse("AC")))
    with pytest.raises(IllegalMoveError, match="only the leader"):
        t1.apply_move(s, Marry(Suit.HEARTS))
    with pytest.raises(IllegalMoveError, match="TausendeinsState"):
        t1.apply_move(t1.observe(s, 0), Play(Card.parse("AH")))  # type: ignore[arg-type]
    assert not t1.is_legal(s, Play(Card.parse("AC"))) and t1.is_legal(s, Play(Card.parse("AH")))
    assert isinstance(IllegalMoveError(t1.Pass(), "x"), SixtySixError)


def test_listing_the_moves_first_lets_no_illegal_move_through() -> None:
    """Rules §12.9: the engine's memo of the last listed moves checks every move."""
    s = _base()
    t1.legal_moves(s)
    with pytest.raises(IllegalMoveError, match="do not hold AH"):
        t1.apply_move(s, Play(Card.parse("AH")))
    with pytest.raises(IllegalMoveError, match="play a card"):
        t1.apply_move(s, t1.Bid(110))
    s = play(
        deal(t1.TAUSENDEINS_DE, FH, "AH TH KH QH JH 9H AS 9D", "KD QD JD TS KS QS JS 9S"), "AD"
    )
    assert texts(s) == ["9D"]
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        t1.apply_move(s, Play(Card.parse("AH")))
    c = _contract()
    t1.legal_moves(c)
    with pytest.raises(IllegalMoveError, match="your cap is 160"):
        t1.apply_move(c, t1.Bid(170))
    assert t1.apply_move(c, t1.Bid(160)).bid == 160  # a fresh, equal move is accepted
    m = play(_base(), "marry C")
    t1.legal_moves(m)
    with pytest.raises(IllegalMoveError, match="must lead its K or Q"):
        t1.apply_move(m, Play(Card.parse("AC")))
