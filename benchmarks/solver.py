"""Benchmark: exact solves per second, and full deals solved from the first trick.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/solver.py                      # 1000 + 1000 positions, 50 full deals
    python benchmarks/solver.py --positions 200 --deals 5 --presets SCHNAPSEN

For each preset it times :func:`sixtysix.search.position_key`, then it collects, from
random play (seeded), the positions at the moment the
talon runs out (the trick that drew the last card is complete) and at the moment the talon
is closed, and times :func:`sixtysix.search.solve` on each (a fresh table per solve):
the value and best move, then again with every move's value (``move_values``). Then
it solves ``--deals`` whole deals from the first lead (every card known, with
``--table-size`` bounding the table) and prints the median, 90th percentile and largest
time and node count, and the peak memory of the process (``ru_maxrss``) and of the
Python heap during the solves (``tracemalloc``, with ``--trace``, which slows them down).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
import tracemalloc

import sixtysix as ss
from sixtysix.search import position_key, solve


def positions(
    rules: ss.Rules, count: int, seed: int
) -> tuple[list[ss.HandState], list[ss.HandState]]:
    """``count`` positions at the talon's exhaustion and ``count`` at a close."""
    rng = random.Random(seed)
    exhausted: list[ss.HandState] = []
    closed: list[ss.HandState] = []
    while len(exhausted) < count or len(closed) < count:
        state = ss.new_hand(rules, seed=rng.getrandbits(64), dealer=rng.randrange(2))
        want_close = len(closed) < count and (len(exhausted) >= count or rng.random() < 0.5)
        close_at = rng.randrange(1, rules.talon_size // 2) if want_close else -1
        while not state.is_over:
            moves = ss.legal_moves(state)
            if close_at >= 0 and ss.Close() in moves and state.tricks_played >= close_at:
                state = ss.apply_move(state, ss.Close())
                if len(closed) < count:
                    closed.append(state)
                break
            choices: list[ss.Move] = [
                m for m in moves if not isinstance(m, ss.Claim | ss.Close)
            ] or list(moves)
            state = ss.apply_move(state, rng.choice(choices))
            if not state.talon and state.step is ss.Step.LEAD and state.lead < 0:
                if len(exhausted) < count and close_at < 0:
                    exhausted.append(state)
                break
    return exhausted, closed


def time_solves(states: list[ss.HandState], every_move: bool = False) -> tuple[float, float, int]:
    """Wall-clock seconds, CPU seconds and nodes of solving every state.

    With ``every_move`` each solution's ``move_values`` is read too (searched then).
    """
    start = time.perf_counter()
    cpu = time.process_time()
    nodes = 0
    for state in states:
        sol = solve(state)
        nodes += sol.nodes
        if every_move:
            sol.move_values  # noqa: B018 (searched on first access)
    return time.perf_counter() - start, time.process_time() - cpu, nodes


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--table-size", type=int, default=1_000_000)
    parser.add_argument("--presets", nargs="*", default=["SCHNAPSEN", "CLASSIC_66"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true", help="measure the heap with tracemalloc")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, sixtysix {ss.__version__}")
    for name in args.presets:
        rules = ss.get_preset(name)
        exhausted, closed = positions(rules, args.positions, args.seed)
        states_all = exhausted + closed
        start = time.perf_counter()
        cpu = time.process_time()
        for _ in range(20):
            for state in states_all:
                position_key(state)
        calls = 20 * len(states_all)
        per_key = (time.perf_counter() - start) / calls
        per_key_cpu = (time.process_time() - cpu) / calls
        print(
            f"{name:12} position_key: {per_key * 1e6:.2f} µs per call "
            f"({per_key_cpu * 1e6:.2f} µs of CPU)"
        )
        for label, states in (("talon exhausted", exhausted), ("talon just closed", closed)):
            elapsed, cpu, nodes = time_solves(states)
            print(
                f"{name:12} {label:18} {len(states):5} solves  {len(states) / elapsed:6.0f} "
                f"solves/s ({len(states) / cpu:6.0f} per CPU second)  "
                f"{nodes / len(states):6.0f} nodes/solve  {nodes / cpu:7.0f} nodes/CPU s"
            )
            elapsed, cpu, nodes = time_solves(states, every_move=True)
            print(
                f"{name:12} {label:18} {len(states):5} solves with every move's value "
                f"{len(states) / elapsed:6.0f} solves/s ({len(states) / cpu:6.0f} per CPU "
                "second)"
            )
        if args.deals <= 0:
            continue
        times: list[float] = []
        cpus: list[float] = []
        counts: list[float] = []
        if args.trace:
            tracemalloc.start()
        for i in range(args.deals):
            state = ss.new_hand(rules, seed=f"solver-bench-{args.seed}-{i}", dealer=i % 2)
            start = time.perf_counter()
            cpu = time.process_time()
            sol = solve(state, table_size=args.table_size)
            cpus.append(time.process_time() - cpu)
            times.append(time.perf_counter() - start)
            counts.append(sol.nodes)
            print(
                f"{name:22} deal {i + 1}/{args.deals}: {times[-1]:.2f} s "
                f"({cpus[-1]:.2f} s of CPU), {sol.nodes} nodes, value {sol.value}",
                flush=True,
            )
        heap = tracemalloc.get_traced_memory()[1] if args.trace else 0
        if args.trace:
            tracemalloc.stop()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(
            f"{name:22} full deals: {args.deals} solved from the first lead, table_size "
            f"{args.table_size}: median {statistics.median(times):.2f} s, p90 "
            f"{pct(times, 0.9):.2f} s, max {max(times):.2f} s (CPU median "
            f"{statistics.median(cpus):.2f} s, p90 {pct(cpus, 0.9):.2f} s, "
            f"max {max(cpus):.2f} s); "
            "nodes median "
            f"{statistics.median(counts):.0f}, max {max(counts):.0f}; peak RSS {rss:.0f} MB"
            + (f", peak heap {heap / 2**20:.0f} MB" if args.trace else "")
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
