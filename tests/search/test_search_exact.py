"""The solver against a plain brute-force minimax over the public API (issue 10, item 1).

The brute force knows nothing of the solver: no pruning, no table, no shortcuts; it
recurses over ``legal_moves`` / ``apply_move`` and scores finished hands with
``score_hand``. Positions come from seeded random play (closing, exchanges, marriages,
draw decisions all taken at random; claims sometimes), stopped once few enough cards
are left for the brute force, under every preset in both claim modes, small-hand
variants of every preset (so that open-talon positions are small too), and ``D32``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from tests.helpers import (
    SEARCH_CLAIM_MODES,
    SEARCH_IDS,
    SEARCH_PRESETS,
    SEARCH_RULES,
    SEARCH_SCHWARZ,
)

import sixtysix as ss
from sixtysix.search import solve


def brute(state: ss.HandState, seat: int) -> int:
    """The minimax value of ``state`` for ``seat``: game points won (+) or lost (-)."""
    if state.is_over:
        result = ss.score_hand(state)
        if result.winner is None:
            return 0
        return result.game_points if result.winner == seat else -result.game_points
    mover = state.to_move
    assert mover is not None
    best = max(brute(ss.apply_move(state, m), mover) for m in ss.legal_moves(state))
    return best if mover == seat else -best


def remaining(state: ss.HandState) -> int:
    """Cards still to be played: the hands, and the talon while it is open."""
    talon = len(state.talon) if state.closed_by < 0 else 0
    return (state.hands[0] | state.hands[1]).bit_count() + talon


def small_hands(rules: ss.Rules, packets: tuple[int, ...] = (2, 1)) -> ss.Rules:
    """The rule set with smaller hands, so that open-talon positions are small too."""
    return attrs.evolve(rules, deal_packets=packets, trump_after_round=1)


def sample_positions(rules: ss.Rules, count: int, seed: int, limit: int) -> list[ss.HandState]:
    """``count`` unfinished positions with at most ``limit`` cards left, from random play."""
    rng = random.Random(seed)
    found: list[ss.HandState] = []
    for _ in range(count * 40):
        if len(found) >= count:
            break
        state = ss.new_hand(rules, seed=rng.getrandbits(48), dealer=rng.randrange(2))
        target = rng.randint(4, limit)
        while not state.is_over and remaining(state) > target:
            moves = ss.legal_moves(state)
            # Claims end the hand and closes stop the count, so take them rarely.
            choices: list[ss.Move] = [
                m for m in moves if not isinstance(m, ss.Claim | ss.Close)
            ] or list(moves)
            if rng.random() < 0.05:
                choices = list(moves)
            state = ss.apply_move(state, rng.choice(choices))
        # Walk a random number of further steps so every kind of step is a root.
        for _ in range(rng.randrange(3)):
            if state.is_over:
                break
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
        if not state.is_over:
            found.append(state)
    return found


def check(state: ss.HandState) -> None:
    sol = solve(state)
    mover = state.to_move
    assert mover is not None
    assert list(sol.move_values) == list(ss.legal_moves(state))
    truth = {move: brute(ss.apply_move(state, move), mover) for move in ss.legal_moves(state)}
    for move, value in sol.move_values.items():
        assert value == truth[move], (state, move, value, truth[move])
    assert sol.value == max(truth.values())
    # The best move is the first legal move with the value.
    assert sol.best == next(move for move, value in truth.items() if value == sol.value)


D32_RULES = [
    attrs.evolve(ss.CLASSIC_66, deck=ss.Deck.D32),
    attrs.evolve(ss.SCHNAPSEN, deck=ss.Deck.D32, deal_packets=(3, 3), trump_after_round=2),
    small_hands(attrs.evolve(ss.HOYLE_66, deck=ss.Deck.D32)),
]


@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_solve_matches_brute_force_in_every_preset(index: int, rules: ss.Rules) -> None:
    positions = sample_positions(rules, 90, seed=100 + index, limit=9)
    assert len(positions) == 90
    for state in positions:
        check(state)


@pytest.mark.slow
@pytest.mark.parametrize(("index", "rules"), list(enumerate(SEARCH_RULES)), ids=SEARCH_IDS)
def test_solve_matches_brute_force_with_small_hands(index: int, rules: ss.Rules) -> None:
    """Open-talon positions: draws, decisions, closing, exchanges, pending marriages."""
    for packets in ((2, 1), (1, 1)):
        variant = small_hands(rules, packets)
        positions = sample_positions(variant, 60, seed=200 + index, limit=10)
        assert len(positions) == 60
        if packets == (1, 1):
            assert sum(bool(p.talon) and p.closed_by < 0 for p in positions) >= 20
        for state in positions:
            check(state)


@pytest.mark.parametrize(
    "rules", D32_RULES, ids=["CLASSIC_D32", "SCHNAPSEN_D32", "HOYLE_D32_SMALL"]
)
def test_solve_matches_brute_force_with_d32(rules: ss.Rules) -> None:
    for mode in SEARCH_CLAIM_MODES:
        variant = attrs.evolve(rules, claim_mode=mode)
        for state in sample_positions(variant, 40, seed=3, limit=9):
            check(state)


@pytest.mark.parametrize("play", list(ss.StrictPlay), ids=lambda play: play.name)
@pytest.mark.parametrize("base", ["CLASSIC_66", "SCHNAPSEN", "HOYLE_66"])
def test_solve_matches_brute_force_under_every_strict_play_rule(
    play: ss.StrictPlay, base: str
) -> None:
    """The follower's replies (the solver walks them off bitmasks) under each rule."""
    variant = attrs.evolve(SEARCH_PRESETS[base], strict_play=play)
    seed = len(base) * 10 + list(ss.StrictPlay).index(play)
    for state in sample_positions(variant, 50, seed=seed, limit=9):
        check(state)


