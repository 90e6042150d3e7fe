"""Tests of ``sixtysix.search``: solve, Solution, position_key, analyse (issue 10)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import SEARCH_IDS, SEARCH_RULES, random_play
from tests.profiles import examples

import sixtysix as ss
from sixtysix.errors import HiddenCardsError, SearchLimitError
from sixtysix.search import DEFAULT_TABLE_SIZE, Estimate, Solution, analyse, position_key, solve
from sixtysix.search.analysis import estimate
from sixtysix.search.evaluate import exact_value, rollout_value, world_move_values


def mover(state: ss.HandState) -> int:
    """The seat to move (the state must not be over)."""
    seat = state.to_move
    assert seat is not None
    return seat


def late_state(rules: ss.Rules, seed: int, cards_left: int = 8) -> ss.HandState:
    """A position of seeded random play with about ``cards_left`` cards still to play."""
    rng = random.Random(seed)
    state = ss.new_hand(rules, seed=rng.getrandbits(32), dealer=rng.randrange(2))
    while not state.is_over:
        left = (state.hands[0] | state.hands[1]).bit_count() + (
            len(state.talon) if state.closed_by < 0 else 0
        )
        if left <= cards_left and rng.random() < 0.5:
            break
        moves = ss.legal_moves(state)
        choices: list[ss.Move] = [m for m in moves if not isinstance(m, ss.Claim)] or list(moves)
        state = ss.apply_move(state, rng.choice(choices))
    return state


def exhausted_state(rules: ss.Rules, seed: int) -> ss.HandState:
    """The first lead after the talon ran out, in random play without claims or closing.

    Hands that end earlier (automatic claims) are skipped: the next seed is tried.
    """
    for attempt in range(50):
        for state in random_play(rules, seed + 7919 * attempt, no_close=True):
            if not state.talon and state.step is ss.Step.LEAD and not state.is_over:
                return state
    raise AssertionError("no hand reached the end of the talon")  # pragma: no cover


# ------------------------------------------------------------------------ solve


@settings(max_examples=examples(80), deadline=None)
@given(index=st.integers(0, len(SEARCH_RULES) - 1), seed=st.integers(0, 2**32))
def test_value_is_the_best_move_value_and_the_line_scores_it(index: int, seed: int) -> None:
    state = late_state(SEARCH_RULES[index], seed, cards_left=10)
    sol = solve(state)
    if state.is_over:
        assert (sol.value, dict(sol.move_values), sol.best, sol.line) == (0, {}, None, ())
        return
    assert sol.value == max(sol.move_values.values())
    assert sol.best is not None and sol.move_values[sol.best] == sol.value
    first_best = next(m for m, v in sol.move_values.items() if v == sol.value)
    assert sol.best == first_best
    mover = state.to_move
    final = state
    for move in sol.line:
        final = ss.apply_move(final, move)
    assert final.is_over
    assert sol.line[0] == sol.best or sol.move_values[sol.line[0]] == sol.value
    result = ss.score_hand(final)
    got = (
        0
        if result.winner is None
        else (result.game_points if result.winner == mover else -result.game_points)
    )
    assert got == sol.value


def test_solution_of_a_finished_hand_is_empty() -> None:
    state = late_state(ss.SCHNAPSEN, 1)
    while not state.is_over:
        state = ss.apply_move(state, ss.legal_moves(state)[0])
    sol = solve(state)
    assert sol == Solution(0, {}, None, 0)
    assert sol.line == ()


def test_solve_refuses_a_player_view() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=2)
    with pytest.raises(HiddenCardsError, match="determinize it first"):
        solve(ss.observe(state, 0))  # type: ignore[arg-type]
    with pytest.raises(HiddenCardsError, match="needs a HandState"):
        solve("AH TH")  # type: ignore[arg-type]
    assert issubclass(HiddenCardsError, ss.SixtySixError)


def test_max_nodes_raises_a_search_limit_error() -> None:
    state = exhausted_state(ss.CLASSIC_66, 3)
    needed = solve(state).nodes
    with pytest.raises(SearchLimitError, match="max_nodes=5"):
        solve(state, max_nodes=5)
    assert solve(state, max_nodes=needed + 10).value == solve(state).value


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_a_tiny_table_gives_the_same_values(index: int, rules: ss.Rules) -> None:
    state = exhausted_state(rules, 10 + index)
    big = solve(state)
    small = solve(state, table_size=3)
    assert dict(big.move_values) == dict(small.move_values)
    assert DEFAULT_TABLE_SIZE >= 100_000


def test_solve_a_whole_schnapsen_deal_from_the_first_lead() -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=12)
    sol = solve(state, table_size=100_000)
    assert sol.value in range(-3, 4)
    assert sol.nodes > 100
    assert set(sol.move_values) == set(ss.legal_moves(state))
    assert sol.best is not None
    assert sol.value == max(sol.move_values.values()) == sol.move_values[sol.best]


# ------------------------------------------------------------------------ position_key


def transpositions(rules: ss.Rules, seed: int) -> list[tuple[ss.HandState, ss.HandState]]:
    """Pairs of states reached by playing the same two tricks in either order.

    From the first strict-phase lead of a random hand: the leader wins trick (x, y) and
    then trick (u, v); if (u, v) then (x, y) is legal too and the leader wins both
    again, the two states have the same future but a different history.
    """
    start = exhausted_state(rules, seed)
    leader = start.leader
    pairs = []
    for x in ss.legal_moves(start):
        if not isinstance(x, ss.Play):
            continue
        s1 = ss.apply_move(start, x)
        for y in ss.legal_moves(s1):
            s2 = ss.apply_move(s1, y)
            if s2.is_over or s2.leader != leader or s2.step is not ss.Step.LEAD:
                continue
            for u in ss.legal_moves(s2):
                if not isinstance(u, ss.Play):
                    continue
                s3 = ss.apply_move(s2, u)
                for v in ss.legal_moves(s3):
                    a = ss.apply_move(s3, v)
                    if a.is_over or a.leader != leader:
                        continue
                    if not ss.is_legal(start, u):
                        continue
                    t1 = ss.apply_move(start, u)
                    if not ss.is_legal(t1, v):
                        continue
                    t2 = ss.apply_move(t1, v)
                    if t2.is_over or t2.leader != leader or not ss.is_legal(t2, x):
                        continue
                    t3 = ss.apply_move(t2, x)
                    if not ss.is_legal(t3, y):
                        continue
                    b = ss.apply_move(t3, y)
                    if not b.is_over and b.leader == leader:
                        pairs.append((a, b))
    return pairs


def same_future(a: ss.HandState, b: ss.HandState, rng: random.Random) -> None:
    """Random continuations of ``a`` are legal in ``b`` and score the same."""
    for _ in range(5):
        x, y = a, b
        while not x.is_over:
            assert ss.legal_moves(x) == ss.legal_moves(y)
            move = rng.choice(ss.legal_moves(x))
            x, y = ss.apply_move(x, move), ss.apply_move(y, move)
        assert y.is_over
        rx, ry = ss.score_hand(x), ss.score_hand(y)
        assert (rx.winner, rx.game_points) == (ry.winner, ry.game_points)


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_transposed_tricks_give_equal_keys(index: int, rules: ss.Rules) -> None:
    rng = random.Random(index)
    found = 0
    for seed in range(40):
        for a, b in transpositions(rules, 500 + seed)[:3]:
            assert a != b and a.played != b.played
            assert position_key(a) == position_key(b)
            assert hash(position_key(a)) == hash(position_key(b))
            same_future(a, b, rng)
            assert solve(a).value == solve(b).value
            found += 1
    assert found >= 5


def test_history_the_future_ignores_is_not_in_the_key() -> None:
    state = late_state(ss.CLASSIC_66, 4)
    assert position_key(attrs.evolve(state, dealer=1 - state.dealer)) == position_key(state)
    assert position_key(attrs.evolve(state, played=tuple(reversed(state.played)))) == (
        position_key(state)
    )
    assert position_key(attrs.evolve(state, exchanged_by=1)) == position_key(state)


def mutations(state: ss.HandState) -> list[ss.HandState]:
    """Copies of ``state`` that differ in one fact the future depends on."""
    out = [
        attrs.evolve(state, card_points=(state.card_points[0] + 1, state.card_points[1])),
        attrs.evolve(state, marriages=(state.marriages[0], state.marriages[1] + 20)),
        attrs.evolve(state, pending=(state.pending[0] + 20, state.pending[1])),
        attrs.evolve(state, leader=1 - state.leader),
        attrs.evolve(state, trump=(state.trump + 1) % 4),
        attrs.evolve(state, rules=attrs.evolve(state.rules, schneider_threshold=40)),
    ]
    h0, h1 = state.hands
    if h0 and h1:
        c0 = h0 & -h0
        c1 = h1 & -h1
        out.append(attrs.evolve(state, hands=(h0 ^ c0 | c1, h1 ^ c1 | c0)))
    if len(state.talon) >= 2 and state.closed_by < 0:
        t = state.talon
        out.append(attrs.evolve(state, talon=(t[1], t[0], *t[2:])))
    w0, w1 = state.won
    if not w0 and w1:
        c = w1 & -w1
        out.append(attrs.evolve(state, won=(c, w1 ^ c)))
    return out


@settings(max_examples=examples(150), deadline=None)
@given(index=st.integers(0, len(SEARCH_RULES) - 1), seed=st.integers(0, 2**32))
def test_states_with_different_futures_get_different_keys(index: int, seed: int) -> None:
    state = late_state(SEARCH_RULES[index], seed, cards_left=14)
    key = position_key(state)
    for other in mutations(state):
        assert other != state
        assert position_key(other) != key


# ------------------------------------------------------------------------ analyse


def test_analyse_gives_an_estimate_per_legal_move() -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=9)
    view = ss.observe(state, mover(state))
    result = analyse(view, random.Random(4), samples=5)
    assert list(result) == list(ss.legal_moves(state))
    for est in result.values():
        assert isinstance(est, Estimate)
        assert est.samples == 5 and est.stderr >= 0 and -3 <= est.mean <= 3
    assert result == analyse(view, random.Random(4), samples=5)
    assert analyse(ss.observe(state, 1 - mover(state)), random.Random(0)) == {}
    with pytest.raises(ss.SixtySixError, match="at least 1 sample"):
        analyse(view, random.Random(0), samples=0)


def test_analyse_is_exact_once_every_card_is_known() -> None:
    state = exhausted_state(ss.CLASSIC_66, 21)
    view = ss.observe(state, mover(state))
    result = analyse(view, random.Random(1), samples=3)
    sol = solve(state)
    for move, est in result.items():
        assert est.mean == sol.move_values[move] and est.stderr == 0.0


def test_estimate_of_one_sample() -> None:
    assert estimate([2.0]) == Estimate(mean=2.0, stderr=0.0, samples=1)


def test_world_values() -> None:
    state = ss.new_hand(ss.CLASSIC_66, seed=3)
    values = world_move_values(state)
    assert len(values) == len(ss.legal_moves(state))
    closed = ss.apply_move(state, ss.Close())
    assert values[ss.legal_moves(state).index(ss.Close())] == exact_value(closed, mover(state))
    finished = late_state(ss.SCHNAPSEN, 2)
    while not finished.is_over:
        finished = ss.apply_move(finished, ss.legal_moves(finished)[-1])
    assert world_move_values(finished) == []
    assert rollout_value(finished, 0) in range(-3, 4)
