"""Mariage (rules §13): the presets, the new fields and members, and the examples of §13."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import SEARCH_PRESETS
from tests.profiles import examples

import sixtysix as ss
from sixtysix import (
    CLASSIC_66,
    MARIAGE,
    MARIAGE_PARLETT,
    Amour,
    AmourRule,
    ClaimMode,
    HandEnd,
    HandResult,
    HonoursScoring,
    Schwarz,
    Suit,
)
from sixtysix import testing as sst
from sixtysix.cards import trick_winner
from sixtysix.legality import rule_facts
from sixtysix.match import apply_result, new_match
from sixtysix.scoring import honours, whitewash_maker

E = attrs.evolve
MARIAGES = [MARIAGE, MARIAGE_PARLETT]


def pack(*top: str) -> list[str]:
    """The D32 pack with ``top`` first, then the other cards in canonical order."""
    return [*top, *(c for c in map(str, ss.Deck.D32.cards) if c not in top)]


def play_out(state: ss.HandState, rng: random.Random) -> ss.HandState:
    while not state.is_over:
        state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
    return state


# --------------------------------------------------------------------------- the presets


def test_the_preset_is_pieriers_mariage() -> None:
    """§13.1-§13.11: every field the preset sets, and the alias."""
    r = MARIAGE
    assert r.deck is ss.Deck.D32 and r.deal_packets == (3, 3) and r.trump_after_round == 1
    assert r.strict_play is ss.StrictPlay.FOLLOW_OR_TRUMP
    assert r.exchange_timing is ss.ExchangeTiming.ANY_TIME
    assert not r.exchange_requires_won_trick and r.exchange_on_first_lead
    assert r.marriage_before_first_trick is ss.MarriageBeforeFirstTrick.FORBIDDEN
    assert r.marriage_in_strict_phase and not r.closing_allowed
    assert r.claim_mode is ClaimMode.NONE and r.schwarz is Schwarz.NONE
    assert r.honours_scoring is HonoursScoring.GAME_POINTS
    assert r.honour_game_points == (1, 2, 3, 4)
    assert r.amour is AmourRule.TRUMP and r.whitewash
    assert r.tie_carry == 0 and r.match_target == 7
    assert r.next_dealer is ss.NextDealer.WINNER_DEALS
    assert r.dealer_after_tie is ss.DealerAfterTie.ALTERNATE
    assert ss.get_preset("Mariagenspiel") is MARIAGE
    info = ss.PRESET_INFO["MARIAGE"]
    assert info.summary == (
        "Mariage, the 32-card ancestor of Sixty-Six: always played out, honours paid apart"
    )
    assert info.aliases == ("MARIAGENSPIEL",)


def test_parletts_mariage_is_sixty_six_with_32_cards_and_amours() -> None:
    """§13 presets table: MARIAGE_PARLETT is CLASSIC_66 with D32 and amours of any suit."""
    assert ss.preset_differences(MARIAGE_PARLETT) == ("MARIAGE_PARLETT", {})
    assert E(CLASSIC_66, deck=ss.Deck.D32, amour=AmourRule.ANY_SUIT) == MARIAGE_PARLETT
    assert MARIAGE_PARLETT.amour_points == (30, 60)


def test_the_defaults_are_the_old_behaviour() -> None:
    """§13 new fields: the defaults keep every §8 preset as it was."""
    for name, rules in SEARCH_PRESETS.items():
        assert rules.honours_scoring is HonoursScoring.POINTS, name
        assert rules.amour is AmourRule.NONE and not rules.whitewash
        assert rules.claim_target == 66 and rules.whitewash_points == 0
        assert "amour" not in rules.to_dict()
        assert rule_facts(rules).plain_trick_game


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("honour_game_points", (1, 2, 3)),
        ("honour_game_points", (1, 2, 3, 11)),
        ("amour_points", (30, 201)),
        ("amour_points", "30 60"),
        ("whitewash_points", 201),
        ("claim_target", 0),
        ("claim_target", 231),
        ("amour", "TRUMP"),
        ("honours_scoring", None),
    ],
)
def test_new_fields_are_checked(field: str, value: object) -> None:
    with pytest.raises(ss.RulesError, match=field):
        E(CLASSIC_66, **{field: value})


def test_new_fields_round_trip_through_dicts() -> None:
    house = E(
        CLASSIC_66,
        amour=AmourRule.ANY_SUIT,
        amour_points=[10, 90],
        honour_game_points=(0, 1, 2, 3),
        whitewash=True,
        whitewash_points=50,
        claim_target=101,
    )
    assert house.amour_points == (10, 90)
    data = house.to_dict()
    assert data["amour_points"] == [10, 90] and data["claim_target"] == 101
    assert ss.Rules.from_dict(data) == house
    for preset in MARIAGES:
        assert ss.Rules.from_dict(preset.to_dict()) == preset
        assert ss.load_position(ss.dump_position(ss.new_hand(preset, seed=1))).rules == preset


# --------------------------------------------------------------------------- §13 examples


def test_example_1_the_deal() -> None:
    """§13.2 (example 1): non-dealer d0-d2 d7-d9, dealer d3-d5 d10-d12, turn-up d6."""
    order = [str(c) for c in ss.shuffled_deck(MARIAGE, seed=5)]
    state = ss.deal_from_order(MARIAGE, order, dealer=0)
    assert {str(c) for c in state.hand(1)} == {order[i] for i in (0, 1, 2, 7, 8, 9)}
    assert {str(c) for c in state.hand(0)} == {order[i] for i in (3, 4, 5, 10, 11, 12)}
    assert [str(ss.CARDS[i]) for i in state.talon] == [*order[13:], order[6]]
    assert state.talon_size == 20 and str(state.turnup) == order[6]


def test_example_2_honours_are_paid_apart() -> None:
    """§13.9 and §13.11 (example 2): hand 1 to seat 0, honours 6 and 4, the match 7 and 4."""
    rng = random.Random(3)
    final = play_out(ss.new_hand(MARIAGE, seed=3, dealer=1), rng)
    late = final.played[MARIAGE.talon_size :]
    deck = MARIAGE.deck.mask
    won0 = sum(1 << c for c in late) | sum(1 << c for c in final.played[:8])
    s = attrs.evolve(
        final,
        trump=Suit.HEARTS,
        leader=0,
        won=(won0, deck & ~won0),
        card_points=(62, 58),
        marriages=(0, 0),
        pending=(0, 0),
        # seat 0: the trump marriage (hearts); seat 1: the spade marriage, the amour
        declared=1 << (0 * 4 + Suit.HEARTS)
        | 1 << (1 * 4 + Suit.SPADES)
        | 1 << (8 + 1 * 4 + Suit.HEARTS),
    )
    assert whitewash_maker(s) == 0
    result = ss.score_hand(s)
    assert (result.winner, result.game_points, result.points) == (0, 1, (72, 58))
    assert result.reason is HandEnd.PLAYED_OUT
    assert result.honours == honours(s) == (6, 4)
    m = apply_result(new_match(MARIAGE, seed=1), result)
    assert m.scores == (7, 4) and m.winner == 0 and m.dealer == 0  # the winner deals


def test_example_3_schneider_and_no_schwarz() -> None:
    """§13.10 (example 3): 100-30 scores 2; a loser without a trick is still 2."""
    s = play_out(ss.new_hand(MARIAGE, seed=4), random.Random(4))
    deck = MARIAGE.deck.mask
    leader = s.leader
    s = attrs.evolve(s, card_points=(90, 30) if leader == 0 else (30, 90))
    r = ss.score_hand(s)
    assert r.points[leader] == 100 and r.game_points == 2
    blank = attrs.evolve(
        s,
        won=(deck, 0) if leader == 0 else (0, deck),
        card_points=(120, 0) if leader == 0 else (0, 120),
        declared=0,
    )
    r = ss.score_hand(blank)
    assert r.winner == leader and r.game_points == 2  # schwarz = NONE: no 3
    assert ss.score_hand(attrs.evolve(blank, rules=E(MARIAGE, schwarz=Schwarz.NO_TRICKS))) == (
        HandResult(leader, 3, 0, r.points, HandEnd.PLAYED_OUT, r.honours)
    )


def test_example_4_a_tie_scores_honours_and_passes_the_deal() -> None:
    """§13.10, §13.11 (example 4): 65-65 scores nothing and carries nothing."""
    result = HandResult(None, 0, 0, (65, 65), HandEnd.NEITHER_REACHED_66, (2, 1))
    m = apply_result(new_match(MARIAGE, seed=1, dealer=1), result)
    assert (m.scores, m.carry, m.dealer) == ((2, 1), 0, 0)


def test_example_5_no_marriage_before_a_won_trick_but_robbing_at_once() -> None:
    """§13.3, §13.7.1 (example 5): KS QS at the first lead, no marry; exchange at once."""
    state = ss.deal_from_order(MARIAGE, pack("KS", "QS", "7H", "AC", "TC", "KC", "AH"), 0)
    assert {"KS", "QS", "7H"} <= {str(c) for c in state.hand(1)}
    moves = [str(m) for m in ss.legal_moves(state)]
    assert moves[0] == "exchange" and "marry S" not in moves
    assert "before you have won a trick" in (ss.explain_illegal(state, "marry S") or "")
    # §13.3: the follower may rob too (ANY_TIME), in the first trick
    after = ss.apply_move(state, "KS")
    follower = 1 - after.leader
    if after.hands[follower] >> (after.trump * 8 + 7) & 1:  # the trump 7
        assert ss.Exchange() in ss.legal_moves(after)  # pragma: no cover - deal dependent


# --------------------------------------------------------------------------- the rules


def test_no_claims_every_hand_is_played_out() -> None:
    """§13.6: no claim move, no automatic claim; a MARIAGE hand ends only played out."""
    ends = set()
    for seed in range(60):
        state = ss.new_hand(MARIAGE, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = ss.legal_moves(state)
            assert ss.Claim() not in moves and ss.Close() not in moves
            state = ss.apply_move(state, rng.choice(moves))
        assert not state.hands[0] | state.hands[1]
        r = ss.score_hand(state)
        assert sum(r.points) == 130  # §13.9: honours are no points
        assert r.game_points in ((1, 2) if r.winner is not None else (0,))
        ends.add(r.reason)
    assert ends <= {HandEnd.PLAYED_OUT, HandEnd.NEITHER_REACHED_66}
    state = ss.new_hand(MARIAGE, seed=1)
    assert "no claims" in (ss.explain_illegal(state, "claim") or "")


def amour_hand(rules: ss.Rules) -> ss.HandState:
    """Seat 1 (non-dealer) holds AH TH, trumps hearts, and has won the first trick."""
    state = ss.deal_from_order(rules, pack("AH", "TH", "AS", "7S", "8S", "9S", "KH"), 0)
    state = ss.apply_move(state, "AS")
    state = ss.apply_move(state, "7S" if "7S" in map(str, state.hand(0)) else "8S")
    while state.step is not ss.Step.LEAD:  # pragma: no cover - the decision, if any
        state = ss.apply_move(state, "draw")
    assert state.leader == 1 and state.trump == Suit.HEARTS
    return state


def test_the_trump_amour_is_declared_then_its_ace_or_ten_is_led() -> None:
    """§13.7.2, §13.7.3: amour after the marriages, then lead AH or TH."""
    state = amour_hand(MARIAGE)
    moves = ss.legal_moves(state)
    assert Amour() in moves and Amour(Suit.HEARTS) not in moves
    first_play = next(i for i, m in enumerate(moves) if isinstance(m, ss.Play))
    assert moves.index(Amour()) < first_play
    assert all(not isinstance(m, ss.Marry) for m in moves[moves.index(Amour()) :])
    after = ss.apply_move(state, "amour")
    assert [str(m) for m in ss.legal_moves(after)] == ["AH", "TH"]
    assert "after the amour you must lead AH or TH" in (ss.explain_illegal(after, "AC") or "")
    assert "one declaration" in (ss.explain_illegal(after, "amour") or "")
    assert after.declared >> (8 + 4 * 1 + Suit.HEARTS) & 1
    assert after.marriages == (0, 0)  # §13.9: honours are no points
    text = ss.dump_position(after)
    assert " 1aH " in text and " aH " in text
    assert ss.load_position(text) == after
    # §13.12: the opponent sees the amour's cards
    view = ss.observe(after, 0)
    assert {"AH", "TH"} <= {str(c) for c in view.opponent_known}
    assert ss.validate(after) == [] and ss.validate(view) == []


def test_amours_of_any_suit_count_as_points_under_points() -> None:
    """§13.7.2 ANY_SUIT and §13.9 POINTS: amour H is 60 in trumps (PAR)."""
    rules = E(MARIAGE_PARLETT, claim_mode=ClaimMode.EXPLICIT)
    state = amour_hand(E(rules, deck=ss.Deck.D32, trump_after_round=1))
    assert Amour(Suit.HEARTS) in ss.legal_moves(state)
    assert Amour() not in ss.legal_moves(state)
    assert "names its suit" in (ss.explain_illegal(state, "amour") or "")
    after = ss.apply_move(state, "amour H")
    assert after.marriages[1] == 60
    assert ss.load_position(ss.dump_position(after)) == after
    assert "no amour" in (ss.explain_illegal(ss.new_hand(CLASSIC_66, seed=1), "amour") or "")
    trump_only = E(rules, amour=AmourRule.TRUMP, trump_after_round=1)
    assert "trumps' only" in (ss.explain_illegal(amour_hand(trump_only), "amour H") or "")


def test_amour_text_and_ids() -> None:
    """§13.7.2: move text ``amour`` / ``amour S``; ids 40-44."""
    assert ss.parse_move(" Amour ") == Amour() and ss.parse_move("amour h") == Amour(Suit.HEARTS)
    assert str(Amour(Suit.CLUBS)) == "amour C"
    with pytest.raises(ss.ParseError, match="Amour needs a Suit"):
        Amour(2)  # type: ignore[arg-type]
    with pytest.raises(ss.ParseError):
        ss.parse_move("amour X")


def test_the_whitewash_needs_every_trick_after_the_last_draw() -> None:
    """§13.8: the winner of tricks 11-16 of an unclosed hand; honours 4 (§13.9)."""
    made = 0
    for seed in range(80):
        s = play_out(ss.new_hand(MARIAGE, seed=seed), random.Random(seed))
        maker = whitewash_maker(s)
        late = s.played[MARIAGE.talon_size :]
        if maker is None:
            assert not all(s.won[0] >> c & 1 for c in late)
            assert not all(s.won[1] >> c & 1 for c in late)
        else:
            made += 1
            assert ss.score_hand(s).honours[maker] >= 4
    assert made
    # A closed hand has none, and whitewash_points join the maker's points under POINTS.
    rules = E(CLASSIC_66, whitewash=True, whitewash_points=25)
    for seed in range(40):
        s = play_out(ss.new_hand(rules, seed=seed), random.Random(seed))
        r = ss.score_hand(s)
        maker = whitewash_maker(s)
        if s.closed_by >= 0 or s.hands[0] | s.hands[1]:
            assert maker is None
        elif maker is not None:
            assert r.points[maker] == s.points(maker) + 10 + 25
    assert whitewash_maker(ss.new_hand(MARIAGE, seed=1)) is None


def test_honours_need_a_won_trick() -> None:
    """[M22]: a declaration whose owner never wins a trick pays nothing."""
    rules = E(MARIAGE, marriage_before_first_trick=ss.MarriageBeforeFirstTrick.ALLOWED_PENDING)
    s = play_out(ss.new_hand(rules, seed=2), random.Random(2))
    lone = attrs.evolve(s, declared=1, won=(0, rules.deck.mask), card_points=(0, 120))
    assert honours(lone) == (0, 4)  # seat 0's marriage pays nothing; seat 1 whitewashed
    assert honours(attrs.evolve(lone, rules=E(rules, honours_scoring=HonoursScoring.POINTS))) == (
        0,
        0,
    )


def test_claim_target_judges_claims_only() -> None:
    """[M24]: claim_target replaces 66 where a claim is judged."""
    rules = E(CLASSIC_66, claim_target=80)
    for seed in range(60):
        s = play_out(ss.new_hand(rules, seed=seed), random.Random(seed))
        r = ss.score_hand(s)
        if r.reason is HandEnd.CLAIM:
            assert s.points(s.leader) >= 80
        elif r.reason is HandEnd.FALSE_CLAIM:
            assert s.points(s.leader) < 80
    auto = E(CLASSIC_66, claim_mode=ClaimMode.AUTO, claim_target=40)
    s = play_out(ss.new_hand(auto, seed=1), random.Random(1))
    assert ss.score_hand(s).reason is not HandEnd.FALSE_CLAIM


def test_matches_end_by_the_higher_total() -> None:
    """§13.11 [M25]: both at the target, the higher total wins; equal totals play on."""
    m = apply_result(new_match(MARIAGE, seed=1), HandResult(0, 1, 0, (70, 60), E_PO, (4, 7)))
    assert m.scores == (5, 7) and m.winner == 1  # the hand's loser won the match
    m = new_match(MARIAGE, seed=1)
    m = attrs.evolve(m, scores=(5, 6))
    m = apply_result(m, HandResult(1, 1, 0, (60, 70), E_PO, (3, 1)))
    assert m.scores == (8, 8) and m.winner is None and not m.is_over
    with pytest.raises(ss.MatchError, match="more than one seat"):
        attrs.evolve(new_match(CLASSIC_66), scores=(7, 7))
    three = apply_result(
        new_match(MARIAGE, seats=3, seed=1), HandResult(0, 1, 0, (70, 60), E_PO, (2, 1))
    )
    assert sum(three.scores) == 1 + 1 + 2 + 1  # the idle dealer shares the game points only


E_PO = HandEnd.PLAYED_OUT


def test_results_check_honours() -> None:
    """§13.13: honours are two whole numbers."""
    for bad in ((1,), (-1, 0), (0, 91), [0, 0], (0.0, 0)):
        with pytest.raises(ss.ResultError, match="honours"):
            HandResult(0, 1, 0, (70, 60), E_PO, bad)  # type: ignore[arg-type]
    assert HandResult(0, 1, 0, (70, 60), E_PO).honours == (0, 0)


def test_records_keep_the_honours() -> None:
    """§13.13: a record of a MARIAGE game reads back with its honours."""
    from sixtysix.play import play_hand
    from sixtysix.records import GameRecord, replay

    for seed in range(20):
        record = play_hand(MARIAGE, ss.bots.RuleBot(), ss.bots.RandomBot(), seed=seed)
        assert record.result is not None
        back = GameRecord.from_json(record.to_json())
        assert back == record and replay(back).is_over
        if record.result.honours != (0, 0):
            assert '"honours"' in record.to_json()
            return
    raise AssertionError("no honours in 20 games")  # pragma: no cover


# --------------------------------------------------------------------------- the tools


@pytest.mark.parametrize("rules", MARIAGES, ids=["MARIAGE", "MARIAGE_PARLETT"])
def test_solvers_and_encodings_refuse_mariage(rules: ss.Rules) -> None:
    """The search, the native core and the encoding do not know §13: a clear error."""
    from sixtysix import encoding, native
    from sixtysix.search import solve

    state = ss.new_hand(rules, seed=1)
    assert not rule_facts(rules).plain_trick_game
    with pytest.raises(ss.UnsupportedRulesError, match="Mariage"):
        solve(state)
    with pytest.raises(ss.UnsupportedRulesError):
        native.playouts(rules, [1])
    with pytest.raises(ss.UnsupportedRulesError):
        encoding.encode_view(ss.observe(state, 0))
    # The size depends on the deck alone (and the Game protocol's observation_shape
    # must answer for any rules): only encoding a view is refused.
    assert encoding.observation_size(rules) > 0
    with pytest.raises(ss.UnsupportedRulesError):
        encoding.action_mask(ss.observe(state, 1))


@pytest.mark.parametrize("rules", MARIAGES, ids=["MARIAGE", "MARIAGE_PARLETT"])
def test_rule_bot_and_random_bot_play_mariage(rules: ss.Rules) -> None:
    bots = ss.bots.RuleBot(), ss.bots.RandomBot()
    amours = 0
    for seed in range(30):
        state = ss.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            move = bots[seat].choose(ss.observe(state, seat), rng)
            amours += isinstance(move, Amour)
            state = ss.apply_move(state, move)
        ss.score_hand(state)
    assert amours


@settings(max_examples=examples(40))
@given(state=sst.reachable_states(st.sampled_from(MARIAGES)))
def test_random_mariage_play_keeps_the_invariants(state: ss.HandState) -> None:
    """Hypothesis: random legal MARIAGE play passes the testing kit's checks."""
    sst.check_invariants(state)
    assert ss.validate(state) == []
    assert ss.load_position(ss.dump_position(state)) == state