def beaten_positions(rules: ss.Rules, count: int, seed: int, limit: int) -> list[ss.HandState]:
    """Closed hands where the closer's opponent has 50 points or more (random play).

    Under ``CloserBeaten.FLAT_TWO`` such a seat may reach 66 and still not be out: its
    claim is then correct and worth 2, against whatever playing on is worth.
    """
    rng = random.Random(seed)
    found: list[ss.HandState] = []
    for _ in range(count * 400):
        if len(found) >= count:
            break
        state = ss.new_hand(rules, seed=rng.getrandbits(48), dealer=rng.randrange(2))
        target = rng.randint(4, limit)
        while not state.is_over and remaining(state) > target:
            moves = ss.legal_moves(state)
            closes = [m for m in moves if isinstance(m, ss.Close)]
            if closes and rng.random() < 0.3:
                state = ss.apply_move(state, closes[0])
                continue
            choices: list[ss.Move] = [
                m for m in moves if not isinstance(m, ss.Claim | ss.Close)
            ] or list(moves)
            state = ss.apply_move(state, rng.choice(choices))
        if state.is_over or state.closed_by < 0:
            continue
        other = 1 - state.closed_by
        if state.card_points[other] + state.marriages[other] >= 50:
            found.append(state)
    return found


@pytest.mark.parametrize("failed_close", list(ss.FailedClose), ids=lambda rule: rule.name)
def test_solve_matches_brute_force_when_the_closer_beaten_rule_keeps_a_seat_in(
    failed_close: ss.FailedClose,
) -> None:
    """A correct claim that is not forced (found by comparing with the 0.2 solver)."""
    variant = attrs.evolve(ss.PAGAT_66, failed_close=failed_close)
    positions = beaten_positions(
        variant, 60, seed=list(ss.FailedClose).index(failed_close), limit=10
    )
    assert len(positions) == 60
    for state in positions:
        check(state)


