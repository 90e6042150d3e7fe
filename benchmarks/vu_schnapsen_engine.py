"""Hands per second of the ``schnapsen`` PyPI engine (version 0.0.5), random play.

This is the comparison figure for ``sixtysix`` under the ``VU_SCHNAPSEN`` preset. Run it
with the interpreter of an environment where ``schnapsen`` is installed (it is *not* a
dependency of ``sixtysix``; keep it out of the project's environments)::

    python3 -m venv /tmp/vu-venv
    /tmp/vu-venv/bin/pip install schnapsen==0.0.5
    /tmp/vu-venv/bin/python benchmarks/vu_schnapsen_engine.py --seconds 10

It prints one line of JSON::

    {"engine": "schnapsen 0.0.5", "hands": N, "seconds": s, "hands_per_second": x}

What one "hand" is: one call of ``SchnapsenGamePlayEngine().play_game(bot1, bot2, rng)``
(``schnapsen/game.py`` line 1986), which the package calls a *game*: it shuffles the
20-card deck with ``rng``, deals, and plays tricks until ``SchnapsenTrickScorer.
declare_winner`` names a winner (someone reaches 66, or the last trick is played). The
package has no match ("Bummerl") layer, so a game is exactly one of our hands. Both
players are the package's own ``schnapsen.bots.rand.RandBot``, so every move comes from
the package's legal-move generator (``PlayerPerspective.valid_moves``) and is checked by
its validator and applied by its trick implementer; nothing here is simplified.

Seeding: hand ``i`` (0-based) uses ``random.Random(seed + i)`` for the shuffle, and
``random.Random(f"{seed + i}/bot1")`` / ``random.Random(f"{seed + i}/bot2")`` for the two
bots, exactly as ``benchmarks/vu_export.py`` does, so the same seed gives the same games
in both scripts. The clock (``time.perf_counter``) runs only around the ``play_game``
loop; imports (the package eagerly imports scikit-learn and flask) are not timed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from importlib import metadata


def _engine_name() -> str:
    try:
        return f"schnapsen {metadata.version('schnapsen')}"
    except metadata.PackageNotFoundError:  # pragma: no cover - only without the package
        return "schnapsen (unknown version)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Benchmark the schnapsen PyPI engine with two random bots."
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=3.0,
        help="play complete hands until this much time has passed (default 3)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the first hand; hand i uses seed + i (default 0)",
    )
    parser.add_argument(
        "--hands",
        type=int,
        default=None,
        help="play exactly this many hands instead of running for --seconds",
    )
    args = parser.parse_args(argv)

    try:
        from schnapsen.bots.rand import RandBot  # imports schnapsen.bots (sklearn, flask)
        from schnapsen.game import SchnapsenGamePlayEngine
    except ImportError as exc:
        print(
            f"cannot import the schnapsen package ({exc}); run this script with the "
            "interpreter of an environment where `pip install schnapsen==0.0.5` was done",
            file=sys.stderr,
        )
        return 2

    engine = SchnapsenGamePlayEngine()
    game_points = {1: 0, 2: 0, 3: 0}
    hands = 0
    seed = args.seed
    limit = args.hands
    deadline = args.seconds
    clock = time.perf_counter
    start = clock()
    while True:
        if limit is not None:
            if hands >= limit:
                break
        elif clock() - start >= deadline:
            break
        s = seed + hands
        bot1 = RandBot(random.Random(f"{s}/bot1"), "bot1")
        bot2 = RandBot(random.Random(f"{s}/bot2"), "bot2")
        _winner, points, _score = engine.play_game(bot1, bot2, random.Random(s))
        game_points[points] += 1  # KeyError would mean a result outside 1..3
        hands += 1
    seconds = clock() - start

    print(
        json.dumps(
            {
                "engine": _engine_name(),
                "hands": hands,
                "seconds": round(seconds, 3),
                "hands_per_second": round(hands / seconds, 1) if seconds > 0 else None,
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
