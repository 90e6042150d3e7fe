"""Benchmark: the tournament runner's speed, its scaling and its overhead.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/tournament.py                    # 600 deals, best of 3
    python benchmarks/tournament.py --deals 2000 --repeat 5 --unit match

RuleBot plays RandomBot over ``--deals`` duplicate deals (each deal twice, the seats
swapped). The script times, each as the best of ``--repeat`` runs:

* **serial loop**: a plain loop of :func:`sixtysix.play.play_hand` (or ``play_match``)
  over the same games, the same seeds and the same dealers, with no runner at all;
* **runner, inline**: :func:`sixtysix.tournament.run_tournament` in the calling thread
  (the runner's own cost: scheduling, fresh bots per game, timing each move, results);
* **runner, 1 process** and **runner, 2 processes**: the default process pool, started
  and shut down by the run (so its start-up counts);
* **warm pool, 1 process** and **warm pool, 2 processes**: a process pool started
  beforehand and passed in, as a long run or a server would use it.

It prints the wall time, deals per second and CPU time (this process and its ended
worker processes) of each, the speed-up of 2 workers over 1 (the bar is 1.8x on a
2-core machine), also as estimated from CPU time, and the overhead of the runner over
the serial loop (the bar is 5%) in wall and CPU time. It never asserts: on a loaded
machine wall times are only indicative (CPU times much less so); re-run it on a quiet
one.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import sixtysix as ss
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.play import play_hand, play_match
from sixtysix.tournament import BotSpec, Tournament, run_tournament, schedule_jobs


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (pool workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def best(repeat: int, fn: Callable[[], object]) -> tuple[float, float]:
    """The shortest wall time of ``repeat`` calls of ``fn`` and the least CPU time, in s."""
    walls, cpus = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), cpu_seconds()
        fn()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu_seconds() - cpu)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=600, help="deals (default 600)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best of)")
    parser.add_argument("--unit", choices=("hand", "match"), default="hand")
    parser.add_argument("--rules", default="CLASSIC_66", help="a preset (default CLASSIC_66)")
    args = parser.parse_args()

    rules = ss.get_preset(args.rules)
    t = Tournament(
        (BotSpec("rule"), BotSpec("random")), rules, deals=args.deals, seed=1, unit=args.unit
    )
    jobs = schedule_jobs(t)
    play = play_hand if args.unit == "hand" else play_match

    def serial() -> None:
        for job in jobs:
            play(rules, RuleBot(), RandomBot(), seed=job.seed, dealer=job.dealer)
            play(rules, RandomBot(), RuleBot(), seed=job.seed, dealer=job.dealer)

    def runner(executor: str, workers: int) -> Callable[[], object]:
        return lambda: run_tournament(t, executor, workers=workers)

    def warm(workers: int) -> tuple[float, float]:
        """The best time on a pool that is already running (its start-up not counted).

        Its workers are still alive at the end of each run, so their CPU time is not
        known then: it is given as NaN.
        """
        with ProcessPoolExecutor(workers) as pool:
            list(pool.map(abs, range(workers * 4)))
            wall, _ = best(args.repeat, lambda: run_tournament(t, pool, workers=workers))
            return wall, float("nan")

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"RuleBot vs RandomBot, {args.deals} duplicate deals of {args.rules} ({args.unit}s), "
        f"best of {args.repeat}; {cores} cores, load average {load:.2f}"
    )
    figures = {
        "serial loop": best(args.repeat, serial),
        "runner, inline": best(args.repeat, runner("inline", 1)),
        "runner, 1 process": best(args.repeat, runner("process", 1)),
        "runner, 2 processes": best(args.repeat, runner("process", 2)),
        "warm pool, 1 process": warm(1),
        "warm pool, 2 processes": warm(2),
    }
    print(f"  {'':<24}{'wall s':>8}  {'deals/s':>10}  {'CPU s':>8}")
    for name, (wall, cpu) in figures.items():
        print(f"  {name:<24}{wall:8.3f}  {args.deals / wall:10,.1f}  {cpu:8.3f}")
    wall = {name: w for name, (w, _) in figures.items()}
    cpu = {name: c for name, (_, c) in figures.items()}
    cold = wall["runner, 1 process"] / wall["runner, 2 processes"]
    hot = wall["warm pool, 1 process"] / wall["warm pool, 2 processes"]
    print(f"speed-up of 2 workers over 1: {cold:.2f}x, warm pools {hot:.2f}x (bar: 1.8x)")
    # With both cores free, 2 workers would run in half the CPU time they use in all.
    free = 2 * cpu["runner, 1 process"] / cpu["runner, 2 processes"]
    print(f"  from CPU time (what 2 free cores would give): {free:.2f}x")
    for basis, table in (("wall", wall), ("CPU", cpu)):
        serial_time = table["serial loop"]
        overheads = ", ".join(
            f"{name} {100 * (table[name] / serial_time - 1):+.1f}%"
            for name in ("runner, inline", "runner, 1 process")
        )
        print(f"runner overhead over the serial loop ({basis} time): {overheads} (bar: 5%)")


if __name__ == "__main__":
    main()
