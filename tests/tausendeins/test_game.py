"""Tausendeins through the :class:`~sixtysix.game.Game` protocol (rules §12.7, §12.9)."""

from __future__ import annotations

import random

import pytest
from tests.tausendeins.helpers import PRESET_IDS, PRESET_LIST

from sixtysix import Game, RandomBot
from sixtysix import tausendeins as t1
from sixtysix.tournament import BotSpec, Tournament, run_tournament


@pytest.mark.parametrize("rules", PRESET_LIST, ids=PRESET_IDS)
def test_the_game_protocol(rules: t1.TausendeinsRules) -> None:
    """Rules §12.7, §12.9: each method is the module function; returns are zero-sum."""
    game = t1.TausendeinsGame(rules)
    assert isinstance(game, Game)
    assert game.num_seats == 2 and game.num_actions == 136
    assert game.name == f"Tausendeins {t1.preset_name(rules)}"
    rng = random.Random(4)
    state = game.new_hand(seed=9, dealer=1)
    assert state == t1.new_hand(rules, 9, 1)
    while not game.is_over(state):
        seat = game.to_move(state)
        assert seat is not None
        view = game.observe(state, seat)
        assert game.legal_moves(view) == game.legal_moves(state)
        assert game.observe(game.determinize(view, rng), seat) == view
        move: t1.TausendeinsMove = RandomBot().choose(view, rng)  # type: ignore[arg-type,assignment]
        state = game.apply_move(state, game.move_of(game.action_id(move)))
    assert game.to_move(state) is None
    r = game.returns(state)
    a = t1.score_deal(state).added
    assert r == (a[0] - a[1], a[1] - a[0])


def test_house_rules_name_and_their_action_table() -> None:
    """Rules §12.9: ids are fixed per rule set; another step gives another table."""
    game = t1.TausendeinsGame(t1.make_rules(t1.TAUSENDEINS_CONTRACT, bid_step=20))
    assert game.name == "Tausendeins house rules"
    assert game.action_id(t1.Bid(120)) == 41 and game.move_of(40) == t1.Pass()
    assert all(game.action_id(game.move_of(i)) == i for i in range(40, game.num_actions))


def test_a_tournament_plays_tausendeins_through_the_protocol() -> None:
    """Rules §12.7: generic code runs the game; the rule bot beats random play."""
    bots = (
        BotSpec("sixtysix.tausendeins:TausendeinsRuleBot", label="t1-rule"),
        BotSpec("random"),
    )
    run = run_tournament(
        Tournament(bots, deals=6, game=t1.TausendeinsGame(t1.TAUSENDEINS)), workers=1
    )
    totals = [0, 0]
    for deal in run.deals:
        for outcome in deal.games:
            for hand in outcome.hands:
                for seat, bot in enumerate(outcome.seats):
                    totals[bot] += hand.returns[seat]
    assert totals[0] > totals[1] and sum(totals) == 0
