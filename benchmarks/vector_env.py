"""Benchmark: agent steps per second of the vector environment (and of the single one).

Run from a clone with the gymnasium extra installed (``pip install -e '.[gymnasium]'``)::

    python benchmarks/vector_env.py                     # N = 1,024, about a minute
    python benchmarks/vector_env.py --num-envs 256 --seconds 3 --variant classic_66
    python benchmarks/vector_env.py --pgx               # also pgx, if it is installed
    XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1" \
        taskset -c 0 python benchmarks/vector_env.py --only-pgx   # pgx on one core

Each figure is agent steps per second of a uniformly random *legal* policy (the masks
are read, actions chosen for the whole batch with NumPy), observations and masks
included, against the random and the rule bot: the single environment
(:class:`~sixtysix.gymnasium.VsBotEnv`, one hand at a time), then the vector
environment with the pure-Python batch stepper and, if ``sixtysix.native`` provides
one, the native stepper. Steps of sub-environments that are being autoreset are not
counted (as Gymnasium's ``benchmark_vector_step`` does). Both CPU seconds of this
process (``time.process_time``: what one core does, whatever else the machine runs)
and wall-clock seconds are shown. With ``--pgx`` it also times pgx's
``leduc_holdem`` (a two-player card game of hidden cards; pgx has no trick-taking game)
with ``jax.jit(jax.vmap(step))`` at the same batch size. Nothing is asserted: the
script prints figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np


def measure(step: Callable[[], int], seconds: float) -> tuple[float, float]:
    """(steps per CPU second, steps per wall second) of ``step`` (it returns its steps)."""
    for _ in range(3):  # warm up caches
        step()
    steps = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        steps += step()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return steps / cpu, steps / wall


def single(variant: str, opponent: str, seconds: float) -> tuple[float, float]:
    from sixtysix.gymnasium import VsBotEnv

    env = VsBotEnv(variant=variant, opponent=opponent)
    rng = random.Random(0)
    _, info = env.reset(seed=0)
    mask = info["action_mask"]

    def step() -> int:
        nonlocal mask
        for _ in range(100):
            legal = np.flatnonzero(mask)
            _, _, terminated, _, info = env.step(int(legal[rng.randrange(len(legal))]))
            mask = info["action_mask"]
            if terminated:
                _, info = env.reset()
                mask = info["action_mask"]
        return 100

    return measure(step, seconds)


def vector(
    variant: str, opponent: str, num_envs: int, backend: str, seconds: float
) -> tuple[float, float]:
    from sixtysix.gymnasium_vector import VsBotVectorEnv

    envs = VsBotVectorEnv(num_envs, variant=variant, opponent=opponent, backend=backend)
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    mask = info["action_mask"]
    resetting = np.zeros(num_envs, np.bool_)

    def step() -> int:
        nonlocal mask, resetting
        actions = np.argmax(mask * rng.random(mask.shape), axis=1)
        _, _, terminated, _, info = envs.step(actions)
        counted = num_envs - int(resetting.sum())
        mask, resetting = info["action_mask"], terminated
        return counted

    return measure(step, seconds)


def pgx_figure(num_envs: int, seconds: float) -> tuple[float, float] | None:
    if importlib.util.find_spec("pgx") is None:
        return None
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("leduc_holdem")
    init = jax.jit(jax.vmap(env.init))
    step_fn = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    key, sub = jax.random.split(key)
    state: Any = init(jax.random.split(sub, num_envs))

    @jax.jit
    def act(state: Any, key: Any) -> Any:
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        return jax.random.categorical(key, logits, axis=-1)

    def step() -> int:
        nonlocal state, key
        key, k1, k2 = jax.random.split(key, 3)
        action = act(state, k1)
        state = step_fn(state, action, jax.random.split(k2, num_envs))
        # Finished games are started again (pgx does not autoreset).
        done = state.terminated | state.truncated
        fresh = init(jax.random.split(k1, num_envs))
        state = jax.tree_util.tree_map(
            lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), b, a), state, fresh
        )
        state.observation.block_until_ready()
        return num_envs

    return measure(step, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=5.0, help="per figure")
    parser.add_argument("--variant", default="schnapsen")
    parser.add_argument("--pgx", action="store_true", help="also time pgx's leduc_holdem")
    parser.add_argument("--only-pgx", action="store_true", help="time pgx alone")
    args = parser.parse_args()

    from sixtysix.gymnasium_vector import native_stepper
    from sixtysix.rules import get_preset

    def show(label: str, figures: tuple[float, float]) -> None:
        print(f"{label:44s} {figures[0]:>12,.0f} {figures[1]:>12,.0f}", flush=True)

    print(f"{args.variant}, N = {args.num_envs}, {args.seconds:g} s per figure")
    print(f"{'agent steps per second':44s} {'CPU second':>12s} {'wall second':>12s}")
    for opponent in () if args.only_pgx else ("random", "rule"):
        show(f"single VsBotEnv vs {opponent}", single(args.variant, opponent, args.seconds))
        show(
            f"vector, Python stepper, vs {opponent}",
            vector(args.variant, opponent, args.num_envs, "python", args.seconds),
        )
        from sixtysix.bots.registry import make_bot

        if native_stepper(get_preset(args.variant), make_bot(opponent), 0, 1) is not None:
            show(
                f"vector, native stepper, vs {opponent}",
                vector(args.variant, opponent, args.num_envs, "native", args.seconds),
            )
        else:
            print(f"vector, native stepper, vs {opponent:14s} (sixtysix.native not available)")
    if args.pgx or args.only_pgx:
        figures = pgx_figure(args.num_envs, args.seconds)
        if figures is None:
            print("pgx leduc_holdem: pgx is not installed")
        else:
            show("pgx leduc_holdem, jit(vmap(step)), random", figures)


if __name__ == "__main__":
    main()
