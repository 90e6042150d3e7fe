"""Benchmark: uniformly random legal play of Tausendeins, against the two-hand engine.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/bench_tausendeins.py                  # every preset, 3 s each
    python benchmarks/bench_tausendeins.py --seconds 5 --presets TAUSENDEINS

For each Tausendeins preset, and for the two-hand ``CLASSIC_66`` in the same run, it
prints hands/s: complete deals per second of ``new_hand(seed=i)`` followed by uniformly
random legal moves (``rng.choice(legal_moves(state))``) until the deal is over, then the
deal is scored. The last column is the ratio to the two-hand engine; the target of the
Tausendeins engine is at least 0.5. The figures depend on the machine and its load;
they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import sixtysix as ss
from sixtysix import tausendeins as t1


def _rate(
    new_hand: Callable[[int, int], Any],
    legal_moves: Callable[[Any], Any],
    apply_move: Callable[[Any, Any], Any],
    is_over: Callable[[Any], bool],
    score: Callable[[Any], Any],
    seconds: float,
) -> tuple[int, int, float]:
    rng = random.Random(2024)
    choice = rng.choice
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            state = new_hand(hands, hands & 1)
            while not is_over(state):
                state = apply_move(state, choice(legal_moves(state)))
                moves += 1
            score(state)
            hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands, moves, now - start


def two_hand(seconds: float) -> tuple[int, int, float]:
    """Random hands of two-hand CLASSIC_66."""
    rules = ss.CLASSIC_66
    return _rate(
        lambda seed, dealer: ss.new_hand(rules, seed, dealer),
        ss.legal_moves,
        ss.apply_move,
        ss.is_over,
        ss.score_hand,
        seconds,
    )


def tausendeins(rules: t1.TausendeinsRules, seconds: float) -> tuple[int, int, float]:
    """Random deals of Tausendeins under ``rules``."""
    return _rate(
        lambda seed, dealer: t1.new_hand(rules, seed, dealer),
        t1.legal_moves,
        t1.apply_move,
        t1.is_over,
        t1.score_deal,
        seconds,
    )


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--presets", nargs="*", default=list(t1.PRESETS))
    args = parser.parse_args(argv)
    hands, moves, elapsed = two_hand(args.seconds)
    base = hands / elapsed
    print(f"{'game':<24} {'hands/s':>9} {'moves/hand':>11} {'ratio':>6}")
    print(f"{'two-hand CLASSIC_66':<24} {base:>9.0f} {moves / hands:>11.1f} {1:>6.2f}")
    for name in args.presets:
        hands, moves, elapsed = tausendeins(t1.get_preset(name), args.seconds)
        rate = hands / elapsed
        print(f"{name:<24} {rate:>9.0f} {moves / hands:>11.1f} {rate / base:>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
