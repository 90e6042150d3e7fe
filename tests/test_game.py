"""The Game protocol, the two-hand implementation, move ids and the bot registry."""

from __future__ import annotations

import random

import pytest
from tests.helpers import ALL_RULES, RULE_IDS

import sixtysix as ss
from sixtysix.bots.registry import BOT_NAMES, make_bot, register_bot
from sixtysix.errors import quote
from sixtysix.moves import ALL_MOVES, NUM_ACTIONS, move_from_id, move_id


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
