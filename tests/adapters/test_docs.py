"""docs/adapters.md: its tables match the code, and its examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sixtysix import Deck
from sixtysix.encoding import layout
from sixtysix.moves import ALL_MOVES

PAGE = Path(__file__).parent.parent.parent / "docs" / "adapters.md"
TEXT = PAGE.read_text(encoding="utf-8")
FRAMEWORK = {
    "openspiel": "pyspiel",
    "pettingzoo": "pettingzoo",
    "gymnasium": "gymnasium",
    "vector": "gymnasium",
    "selfplay": "gymnasium",
}


def examples() -> dict[str, str]:
    found = re.findall(r"<!-- example: (\w+) -->\n```python\n(.*?)```", TEXT, re.DOTALL)
    return dict(found)


def table_rows(first_header: str) -> list[list[str]]:
    lines = TEXT.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header}"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_one_example_per_framework() -> None:
    assert sorted(examples()) == sorted(FRAMEWORK)


@pytest.mark.parametrize("framework", sorted(FRAMEWORK))
def test_example_runs(framework: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip(FRAMEWORK[framework], reason=f"needs the {framework} extra")
    code = examples()[framework]
    exec(compile(code, f"{PAGE}:{framework}", "exec"), {"__name__": "docs_example"})
    assert capsys.readouterr().out


def test_action_table_is_all_moves() -> None:
    ids: list[int] = []
    words: list[str] = []
    for id_cell, moves_cell in table_rows("ids"):
        low, _, high = id_cell.partition("\N{EN DASH}")
        ids.extend(range(int(low), int(high or low) + 1))
        text = moves_cell.removeprefix("play ")
        words.extend(text.split(", ") if "," in text else text.split())
    assert ids == list(range(len(ALL_MOVES)))
    assert words == [str(move) for move in ALL_MOVES]


def test_observation_table_is_the_layout() -> None:
    n = Deck.D20.size
    rows = [(name.strip("`"), size) for name, size, _ in table_rows("block")]
    expected = [(name, "n" if size == n else str(size)) for name, _, size in layout(Deck.D20)]
    assert rows == expected
