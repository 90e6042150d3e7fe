"""Benchmark: PimcBot with its worlds evaluated in C against the pure-Python PimcBot.

Run from a clone with both distributions installed (``pip install -e '.[dev]' -e ./native``)::

    python benchmarks/native_pimc.py                          # worlds/s, then strength
    python benchmarks/native_pimc.py --deals 400 --time 0.02 --presets SCHNAPSEN

1. **Worlds per second** at the default budget (``PimcBot()``): the same decisions (the
   positions of ``--hands`` CLASSIC_66 hands played by RuleBot) on both backends, the
   worlds evaluated and the CPU time; with ``exact_talon=0`` (no node-budgeted exact
   search of the open phase, whose node counts differ between the solvers) it checks
   that both backends choose the same moves.
2. **Strength** at the same time per move (``--time`` seconds of wall clock, worlds
   unbounded): native ``PimcBot`` against ``RuleBot``, the pure-Python ``PimcBot``
   against ``RuleBot``, and native against pure Python, over ``--deals`` duplicate hand
   deals per preset (each hand played twice with the seats swapped; deal ``i`` has
   dealer ``i % 2``), with the 95% interval of the net game points per hand (each
   duplicate deal one sample, as ``benchmarks/strength.py``). The pure-Python bot sets
   ``SIXTYSIX_PUREPYTHON=1`` while it decides. With ``--fill`` both sample until the
   time is up (``min_worlds = worlds``); otherwise they stop early once the choice is
   settled, which the native bot reaches sooner.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

import attrs
from strength import _play_hand_deal, _Timed, ratio_interval

import sixtysix as ss
import sixtysix.bots.pimc as pimc
from sixtysix.native import ENV_PUREPYTHON
from sixtysix.search import _native


class Counting:
    """Counts the worlds PimcBot evaluates (wraps its world-evaluation hook)."""

    def __init__(self) -> None:
        self.count = 0
        self.inner = pimc.world_values

    def __call__(self, *args: Any) -> Any:
        self.count += 1
        return self.inner(*args)


class Pure:
    """A bot that decides with the pure-Python backend."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, view: ss.PlayerView, rng: random.Random) -> ss.Move:
        old = os.environ.get(ENV_PUREPYTHON)
        os.environ[ENV_PUREPYTHON] = "1"
        try:
            return self.bot.choose(view, rng)  # type: ignore[no-any-return]
        finally:
            if old is None:
                del os.environ[ENV_PUREPYTHON]
            else:
                os.environ[ENV_PUREPYTHON] = old


def decisions(hands: int) -> list[ss.PlayerView]:
    """The views with a choice in ``hands`` CLASSIC_66 hands played by RuleBot."""
    bot = ss.RuleBot()
    views = []
    for seed in range(hands):
        state = ss.new_hand(ss.CLASSIC_66, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            view = ss.observe(state, mover)
            if len(ss.legal_moves(state)) > 1:
                views.append(view)
            state = ss.apply_move(state, bot.choose(view, rng))
    return views


def worlds_per_second(hands: int) -> None:
    views = decisions(hands)
    counter = Counting()
    pimc.world_values = counter  # type: ignore[assignment]
    try:
        for bot in (ss.PimcBot(), ss.PimcBot(exact_talon=0)):
            moves = {}
            rates = {}
            for name, player in (("native", bot), ("python", Pure(bot))):
                for view in views[:3]:
                    player.choose(view, random.Random(0))  # warm the caches
                counter.count = 0
                start = time.process_time()
                moves[name] = [player.choose(v, random.Random(i)) for i, v in enumerate(views)]
                cpu = time.process_time() - start
                rates[name] = counter.count / cpu
                print(
                    f"{bot!r:70} {name:6}: {len(views)} decisions, {counter.count} worlds, "
                    f"{cpu:.2f} s CPU, {rates[name]:,.0f} worlds/s, "
                    f"{cpu / len(views) * 1000:.1f} ms/move",
                    flush=True,
                )
            same = sum(a == b for a, b in zip(moves["native"], moves["python"], strict=True))
            print(
                f"  native/python worlds per second: {rates['native'] / rates['python']:.1f}x; "
                f"the same move in {same} of {len(views)} decisions",
                flush=True,
            )
    finally:
        pimc.world_values = counter.inner


def duplicate(rules: ss.Rules, bot: Any, other: Any, deals: int, seed: str) -> str:
    timed = _Timed(bot)
    nets = [_play_hand_deal(rules, timed, other, i, seed)["net"] for i in range(deals)]
    gp, lo, hi = ratio_interval(nets, [2] * len(nets))
    return (
        f"net {gp:+.3f} game points/hand [95% CI {lo:+.3f}, {hi:+.3f}] over {deals} "
        f"duplicate hand deals; move time median {statistics.median(timed.times) * 1000:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--time", type=float, default=0.02, help="seconds per move")
    parser.add_argument("--presets", nargs="*", default=["SCHNAPSEN"])
    parser.add_argument(
        "--fill",
        action="store_true",
        help="min_worlds = worlds: sample until the time is up (no early stop)",
    )
    parser.add_argument("--skip-worlds", action="store_true")
    parser.add_argument("--skip-strength", action="store_true")
    args = parser.parse_args(argv)
    if not _native.available():
        print("the native solver is not available (pip install -e ./native)")
        return 1
    if not args.skip_worlds:
        worlds_per_second(args.hands)
    if args.skip_strength:
        return 0
    timed = ss.PimcBot(
        worlds=1_000_000, time_limit=args.time, min_worlds=1_000_000 if args.fill else 16
    )
    native, pure, rule = timed, Pure(timed), ss.RuleBot()
    print(f"strength at {args.time * 1000:.0f} ms per move: {timed!r}", flush=True)
    for name in args.presets:
        rules = attrs.evolve(ss.get_preset(name), claim_mode=ss.ClaimMode.EXPLICIT)
        for label, bot, other in (
            ("native PimcBot vs RuleBot", native, rule),
            ("python PimcBot vs RuleBot", pure, rule),
            ("native PimcBot vs python PimcBot", native, pure),
        ):
            start = time.perf_counter()
            figures = duplicate(rules, bot, other, args.deals, "native-pimc")
            print(
                f"{name:12} {label:34} {figures}; {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
