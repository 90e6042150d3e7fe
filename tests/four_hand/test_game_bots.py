"""PartnershipGame as a sixtysix.game.Game; RandomBot and the rule bot play four-hand."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from sixtysix import IllegalMoveError, MatchError, ParseError, PlayerError, RecordError
from sixtysix import partnership as p4
from sixtysix.bots import RandomBot
from sixtysix.bots.registry import make_bot
from sixtysix.game import Game
from sixtysix.moves import NUM_ACTIONS, Play, move_id

from .helpers import PRESET_IDS, PRESET_LIST, deal


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_game_protocol(rules: p4.PartnershipRules) -> None:
    game = p4.PartnershipGame(rules)
    assert isinstance(game, Game)
    assert game.num_seats == 4 and game.num_actions == NUM_ACTIONS == 40
    assert game.name == f"four-hand {p4.preset_name(rules)}"
    state = game.new_hand(seed=9, dealer=3)
    assert state == p4.new_hand(rules, seed=9, dealer=3)
    rng = random.Random(1)
    for _ in range(rules.deck.size):
        if game.is_over(state):
            break
        seat = game.to_move(state)
        assert seat is not None
        view = game.observe(state, seat)
        moves = game.legal_moves(state)
        assert game.legal_moves(view) == moves
        for move in moves:
            action = game.action_id(move)
            assert 0 <= action < 32 and game.move_of(action) is move and action == move_id(move)
        sample = game.determinize(view, rng)
        assert game.observe(sample, seat) == view
        state = game.apply_move(state, rng.choice(moves))
    assert game.is_over(state) and game.to_move(state) is None
    returns = game.returns(state)
    g = p4.score_hand(state).side_game_points
    assert returns == (g[0] - g[1], g[1] - g[0], g[0] - g[1], g[1] - g[0])
    with pytest.raises(ParseError, match="four-hand Sixty-Six has not"):
        game.move_of(37)
    with pytest.raises(ParseError):
        game.move_of(40)
    assert "house rules" in p4.PartnershipGame(p4.PartnershipRules(match_target=3)).name


def test_random_bot_plays_four_hand() -> None:
    """The two-hand RandomBot works unchanged: it only calls view.legal_moves()."""
    bot = RandomBot()
    make = make_bot("random")
    state = p4.new_hand(p4.FOUR_HAND_66, seed=2)
    rng = random.Random(3)
    while not p4.is_over(state):
        seat = p4.to_move(state)
        assert seat is not None
        view: Any = p4.observe(state, seat)
        move = (bot if seat % 2 else make).choose(view, rng)
        assert move in p4.legal_moves(state)
        state = p4.apply_move(state, move)
    other: Any = p4.observe(state, 0)
    with pytest.raises(ValueError, match="not to move"):
        bot.choose(other, rng)


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_rule_bot_beats_random_play(rules: p4.PartnershipRules) -> None:
    """Over 60 seeded hands on each side of the table, the rule bots' side wins clearly
    more game points than the random bots' side (the figures are deterministic)."""
    rule = p4.PartnershipRuleBot()
    rand = cast(p4.Player, RandomBot())
    totals = [0, 0]  # [rule side, random side]
    for seed in range(60):
        for rule_side in (0, 1):
            players = [rule if s % 2 == rule_side else rand for s in range(4)]
            record = p4.play_hand(
                rules, players, seed=seed, dealer=seed % 4, rng=random.Random(seed)
            )
            assert record.result is not None
            g = record.result.side_game_points
            totals[0] += g[rule_side]
            totals[1] += g[1 - rule_side]
    assert totals[0] > 1.3 * totals[1], totals