def whitewashed(rules: ss.Rules) -> ss.HandState:
    """A finished unclosed hand in which seat 0 won every trick after the last draw."""
    final = play_out(ss.new_hand(MARIAGE, seed=3, dealer=1), random.Random(3))
    late = final.played[MARIAGE.talon_size :]
    won0 = sum(1 << c for c in late) | sum(1 << c for c in final.played[:8])
    deck = MARIAGE.deck.mask
    return attrs.evolve(
        final,
        rules=rules,
        leader=0,
        won=(won0, deck & ~won0),
        card_points=(62, 58),
        marriages=(0, 0),
        pending=(0, 0),
        declared=0,
    )


def test_whitewash_points_join_the_makers_points() -> None:
    """§13.9 POINTS, [M21]: whitewash_points count like the last-trick 10."""
    rules = E(MARIAGE, honours_scoring=HonoursScoring.POINTS, whitewash_points=25)
    r = ss.score_hand(whitewashed(rules))
    assert r.points == (62 + 10 + 25, 58) and r.honours == (0, 0)
    wins_hand = E(rules, last_trick=ss.LastTrick.WINS_HAND)
    r = ss.score_hand(whitewashed(wins_hand))
    assert r.points == (62 + 25, 58) and r.reason is HandEnd.LAST_TRICK
    # under GAME_POINTS the points are not read: the whitewash pays 4 apart
    r = ss.score_hand(whitewashed(E(MARIAGE, whitewash_points=25)))
    assert r.points == (72, 58) and r.honours == (4, 0)


