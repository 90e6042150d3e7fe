"""Train sb3-contrib's MaskablePPO on ``sixtysix/VsBot-v0`` and measure it on duplicate deals.

An example, not part of the library or its CI (torch is not a dependency of
``sixtysix``). Install the learning stack next to ``sixtysix[gymnasium]``::

    pip install 'sixtysix[gymnasium]' sb3-contrib matplotlib

Train against the rule bot (seats alternate between the environments), evaluating
against ``RandomBot`` and ``RuleBot`` every ``--eval-every`` steps (the learning curve,
a CSV and, with matplotlib, a PNG in ``--out``), then a final evaluation over
``--final-deals`` duplicate deals::

    python examples/train_maskable_ppo.py --timesteps 2000000 --out runs/ppo

Only the evaluation, with a built-in policy instead of a trained one (what the test
suite runs, no torch needed)::

    python examples/train_maskable_ppo.py --evaluate-only random --final-deals 200

**Duplicate deals.** Deal ``k`` is dealt from seed ``seed + k`` with dealer ``k % 2``
and played twice, the policy in seat 0 and then in seat 1, against the same opponent
with the same generator: luck of the cards cancels between the two hands. The figure
is the policy's mean game points per hand (``-3`` to ``+3``; 0 is break-even), with its
standard error over deals. The evaluation steps all hands of a seat and dealer at once
in a :class:`~sixtysix.gymnasium_vector.VsBotVectorEnv`.

**What the policy sees** is the encoding of :mod:`sixtysix.encoding` (see
docs/adapters.md): its hand; every card played and who won it (``won_me``,
``won_opponent``); the card led; what it knows of the opponent's hand (declared
marriage partners, the exchanged turn-up, the last card drawn: ``opponent_known``) and
what the opponent cannot hold (strict-phase inferences: ``opponent_excluded``); the
talon's size and bottom card; trump; the points, marriages and tricks of both seats
(the score of the hand); who closed or exchanged; the closing snapshot. It does not see
the match score (one episode is one hand).
"""

from __future__ import annotations

import argparse
import csv
import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sixtysix.gymnasium_vector import VsBotVectorEnv

#: A policy for evaluation: observations (B, size) and boolean masks (B, 40) -> ids (B,).
Policy = Callable[[Any, Any], Any]


def random_policy(seed: int = 0) -> Policy:
    """A uniformly random legal move."""
    rng = np.random.default_rng(seed)

    def act(observations: Any, masks: Any) -> Any:
        return np.argmax(masks * rng.random(masks.shape), axis=1)

    return act


def first_legal_policy(observations: Any, masks: Any) -> Any:
    """The legal move of the lowest id."""
    return np.argmax(masks, axis=1)


def evaluate(
    policy: Policy,
    opponent: str,
    deals: int,
    *,
    variant: str = "schnapsen",
    seed: int = 1_000_000,
) -> dict[str, float]:
    """The policy's game points per hand over ``deals`` duplicate deals (both seats).

    Returns ``mean`` (game points per hand), ``stderr`` (of the mean, over deals),
    ``hands`` (``2 * deals``) and ``illegal`` (hands lost by an illegal action).
    """
    per_deal = np.zeros(deals)
    illegal = 0
    for seat in (0, 1):
        for dealer in (0, 1):
            rows = np.arange(dealer, deals, 2)
            if not len(rows):
                continue
            envs = VsBotVectorEnv(len(rows), variant=variant, opponent=opponent, seat=seat)
            observations, info = envs.reset(
                seed=[seed + int(k) for k in rows], options={"dealer": dealer}
            )
            result = np.zeros(len(rows))
            open_rows = np.ones(len(rows), np.bool_)
            while open_rows.any():
                actions = policy(observations, info["action_mask"].astype(np.bool_))
                observations, rewards, terminated, _, info = envs.step(actions)
                ended = open_rows & terminated
                result[ended] = rewards[ended]
                if "illegal_action" in info:
                    illegal += int((ended & info["illegal_action"]).sum())
                open_rows &= ~terminated
            per_deal[rows] += result
    per_hand = per_deal / 2
    return {
        "mean": float(per_hand.mean()),
        "stderr": float(per_hand.std(ddof=1) / math.sqrt(deals)) if deals > 1 else 0.0,
        "hands": 2 * deals,
        "illegal": illegal,
    }


