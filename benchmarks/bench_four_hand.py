"""Benchmark: uniformly random legal play of four-hand partnership Sixty-Six.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/bench_four_hand.py               # both presets, 3 s each
    python benchmarks/bench_four_hand.py --seconds 5 --presets FOUR_HAND_24

For each preset it prints:

* hands/s: complete hands per second of ``p4.new_hand(seed=i)`` followed by uniformly
  random legal moves (``rng.choice(p4.legal_moves(state))``) until the hand is over,
  then ``p4.score_hand``;
* moves/hand: cards played per hand (32 with D32, 24 with D24);
* us/move: microseconds per ``legal_moves`` + ``apply_move`` pair, timed by replaying
  recorded positions (no dealing, no random choice);
* observe us / determinize us: one ``observe`` and one ``determinize`` of the view of
  the seat to move, over the same recorded positions.

With ``--strength N`` it also plays N seeded hands on each side of the table between
:class:`~sixtysix.partnership.PartnershipRuleBot` partners and
:class:`~sixtysix.bots.RandomBot` partners and prints each side's game points and hands won.

The figures depend on the machine and its load; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import cast

from sixtysix import partnership as p4
from sixtysix.bots import RandomBot
from sixtysix.moves import Play


def play_random_hands(rules: p4.PartnershipRules, seconds: float) -> tuple[int, int, float]:
    """Play random hands for about ``seconds``; return (hands, moves, elapsed)."""
    legal_moves = p4.legal_moves
    apply_move = p4.apply_move
    new_hand = p4.new_hand
    score_hand = p4.score_hand
    rng = random.Random(2024)
    choice = rng.choice
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            state = new_hand(rules, seed=hands, dealer=hands & 3)
            while not state.over:
                state = apply_move(state, choice(legal_moves(state)))
                moves += 1
            score_hand(state)
            hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands, moves, now - start


def recorded_positions(
    rules: p4.PartnershipRules, hands: int
) -> list[tuple[p4.PartnershipState, Play]]:
    """Positions and the random move made in them, over ``hands`` random hands."""
    rng = random.Random(7)
    pairs: list[tuple[p4.PartnershipState, Play]] = []
    for seed in range(hands):
        state = p4.new_hand(rules, seed=seed, dealer=seed & 3)
        while not state.over:
            move = rng.choice(p4.legal_moves(state))
            pairs.append((state, move))
            state = p4.apply_move(state, move)
    return pairs


def micro(rules: p4.PartnershipRules, hands: int = 300) -> tuple[float, float, float]:
    """Microseconds per legal_moves + apply_move, per observe, per determinize."""
    pairs = recorded_positions(rules, hands)
    legal_moves = p4.legal_moves
    apply_move = p4.apply_move
    start = time.perf_counter()
    for state, move in pairs:
        legal_moves(state)
        apply_move(state, move)
    per_move = (time.perf_counter() - start) / len(pairs) * 1e6
    views: list[p4.PartnershipView] = []
    start = time.perf_counter()
    for state, _ in pairs:
        views.append(p4.observe(state, state.leader + len(state.trick) & 3))
    per_observe = (time.perf_counter() - start) / len(pairs) * 1e6
    rng = random.Random(3)
    start = time.perf_counter()
    for view in views:
        p4.determinize(view, rng)
    per_determinize = (time.perf_counter() - start) / len(views) * 1e6
    return per_move, per_observe, per_determinize


def strength(rules: p4.PartnershipRules, hands: int) -> tuple[list[int], list[int]]:
    """Game points and hands won by the rule-bot side and the random side."""
    rule = p4.PartnershipRuleBot()
    rand = cast(p4.Player, RandomBot())
    points = [0, 0]
    won = [0, 0]
    for seed in range(hands):
        for rule_side in (0, 1):
            players = [rule if s % 2 == rule_side else rand for s in range(4)]
            record = p4.play_hand(
                rules, players, seed=seed, dealer=seed % 4, rng=random.Random(seed)
            )
            assert record.result is not None
            g = record.result.side_game_points
            points[0] += g[rule_side]
            points[1] += g[1 - rule_side]
            if record.result.winner is not None:
                won[0 if record.result.winner == rule_side else 1] += 1
    return points, won


def main(argv: list[str] | None = None) -> int:
    """Print the figures for each preset asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per preset")
    parser.add_argument("--presets", nargs="*", default=list(p4.PRESETS), help="preset names")
    parser.add_argument("--strength", type=int, default=0, help="hands per side for bot strength")
    args = parser.parse_args(argv)
    print(f"sixtysix four-hand random play, Python {sys.version.split()[0]}")
    print(
        f"{'preset':<14}{'hands/s':>10}{'moves/hand':>12}{'us/move':>10}{'observe us':>12}"
        f"{'determinize us':>16}"
    )
    for name in args.presets:
        rules = p4.get_preset(name)
        hands, moves, elapsed = play_random_hands(rules, args.seconds)
        per_move, per_observe, per_det = micro(rules)
        print(
            f"{name:<14}{hands / elapsed:>10.0f}{moves / hands:>12.1f}{per_move:>10.2f}"
            f"{per_observe:>12.1f}{per_det:>16.1f}"
        )
    if args.strength:
        print(f"rule bots vs random bots, {args.strength} hands on each side of the table")
        for name in args.presets:
            points, won = strength(p4.get_preset(name), args.strength)
            print(
                f"{name:<14} game points {points[0]} vs {points[1]} "
                f"({points[0] / max(points[1], 1):.2f}x), hands won {won[0]} vs {won[1]}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