def test_amour_rule_reasons() -> None:
    """§13.7.2: the amour on a marriage's terms, in words."""
    state = amour_hand(MARIAGE)
    follow = ss.apply_move(state, "AC")
    assert "only the player on lead" in (ss.explain_illegal(follow, "amour") or "")
    no_strict = E(MARIAGE, marriage_in_strict_phase=False)
    strict = attrs.evolve(amour_hand(no_strict), talon=())
    assert "once the talon is closed or exhausted" in (ss.explain_illegal(strict, "amour") or "")
    bare = attrs.evolve(state, hands=(state.hands[0], state.hands[1] & ~1 << (8 * 2 + 1)))
    assert "both AH and TH" in (ss.explain_illegal(bare, "amour") or "")
    first = ss.deal_from_order(MARIAGE, pack("AH", "TH", "AS"), 0)
    assert "before you have won a trick" in (ss.explain_illegal(first, "amour") or "")


def test_damaged_amours_are_found() -> None:
    """validate (§13.7.2): an amour the rules lack, without its cards, or not led from."""
    state = ss.apply_move(amour_hand(MARIAGE), "amour")
    lacking = attrs.evolve(state, rules=E(MARIAGE, amour=AmourRule.NONE))
    assert any("which this rule set lacks" in p for p in ss.validate(lacking))
    bit = 1 << (8 + 1 * 4 + Suit.CLUBS)
    other = attrs.evolve(state, declared=state.declared | bit)
    assert any("C amour" in p for p in ss.validate(other))
    lost = attrs.evolve(state, turn_steps=0)
    assert any("marriage of this turn" in p for p in ss.validate(lost))
    marked = attrs.evolve(ss.new_hand(MARIAGE, seed=1), turn_steps=2)
    assert any("an amour is marked" in p for p in ss.validate(marked))
    played = ss.apply_move(state, "AH")
    after = attrs.evolve(played, declared=played.declared | 1 << (8 + 1 * 4 + Suit.DIAMONDS))
    problems = ss.validate(after)
    assert problems and all("amour" in p for p in problems)


