"""How many worlds PimcBot samples: early settling and per-decision budgets (issue 10, item 4)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import sixtysix as ss
from sixtysix.bots import PimcBot, pimc
from sixtysix.search import evaluate

CLASSIC = ss.CLASSIC_66


def opening_view() -> ss.PlayerView:
    """The first decision of a CLASSIC_66 hand: open phase, several moves."""
    state = ss.new_hand(CLASSIC, seed=4)
    seat = state.to_move
    assert seat is not None
    return ss.observe(state, seat)


class Counting:
    """Stands in for ``world_values``: fixed values per call, and a record of the calls."""

    def __init__(self, values: list[float], spent: int = 0) -> None:
        self.values = values
        self.spent = spent
        self.calls: list[tuple[int, int]] = []

    def __call__(
        self, state: ss.HandState, rng: Any, exact_talon: int, max_nodes: int
    ) -> tuple[list[float], int]:
        self.calls.append((exact_talon, max_nodes))
        return list(self.values), self.spent


def moves_of(view: ss.PlayerView) -> int:
    return len(view.legal_moves())


def test_settled_when_the_leader_wins_in_every_world() -> None:
    moves = (ss.Draw(), ss.Close())
    samples = [[1.0, 0.0]] * 8
    assert pimc._settled(moves, [8.0, 0.0], samples, 2.0)


def test_settled_when_the_moves_are_equal_in_every_world() -> None:
    moves = (ss.Draw(), ss.Close())
    samples = [[1.0, 1.0]] * 8
    assert pimc._settled(moves, [8.0, 8.0], samples, 2.0)


def test_not_settled_while_the_worlds_disagree() -> None:
    moves = (ss.Draw(), ss.Close())
    samples = [[1.0, 0.0], [0.0, 1.0]] * 4 + [[1.0, 0.0]]
    assert not pimc._settled(moves, [5.0, 4.0], samples, 2.0)
    # With no confidence asked for, any lead settles it.
    assert pimc._settled(moves, [5.0, 4.0], samples, 0.0)


def test_clear_choice_stops_after_min_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    view = opening_view()
    fake = Counting([float(i == 0) for i in range(moves_of(view))])
    monkeypatch.setattr(pimc, "world_values", fake)
    move = PimcBot(worlds=64, min_worlds=8).choose(view, random.Random(0))
    assert move == view.legal_moves()[0]
    assert len(fake.calls) == 8


def test_fixed_count_when_min_worlds_equals_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    view = opening_view()
    fake = Counting([float(i == 0) for i in range(moves_of(view))])
    monkeypatch.setattr(pimc, "world_values", fake)
    PimcBot(worlds=12, min_worlds=12).choose(view, random.Random(0))
    assert len(fake.calls) == 12


def test_open_phase_playouts_are_budgeted(monkeypatch: pytest.MonkeyPatch) -> None:
    view = opening_view()
    n = moves_of(view)
    # Every move alike in value but never settled: alternate the sign per world.
    values = [[1.0 if (i + w) % 2 else -1.0 for i in range(n)] for w in range(2)]
    calls: list[int] = []

    def alternating(
        state: ss.HandState, rng: Any, exact_talon: int, max_nodes: int
    ) -> tuple[list[float], int]:
        calls.append(exact_talon)
        return list(values[len(calls) % 2]), 0

    monkeypatch.setattr(pimc, "world_values", alternating)
    PimcBot(worlds=1000, min_worlds=4).choose(view, random.Random(0))
    assert len(calls) == max(4, pimc.PLAYOUT_BUDGET // n)


def test_exact_search_stops_once_it_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    view = opening_view()
    n = moves_of(view)
    fake = Counting([0.0] * n, spent=evaluate.EXACT_OPEN_NODES + 1)
    # Unsettled values, so that several worlds are drawn.
    flip = [0]

    def first_call_fails(
        state: ss.HandState, rng: Any, exact_talon: int, max_nodes: int
    ) -> tuple[list[float], int]:
        flip[0] += 1
        fake.calls.append((exact_talon, max_nodes))
        spent = fake.spent if flip[0] == 1 else 0
        return [float((i + flip[0]) % 2) for i in range(n)], spent

    monkeypatch.setattr(pimc, "world_values", first_call_fails)
    PimcBot(worlds=6, min_worlds=6, exact_talon=12).choose(view, random.Random(0))
    assert fake.calls[0][0] == 12
    assert all(talon == 0 for talon, _ in fake.calls[1:])


def test_exact_node_budget_is_shared_by_the_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    view = opening_view()
    n = moves_of(view)
    calls: list[tuple[int, int]] = []

    def spends_half(
        state: ss.HandState, rng: Any, exact_talon: int, max_nodes: int
    ) -> tuple[list[float], int]:
        calls.append((exact_talon, max_nodes))
        return [float((i + len(calls)) % 2) for i in range(n)], evaluate.EXACT_OPEN_NODES // 2

    monkeypatch.setattr(pimc, "world_values", spends_half)
    PimcBot(worlds=64, min_worlds=64, exact_talon=12).choose(view, random.Random(0))
    exact = [c for c in calls if c[0] == 12]
    spent = len(exact) * (evaluate.EXACT_OPEN_NODES // 2)
    assert spent <= pimc.EXACT_NODE_BUDGET
    assert all(nodes <= evaluate.EXACT_OPEN_NODES for _, nodes in exact)
    assert len(exact) < len(calls)


def test_world_values_counts_exact_nodes() -> None:
    # A position with a talon of 2 cards: the exact search is tried.
    for seed in range(50):
        state = ss.new_hand(ss.SCHNAPSEN, seed=seed)
        while not state.is_over and len(state.talon) > 2:
            state = ss.apply_move(state, ss.legal_moves(state)[-1])
        if not state.is_over and state.talon and state.closed_by < 0:
            break
    values, nodes = evaluate.world_values(state, random.Random(0), exact_talon=2)
    assert len(values) == len(ss.legal_moves(state))
    assert 0 < nodes <= evaluate.EXACT_OPEN_NODES
    _, failed = evaluate.world_values(state, random.Random(0), exact_talon=2, max_nodes=1)
    assert failed == 2
    _, none = evaluate.world_values(state, random.Random(0), exact_talon=0)
    assert none == 0


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "8"])
def test_min_worlds_must_be_a_count(bad: object) -> None:
    with pytest.raises(ss.SixtySixError, match="min_worlds must be a whole number"):
        PimcBot(min_worlds=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-0.5, float("nan"), float("inf"), True, "2"])
def test_confidence_must_be_a_finite_number(bad: object) -> None:
    with pytest.raises(ss.SixtySixError, match="confidence must be a finite number"):
        PimcBot(confidence=bad)  # type: ignore[arg-type]


def close_noisy_worlds(n: int) -> list[list[float]]:
    """Per-world values where closing (move 0) is ahead on the mean but not clearly."""
    worlds = []
    for w in range(16):
        values = [0.0] * n
        values[0] = 3.0 if w % 2 else -2.0  # mean +0.5, spread 2.5
        values[1] = 0.25
        worlds.append(values)
    return worlds


@pytest.mark.parametrize(("cautious", "expected"), [(True, 1), (False, 0)])
def test_close_must_be_clearly_better(
    monkeypatch: pytest.MonkeyPatch, cautious: bool, expected: int
) -> None:
    view = opening_view()
    moves = view.legal_moves()
    assert moves[0] == ss.Close()
    worlds = close_noisy_worlds(len(moves))
    calls: list[int] = []

    def noisy(
        state: ss.HandState, rng: Any, exact_talon: int, max_nodes: int
    ) -> tuple[list[float], int]:
        calls.append(0)
        return list(worlds[(len(calls) - 1) % len(worlds)]), 0

    monkeypatch.setattr(pimc, "world_values", noisy)
    bot = PimcBot(worlds=16, min_worlds=16, cautious_close=cautious)
    assert bot.choose(view, random.Random(0)) == moves[expected]


def test_a_clearly_better_close_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    view = opening_view()
    moves = view.legal_moves()
    fake = Counting([2.0] + [float(i == 1) for i in range(1, len(moves))])
    monkeypatch.setattr(pimc, "world_values", fake)
    assert PimcBot(worlds=16, min_worlds=16).choose(view, random.Random(0)) == ss.Close()


@pytest.mark.parametrize("bad", [0, 1, None, "yes"])
def test_cautious_close_must_be_a_flag(bad: object) -> None:
    with pytest.raises(ss.SixtySixError, match="cautious_close must be True or False"):
        PimcBot(cautious_close=bad)  # type: ignore[arg-type]
