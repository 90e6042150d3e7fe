"""Benchmark: the strength of a bot against a reference bot, over duplicate deals.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/strength.py --deals 2000 --jobs 2                 # pimc vs rule
    python benchmarks/strength.py --bot ismcts --opponent random --deals 200
    python benchmarks/strength.py --bot pimc --bot-args '{"worlds": 8}' --presets SCHNAPSEN
    python benchmarks/strength.py --deals 500 --jobs 2 --out strength.jsonl   # resumable
    python benchmarks/strength.py --unit hand --deals 2000 --jobs 2   # hands, not matches

A *match deal* is a match seed. Each is played twice, as whole matches (to the rule
set's ``match_target``), with the seats swapped: the bot is seat 0 in one match and seat
1 in the other, and both matches get the same cards hand by hand, as long as the match
scores let the same hands be dealt: each such hand is a *duplicate hand deal* (the same
cards played once from each side), and the script counts them. Deal ``i`` starts
with seat ``i % 2`` dealing, so seats and dealer alternate.
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
    job: tuple[str, str, dict[str, Any], str, dict[str, Any], int, str, str],
) -> dict[str, Any]:
    """Play one duplicate deal (two matches or two hands, seats swapped); the figures."""
    preset, bot_name, bot_args, opp_name, opp_args, index, seed, unit = job
    rules = attrs.evolve(ss.get_preset(preset), claim_mode=ss.ClaimMode.EXPLICIT)
    bot = _Timed(make_bot(bot_name, bot_args))
    opponent = make_bot(opp_name, opp_args)
    if unit == "hand":
        return _play_hand_deal(rules, bot, opponent, index, seed)
    net = 0
    hands = 0
    wins = 0
    deals: list[list[str]] = []
    for bot_seat in (0, 1):
        players = (bot, opponent) if bot_seat == 0 else (opponent, bot)
        record = play_match(rules, *players, seed=f"{seed}-{index}", dealer=index % 2)
        wins += record.winner == bot_seat
        dealt = []
        for game in record.games:
            result = game.result
            assert result is not None
            hands += 1
            dealt.append(f"{game.dealer}:{game.players}:{[str(c) for c in game.pack]}")
            if result.winner is not None:
                winner = game.players[result.winner]
                net += result.game_points if winner == bot_seat else -result.game_points
        deals.append(dealt)
    # A duplicate deal is a hand dealt with the same cards in both matches (the bot on
    # each side of it once): the hands are the same until the match scores diverge.
    paired = sum(a == b for a, b in zip(deals[0], deals[1], strict=False))
    return {
        "index": index,
        "net": net,
        "hands": hands,
        "paired": paired,
        "wins": wins,
        "times": bot.times,
        "cpu": bot.cpu,
    }


def _play_hand_deal(
    rules: ss.Rules, bot: _Timed, opponent: Any, index: int, seed: str
) -> dict[str, Any]:
    """One hand dealt from ``seed`` and ``index``, played with the bot in each seat."""
    net = 0
    for bot_seat in (0, 1):
        players = (bot, opponent) if bot_seat == 0 else (opponent, bot)
        record = ss.play_hand(rules, *players, seed=f"{seed}-{index}", dealer=index % 2)
        result = record.result
        assert result is not None
        if result.winner is not None:
            net += result.game_points if result.winner == bot_seat else -result.game_points
    return {
        "index": index,
        "net": net,
        "hands": 2,
        "paired": 1,
        "wins": 0,
        "times": bot.times,
        "cpu": bot.cpu,
    }


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


def summary(
    preset: str, results: list[dict[str, Any]], elapsed: float, unit: str = "match"
) -> str:
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
    paired = sum(r["paired"] for r in results)
    if unit == "hand":
        played = f"hand deals {len(results):5} (hands {sum(hands)}): "
        matches_won = ""
    else:
        played = (
            f"match deals {len(results):5} (matches {matches}, hands {sum(hands)}, "
            f"duplicate hand deals {paired}): "
        )
        matches_won = f"; matches won {wins / matches:.1%} [{wlo:.1%}, {whi:.1%}]"
    return (
        f"{preset:12} {played}"
        f"net {gp:+.3f} game points/hand [95% CI {lo:+.3f}, {hi:+.3f}]{matches_won}; move "
        "time median "
        f"{statistics.median(times) * 1000 if times else 0:.0f} ms, p99 {p99 * 1000:.0f} ms, "
        f"max {max(times, default=0) * 1000:.0f} ms ({len(times)} moves; CPU time median "
        f"{statistics.median(cpu) * 1000 if cpu else 0:.0f} ms, max "
        f"{max(cpu, default=0) * 1000:.0f} ms); {elapsed:.0f} s"
    )


def _journal(path: str | None, header: dict[str, Any]) -> list[dict[str, Any]]:
    """The finished deals of ``header``'s run in the journal at ``path`` (if any).

    A line cut off by an interruption is skipped (that deal is played again).
    """
    if not path:
        return []
    found: dict[int, dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as journal:
            for line in journal:
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if all(entry.get(k) == v for k, v in header.items()):
                    found[entry["index"]] = entry
    except FileNotFoundError:
        return []
    return [found[i] for i in sorted(found)]


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
    parser.add_argument(
        "--unit",
        choices=("match", "hand"),
        default="match",
        help="a deal is a whole match (default) or one hand, played from both seats",
    )
    parser.add_argument(
        "--out",
        default=None,
        help="journal: each finished match deal as a JSON line; an existing journal is "
        "resumed (its deals are not played again)",
    )
    args = parser.parse_args(argv)
    bot_args = json.loads(args.bot_args)
    opp_args = json.loads(args.opponent_args)
    print(
        f"{args.bot} {bot_args} vs {args.opponent} {opp_args}: {args.deals} {args.unit} deals "
        f"per preset, {args.jobs} process(es), seed {args.seed!r}",
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
            "unit": args.unit,
        }
        results = _journal(args.out, header)
        done = {r["index"] for r in results}
        jobs = [
            (preset, args.bot, bot_args, args.opponent, opp_args, i, args.seed, args.unit)
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
                        log.write(
                            summary(preset, results, time.perf_counter() - start, args.unit) + "\n"
                        )
        print(summary(preset, results, time.perf_counter() - start, args.unit), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
