"""The plumbing shared by the games of the family (``sixtysix._family``)."""

from __future__ import annotations

import types

import pytest

from sixtysix import partnership as p4
from sixtysix import tausendeins as t1
from sixtysix._family import exports
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
