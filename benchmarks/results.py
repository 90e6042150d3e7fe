"""Benchmark: the cost of checking hand results (``HandResult``) and matches (``Match``).

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/results.py            # about 10 seconds
    python benchmarks/results.py --repeat 9

It prints, in nanoseconds per call (the best of ``--repeat`` runs):

* ``score_hand``: scoring finished hands of random play (every preset); it builds its
  results without the construction checks, so this is the hot path;
* ``HandResult(...)``: a result built by hand, checked on construction;
* ``unchecked result``: the same result through the private unchecked path that
  ``score_hand`` uses, for comparison (the difference is the cost of the checks);
* ``apply_result``: one hand scored into a match (which builds a checked ``Match``).

The figures vary with the machine and its load; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import timeit

import sixtysix as ss
from sixtysix.scoring import _unchecked_result


def finished_hands(count: int) -> list[ss.HandState]:
    """``count`` finished hands of uniformly random play over every preset."""
    rng = random.Random(1)
    hands = []
    presets = list(ss.PRESETS.values())
    for i in range(count):
        state = ss.new_hand(presets[i % len(presets)], seed=i)
        while not state.is_over:
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
        hands.append(state)
    return hands


def main() -> None:
    """Time each operation and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each timing")
    args = parser.parse_args()
    hands = finished_hands(400)
    reason = ss.HandEnd.CLAIM

    def score_all() -> None:
        for state in hands:
            ss.score_hand(state)

    def timed(label: str, func: object, calls: int, per: int = 1) -> None:
        best = min(timeit.repeat(func, number=calls, repeat=args.repeat))  # type: ignore[arg-type]
        print(f"{label:<20} {best / (calls * per) * 1e9:8.0f} ns/call")

    timed("score_hand", score_all, 50, len(hands))
    timed("HandResult(...)", lambda: ss.HandResult(0, 2, 0, (70, 30), reason), 100_000)
    timed("unchecked result", lambda: _unchecked_result(0, 2, 0, (70, 30), reason), 100_000)
    match = ss.new_match(ss.CLASSIC_66, seed=1)
    result = ss.HandResult(0, 2, 0, (70, 30), reason)
    timed("apply_result", lambda: ss.apply_result(match, result), 50_000)


if __name__ == "__main__":
    main()
