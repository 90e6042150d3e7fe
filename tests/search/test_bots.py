"""The bot protocol, RandomBot and RuleBot."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import ALL_RULES, RULE_IDS, random_play
from tests.profiles import examples

from sixtysix import (
    CLASSIC_66,
    SCHNAPSEN,
    Card,
    Claim,
    ClaimMode,
    Close,
    Exchange,
    HandState,
    Marry,
    Play,
    Rules,
    SixtySixError,
    apply_move,
    deal_from_order,
    is_legal,
    legal_moves,
    new_hand,
    score_hand,
)
from sixtysix.bots import Bot, RandomBot, RuleBot
from sixtysix.match import apply_result, new_match, next_hand
from sixtysix.observe import observe


def play_hand(rules: Rules, bots: tuple[Bot, Bot], seed: int, dealer: int = 0) -> HandState:
    rng = random.Random(seed)
    state = new_hand(rules, seed=seed, dealer=dealer)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        move = bots[seat].choose(observe(state, seat), rng)
        assert is_legal(state, move), (state, move)
        state = apply_move(state, move)
    return state


def rule_bot_hands(rules: Rules, n: int) -> Iterator[tuple[HandState, int]]:
    """``n`` hands of RuleBot against RandomBot, seats and dealer alternating."""
    for i in range(n):
        rule_seat = i % 2
        bots: tuple[Bot, Bot] = (
            (RuleBot(), RandomBot()) if rule_seat == 0 else (RandomBot(), RuleBot())
        )
        yield play_hand(rules, bots, seed=1000 + i, dealer=(i // 2) % 2), rule_seat


def order(non_dealer: str, dealer: str, turnup: str, rules: Rules) -> list[str]:
    """A pack order dealing these hands (dealer seat 0) under packets (3,3) or (3,2)."""
    nd, dl = non_dealer.split(), dealer.split()
    used = {*nd, *dl, turnup}
    rest = [str(c) for c in rules.deck.cards if str(c) not in used]
    if rules.deal_packets == (3, 3):
        return nd[:3] + dl[:3] + nd[3:] + dl[3:] + [turnup] + rest
    return nd[:3] + dl[:3] + [turnup] + nd[3:] + dl[3:] + rest


# --------------------------------------------------------------------------- protocol


def test_bots_satisfy_the_protocol() -> None:
    assert isinstance(RandomBot(), Bot) and isinstance(RuleBot(), Bot)
    assert not isinstance(object(), Bot)


@pytest.mark.parametrize("bot", [RandomBot(), RuleBot()], ids=["random", "rule"])
def test_a_bot_not_to_move_has_no_move(bot: Bot) -> None:
    state = new_hand(CLASSIC_66, seed=3)
    waiting = 1 - (state.to_move or 0)
    with pytest.raises(SixtySixError, match=f"seat {waiting} is not to move"):
        bot.choose(observe(state, waiting), random.Random(0))


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@settings(max_examples=examples(8))
@given(seed=st.integers(0, 2**32 - 1))
def test_bots_choose_legal_moves_everywhere(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    for state in random_play(rules, seed):
        seat = state.to_move
        if seat is None:
            continue
        view = observe(state, seat)
        for bot in (RandomBot(), RuleBot()):
            assert is_legal(state, bot.choose(view, rng))
        # RuleBot is a pure function of the view: no randomness used.
        assert RuleBot().choose(view, random.Random(1)) == RuleBot().choose(view, random.Random(2))


def test_random_bot_is_uniform_over_the_legal_moves() -> None:
    state = new_hand(CLASSIC_66, seed=9)
    view = observe(state, 1)
    rng = random.Random(5)
    counts = Counter(RandomBot().choose(view, rng) for _ in range(7000))
    assert set(counts) == set(legal_moves(state)) and len(counts) == 7
    assert all(800 < n < 1200 for n in counts.values())


# --------------------------------------------------------------------------- rules of thumb


@pytest.mark.parametrize(
    "rules", [r for r in ALL_RULES if r.claim_mode is ClaimMode.EXPLICIT], ids=str
)
def test_rule_bot_claims_exactly_when_it_has_66(rules: Rules) -> None:
    claims = 0
    for seed in range(60):
        for state in random_play(rules, seed):
            seat = state.to_move
            if seat is None or Claim() not in legal_moves(state):
                continue
            move = RuleBot().choose(observe(state, seat), random.Random(0))
            assert (move == Claim()) == (state.points(seat) >= 66), (state, move)
            claims += move == Claim()
    assert claims > 0


def test_rule_bot_never_claims_falsely_and_wins_its_closes() -> None:
    closes = won = 0
    for rules in (CLASSIC_66, SCHNAPSEN):
        for state, rule_seat in rule_bot_hands(rules, 150):
            result = score_hand(state)
            assert not (result.reason.name == "FALSE_CLAIM" and result.winner != rule_seat)
            if state.closed_by == rule_seat:
                closes += 1
                won += result.winner == rule_seat
    assert closes >= 20 and won >= 0.9 * closes


def test_rule_bot_exchanges_and_marries_trumps_first() -> None:
    # SCHNAPSEN, trump spades (turn-up TS): seat 1 holds the exchange card JS and both
    # marriages KS QS and KH QH (60 points, not enough to close).
    state = deal_from_order(
        SCHNAPSEN, order("JS KS QS KH QH", "AC TC KC QC JC", "TS", SCHNAPSEN), dealer=0
    )
    bot, rng = RuleBot(), random.Random(0)
    move = bot.choose(observe(state, 1), rng)
    assert move == Exchange()
    state = apply_move(state, move)
    move = bot.choose(observe(state, 1), rng)
    assert isinstance(move, Marry) and move.suit.letter == "S"


def test_rule_bot_closes_with_a_strong_hand_only() -> None:
    # SCHNAPSEN: with AS TS KS QS (trumps, the marriage worth 40) and AH seat 1 is sure
    # of 40 + 28 and closes at once; then it marries and leads its trumps.
    strong = deal_from_order(
        SCHNAPSEN, order("AS TS KS QS AH", "AC TC KC QC JC", "JS", SCHNAPSEN), dealer=0
    )
    bot, rng = RuleBot(), random.Random(0)
    state = strong
    moves = []
    for _ in range(3):
        move = bot.choose(observe(state, 1), rng)
        moves.append(str(move))
        state = apply_move(state, move)
    assert moves[:2] == ["close", "marry S"] and moves[2] in ("KS", "QS")
    # The same seat with a weak hand draws on.
    weak = deal_from_order(
        SCHNAPSEN, order("JH QD JC KD TH", "AS TS KS QS AH", "JS", SCHNAPSEN), dealer=0
    )
    assert bot.choose(observe(weak, 1), rng) != Close()


def test_rule_bot_takes_a_led_ace_with_a_low_trump_in_the_open_phase() -> None:
    # CLASSIC_66, trump diamonds (turn-up AD); seat 1 leads AH, seat 0 (RuleBot) has no
    # heart but JD and 9D: it trumps with the jack and keeps the 9D to exchange later.
    state = deal_from_order(
        CLASSIC_66, order("AH TC KC QC JC 9C", "9D JD AS TS KS QS", "AD", CLASSIC_66), 0
    )
    state = apply_move(state, "AH")
    assert RuleBot().choose(observe(state, 0), random.Random(0)) == Play(Card.parse("JD"))
    # A led jack is not worth a trump: RuleBot throws its cheapest card instead ...
    state = deal_from_order(
        CLASSIC_66, order("JH TC KC QC JC 9C", "9D JD AS TS JS 9S", "AD", CLASSIC_66), 0
    )
    state = apply_move(state, "JH")
    assert str(RuleBot().choose(observe(state, 0), random.Random(0))) == "9S"
    # ... unless winning the trick lets it lead and declare the marriage it holds.
    state = deal_from_order(
        CLASSIC_66, order("JH TC KC QC JC 9C", "9D JD AS TS KS QS", "AD", CLASSIC_66), 0
    )
    state = apply_move(state, "JH")
    assert str(RuleBot().choose(observe(state, 0), random.Random(0))) == "JD"


# --------------------------------------------------------------------------- strength


@pytest.mark.parametrize("mode", [ClaimMode.EXPLICIT, ClaimMode.AUTO], ids=lambda m: m.name)
@pytest.mark.parametrize("preset", [CLASSIC_66, SCHNAPSEN], ids=["CLASSIC_66", "SCHNAPSEN"])
def test_rule_bot_wins_most_hands_against_random_bot(preset: Rules, mode: ClaimMode) -> None:
    rules = attrs.evolve(preset, claim_mode=mode)
    won = lost = 0
    for state, rule_seat in rule_bot_hands(rules, 100):
        winner = score_hand(state).winner
        won += winner == rule_seat
        lost += winner == 1 - rule_seat
    assert won > 80 and lost < 15, (won, lost)


@pytest.mark.parametrize("preset", [CLASSIC_66, SCHNAPSEN], ids=["CLASSIC_66", "SCHNAPSEN"])
def test_rule_bot_wins_whole_matches_against_random_bot(preset: Rules) -> None:
    rules = attrs.evolve(preset, claim_mode=ClaimMode.AUTO)
    won = 0
    for i in range(30):
        m = new_match(rules, seed=500 + i)
        rule_seat = i % 2
        bots: tuple[Bot, Bot] = (
            (RuleBot(), RandomBot()) if rule_seat == 0 else (RandomBot(), RuleBot())
        )
        rng = random.Random(i)
        while not m.is_over:
            state = next_hand(m)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                state = apply_move(state, bots[seat].choose(observe(state, seat), rng))
            m = apply_result(m, score_hand(state))
        won += m.winner == rule_seat
    assert won >= 27
