"""Regenerate tests/data/perft.json: golden perft counts (run from the repository root).

    python tests/data/make_perft.py

It writes perft.json (the presets of rules §8, claim modes EXPLICIT and AUTO) and
perft_mariage.json (the cases that rules §13 added: Mariage's presets, and claim_mode
NONE).

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


#: The rule sets of rules §8 (perft.json) and those added with Mariage, §13
#: (perft_mariage.json: Mariage's presets and every preset with claim_mode NONE), so
#: that perft.json stays as it was.
MARIAGE_OUT = Path(__file__).with_name("perft_mariage.json")


def is_mariage(name: str, mode: ss.ClaimMode) -> bool:
    """Whether the case of preset ``name`` under ``mode`` is in perft_mariage.json."""
    return name.startswith("MARIAGE") or mode is ss.ClaimMode.NONE


def main() -> None:
    """Compute the counts and write the JSON files."""
    write(OUT, mariage=False)
    write(MARIAGE_OUT, mariage=True)


def write(out: Path, *, mariage: bool) -> None:
    """Compute the counts of one file and write it."""
    cases = []
    for name, preset in ss.PRESETS.items():
        for mode in ss.ClaimMode:
            if is_mariage(name, mode) != mariage:
                continue
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
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