def test_an_amour_must_be_declared_for_the_lead_of_its_card() -> None:
    """validate (§13.7.2): the first of the ace and ten played was its declared lead."""
    for seed in range(200):
        s = play_out(ss.new_hand(MARIAGE, seed=seed), random.Random(seed))
        ace, ten = s.trump * 8, s.trump * 8 + 1
        for seat in (0, 1):
            if s.declared >> (8 + seat * 4 + s.trump) & 1:
                continue
            mine = [
                (k, c)
                for k, c in enumerate(s.played)
                if c in (ace, ten) and ss.validate(s) == [] and _player_of(s, k) == seat
            ]
            if len(mine) == 2 and mine[0][0] % 2 == 1:  # the first one followed
                bad = attrs.evolve(s, declared=s.declared | 1 << (8 + seat * 4 + s.trump))
                assert any("the ace or ten" in p for p in ss.validate(bad))
                return
    raise AssertionError("no such game")  # pragma: no cover


def _player_of(s: ss.HandState, k: int) -> int:
    """The seat that played ``s.played[k]``."""
    leader = 1 - s.dealer
    for i in range(0, k - k % 2, 2):
        leader = trick_winner(s.played[i], s.played[i + 1], s.trump, leader)
    return leader if k % 2 == 0 else 1 - leader


