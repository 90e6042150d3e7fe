"""Benchmark: uniformly random legal play under every preset, with claims set to AUTO.

Run from a clone with the project installed (``pip install -e '.[dev]'``)::

    python benchmarks/bench.py                  # every preset, plus the comparison below
    python benchmarks/bench.py --seconds 5 --no-compare

For each preset (``claim_mode=AUTO``) it prints:

* hands/s: complete hands per second of ``new_hand(seed=i)`` followed by uniformly
  random legal moves (``rng.choice(legal_moves(state))``) until the hand is over, then
  ``score_hand``;
* moves/hand: decisions per hand;
* cpu hands/s: the same hands divided by the CPU time of this process (steadier than
  wall-clock figures when the machine is shared);
* µs/move: microseconds per ``legal_moves`` + ``apply_move`` pair, timed separately by
  replaying recorded positions (no dealing, no random choice);
* µs/view moves: microseconds per ``legal_moves(view)`` on the view of the seat to move.

With ``--compare`` (the default) it also runs the engine of the ``schnapsen`` package on
PyPI (0.0.5; its random bots, one hand per ``play_game`` call) in the same run, in a
virtual environment of its own (made once under ``--vu-venv``, by default
``~/.cache/sixtysix-bench/vu-venv``, with ``pip install schnapsen==0.0.5``), and prints
its hands/s next to VU_SCHNAPSEN's and the ratio. When that package cannot be installed
the comparison is skipped with a message. The figures vary with the machine and its
load; these are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import attrs

import sixtysix as ss

HERE = Path(__file__).resolve().parent


def play_random_hands(rules: ss.Rules, seconds: float) -> tuple[int, int, float, float]:
    """Play random hands for about ``seconds``; return (hands, moves, elapsed, cpu time)."""
    legal_moves = ss.legal_moves
    apply_move = ss.apply_move
    new_hand = ss.new_hand
    score_hand = ss.score_hand
    over = ss.Step.OVER
    rng = random.Random(2024)
    choice = rng.choice
    hands = moves = 0
    start = time.perf_counter()
    cpu = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(100):
            state = new_hand(rules, seed=hands, dealer=hands & 1)
            while state.step is not over:
                state = apply_move(state, choice(legal_moves(state)))
                moves += 1
            score_hand(state)
            hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands, moves, now - start, time.process_time() - cpu


def micro_per_move(rules: ss.Rules, hands: int = 400) -> float:
    """Microseconds per legal_moves + apply_move, over recorded random-play positions."""
    rng = random.Random(7)
    pairs: list[tuple[ss.HandState, ss.Move]] = []
    for seed in range(hands):
        state = ss.new_hand(rules, seed=seed, dealer=seed & 1)
        while not state.is_over:
            move = rng.choice(ss.legal_moves(state))
            pairs.append((state, move))
            state = ss.apply_move(state, move)
    legal_moves = ss.legal_moves
    apply_move = ss.apply_move
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for state, move in pairs:
            legal_moves(state)
            apply_move(state, move)
        best = min(best, time.process_time() - start)
    return best / len(pairs) * 1e6


def micro_view_moves(rules: ss.Rules, hands: int = 200) -> float:
    """Microseconds per ``legal_moves(view)`` for the seat to move (no shadow state)."""
    rng = random.Random(11)
    views: list[ss.PlayerView] = []
    for seed in range(hands):
        state = ss.new_hand(rules, seed=seed, dealer=seed & 1)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            views.append(ss.observe(state, seat))
            state = ss.apply_move(state, rng.choice(ss.legal_moves(state)))
    legal_moves = ss.legal_moves
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for view in views:
            legal_moves(view)
        best = min(best, time.process_time() - start)
    return best / len(views) * 1e6


def vu_engine_hands_per_second(venv: Path, seconds: float) -> float | None:
    """Hands/s of the schnapsen PyPI engine, or None if it cannot be set up."""
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"setting up {venv} with schnapsen==0.0.5 (once) ...", file=sys.stderr)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run(
                [str(python), "-m", "pip", "install", "-q", "schnapsen==0.0.5"],
                check=True,
            )
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"comparison skipped: cannot install schnapsen: {exc}", file=sys.stderr)
            return None
    try:
        out = subprocess.run(
            [str(python), str(HERE / "vu_schnapsen_engine.py"), "--seconds", str(seconds)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"comparison skipped: the schnapsen engine failed: {exc}", file=sys.stderr)
        return None
    figure: float = json.loads(out.strip().splitlines()[-1])["hands_per_second"]
    return figure


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per preset")
    parser.add_argument("--presets", nargs="*", default=list(ss.PRESETS), help="preset names")
    parser.add_argument(
        "--compare",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also time the schnapsen PyPI engine against VU_SCHNAPSEN",
    )
    parser.add_argument(
        "--vu-venv",
        type=Path,
        default=Path(os.path.expanduser("~/.cache/sixtysix-bench/vu-venv")),
        help="where to keep the schnapsen package's virtual environment",
    )
    args = parser.parse_args(argv)
    print(f"sixtysix {ss.__version__}, Python {sys.version.split()[0]}, random play, AUTO claims")
    print("(cpu hands/s and the us columns use this process's CPU time: steadier when loaded)")
    print(
        f"{'preset':22} {'hands/s':>10} {'cpu hands/s':>12} {'moves/hand':>11} "
        f"{'us/move':>9} {'us/view moves':>14}"
    )
    results: dict[str, float] = {}
    for name in args.presets:
        rules = attrs.evolve(ss.get_preset(name), claim_mode=ss.ClaimMode.AUTO)
        hands, moves, elapsed, cpu = play_random_hands(rules, args.seconds)
        per_move = micro_per_move(rules)
        per_view = micro_view_moves(rules)
        results[name] = hands / elapsed
        print(
            f"{name:22} {hands / elapsed:10.0f} {hands / cpu:12.0f} {moves / hands:11.1f} "
            f"{per_move:9.2f} {per_view:14.2f}"
        )
    if args.compare:
        theirs = vu_engine_hands_per_second(args.vu_venv, args.seconds)
        if theirs is not None:
            ours = results.get("VU_SCHNAPSEN")
            if ours is None:
                rules = attrs.evolve(ss.VU_SCHNAPSEN, claim_mode=ss.ClaimMode.AUTO)
                hands, _, elapsed, _ = play_random_hands(rules, args.seconds)
                ours = hands / elapsed
            print(f"{'schnapsen 0.0.5 (PyPI)':22} {theirs:10.0f}")
            print(
                f"VU_SCHNAPSEN vs the schnapsen package: {ours / theirs:.1f}x the hands per second"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
