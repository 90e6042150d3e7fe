"""Regenerate tests/data/perft_tausendeins.json: golden Tausendeins perft counts.

    python tests/data/make_perft_tausendeins.py

For every preset, two seeded deals (``new_hand(rules, seed, dealer=seed % 2)``), each
from its start and from a position reached by seeded random moves (past the open
phase, or past the contract), and the number of legal move sequences of 1 to 6 moves
from each (:func:`sixtysix.tausendeins.perft`). Only regenerate after a deliberate rule
change, and say so in the changelog: the counts pin the move generator.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from sixtysix import tausendeins as t1

SEEDS = (0, 1)
DEPTH = 6
OUT = Path(__file__).with_name("perft_tausendeins.json")


def prefix(rules: t1.TausendeinsRules, state: t1.TausendeinsState, seed: int) -> list[str]:
    """Seeded random moves until trick 5 (``NONE``) or trick 2 (``AUCTION``) is led."""
    rng = random.Random(seed)
    moves: list[str] = []
    tricks = 2 if rules.bidding is t1.Bidding.AUCTION else 5
    while state.tricks_played < tricks - 1 or state.phase != t1.Phase.PLAY:
        move = rng.choice(t1.legal_moves(state))
        moves.append(str(move))
        state = t1.apply_move(state, move)
    return moves


def main() -> None:
    """Compute the counts and write the JSON file."""
    cases = []
    for name, rules in t1.PRESETS.items():
        for seed in SEEDS:
            start = t1.new_hand(rules, seed, seed % 2)
            for moves in ([], prefix(rules, start, seed)):
                state = start
                for text in moves:
                    state = t1.apply_move(state, t1.parse_move(text))
                cases.append(
                    {
                        "preset": name,
                        "seed": seed,
                        "dealer": seed % 2,
                        "pack": " ".join(map(str, t1.shuffled_deck(rules, seed))),
                        "moves": moves,
                        "counts": [t1.perft(state, d) for d in range(1, DEPTH + 1)],
                    }
                )
    OUT.write_text(json.dumps({"cases": cases}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
