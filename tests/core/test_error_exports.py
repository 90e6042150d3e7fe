"""Every error class is importable from ``sixtysix``, and from the subpackage that raises it.

``except ss.SearchLimitError`` must work without knowing that the class lives in
``sixtysix.errors``.
"""

from __future__ import annotations

import ast
import importlib
from collections import defaultdict
from pathlib import Path

import pytest

import sixtysix
import sixtysix.errors
import sixtysix.search

SRC = Path(sixtysix.__file__).resolve().parent
ERRORS = [n for n in sixtysix.errors.__all__ if isinstance(getattr(sixtysix.errors, n), type)]


def _importers() -> dict[str, set[str]]:
    """For each error class, the modules (dotted, below ``sixtysix``) that import it."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in SRC.rglob("*.py"):
        module = ".".join(path.relative_to(SRC).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("errors"):
                for alias in node.names:
                    if alias.name in ERRORS:
                        found[alias.name].add(module)
    return found


def _home(modules: set[str]) -> str | None:
    """The one subpackage every importing module is in (``None`` if not one)."""
    packages = {m.split(".")[0] for m in modules if m != "__init__"}
    if len(packages) != 1 or not all("." in m for m in modules if m != "__init__"):
        return None
    return f"sixtysix.{packages.pop()}"


def test_every_error_class_is_listed() -> None:
    classes = [n for n, v in vars(sixtysix.errors).items() if isinstance(v, type)]
    errors = [n for n in classes if issubclass(getattr(sixtysix.errors, n), Exception)]
    assert sorted(errors) == sorted(ERRORS)
    assert len(ERRORS) >= 14


@pytest.mark.parametrize("name", ERRORS)
def test_error_is_exported_from_sixtysix(name: str) -> None:
    assert name in sixtysix.__all__
    assert getattr(sixtysix, name) is getattr(sixtysix.errors, name)


@pytest.mark.parametrize("name", ERRORS)
def test_error_is_exported_from_its_subpackage(name: str) -> None:
    home = _home(_importers()[name])
    if home is None:
        return  # raised across the package: the top-level name is its home
    package = importlib.import_module(home)
    assert name in package.__all__, f"{home} raises {name} but does not export it"
    assert getattr(package, name) is getattr(sixtysix.errors, name)


def test_subpackage_homes() -> None:
    """The errors raised only inside one subpackage (so the test above checks something)."""
    importers = _importers()
    homes = {name: _home(importers[name]) for name in ERRORS}
    assert homes["SearchLimitError"] == "sixtysix.search"
    assert homes["HiddenCardsError"] == "sixtysix.search"
    assert homes["TournamentError"] == "sixtysix.tournament"
    assert homes["ParseError"] is None


def test_except_search_limit_error() -> None:
    state = sixtysix.new_hand(sixtysix.SCHNAPSEN, seed=3)
    with pytest.raises(sixtysix.SearchLimitError):
        sixtysix.search.solve(state, max_nodes=5)
    with pytest.raises(sixtysix.search.SearchLimitError):
        sixtysix.search.solve(state, max_nodes=5)
