"""Benchmark: the framework adapters' costs (OpenSpiel clone, PettingZoo steps, Gymnasium).

Run from a clone with the extras installed
(``pip install -e '.[dev,openspiel,pettingzoo,gymnasium]'``)::

    python benchmarks/adapters.py                 # everything, about 20 seconds
    python benchmarks/adapters.py --only openspiel --variant classic_66

It prints, for the ``python_sixtysix`` OpenSpiel game: the mean cost of ``state.clone()``
(the issue's bar is under 50 µs), of ``serialize()`` + ``deserialize_state()``, of one
``resampler`` call, and of a random hand with explicit chance; for PettingZoo: the
figures of ``pettingzoo.test.performance_benchmark`` (turns and cycles per second over
5 seconds of random legal play); for Gymnasium: steps per second of a random masked
policy against the random bot. A framework that is not installed is skipped. Nothing is
asserted: the script prints figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from typing import Any


def per_call(fn: Callable[[], Any], seconds: float = 1.0) -> float:
    """Mean seconds per call of ``fn``, over about ``seconds``."""
    calls = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(100):
            fn()
        calls += 100
        elapsed = time.perf_counter() - start
    return elapsed / calls


def openspiel(variant: str) -> None:
    import numpy as np
    import pyspiel

    import sixtysix.openspiel as sso

    game = pyspiel.load_game(f"python_sixtysix(variant={variant})")
    rng = np.random.RandomState(0)
    states = []
    for _ in range(20):
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        for _ in range(rng.randint(0, 12)):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal():
            states.append(state)
    picks = iter(range(10**9))

    def pick() -> Any:
        return states[next(picks) % len(states)]

    clone = per_call(lambda: pick().clone())
    round_trip = per_call(lambda: game.deserialize_state(pick().serialize()), 0.5)
    callback = sso.resampler(random.Random(0))

    def resample() -> Any:
        state = pick()
        return callback(state, state.current_player())

    resampled = per_call(resample, 0.5)

    def random_hand() -> None:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))

    hand = per_call(random_hand, 1.0)
    print(f"OpenSpiel python_sixtysix(variant={variant}):")
    print(f"  clone()                         {clone * 1e6:8.1f} us   (bar: < 50 us)")
    print(f"  serialize + deserialize_state   {round_trip * 1e6:8.1f} us")
    print(f"  resampler(state, player)        {resampled * 1e6:8.1f} us")
    print(f"  one random hand, chance incl.   {hand * 1e3:8.2f} ms")


def pettingzoo(variant: str) -> None:
    from pettingzoo.test import performance_benchmark

    from sixtysix.pettingzoo import env

    print(f"PettingZoo sixtysix_v0(variant={variant}), pettingzoo.test.performance_benchmark:")
    performance_benchmark(env(variant=variant))


def gymnasium(variant: str) -> None:
    import gymnasium as gym
    import numpy as np

    import sixtysix.gymnasium  # noqa: F401 - registers the environment

    environment = gym.make("sixtysix/VsBot-v0", variant=variant, opponent="random")
    rng = random.Random(0)
    environment.reset(seed=0)
    raw: Any = environment.unwrapped
    steps = 0
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 3.0:
        legal = np.flatnonzero(raw.action_masks()).tolist()
        _, _, terminated, _, _ = environment.step(rng.choice(legal))
        steps += 1
        if terminated:
            hands += 1
            environment.reset()
    elapsed = time.perf_counter() - start
    print(f"Gymnasium sixtysix/VsBot-v0(variant={variant}, opponent=random):")
    print(
        f"  {steps / elapsed:10.0f} agent steps per second,"
        f" {hands / elapsed:8.0f} hands per second"
    )


FRAMEWORKS = {"openspiel": ("pyspiel", openspiel), "pettingzoo": ("pettingzoo", pettingzoo)}
FRAMEWORKS["gymnasium"] = ("gymnasium", gymnasium)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="schnapsen", help="a preset name")
    parser.add_argument("--only", choices=sorted(FRAMEWORKS), nargs="*", default=None)
    args = parser.parse_args()
    for name in args.only or FRAMEWORKS:
        module, run = FRAMEWORKS[name]
        if importlib.util.find_spec(module) is None:
            print(f"{name}: skipped, {module} is not installed")
            continue
        run(args.variant)


if __name__ == "__main__":
    main()
