"""Benchmark: the native core on 1 thread and on 2 threads (the GIL is released).

Run from a clone with both packages installed (``pip install -e '.[dev]' -e ./native``)::

    python benchmarks/native_threads.py
    python benchmarks/native_threads.py --hands 400000 --positions 4000 --repeat 5

For each workload it runs the same total work twice: once as ``--batches`` batches one
after the other on one thread, once split over a ``ThreadPoolExecutor`` with 2 workers,
and prints the throughput of each and their ratio (2.0 is perfect scaling on two free
cores). The workloads are ``native.playouts`` of CLASSIC_66 from a deal (``--hands``
hands per batch) and ``solve_many`` of CLASSIC_66 positions just after a close
(``--positions`` per batch), both through ``sixtysix.search.solve_many`` and as the
extension's call alone (the part that releases the GIL, without building the
``Solution`` values, which holds it); the batches are large so that the part without
the GIL dominates. Each figure is the best of ``--repeat`` runs (wall-clock time).
The ratio is only meaningful on a machine whose two cores are otherwise idle: the
script prints the load average before it starts.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import sixtysix as ss
from sixtysix import native
from sixtysix.search import solve_many


def closed_positions(count: int, seed: int) -> list[ss.HandState]:
    """Positions of CLASSIC_66 just after the talon is closed, from the second trick on.

    A few hundred nodes of search each.
    """
    out: list[ss.HandState] = []
    k = seed
    while len(out) < count:
        state = ss.new_hand(ss.CLASSIC_66, seed=k)
        k += 1
        while not state.is_over:
            moves = ss.legal_moves(state)
            if ss.Close() in moves and state.tricks_played >= 1:
                out.append(ss.apply_move(state, ss.Close()))
                break
            moves = tuple(m for m in moves if not isinstance(m, ss.Claim | ss.Close))
            state = ss.apply_move(state, moves[k % len(moves)])
    return out


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The best wall-clock time of ``repeat`` runs, and that run's CPU time / wall time."""
    best, busy = float("inf"), 0.0
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        run()
        wall = time.perf_counter() - start
        if wall < best:
            best, busy = wall, (time.process_time() - cpu) / wall
    return best, busy


def compare(name: str, jobs: list[Callable[[], object]], units: int, repeat: int) -> float:
    """Time ``jobs`` serially and on 2 threads; print both rates and return the ratio.

    The last column is the CPU time of the 2-thread run over its wall-clock time: the
    cores it actually got (2.0 at most; less when other processes took them).
    """

    def serial() -> None:
        for job in jobs:
            job()

    def threaded() -> None:
        with ThreadPoolExecutor(max_workers=2) as pool:
            for future in [pool.submit(job) for job in jobs]:
                future.result()

    one, _ = best_time(serial, repeat)
    two, cores = best_time(threaded, repeat)
    print(
        f"{name:<34} {units / one:>14,.0f} {units / two:>14,.0f} {one / two:>7.2f}x {cores:>6.2f}"
    )
    return one / two


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per playout batch")
    parser.add_argument("--positions", type=int, default=5_000, help="positions per batch")
    parser.add_argument("--batches", type=int, default=4, help="batches per run (even)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    if not native.available():
        print(f"the native core is not available: {native.unavailable_reason()}")
        return 1
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"CPython {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")  # fmt: skip
    rules = ss.CLASSIC_66
    native.playouts(rules, range(10))  # the tables, once
    states = closed_positions(args.positions, seed=1)
    solve_many(states[:10])
    n = args.batches
    print(f"{'workload':<34} {'1 thread /s':>14} {'2 threads /s':>14} {'ratio':>8} {'cores':>6}")
    hands = args.hands

    def playout_job(k: int) -> Callable[[], object]:
        return lambda: native.playouts(rules, range(k * hands, (k + 1) * hands))

    playout_jobs = [playout_job(k) for k in range(n)]
    compare(f"playouts, {n} x {args.hands:,} hands", playout_jobs, n * args.hands, args.repeat)
    solve_jobs: list[Callable[[], object]] = [(lambda: solve_many(states)) for _ in range(n)]
    compare(
        f"solve_many, {n} x {args.positions:,} positions",
        solve_jobs,
        n * args.positions,
        args.repeat,
    )
    from sixtysix.search import _native
    from sixtysix.search._core import args_of

    solver: Any = _native.solver()
    if solver is not None:
        items = [(_native.native_spec(s.rules, s.trump), args_of(s)) for s in states]
        raw_jobs: list[Callable[[], object]] = [
            (lambda: solver.solve_many(items, None, 1_000_000, False)) for _ in range(n)
        ]
        compare("  the extension call alone", raw_jobs, n * args.positions, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
