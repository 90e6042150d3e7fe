"""The layers of the package: the import-linter contract, no import cycle, the hooks.

The contract is ``[tool.importlinter]`` in pyproject.toml (the nox session "lint" runs
it too); tools/import_cycles.py finds cycles among all modules, imports inside functions
included. docs/how_it_works.md draws the layers.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path
from typing import Any

import pytest
from importlinter.cli import lint_imports

from sixtysix import CLASSIC_66, _hooks, new_hand, observe, validate
from sixtysix import partnership as p4
from sixtysix import svg as svg_module
from sixtysix.notation import dump_position, dump_view, load_view, render

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"


#: The cycle check's functions (tools/ is not a package).
CYCLES: dict[str, Any] = runpy.run_path(str(ROOT / "tools" / "import_cycles.py"))


def _lint(config: Path) -> int:
    code: int = lint_imports(config_filename=str(config), no_cache=True, no_logo=True)
    return code


def test_the_layers_contract_is_kept() -> None:
    assert _lint(PYPROJECT) == 0


def test_the_contract_sees_imports_inside_functions(tmp_path: Path) -> None:
    # HandState.__repr__ reaches the notation through sixtysix._hooks, imported inside
    # the method: a contract that puts _hooks above state must break.
    config = tmp_path / "pyproject.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "sixtysix"\n'
        "exclude_type_checking_imports = true\n\n"
        '[[tool.importlinter.contracts]]\nname = "upside down"\ntype = "layers"\n'
        'layers = ["sixtysix._hooks", "sixtysix.state"]\n',
        encoding="utf-8",
    )
    assert _lint(config) == 1


def test_no_import_cycle_in_the_package() -> None:
    graph = CYCLES["build_graph"]()
    cycles = CYCLES["find_cycles"](CYCLES["import_graph"](graph), CYCLES["ignored_imports"]())
    assert cycles == [], "\n".join(CYCLES["describe"](graph, group) for group in cycles)


def test_every_module_is_in_a_layer(tmp_path: Path) -> None:
    graph = CYCLES["build_graph"]()
    assert CYCLES["unlayered_modules"](graph.modules) == []
    config = tmp_path / "pyproject.toml"
    config.write_text(
        '[[tool.importlinter.contracts]]\ntype = "layers"\n'
        'layers = ["sixtysix.cli | sixtysix.server", "sixtysix.search"]\n',
        encoding="utf-8",
    )
    modules = ["sixtysix", "sixtysix.cli.play", "sixtysix.server", "sixtysix.searching"]
    assert CYCLES["unlayered_modules"](modules, config) == ["sixtysix.searching"]


def test_the_cycle_check_runs_as_a_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert CYCLES["main"]() == 0
    assert "no import cycle in sixtysix" in capsys.readouterr().out


def test_find_cycles_finds_each_strongly_connected_group() -> None:
    graph = {
        "a": {"b"},
        "b": {"c", "x"},
        "c": {"a"},
        "d": {"a", "e"},
        "e": {"d"},
        "f": set(),
    }
    assert CYCLES["find_cycles"](graph) == [["a", "b", "c"], ["d", "e"]]
    assert CYCLES["find_cycles"](graph, [("c", "a")]) == [["d", "e"]]
    assert CYCLES["find_cycles"]({"a": {"a"}}) == []


def test_shortest_cycle_follows_the_imports() -> None:
    graph = {"a": {"b", "c"}, "b": {"c"}, "c": {"a"}}
    assert CYCLES["shortest_cycle"](graph, ["a", "b", "c"]) == ["a", "c", "a"]
    assert CYCLES["shortest_cycle"](graph, ["a", "b", "c"], [("a", "c")]) == ["a", "b", "c", "a"]


def test_the_ignored_imports_are_read_from_the_contract(tmp_path: Path) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text(
        '[[tool.importlinter.contracts]]\nignore_imports = ["x.a -> x.b", "x.c->x.d"]\n'
        "[[tool.importlinter.contracts]]\n",
        encoding="utf-8",
    )
    assert CYCLES["ignored_imports"](config) == {("x.a", "x.b"), ("x.c", "x.d")}


# ------------------------------------------------------------------ hooks


def test_the_hooks_call_what_the_upper_modules_registered() -> None:
    state = new_hand(CLASSIC_66, seed=7)
    view = observe(state, 1)
    assert repr(state) == f"load_position({dump_position(state)!r})"
    assert str(state) == render(state)
    assert repr(view) == f"PlayerView.parse({dump_view(view)!r})"
    assert str(view) == render(view)
    assert type(view).parse(dump_view(view)) == load_view(dump_view(view)) == view
    assert state._repr_svg_() == svg_module.position_svg(state)
    assert view._repr_svg_() == svg_module.position_svg(view)
    assert validate(view) == []
    not_a_position: Any = object()
    assert validate(not_a_position) == ["expected a HandState or a PlayerView, not object"]
    four = p4.new_hand(p4.FOUR_HAND_24, seed=2)
    assert repr(four) == f"PartnershipState.parse({p4.dump_position(four)!r})"
    assert str(four) == p4.render(four)
    assert type(four).parse(p4.dump_position(four)) == four
    assert set(_hooks.VIEW_CLASSES4) == {p4.PartnershipView}


def test_svg_record_html_is_the_viewer_page() -> None:
    from sixtysix import play_hand
    from sixtysix.bots import RandomBot
    from sixtysix.viewer import record_html

    record = play_hand(CLASSIC_66, RandomBot(), RandomBot(), seed=3)
    assert svg_module.record_html(record, names=["a", "b"]) == record_html(
        record, names=["a", "b"]
    )


def test_a_hook_imports_its_provider_on_first_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "hook_provider_probe.py").write_text(
        "from sixtysix import _hooks\n_hooks.probe.register(str.upper)\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    probe: _hooks.Hook[[str], str] = _hooks.Hook("probe", "hook_provider_probe")
    monkeypatch.setattr(_hooks, "probe", probe, raising=False)
    monkeypatch.delitem(sys.modules, "hook_provider_probe", raising=False)
    assert "hook_provider_probe" in repr(probe)
    assert probe("abc") == "ABC"
    assert probe("x") == "X"


def test_a_hook_whose_provider_does_not_register_says_so() -> None:
    hook: _hooks.Hook[[int], int] = _hooks.Hook("nothing", "sixtysix.cards")
    with pytest.raises(RuntimeError, match=r"sixtysix\.cards does not register nothing"):
        hook(1)
