"""The Tausendeins page numbers every rule of section 12 (rules §12.1 to §12.11)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from sixtysix import tausendeins as t1

PAGE = (Path(__file__).parents[2] / "docs" / "tausendeins.md").read_text(encoding="utf-8")


def test_every_rule_of_section_12_has_its_anchor_and_heading() -> None:
    """Rules §12.1 to §12.11, each under ``(rules-12-N)=`` and ``### 12.N``."""
    assert "(rules-12)=\n## 12. " in PAGE
    for n in range(1, 12):
        assert re.search(rf"\(rules-12-{n}\)=\n### 12\.{n} ", PAGE), n


def test_every_parameter_has_its_label() -> None:
    """Rules §12.11: each of the 13 parameters is explained under ``t1-param-<name>``."""
    for field in attrs.fields(t1.TausendeinsRules):
        assert f"(t1-param-{field.name})=" in PAGE, field.name
