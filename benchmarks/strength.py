"""Benchmark: the strength of a bot against a reference bot, over duplicate deals.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/strength.py --deals 2000 --jobs 2                 # pimc vs rule
    python benchmarks/strength.py --bot ismcts --opponent random --deals 200
    python benchmarks/strength.py --bot pimc --bot-args '{"worlds": 8}' --presets SCHNAPSEN

A *deal* is a match seed. Each deal is played twice, as whole matches (to the rule set's
``match_target``), with the seats swapped: the bot is seat 0 in one match and seat 1 in
the other, and both matches get the same cards hand by hand (as long as the same hands
are dealt). Deal ``i`` starts with seat ``i % 2`` dealing, so seats and dealer alternate.
The rule sets are played with explicit claims (``claim_mode=EXPLICIT``) and closing as
the preset allows.

It prints, per preset: the bot's net game points per hand (its game points minus the
opponent's, over all hands) with a 95% confidence interval that treats each duplicate
deal as one sample (a ratio estimator), the share of matches it won with the 95% Wilson
interval, and the bot's time per move (wall clock: median, 99th percentile, worst; and
the CPU time of the decision, which a loaded machine inflates less). ``--jobs`` runs
deals in that many processes (a ``ProcessPoolExecutor``); ``--log`` appends a progress
line every ``--every`` deals.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

import sixtysix as ss
from sixtysix.bots.registry import make_bot
from sixtysix.play import play_match


class _Timed:
    """Wraps a bot and records the wall-clock time of each decision."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: ss.PlayerView, rng: Any) -> ss.Move:
        start = time.perf_counter()
        cpu = time.process_time()
        move = self.bot.choose(view, rng)
        self.cpu.append(time.process_time() - cpu)
        self.times.append(time.perf_counter() - start)
        return move  # type: ignore[no-any-return]


def play_deal(
    job: tuple[str, str, dict[str, Any], str, dict[str, Any], int, str],
) -> dict[str, Any]:
    """Play one duplicate deal (two matches, seats swapped); the bot's figures."""
    preset, bot_name, bot_args, opp_name, opp_args, index, seed = job
    rules = attrs.evolve(ss.get_preset(preset), claim_mode=ss.ClaimMode.EXPLICIT)
    bot = _Timed(make_bot(bot_name, bot_args))
    opponent = make_bot(opp_name, opp_args)
    net = 0
    hands = 0
    wins = 0
    for bot_seat in (0, 1):
        players = (bot, opponent) if bot_seat == 0 else (opponent, bot)
        record = play_match(rules, *players, seed=f"{seed}-{index}", dealer=index % 2)
        wins += record.winner == bot_seat
        for game in record.games:
            result = game.result
            assert result is not None
            hands += 1
            if result.winner is not None:
                winner = game.players[result.winner]
                net += result.game_points if winner == bot_seat else -result.game_points
    return {"net": net, "hands": hands, "wins": wins, "times": bot.times, "cpu": bot.cpu}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def ratio_interval(nets: Sequence[int], hands: Sequence[int]) -> tuple[float, float, float]:
    """Net game points per hand and its 95% interval, each deal one sample."""
    d = len(nets)
    total_hands = sum(hands)
    r = sum(nets) / total_hands
    if d < 2:
        return r, -math.inf, math.inf
    mean_hands = total_hands / d
    resid = [x - r * n for x, n in zip(nets, hands, strict=True)]
    var = sum(e * e for e in resid) / (d - 1)
    half = 1.96 * math.sqrt(var / d) / mean_hands
    return r, r - half, r + half


def summary(preset: str, results: list[dict[str, Any]], elapsed: float) -> str:
    """One line of figures for the deals played so far."""
    nets = [r["net"] for r in results]
    hands = [r["hands"] for r in results]
    wins = sum(r["wins"] for r in results)
    matches = 2 * len(results)
    times = sorted(t for r in results for t in r["times"])
    cpu = sorted(t for r in results for t in r["cpu"])
    gp, lo, hi = ratio_interval(nets, hands)
    wlo, whi = wilson(wins, matches)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    return (
        f"{preset:12} deals {len(results):5} (matches {matches}, hands {sum(hands)}): "
        f"net {gp:+.3f} game points/hand [95% CI {lo:+.3f}, {hi:+.3f}]; matches won "
        f"{wins / matches:.1%} [{wlo:.1%}, {whi:.1%}]; move time median "
        f"{statistics.median(times) * 1000 if times else 0:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {max(times, default=0) * 1000:.0f} ms ({len(times)} moves; CPU time median "
        f"{statistics.median(cpu) * 1000 if cpu else 0:.0f} ms, max "
        f"{max(cpu, default=0) * 1000:.0f} ms); {elapsed:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--bot-args", default="{}", help="keyword arguments as JSON")
    parser.add_argument("--opponent", default="rule")
    parser.add_argument("--opponent-args", default="{}")
    parser.add_argument("--presets", nargs="*", default=["SCHNAPSEN", "CLASSIC_66"])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--log", default=None, help="append progress lines to this file")
    parser.add_argument("--every", type=int, default=50)
    args = parser.parse_args(argv)
    bot_args = json.loads(args.bot_args)
    opp_args = json.loads(args.opponent_args)
    print(
        f"{args.bot} {bot_args} vs {args.opponent} {opp_args}: {args.deals} duplicate deals "
        f"per preset, {args.jobs} process(es), seed {args.seed!r}",
        flush=True,
    )
    for preset in args.presets:
        jobs = [
            (preset, args.bot, bot_args, args.opponent, opp_args, i, args.seed)
            for i in range(args.deals)
        ]
        results: list[dict[str, Any]] = []
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(play_deal, jobs, chunksize=1):
                results.append(result)
                if args.log and len(results) % args.every == 0:
                    with open(args.log, "a", encoding="utf-8") as log:
                        log.write(summary(preset, results, time.perf_counter() - start) + "\n")
        print(summary(preset, results, time.perf_counter() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