def test_whether_a_whitewash_is_still_possible_is_public() -> None:
    """§13.12: states and views agree; it ends once two players won tricks after the draw."""
    from sixtysix.scoring import whitewash_possible

    assert not whitewash_possible(ss.new_hand(CLASSIC_66, seed=1))
    seen = {True: 0, False: 0}
    for seed in range(20):
        state = ss.new_hand(MARIAGE, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            now = whitewash_possible(state)
            seen[now] += 1
            assert whitewash_possible(ss.observe(state, 0)) == now
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
        assert whitewash_possible(state) == (whitewash_maker(state) is not None)
    assert seen[True] and seen[False]


def test_the_adapters_refuse_mariage_with_a_clear_error() -> None:
    """The adapters' fixed layout (40 actions, the encoding) has no room for rules §13."""
    gymnasium = pytest.importorskip("sixtysix.gymnasium")
    pettingzoo = pytest.importorskip("sixtysix.pettingzoo")
    with pytest.raises(ss.UnsupportedRulesError, match="Mariage"):
        gymnasium.VsBotEnv(variant="MARIAGE").reset(seed=1)
    with pytest.raises(ss.UnsupportedRulesError, match="Mariage"):
        pettingzoo.env(variant="MARIAGE").reset(seed=1)
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("sixtysix.openspiel")
    with pytest.raises(ss.UnsupportedRulesError, match="Mariage"):
        pyspiel.load_game("python_sixtysix(variant=mariage)")
