"""Benchmark: a four-hand bot partnership against a reference partnership, duplicate deals.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/strength_four_hand.py --deals 2000 --jobs 2    # partnership-pimc vs rule
    python benchmarks/strength_four_hand.py --bot-args '{"worlds": 8}' --deals 200
    python benchmarks/strength_four_hand.py --deals 2000 --out four.jsonl     # resumable

A *deal* is one hand of the preset (default ``FOUR_HAND_66``) dealt from the seed and
the deal's index, with seat ``index % 4`` dealing. It is played twice with the same
cards: once with the bot (two copies, partners) in seats 0 and 2 and the opponent in
seats 1 and 3, once the other way round. The bot's figure for the deal is its side's
game points minus the other side's over both hands (the ten-of-trumps point included,
carried points not), so the luck of the cards cancels out.

It prints the bot's net game points per hand with a 95% confidence interval that treats
each deal as one sample, the share of hands its side won (65-65 hands count for
neither), and its time per move (wall clock: median, 99th percentile, worst; and CPU
time). The bots search with iteration budgets, so the moves do not depend on the
machine's load. ``--out`` journals each finished deal as a JSON line; running the same
command again resumes (finished deals are not played again).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from strength import _journal, ratio_interval, wilson

from sixtysix import partnership as p4
from sixtysix.bots.registry import make_bot


class _Timed:
    """Wraps a bot and records the time of each decision that had a choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.times: list[float] = []
        self.cpu: list[float] = []

    def choose(self, view: p4.PartnershipView, rng: random.Random) -> Any:
        start = time.perf_counter()
        cpu = time.process_time()
        move = self.bot.choose(view, rng)
        if len(view.legal_moves()) > 1:
            self.cpu.append(time.process_time() - cpu)
            self.times.append(time.perf_counter() - start)
        return move


def play_deal(
    job: tuple[str, str, dict[str, Any], str, dict[str, Any], int, str],
) -> dict[str, Any]:
    """Play one deal twice, the bot's partnership on each side once; the figures."""
    preset, bot_name, bot_args, opp_name, opp_args, index, seed = job
    rules = p4.get_preset(preset)
    bot = _Timed(make_bot(bot_name, bot_args))
    opponent = make_bot(opp_name, opp_args)
    net = 0
    won = 0
    decided = 0
    for bot_side in (0, 1):
        players = [bot if s % 2 == bot_side else opponent for s in range(4)]
        record = p4.play_hand(
            rules,
            players,
            seed=f"{seed}-{index}",
            dealer=index % 4,
            rng=random.Random(f"{seed}-{index}-{bot_side}"),
        )
        result = record.result
        assert result is not None
        g = result.side_game_points
        net += g[bot_side] - g[1 - bot_side]
        if result.winner is not None:
            decided += 1
            won += result.winner == bot_side
    return {
        "index": index,
        "net": net,
        "hands": 2,
        "won": won,
        "decided": decided,
        "times": bot.times,
        "cpu": bot.cpu,
    }


def summary(preset: str, results: list[dict[str, Any]], elapsed: float) -> str:
    """One line of figures for the deals played so far."""
    nets = [r["net"] for r in results]
    hands = [r["hands"] for r in results]
    won = sum(r["won"] for r in results)
    decided = sum(r["decided"] for r in results)
    times = sorted(t for r in results for t in r["times"])
    cpu = sorted(t for r in results for t in r["cpu"])
    gp, lo, hi = ratio_interval(nets, hands)
    wlo, whi = wilson(won, decided)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    return (
        f"{preset:12} deals {len(results):5} (hands {sum(hands)}): net {gp:+.3f} game "
        f"points/hand [95% CI {lo:+.3f}, {hi:+.3f}]; hands won {won / max(decided, 1):.1%} "
        f"[{wlo:.1%}, {whi:.1%}]; move time median "
        f"{statistics.median(times) * 1000 if times else 0:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {max(times, default=0) * 1000:.0f} ms ({len(times)} decisions with a choice; "
        f"CPU median {statistics.median(cpu) * 1000 if cpu else 0:.0f} ms); {elapsed:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="partnership-pimc")
    parser.add_argument("--bot-args", default="{}", help="keyword arguments as JSON")
    parser.add_argument("--opponent", default="partnership-rule")
    parser.add_argument("--opponent-args", default="{}")
    parser.add_argument("--presets", nargs="*", default=["FOUR_HAND_66"])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", default="four-hand")
    parser.add_argument("--log", default=None, help="append progress lines to this file")
    parser.add_argument("--every", type=int, default=50)
    parser.add_argument(
        "--out",
        default=None,
        help="journal: each finished deal as a JSON line; an existing journal is resumed",
    )
    args = parser.parse_args(argv)
    bot_args = json.loads(args.bot_args)
    opp_args = json.loads(args.opponent_args)
    print(
        f"{args.bot} {bot_args} vs {args.opponent} {opp_args}: {args.deals} deals per "
        f"preset, {args.jobs} process(es), seed {args.seed!r}",
        flush=True,
    )
    for preset in args.presets:
        header = {
            "preset": preset,
            "bot": args.bot,
            "bot_args": bot_args,
            "opponent": args.opponent,
            "opponent_args": opp_args,
            "seed": args.seed,
        }
        results = _journal(args.out, header)
        done = {r["index"] for r in results}
        jobs = [
            (preset, args.bot, bot_args, args.opponent, opp_args, i, args.seed)
            for i in range(args.deals)
            if i not in done
        ]
        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(play_deal, jobs, chunksize=1):
                results.append(result)
                if args.out:
                    with open(args.out, "a", encoding="utf-8") as out:
                        out.write(json.dumps({**header, **result}) + "\n")
                if args.log and len(results) % args.every == 0:
                    with open(args.log, "a", encoding="utf-8") as log:
                        log.write(summary(preset, results, time.perf_counter() - start) + "\n")
        print(summary(preset, results, time.perf_counter() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
