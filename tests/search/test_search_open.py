"""Exact open-phase evaluation in the search bots (``exact_talon``), issue 10 item 4."""

from __future__ import annotations

import random

import pytest
from tests.helpers import SEARCH_IDS, SEARCH_RULES

import sixtysix as ss
from sixtysix.bots import PimcBot
from sixtysix.search.evaluate import world_move_values
from sixtysix.search.solver import all_move_values, solve


def open_state(rules: ss.Rules, seed: int, talon_left: int) -> ss.HandState | None:
    """A position at a lead with the talon open and ``talon_left`` cards or fewer in it."""
    rng = random.Random(seed)
    state = ss.new_hand(rules, seed=seed, dealer=seed % 2)
    for _ in range(200):
        if state.is_over or state.closed_by >= 0:
            return None
        if state.talon and len(state.talon) <= talon_left and state.to_move is not None:
            return state
        moves = [m for m in ss.legal_moves(state) if not isinstance(m, ss.Close | ss.Claim)]
        state = ss.apply_move(state, rng.choice(moves or ss.legal_moves(state)))
    raise AssertionError("random play did not end within 200 moves")


@pytest.mark.parametrize("rules", SEARCH_RULES, ids=SEARCH_IDS)
def test_exact_open_values_equal_the_solver(rules: ss.Rules) -> None:
    checked = 0
    for seed in range(40):
        state = open_state(rules, seed, 2)
        if state is None:
            continue
        values = world_move_values(state, exact_talon=2, max_nodes=10**9)
        exact = all_move_values(state)
        assert values == [float(v) for v in exact.values()]
        assert max(values) == solve(state).value
        checked += 1
        if checked == 3:
            break
    assert checked


def test_a_node_budget_too_small_falls_back_to_playouts() -> None:
    state = open_state(ss.CLASSIC_66, 3, 2)
    assert state is not None
    rng = random.Random(1)
    playout = world_move_values(state, rng=random.Random(1), exact_talon=0)
    fallback = world_move_values(state, rng=rng, exact_talon=2, max_nodes=1)
    assert fallback == playout
    assert len(fallback) == len(ss.legal_moves(state))


@pytest.mark.parametrize("bad", [-1, 1.5, True, "2"])
def test_exact_talon_must_be_a_count(bad: object) -> None:
    with pytest.raises(ss.SixtySixError, match="exact_talon must be a whole number"):
        PimcBot(exact_talon=bad)  # type: ignore[arg-type]


def test_pimc_with_exact_talon_plays_legal_reproducible_moves() -> None:
    state = open_state(ss.SCHNAPSEN, 5, 4)
    assert state is not None
    seat = state.to_move
    assert seat is not None
    view = ss.observe(state, seat)
    bot = PimcBot(worlds=3, exact_talon=4)
    move = bot.choose(view, random.Random(2))
    assert ss.is_legal(state, move)
    assert move == bot.choose(view, random.Random(2))