#: The scoring fields the solver's bounds read, with every value each can take.
SCORING_FIELDS: dict[str, list[Any]] = {
    "failed_close": list(ss.FailedClose),
    "closer_beaten": list(ss.CloserBeaten),
    "closed_win_basis": list(ss.ClosedWinBasis),
    "schwarz": SEARCH_SCHWARZ,
    "false_claim": list(ss.FalseClaim),
    "last_trick": list(ss.LastTrick),
    "both_over_66": list(ss.BothOver66),
    "schneider_counts_marriages": [True, False],
}


def mixed_scoring(base: ss.Rules, rng: random.Random) -> ss.Rules:
    """``base`` with a random value of every scoring field and of the claim mode."""
    changes: dict[str, Any] = {name: rng.choice(values) for name, values in SCORING_FIELDS.items()}
    return attrs.evolve(base, claim_mode=rng.choice(SEARCH_CLAIM_MODES), **changes)


@pytest.mark.parametrize("index", range(24))
def test_solve_matches_brute_force_with_mixed_scoring(index: int) -> None:
    """Random mixes of the scoring rules (not only the presets' own combinations)."""
    rng = random.Random(900 + index)
    variant = mixed_scoring(list(SEARCH_PRESETS.values())[index % len(SEARCH_PRESETS)], rng)
    for state in sample_positions(variant, 80, seed=index, limit=10):
        check(state)


def check_windows(state: ss.HandState, rng: random.Random) -> None:
    """Every window search of the core is a correct fail-soft bound of the brute force."""
    from sixtysix.search._alphabeta import searcher

    mover = state.to_move
    assert mover is not None
    search = searcher(state.rules, state.trump)
    truth = brute(state, mover)
    for _ in range(6):
        alpha = rng.randint(-4, 3)
        beta = rng.randint(alpha + 1, 4)
        search.reset(None, 1 << 20)
        found = search.value_for(state, mover, alpha, beta)
        if found <= alpha:
            assert truth <= found, (state, alpha, beta, found, truth)
        elif found >= beta:
            assert truth >= found, (state, alpha, beta, found, truth)
        else:
            assert truth == found, (state, alpha, beta, found, truth)
    search.budget.table = {}


WINDOW_BASES = [*SEARCH_PRESETS.values(), *D32_RULES]


@pytest.mark.parametrize("index", range(30))
def test_window_searches_bound_the_brute_force(index: int) -> None:
    """Narrow windows, where the solver's bounds cut the search, under mixed scoring."""
    rng = random.Random(1900 + index)
    variant = mixed_scoring(WINDOW_BASES[index % len(WINDOW_BASES)], rng)
    for state in sample_positions(variant, 60, seed=index, limit=10):
        check_windows(state, rng)
    # Early closes with small hands: closers short of the schneider line, opponents
    # without a trick, snapshots of every kind.
    for state in closed_positions(small_hands(variant, (2, 2)), 40, seed=index):
        check_windows(state, rng)


def closed_positions(rules: ss.Rules, count: int, seed: int) -> list[ss.HandState]:
    """``count`` positions of closed hands, closed early or late."""
    rng = random.Random(seed)
    found: list[ss.HandState] = []
    for _ in range(count * 40):
        if len(found) >= count:
            break
        state = ss.new_hand(rules, seed=rng.getrandbits(48), dealer=rng.randrange(2))
        eager = rng.choice((0.2, 0.5, 0.9))
        while not state.is_over and state.closed_by < 0:
            moves = ss.legal_moves(state)
            mover = state.to_move
            assert mover is not None
            # Mostly once the opponent has a trick (so the snapshot records one).
            wanted = state.won[1 - mover] or rng.random() < 0.2
            if ss.Close() in moves and wanted and rng.random() < eager:
                state = ss.apply_move(state, ss.Close())
                break
            choices: list[ss.Move] = [m for m in moves if not isinstance(m, ss.Claim)] or list(
                moves
            )
            state = ss.apply_move(state, rng.choice(choices))
        for _ in range(rng.randrange(4)):
            if state.is_over:
                break
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
        if not state.is_over and state.closed_by >= 0:
            found.append(state)
    return found
