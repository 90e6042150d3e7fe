"""The Game protocol, the two-hand implementation, move ids and the bot registry."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from tests.helpers import ALL_RULES, RULE_IDS

import sixtysix as ss
import sixtysix.game
from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix.bots.registry import BOT_NAMES, make_bot, register_bot
from sixtysix.errors import quote
from sixtysix.game import Game, MatchProgress, PlayedMatch
from sixtysix.moves import ALL_MOVES, NUM_ACTIONS, move_from_id, move_id
from sixtysix.tausendeins import match as t1_match


def test_move_ids_are_fixed() -> None:
    assert NUM_ACTIONS == 40
    assert move_id(ss.Play(ss.Card.parse("AC"))) == 0
    assert move_id(ss.Play(ss.Card.parse("7S"))) == 31
    assert [move_id(ss.Marry(s)) for s in ss.Suit] == [32, 33, 34, 35]
    assert [move_id(m) for m in (ss.Exchange(), ss.Close(), ss.Draw(), ss.Claim())] == [
        36,
        37,
        38,
        39,
    ]
    assert [move_from_id(move_id(m)) for m in ALL_MOVES] == list(ALL_MOVES)


def test_amours_have_the_ids_after_the_table() -> None:
    """rules §13.7.2: the amours are ids 40-44, outside ALL_MOVES and NUM_ACTIONS."""
    amours = [ss.Amour(), *(ss.Amour(suit) for suit in ss.Suit)]
    assert [move_id(m) for m in amours] == [40, 41, 42, 43, 44]
    assert [move_from_id(i) for i in range(40, 45)] == amours
    assert ss.moves.NUM_ACTIONS == 40 and ss.moves.NUM_MOVE_IDS == 45


@pytest.mark.parametrize("bad", [-1, 45, True, 1.0, "3", None, 10**5000], ids=quote)
def test_bad_move_ids(bad: object) -> None:
    with pytest.raises(ss.ParseError, match="move id"):
        move_from_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["QH", 3, None, [1]])
def test_move_id_of_non_move(bad: object) -> None:
    with pytest.raises(ss.ParseError, match="not a move value"):
        move_id(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_two_hand_game_matches_the_functions(rules: ss.Rules) -> None:
    game = ss.TwoHandGame(rules)
    assert isinstance(game, ss.Game)
    assert game.num_seats == 2 and game.num_actions == 40
    rng = random.Random(7)
    for seed in range(20):
        state = game.new_hand(seed=seed, dealer=seed % 2)
        assert state == ss.new_hand(rules, seed=seed, dealer=seed % 2)
        while not game.is_over(state):
            seat = game.to_move(state)
            assert seat == ss.to_move(state)
            assert seat is not None
            view = game.observe(state, seat)
            assert game.legal_moves(view) == ss.legal_moves(state) == game.legal_moves(state)
            sample = game.determinize(view, rng)
            assert game.observe(sample, seat) == view
            move = rng.choice(game.legal_moves(state))
            assert game.move_of(game.action_id(move)) == move
            state = game.apply_move(state, move)
        returns = game.returns(state)
        result = ss.score_hand(state)
        assert sum(returns) == 0
        if result.winner is None:
            assert returns == (0, 0)
        else:
            assert returns[result.winner] == result.game_points


def test_game_name_and_bad_rules() -> None:
    assert ss.TwoHandGame(ss.SCHNAPSEN).name == "two-hand SCHNAPSEN"
    with pytest.raises(TypeError):
        ss.TwoHandGame("SCHNAPSEN")  # type: ignore[arg-type]


def test_returns_needs_a_finished_hand() -> None:
    game = ss.TwoHandGame(ss.SCHNAPSEN)
    with pytest.raises(ss.HandNotOverError):
        game.returns(game.new_hand(seed=1))


def test_registry() -> None:
    assert isinstance(make_bot("random"), ss.RandomBot)
    assert isinstance(make_bot("sixtysix.bots:RuleBot"), ss.RuleBot)
    with pytest.raises(ss.PlayerError, match="unknown bot"):
        make_bot("nonesuch")
    with pytest.raises(ss.PlayerError, match="cannot import"):
        make_bot("no_such_module_xyz:Bot")
    with pytest.raises(ss.PlayerError, match="no bot class"):
        make_bot("sixtysix.bots:Nothing")
    with pytest.raises(ss.PlayerError, match="arguments"):
        make_bot("random", {"depth": 3})
    with pytest.raises(ss.PlayerError, match="choose"):
        make_bot("sixtysix.cards:Suit", {"value": 0})
    with pytest.raises(ss.PlayerError, match="string"):
        make_bot(3)  # type: ignore[arg-type]
    register_bot("random", ss.RandomBot)  # the same factory again is fine
    with pytest.raises(ss.PlayerError, match="taken"):
        register_bot("random", ss.RuleBot)
    with pytest.raises(ss.PlayerError, match="lowercase"):
        register_bot("Bad Name", ss.RuleBot)
    assert "rule" in BOT_NAMES


def test_quote_is_safe() -> None:
    class Broken:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quote(Broken()) == "<Broken object>"
    assert quote(10**5000) == "an int of 5001 digits"
    assert quote(-(10**70)) == "an int of 71 digits"
    assert quote(10**59) == repr(10**59)
    assert quote(True) == "True"
    assert len(quote("y" * 1000)) == 60


# ------------------------------------------------------------------ the wider protocol

GAMES = [
    ss.TwoHandGame(ss.SCHNAPSEN),
    ss.TwoHandGame(ss.CLASSIC_66),
    p4.PartnershipGame(p4.FOUR_HAND_24),
    t1.TausendeinsGame(t1.TAUSENDEINS),
    t1.TausendeinsGame(t1.TAUSENDEINS_CONTRACT),
]


def _random_hand(game: Game[Any, Any, Any], seed: int, rng: random.Random) -> Any:
    state = game.new_hand(seed=seed, dealer=seed % game.num_seats)
    while not game.is_over(state):
        state = game.apply_move(state, rng.choice(game.legal_moves(state)))
    return state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_encoding_rendering_and_outcome_of_every_game(game: Game[Any, Any, Any]) -> None:
    assert isinstance(game, Game)
    rng = random.Random(3)
    (size,) = game.observation_shape
    for seed in range(6):
        state = game.new_hand(seed=seed, dealer=seed % game.num_seats)
        state_moves = 0
        while True:
            for seat in range(game.num_seats):
                view = game.observe(state, seat)
                vector = game.encode(view)
                assert len(vector) == size and all(isinstance(x, float) for x in vector)
                assert vector == game.encode(game.observe(state, seat))
                text = game.render(view)
                assert text == game.render(state, seat)
                if not state_moves:  # a new deal: the other hands are hidden
                    assert text != game.render(state)
            assert isinstance(game.render(state), str)
            if game.is_over(state):
                break
            state = game.apply_move(state, rng.choice(game.legal_moves(state)))
            state_moves += 1
        outcome = game.outcome(state)
        assert outcome.returns == game.returns(state) and sum(outcome.returns) == 0
        assert len(outcome.returns) == game.num_seats and outcome.end
        if outcome.winner is None:
            assert set(outcome.returns) <= {0} or not outcome.returns[0]
        else:
            assert outcome.returns[outcome.winner] > 0
        assert not outcome.schwarz or outcome.winner is not None
    with pytest.raises(ss.HandNotOverError):
        game.outcome(game.new_hand(seed=1))


@pytest.mark.parametrize("game", GAMES[:4], ids=lambda g: g.name)
def test_matches_of_every_game(game: Game[Any, Any, Any]) -> None:
    rng = random.Random(5)
    m = game.new_match(seed=9, dealer=1)
    assert isinstance(m, MatchProgress)
    assert m.scores == (0, 0) and m.winner is None
    hands = 0
    while not m.is_over:
        state = game.next_hand(m)
        assert state == game.next_hand(m)
        while not game.is_over(state):
            state = game.apply_move(state, rng.choice(game.legal_moves(state)))
        m = game.add_hand(m, state)
        hands += 1
    assert m.winner in (0, 1) and hands < 100
    players = [make_bot(name) for name in ("random",) * game.num_seats]
    record = game.play_match(players, seed=4, dealer=0)
    assert record is not None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_bots_of_every_game_play_it(game: Game[Any, Any, Any]) -> None:
    assert game.bot_names and set(game.bot_names) <= set(BOT_NAMES)
    for name in game.bot_names:
        if name in ("pimc", "ismcts", "strongest", "partnership-pimc"):
            continue  # slow; tested with their own tests
        bot = make_bot(name)
        state = game.new_hand(seed=2)
        rng = random.Random(0)
        while (seat := game.to_move(state)) is not None:
            state = game.apply_move(state, bot.choose(game.observe(state, seat), rng))


def test_the_generic_match_record_and_its_hand_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    game = t1.TausendeinsGame(t1.TAUSENDEINS)
    players = [ss.RandomBot(), ss.RandomBot()]
    record = game.play_match(players, seed=4)
    assert isinstance(record, PlayedMatch)
    assert record.game == game.name and record.winner == 0 and record.scores[0] >= 1001
    assert record == game.play_match(players, seed=4)
    monkeypatch.setattr(sixtysix.game, "MAX_MATCH_HANDS", 2)
    with pytest.raises(ss.MatchError, match="within 2 hands"):
        game.play_match(players, seed=4)


def test_tausendeins_match_checks() -> None:
    rules = t1.TAUSENDEINS
    with pytest.raises(ss.MatchError, match="TausendeinsRules"):
        t1_match.new_match(ss.SCHNAPSEN, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ss.MatchError, match="seed"):
        t1_match.new_match(rules, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ss.MatchError, match="dealer"):
        t1_match.new_match(rules, seed=1, dealer=2)
    assert isinstance(t1_match.new_match(rules).seed, int)
    m = t1_match.new_match(rules, seed="x", dealer=1)
    assert t1_match.next_deal(m) == t1.new_hand(rules, "x/0", 1)
    over = attrs.evolve(m, scores=(1001, 3))
    assert over.is_over and over.winner == 0 and over.carry == 0
    with pytest.raises(ss.MatchError, match="over"):
        t1_match.next_deal(over)
    state = _random_hand(t1.TausendeinsGame(rules), 1, random.Random(1))
    with pytest.raises(ss.MatchError, match="over"):
        t1_match.add_deal(over, state)
    after = t1_match.add_deal(m, state)
    assert after.hand_number == 1 and after.dealer == 0
    assert sum(after.scores) == sum(t1.score_deal(state).added)


def test_render_and_encode_reject_other_values() -> None:
    game = t1.TausendeinsGame(t1.TAUSENDEINS)
    with pytest.raises(ss.PositionError, match="Tausendeins"):
        game.render(ss.new_hand(ss.SCHNAPSEN, seed=1))  # type: ignore[arg-type]
    with pytest.raises(ss.PositionError, match="seat"):
        game.render(game.new_hand(seed=1), seat=2)
    with pytest.raises(ss.PositionError, match="Tausendeins view"):
        game.encode(game.new_hand(seed=1))  # type: ignore[arg-type]


def test_each_game_checks_its_rules() -> None:
    with pytest.raises(ss.RulesError, match="a four-hand game needs PartnershipRules"):
        p4.PartnershipGame(ss.SCHNAPSEN)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        t1.TausendeinsGame(p4.FOUR_HAND_66)  # type: ignore[arg-type]