def model_policy(model: Any) -> Policy:
    """A trained MaskablePPO as a deterministic policy."""

    def act(observations: Any, masks: Any) -> Any:
        actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
        return actions

    return act


def train(args: argparse.Namespace) -> None:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    from sixtysix.gymnasium import VsBotEnv

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    def make(i: int) -> Callable[[], Any]:
        return lambda: VsBotEnv(variant=args.variant, opponent=args.opponent, seat=i % 2)

    env = DummyVecEnv([make(i) for i in range(args.envs)])
    env.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=4,
        gamma=1.0,
        gae_lambda=0.95,
        learning_rate=3e-4,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    curve_path = out / "learning_curve.csv"
    start = time.perf_counter()
    rows: list[dict[str, float]] = []

    def checkpoint(steps: int) -> None:
        policy = model_policy(model)
        row = {"steps": steps, "seconds": round(time.perf_counter() - start, 1)}
        for name in ("random", "rule"):
            row[f"vs_{name}"] = evaluate(policy, name, args.eval_deals, variant=args.variant)[
                "mean"
            ]
        rows.append(row)
        with curve_path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(row))
            writer.writeheader()
            writer.writerows(rows)
        print(
            f"{steps:>10,} steps {row['seconds']:>8.0f} s  vs random {row['vs_random']:+.3f}"
            f"  vs rule {row['vs_rule']:+.3f}",
            flush=True,
        )

    class Curve(BaseCallback):  # type: ignore[misc]
        def _on_step(self) -> bool:
            if self.num_timesteps // args.eval_every > (self.num_timesteps - env.num_envs) // (
                args.eval_every
            ):
                checkpoint(self.num_timesteps)
            return True

    checkpoint(0)
    model.learn(total_timesteps=args.timesteps, callback=Curve())
    model.save(out / "maskable_ppo")
    wall = time.perf_counter() - start
    policy = model_policy(model)
    for name in ("random", "rule"):
        final = evaluate(policy, name, args.final_deals, variant=args.variant, seed=7_000_000)
        print(
            f"final vs {name}: {final['mean']:+.3f} ± {final['stderr']:.3f} game points per "
            f"hand over {final['hands']:,} hands ({final['illegal']} illegal)"
        )
    print(f"training wall time {wall:,.0f} s for {args.timesteps:,} steps")
    plot(rows, out / "learning_curve.png")


def plot(rows: list[dict[str, float]], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot (the CSV has the curve)")
        return
    steps = [r["steps"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [r["vs_random"] for r in rows], label="vs RandomBot")
    ax.plot(steps, [r["vs_rule"] for r in rows], label="vs RuleBot")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("training steps (agent moves)")
    ax.set_ylabel("game points per hand (duplicate deals)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print(f"learning curve: {path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="schnapsen")
    parser.add_argument("--opponent", default="rule", help="the training opponent")
    parser.add_argument("--timesteps", type=int, default=2_000_000)
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--n-steps", type=int, default=256, help="per environment per update")
    parser.add_argument("--batch-size", type=int, default=1024)
    parser.add_argument("--eval-every", type=int, default=100_000)
    parser.add_argument("--eval-deals", type=int, default=300, help="per curve point")
    parser.add_argument("--final-deals", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="runs/maskable_ppo")
    parser.add_argument(
        "--evaluate-only",
        choices=("random", "first"),
        help="evaluate a built-in policy (no training, no torch)",
    )
    args = parser.parse_args(argv)
    if args.evaluate_only is None:
        train(args)
        return
    policy = random_policy(args.seed) if args.evaluate_only == "random" else first_legal_policy
    for name in ("random", "rule"):
        result = evaluate(policy, name, args.final_deals, variant=args.variant)
        print(
            f"{args.evaluate_only} policy vs {name}: {result['mean']:+.3f} ± "
            f"{result['stderr']:.3f} game points per hand over {result['hands']:,} hands "
            f"({result['illegal']} illegal)"
        )


if __name__ == "__main__":
    main()
