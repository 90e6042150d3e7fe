"""Benchmark: the native solver against the pure-Python one (docs/native_solver.md).

Run from a clone with the project installed and the extension built::

    python benchmarks/native_solver.py                       # 2000 positions, 50 deals
    python benchmarks/native_solver.py --positions 500 --deals 10 --python

For each preset it collects the positions of ``benchmarks/solver.py`` (the moment the
talon runs out, the moment it is closed; seeded) and prints solves per second (CPU time)
of ``solve`` (value and best move), of ``solve_many`` over the whole list, and of the
extension's own batch call alone (no Solution objects); with ``--python`` the
pure-Python ``solve`` too. Then it solves ``--deals`` whole deals from the first lead
with the native solver and prints the median, 90th percentile and largest CPU time and
node count, and the process's peak memory (``ru_maxrss``).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from collections.abc import Callable

from solver import pct, positions  # (benchmarks/solver.py)

import sixtysix as ss
from sixtysix.search import _native, solve, solve_many
from sixtysix.search._core import args_of


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:>9,.0f}/s" if seconds > 0 else "      inf/s"


def best_of(runs: int, fn: Callable[..., object], *args: object) -> float:
    """The least CPU time of ``runs`` calls of ``fn(*args)``."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        fn(*args)
        best = min(best, time.process_time() - start)
    return best


def solve_each(states: list[ss.HandState]) -> None:
    for state in states:
        solve(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--presets", nargs="*", default=["CLASSIC_66", "SCHNAPSEN"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="timed runs (the best is shown)")
    parser.add_argument("--python", action="store_true", help="time the pure-Python solve too")
    parser.add_argument("--table-size", type=int, default=1_000_000)
    args = parser.parse_args()
    solver = _native._SOLVER
    if solver is None:
        sys.exit("the native solver is not built (see docs/native_solver.md)")
    for name in args.presets:
        rules = ss.PRESETS[name]
        exhausted, closed = positions(rules, args.positions, args.seed)
        for state in exhausted[:20]:
            solve(state)  # (compiles the rule tables for every trump)
        for label, states in (("talon exhausted", exhausted), ("talon closed", closed)):
            items = [(_native.native_spec(s.rules, s.trump), args_of(s)) for s in states]
            n = len(states)
            raw = best_of(args.runs, solver.solve_many, items, None, 1_000_000, False)
            many = best_of(args.runs, solve_many, states)
            one = best_of(args.runs, solve_each, states)
            nodes = sum(r[5] for r in solver.solve_many(items, None, 1_000_000, False))
            line = (
                f"{name:<12} {label:<16} native solve {rate(n, one)}  solve_many "
                f"{rate(n, many)}  extension batch {rate(n, raw)}  nodes/solve {nodes / n:.0f}"
            )
            if args.python:
                native = _native._SOLVER
                _native._SOLVER = None
                try:
                    py = best_of(1, solve_each, states)
                finally:
                    _native._SOLVER = native
                line += f"  python solve {rate(n, py)}"
            print(line, flush=True)
    rng = random.Random(args.seed)
    times: list[float] = []
    nodes_of: list[int] = []
    for _ in range(args.deals):
        state = ss.new_hand(ss.CLASSIC_66, seed=rng.getrandbits(64), dealer=rng.randrange(2))
        start = time.process_time()
        sol = solve(state, table_size=args.table_size)
        times.append(time.process_time() - start)
        nodes_of.append(sol.nodes)
    if times:
        median = statistics.median(times) * 1000
        print(
            f"CLASSIC_66 whole deals ({len(times)}, CPU time): median {median:.1f} ms, "
            f"p90 {pct(times, 0.9) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms; "
            f"nodes median {statistics.median(nodes_of):,.0f}, max {max(nodes_of):,}"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (ru_maxrss): {peak:.0f} MB")


if __name__ == "__main__":
    main()
