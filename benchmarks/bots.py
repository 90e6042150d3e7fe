"""Benchmark: how often RuleBot beats RandomBot over whole matches, under every preset.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/bots.py                          # 1000 matches per preset
    python benchmarks/bots.py --matches 200 --presets CLASSIC_66 SCHNAPSEN

A match is a "Bummerl": hands until one seat has ``match_target`` game points
(rules §7), played by :func:`sixtysix.play.play_match` (dealer rotation and carried
points by the rules; each bot sees only ``observe(state, seat)``). Match ``i`` is
``play_match(rules, ..., seed=seed + i)`` with RuleBot in seat ``i % 2`` and seat 0
dealing first, so both bots get each seat and the lead equally often.

For each preset it prints the matches RuleBot won (share and count), the 95% Wilson
interval of that share, RuleBot's share of the hands that scored, the average game
points per scored hand of each bot, hands per match and the elapsed time. The issue's
bar is RuleBot winning at least 95% of 1000+ matches of CLASSIC_66 and SCHNAPSEN; the
script prints whether each preset clears it, and never asserts. ``--claim-mode AUTO``
plays every preset with automatic claims, where RandomBot cannot lose hands by false
claims.
"""

from __future__ import annotations

import argparse
import math
import sys
import time

import attrs

import sixtysix as ss
from sixtysix.bots import RandomBot, RuleBot
from sixtysix.play import play_match

BAR = 0.95


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win share."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def measure(rules: ss.Rules, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` matches of RuleBot against RandomBot; the figures."""
    rule_bot, random_bot = RuleBot(), RandomBot()
    won = 0
    hands = 0
    scored = [0, 0]  # hands scored by RuleBot, by RandomBot
    points = [0, 0]
    start = time.perf_counter()
    for i in range(matches):
        rule_seat = i % 2
        if rule_seat == 0:
            record = play_match(rules, rule_bot, random_bot, seed=seed + i)
        else:
            record = play_match(rules, random_bot, rule_bot, seed=seed + i)
        won += record.winner == rule_seat
        hands += len(record.games)
        for game in record.games:
            r = game.result
            if r is not None and r.winner is not None:
                who = 0 if r.winner == rule_seat else 1
                scored[who] += 1
                points[who] += r.game_points
    elapsed = time.perf_counter() - start
    low, high = wilson(won, matches)
    return {
        "matches": matches,
        "won": won,
        "share": won / matches,
        "low": low,
        "high": high,
        "hand_share": scored[0] / max(1, scored[0] + scored[1]),
        "gp_rule": points[0] / max(1, scored[0]),
        "gp_random": points[1] / max(1, scored[1]),
        "hands_per_match": hands / matches,
        "seconds": elapsed,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=1000, help="matches per preset")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    parser.add_argument(
        "--presets", nargs="*", default=list(ss.PRESETS), help="preset names (default: all)"
    )
    parser.add_argument(
        "--claim-mode",
        choices=[m.name for m in ss.ClaimMode],
        help="play every preset with this claim mode (AUTO takes RandomBot's false claims "
        "out of the picture)",
    )
    args = parser.parse_args(argv)
    mode = f", claim_mode={args.claim_mode}" if args.claim_mode else ""
    print(f"RuleBot vs RandomBot, {args.matches} matches per preset{mode}, seeds from {args.seed}")
    header = (
        f"{'preset':<22}{'matches won':>18}{'95% interval':>17}{'hands won':>11}"
        f"{'gp/hand R':>11}{'gp/hand r':>11}{'hands/m':>9}{'s':>7}  bar"
    )
    print(header)
    print("-" * len(header))
    for name in args.presets:
        rules = ss.get_preset(name)
        if args.claim_mode:
            rules = attrs.evolve(rules, claim_mode=ss.ClaimMode[args.claim_mode])
        f = measure(rules, args.matches, args.seed)
        clears = "yes" if f["share"] >= BAR else "NO"
        print(
            f"{name:<22}{f['share']:>9.2%} ({int(f['won']):>4}/{int(f['matches'])})"
            f"  [{f['low']:.3f}, {f['high']:.3f}]{f['hand_share']:>10.1%}"
            f"{f['gp_rule']:>11.2f}{f['gp_random']:>11.2f}{f['hands_per_match']:>9.2f}"
            f"{f['seconds']:>7.1f}  {clears}",
            flush=True,
        )
    print("gp/hand R / r: average game points per scored hand of RuleBot / RandomBot.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
