"""Regenerate tests/data/perft.json: golden perft counts (run from the repository root).

    python tests/data/make_perft.py

For every preset and both claim modes, three seeded deals (``new_hand(rules, seed,
dealer=seed % 2)``) and the number of legal move sequences of 1 to 6 moves from each
(:func:`sixtysix.testing.perft`). Only regenerate after a deliberate rule change, and
say so in the changelog: the counts pin the move generator.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs

import sixtysix as ss
from sixtysix.testing import perft

SEEDS = (0, 1, 2)
DEPTH = 6
OUT = Path(__file__).with_name("perft.json")


def main() -> None:
    """Compute the counts and write the JSON file."""
    cases = []
    for name, preset in ss.PRESETS.items():
        for mode in ss.ClaimMode:
            rules = attrs.evolve(preset, claim_mode=mode)
            for seed in SEEDS:
                state = ss.new_hand(rules, seed=seed, dealer=seed % 2)
                counts = [perft(state, d) for d in range(1, DEPTH + 1)]
                cases.append(
                    {
                        "preset": name,
                        "claim_mode": mode.name,
                        "seed": seed,
                        "dealer": seed % 2,
                        "position": ss.dump_position(state),
                        "counts": counts,
                    }
                )
                print(name, mode.name, seed, counts)
    data = {"schema": 1, "depths": list(range(1, DEPTH + 1)), "cases": cases}
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
