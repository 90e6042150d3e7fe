"""Golden Tausendeins perft counts pin the move generator (rules §12.4 to §12.9).

The counts are in tests/data/perft_tausendeins.json (made by
tests/data/make_perft_tausendeins.py). Depths up to 4 run with the tests;
``SIXTYSIX_PERFT_DEPTH=6`` checks every committed count.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from sixtysix import SixtySixError
from sixtysix import tausendeins as t1
from sixtysix.errors import DealError

DATA = json.loads(
    (Path(__file__).parents[1] / "data" / "perft_tausendeins.json").read_text(encoding="utf-8")
)
DEPTH = int(os.environ.get("SIXTYSIX_PERFT_DEPTH", "4"))
CASES: list[dict[str, Any]] = DATA["cases"]


def test_the_data_covers_every_preset_from_the_start_and_later() -> None:
    """Rules §12.11: every preset, at the deal's start and in the strict phase."""
    assert {c["preset"] for c in CASES} == set(t1.PRESETS)
    assert {bool(c["moves"]) for c in CASES} == {True, False}
    assert all(len(c["counts"]) == 6 for c in CASES)


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['preset']}-{c['seed']}-{len(c['moves'])}" for c in CASES]
)
def test_perft(case: dict[str, Any]) -> None:
    """Rules §12.9: the move generator's counts, from the deal of rules §12.2."""
    rules = t1.PRESETS[case["preset"]]
    assert " ".join(map(str, t1.shuffled_deck(rules, case["seed"]))) == case["pack"]
    state = t1.new_hand(rules, case["seed"], case["dealer"])
    for text in case["moves"]:
        state = t1.apply_move(state, t1.parse_move(text))
    depth = min(DEPTH, len(case["counts"]))
    assert [t1.perft(state, d) for d in range(1, depth + 1)] == case["counts"][:depth]


def test_perft_edges() -> None:
    """Rules §12.9: depth 0 is one sequence; a finished deal has no moves."""
    state = t1.new_hand(t1.TAUSENDEINS, 3)
    assert t1.perft(state, 0) == 1
    assert t1.perft(state, 1) == len(t1.legal_moves(state))
    for bad in (-1, 65, True, 2.0):
        with pytest.raises(SixtySixError, match="perft depth"):
            t1.perft(state, bad)  # type: ignore[arg-type]
    with pytest.raises(DealError, match="TausendeinsState"):
        t1.perft("state", 1)  # type: ignore[arg-type]
    while not state.is_over:
        state = t1.apply_move(state, t1.legal_moves(state)[0])
    assert [t1.perft(state, d) for d in range(3)] == [1, 0, 0]