def test_rule_bot_choices() -> None:
    bot = p4.PartnershipRuleBot()
    rng = random.Random(0)
    # Deal 1 of test_play: seat 1 leads and holds the best diamond still out, the AD.
    hands = ["AC TC KC 9S TH QH", "KH QC JC 9C AD TD", "9H KD QD JD 9D AS", "AH JH TS KS QS JS"]
    state = deal(p4.FOUR_HAND_24, hands, 0, "9S")
    assert str(bot.choose(p4.observe(state, 1), rng)) == "AD"
    smears = cheap = 0
    for seed in range(30):
        state = p4.new_hand(p4.FOUR_HAND_66, seed=seed)
        while not p4.is_over(state):
            seat = p4.to_move(state)
            assert seat is not None
            view = p4.observe(state, seat)
            move = bot.choose(view, rng)
            moves = p4.legal_moves(state)
            assert move in moves
            if len(state.trick) == 3:
                winner = (state.leader + state.trick.index(state.best)) % 4
                side = [m for m in moves if m.card.suit != view.trump_suit] or list(moves)
                if winner == view.partner:
                    # Last to play behind a winning partner: the richest (side) card.
                    assert move.card.points == max(m.card.points for m in side)
                    smears += 1
                elif not any(p4.apply_move(state, m).leader % 2 == seat % 2 for m in moves):
                    # Cannot win the trick: the cheapest card.
                    assert move.card.points == min(m.card.points for m in moves)
                    cheap += 1
            state = p4.apply_move(state, move)
    assert smears > 20 and cheap > 20
    with pytest.raises(ValueError, match="not to move"):
        bot.choose(p4.observe(state, 0), rng)


def test_play_hand_and_match_errors() -> None:
    rules = p4.FOUR_HAND_24
    with pytest.raises(PlayerError, match="four players"):
        p4.play_hand(rules, [p4.PartnershipRuleBot()] * 3, seed=1)

    class Cheat:
        def choose(self, view: Any, rng: random.Random) -> Play:
            return p4.legal_moves(p4.new_hand(rules, seed=99))[0]

    with pytest.raises(IllegalMoveError, match="seat 1's player chose it"):
        p4.play_hand(rules, [Cheat()] * 4, seed=1)
    players = [p4.PartnershipRuleBot()] * 4
    record = p4.play_match(rules, players, seed=5)
    assert max(record.scores) >= 7 and p4.replay(record)[1].is_over
    with pytest.raises(MatchError, match="did not end"):
        p4.play_match(rules, players, seed=5, max_hands=1)


def test_views_and_finished_hands_through_the_engine() -> None:
    rules = p4.FOUR_HAND_66
    state = p4.new_hand(rules, seed=4)
    mover = p4.to_move(state)
    assert mover is not None
    assert p4.playable_mask(state) == state.hands[mover]
    # Another seat's view has no moves, through the engine too.
    other = p4.observe(state, (mover + 1) % 4)
    assert p4.legal_moves(other) == () and p4.playable_mask(other) == 0
    assert p4.playable_mask(p4.observe(state, mover)) == state.hands[mover]
    while not p4.is_over(state):
        state = p4.apply_move(state, p4.legal_moves(state)[0])
    assert p4.playable_mask(state) == 0
    assert p4.explain_illegal(state, "AC") == "the hand is over"
    assert len(state.played_cards) == 32 and state.played_cards[0].index == state.played[0]
    assert state.current_trick == () and state.tricks(0) + state.tricks(1) == 8


def test_ten_ended_hand_through_play_hand_and_records() -> None:
    on = p4.PartnershipRules(ten_of_trumps_point=True, match_target=1)
    players = [p4.PartnershipRuleBot()] * 4
    record = p4.play_hand(on, players, seed=3)
    assert record.result is not None
    assert record.result.reason is p4.PartnershipEnd.TEN_OF_TRUMPS
    assert len(record.moves) < 32 and p4.replay(record).ended_by_ten
    match = p4.play_match(on, players, seed=3)
    assert len(match.games) == 1 and max(match.scores) == 1
    longer = p4.MatchRecord(
        rules=on, seed=3, dealer=0, games=(match.games[0], match.games[0]), scores=(1, 0)
    )
    with pytest.raises(RecordError, match="already over"):
        p4.replay(longer)
    unfinished = p4.record_hand(on, [], seed=2)
    assert p4.HandRecord.from_json(unfinished.to_json()) == unfinished


def test_states_and_views_pickle_and_hash() -> None:
    import pickle

    state = p4.new_hand(p4.FOUR_HAND_24, seed=8)
    state = p4.apply_move(state, p4.legal_moves(state)[0])
    again = pickle.loads(pickle.dumps(state))
    assert again == state and hash(again) == hash(state) and type(again) is p4.PartnershipState
    view = p4.observe(state, 1)
    assert pickle.loads(pickle.dumps(view)) == view
    with pytest.raises(AttributeError):
        state.dealer = 2  # type: ignore[misc]
