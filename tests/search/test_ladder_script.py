"""``benchmarks/ladder.py``: the commands it runs, and the table and plot it writes.

The ladder's figures are measurements and never asserted; this checks the script's
plumbing on a hand-made report, and one real (tiny) run through ``sixtysix tournament``.
"""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder.py"


@pytest.fixture(scope="module")
def ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _report(bots: list[str]) -> dict[str, Any]:
    ratings = [
        {"bot": b, "elo": 100.0 * i - 100, "low": 100.0 * i - 150, "high": 100.0 * i - 40}
        for i, b in enumerate(bots)
    ]
    pairs = [
        {"a": a, "b": b, "points_per_hand": {"value": -0.5, "low": -0.75, "high": -0.25}}
        for i, a in enumerate(bots)
        for b in bots[i + 1 :]
    ]
    timing = [{"bot": b, "seconds_per_move": 0.002 * i} for i, b in enumerate(bots)]
    return {
        "ratings": ratings,
        "pairs": pairs,
        "timing": timing,
        "played": 3 * len(pairs),
        "tournament": {"deals": 3},
    }


def test_tables_and_plot(ladder: ModuleType, tmp_path: Path) -> None:
    bots = ["random", "rule", "pimc"]
    reports = {"SCHNAPSEN": _report(bots), "CLASSIC_66": _report(bots)}
    text = ladder.tables(reports, bots)
    assert "| 1 | `random` | \u2212100 [\u2212150, \u221240] |" in text
    assert "| `random` |  | \u22120.50 [\u22120.75, \u22120.25] |" in text
    assert "| `rule` | +0.50 [+0.25, +0.75] |  |" in text  # the pair seen from the other side
    assert "`pimc` 4.0 ms" in text and text.count("**SCHNAPSEN**") == 1
    svg = ladder.svg(reports, bots)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 2 * len(bots) + 2
    page = tmp_path / "page.md"
    page.write_text(f"before\n{ladder.BEGIN}\nold\n{ladder.END}\nafter\n", encoding="utf-8")
    ladder.write_page(page, text)
    written = page.read_text(encoding="utf-8")
    assert "old" not in written and written.startswith("before\n") and text in written


def test_commands_start_or_resume(ladder: ModuleType, tmp_path: Path) -> None:
    journal = tmp_path / "SCHNAPSEN.jsonl"
    command = ladder.tournament_command("SCHNAPSEN", journal, 5, 3, 1, ["random", "rule"])
    assert command[:3] == [sys.executable, "-m", "sixtysix"]
    assert command[-2:] == ["--out", str(journal)] and "random" in command
    journal.write_text("{}\n", encoding="utf-8")
    command = ladder.tournament_command("SCHNAPSEN", journal, 5, 3, 1, ["random", "rule"])
    assert command[-2:] == ["--resume", str(journal)] and "random" not in command


def test_a_tiny_ladder_end_to_end(ladder: ModuleType, tmp_path: Path) -> None:
    page = tmp_path / "ladder.md"
    page.write_text(f"{ladder.BEGIN}\n{ladder.END}\n", encoding="utf-8")
    argv = ["--presets", "SCHNAPSEN", "--bots", "random", "rule", "--deals", "2"]
    argv += ["--workers", "1", "--dir", str(tmp_path), "--svg", str(tmp_path / "l.svg")]
    argv += ["--page", str(page)]
    assert ladder.main(argv) == 0
    assert "| 2 | `rule` |" in page.read_text(encoding="utf-8")
    assert (tmp_path / "l.svg").read_text(encoding="utf-8").startswith("<svg")
    assert ladder.main(argv) == 0  # the second run resumes the finished journal
    assert ladder.main([*argv, "--dry-run"]) == 0
    with pytest.raises(SystemExit, match="the tournament failed"):
        ladder.main([*argv, "--bots", "random", "nope", "--dir", str(tmp_path / "x")])
