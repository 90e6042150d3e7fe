"""Leak check of the native core: many small batch calls, memory and references printed.

Run from a clone with both packages installed (``pip install -e '.[dev]' -e ./native``)::

    python benchmarks/native_leaks.py                    # 1,000,000 calls
    python benchmarks/native_leaks.py --calls 200000 --every 20000 --no-tracemalloc

It cycles through five kinds of call, each with a small batch, so that the fixed cost
of a call (argument parsing, result building, the error paths) dominates:
``native.playouts`` (2 seeds), ``native.playouts_from`` (1 seed), ``solve_many`` (one
endgame), ``native.deal``, and calls of the raw extensions that fail (a corrupted start
state, a corrupted position in a ``solve_many`` batch). Every ``--every`` calls it
prints the process's resident memory (``/proc/self/statm``; ``ru_maxrss`` elsewhere),
the number of objects the garbage collector tracks, the memory Python's allocator holds
(``tracemalloc``; it does not see the extension's own ``malloc``, which the RSS does),
and the reference counts of objects every call touches (``None``, ``True``, the
compiled tables, the state tuple): a call that leaks a reference makes one of them grow
by a step per call; ``sys.gettotalrefcount()`` too on a debug build of CPython. It
prints figures and asserts nothing; stable figures after the first interval (caches
filling) mean no leak.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import resource
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import sixtysix as ss
from sixtysix import native
from sixtysix.search import _native, solve_many
from sixtysix.search._core import args_of


def rss_kib() -> int:
    """The resident set size of this process, in KiB."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:  # not Linux: the peak instead
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def endgame(rules: ss.Rules, seed: int) -> ss.HandState:
    """A position with the talon gone (a small, quick search)."""
    state = ss.new_hand(rules, seed=seed)
    while state.talon or state.step is not ss.Step.LEAD:
        moves = [m for m in ss.legal_moves(state) if not isinstance(m, ss.Claim | ss.Close)]
        state = ss.apply_move(state, moves[0])
    return state


def calls() -> tuple[list[Callable[[int], object]], list[object]]:
    """The kinds of call, and the objects whose reference counts are watched."""
    _core: Any = importlib.import_module("sixtysix_native._core")
    _solver: Any = importlib.import_module("sixtysix_native._solver")

    rules = ss.CLASSIC_66
    start = ss.new_hand(ss.SCHNAPSEN, seed=3)
    end = endgame(rules, 5)
    capsule = native._capsule(_core, rules)
    spec = _native.native_spec(end.rules, end.trump)
    bad_start = (*native._state_tuple(start)[:3], 99, *native._state_tuple(start)[4:])
    bad_position = (*args_of(end)[:2], 77, *args_of(end)[3:])
    seeds = bytes(8)

    def playouts(k: int) -> object:
        return native.playouts(rules, range(k, k + 2))

    def playouts_from(k: int) -> object:
        return native.playouts_from(start, (k,))

    def solve(k: int) -> object:
        return solve_many([end])

    def deal(k: int) -> object:
        return native.deal(rules, k)

    def errors(k: int) -> object:
        with contextlib.suppress(ValueError):
            _core.playouts(capsule, seeds, 0, bad_start, True)
        with contextlib.suppress(ValueError):
            _solver.solve_many([(spec, args_of(end)), (spec, bad_position)], 10**6, 64, False)
        return None

    return [playouts, playouts_from, solve, deal, errors], [None, True, capsule, spec, bad_start]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=1_000_000)
    parser.add_argument("--every", type=int, default=100_000, help="print a row this often")
    parser.add_argument("--no-tracemalloc", action="store_true", help="faster, fewer figures")
    args = parser.parse_args(argv)
    if not native.available() or not _native.available():
        print(f"the native core is not available: {native.unavailable_reason()}")
        return 1
    kinds, watched = calls()
    debug = hasattr(sys, "gettotalrefcount")
    if not args.no_tracemalloc:
        tracemalloc.start()
    print(f"{args.calls:,} calls ({len(kinds)} kinds in turn), CPython {sys.version.split()[0]}")
    head = f"{'calls':>10} {'seconds':>8} {'RSS KiB':>9} {'gc objects':>10} {'traced KiB':>10}"
    head += "  refcounts (None, True, tables, spec, state)"
    if debug:
        head += "  total refcount"
    print(head)
    t0 = time.perf_counter()
    for i in range(args.calls + 1):
        if i % args.every == 0:
            gc.collect()
            traced = tracemalloc.get_traced_memory()[0] // 1024 if not args.no_tracemalloc else 0
            refs = ", ".join(str(sys.getrefcount(o)) for o in watched)
            row = f"{i:>10,} {time.perf_counter() - t0:>8.1f} {rss_kib():>9,} "
            row += f"{len(gc.get_objects()):>10,} {traced:>10,}  {refs}"
            if debug:
                row += f"  {getattr(sys, 'gettotalrefcount')():,}"  # noqa: B009
            print(row, flush=True)
        if i < args.calls:
            kinds[i % len(kinds)](i)
    return 0


if __name__ == "__main__":
    sys.exit(main())
