"""Golden move-generation counts (perft) pin the move generator (tests/data/perft*.json).

The fast subset (depths up to 4) runs with the tests; ``python -m nox -s perft`` sets
``SIXTYSIX_PERFT_DEPTH=6`` and checks every committed count.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import attrs
import pytest

import sixtysix as ss
from sixtysix.testing import perft

DATA = json.loads((Path(__file__).parents[1] / "data" / "perft.json").read_text(encoding="utf-8"))
#: The cases rules §13 added (Mariage's presets, claim_mode NONE), in a file of their own.
MARIAGE_DATA = json.loads(
    (Path(__file__).parents[1] / "data" / "perft_mariage.json").read_text(encoding="utf-8")
)
DEPTH = int(os.environ.get("SIXTYSIX_PERFT_DEPTH", "4"))
CASES: list[dict[str, Any]] = DATA["cases"] + MARIAGE_DATA["cases"]


def test_the_data_covers_every_preset_and_claim_mode() -> None:
    covered = {(c["preset"], c["claim_mode"]) for c in CASES}
    assert covered == {(p, m.name) for p in ss.PRESETS for m in ss.ClaimMode}
    assert all(len(c["counts"]) == 6 for c in CASES)


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['preset']}-{c['claim_mode']}-{c['seed']}" for c in CASES]
)
def test_perft(case: dict[str, Any]) -> None:
    rules = attrs.evolve(ss.PRESETS[case["preset"]], claim_mode=ss.ClaimMode[case["claim_mode"]])
    state = ss.new_hand(rules, seed=case["seed"], dealer=case["dealer"])
    assert ss.dump_position(state) == case["position"]
    depth = min(DEPTH, len(case["counts"]))
    assert [perft(state, d) for d in range(1, depth + 1)] == case["counts"][:depth]


def test_perft_edges() -> None:
    state = ss.new_hand(ss.SCHNAPSEN, seed=3)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(ss.legal_moves(state))
    for bad in (-1, 65, True, 2.0, 10**5000):
        with pytest.raises(ss.SixtySixError, match="perft depth"):
            perft(state, bad)  # type: ignore[arg-type]
    with pytest.raises(ss.SixtySixError, match="HandState"):
        perft("state", 1)  # type: ignore[arg-type]
    # A finished hand has no move sequences but the empty one.
    while not state.is_over:
        state = ss.apply_move(state, ss.legal_moves(state)[0])
    assert [perft(state, d) for d in range(3)] == [1, 0, 0]
