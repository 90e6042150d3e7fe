"""The plumbing shared by the games of the family (``sixtysix._family``)."""

from __future__ import annotations

import random
import types
from collections import Counter

import pytest

from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix._family import exports
from sixtysix._family.determinize import count_placements, draw_placement, first_placement
from sixtysix._family.rules import find_preset, preset_name_of


def _module(name: str, *names: str) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__all__ = list(names)  # type: ignore[attr-defined]
    return module


def test_exports_is_the_union_of_the_modules_in_order() -> None:
    a, b = _module("a", "x", "y"), _module("b", "z")
    assert exports(a, b) == ["x", "y", "z"]
    with pytest.raises(ValueError, match="b exports 'x' a second time"):
        exports(a, _module("b", "x"))


@pytest.mark.parametrize("package", [p4, t1], ids=["partnership", "tausendeins"])
def test_a_game_package_exports_each_public_name_of_its_modules(
    package: types.ModuleType,
) -> None:
    assert len(set(package.__all__)) == len(package.__all__)
    for name in package.__all__:
        assert getattr(package, name) is not None
    namespace: dict[str, object] = {}
    exec(f"from {package.__name__} import *", namespace)  # the names a user gets
    assert set(namespace) - {"__builtins__"} == set(package.__all__)


def test_presets_by_name() -> None:
    presets = {"ONE_TWO": 1}
    assert find_preset(presets, " one-two ", what="toy") == 1
    with pytest.raises(
        ValueError, match=r"no toy preset is called 'three'; the presets are: ONE_TWO"
    ):
        find_preset(presets, "three", what="toy")
    with pytest.raises(ValueError, match="no toy preset is called 3"):
        find_preset(presets, 3, what="toy")
    assert preset_name_of(presets, 1) == "ONE_TWO" and preset_name_of(presets, 2) is None


def test_placements_are_counted_exactly() -> None:
    # Three cards: the first may go to place 0 or 1, the others anywhere; one card each.
    allowed = [0b011, 0b111, 0b111]
    assert count_placements(allowed, (1, 1, 1)) == 4
    assert count_placements(allowed, (3, 0, 0)) == 1
    assert count_placements(allowed, (0, 0, 3)) == 0
    assert count_placements(allowed, (2, 2, -1)) == 0
    assert count_placements(allowed, (1, 1, 0)) == 0  # two places for three cards


def test_the_first_placement_and_none() -> None:
    assert first_placement([5, 6, 7], [0b100, 0b111, 0b111], (1, 1, 1)) == ([6], [7], [5])
    assert first_placement([5, 6], [0b001, 0b001], (1, 1, 0)) is None
    assert draw_placement([5, 6], [0b001, 0b001], (1, 1, 0), random.Random(1)) is None


def test_a_drawn_placement_is_uniform() -> None:
    cards, allowed, quotas = [1, 2, 3, 4], [0b011, 0b111, 0b110, 0b111], (1, 2, 1)
    rng = random.Random(5)
    seen = Counter(
        tuple(map(tuple, draw_placement(cards, allowed, quotas, rng) or ())) for _ in range(6000)
    )
    assert len(seen) == count_placements(allowed, quotas)
    expected = 6000 / len(seen)
    assert all(abs(n - expected) < 0.2 * expected for n in seen.values()), seen
    for placement in seen:
        assert [len(part) for part in placement] == list(quotas)
        for part, place in zip(placement, range(3), strict=True):
            assert all(allowed[cards.index(c)] >> place & 1 for c in part)
