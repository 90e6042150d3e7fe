"""The rules page: section 10 (four-hand partnership Sixty-Six) comes from its own file.

``docs/rules.md`` holds the marker ``<!-- sixtysix: four-hand rules -->`` where section 10
belongs. When ``docs/rules_four_hand.md`` exists, the marker becomes a MyST ``{include}``
of it (the file must start with ``(rules-10)=`` and ``## 10. Four-hand partnership
Sixty-Six``, and number its rules ``10.1``, ``10.2``, ... with anchors ``rules-10-1``, ...);
otherwise it becomes a short section 10 that says where the rules will be. Either way the
build passes with ``-W``. The included file is not a page of its own (it is excluded from
the documents), so it needs no toctree entry.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Sphinx is not needed to read the page (tests/core/test_rule_citations.py)
    from sphinx.application import Sphinx
    from sphinx.config import Config

MARKER = "<!-- sixtysix: four-hand rules -->"
FOUR_HAND = "rules_four_hand.md"

_MISSING = """\
(rules-10)=
## 10. Four-hand partnership Sixty-Six

Four-hand partnership Sixty-Six (seats 0 and 2 against 1 and 3, no talon, eight or six
cards each) is a separate game of the family with its own parameters. Its rules are
given in `docs/rules_four_hand.md`, which this build of the documentation does not have.
"""


def section_10(srcdir: Path) -> str:
    """The text that replaces the marker: an include of the four-hand rules, if present."""
    if (srcdir / FOUR_HAND).is_file():
        return f"```{{include}} {FOUR_HAND}\n```\n"
    return _MISSING


def _source_read(app: Sphinx, docname: str, source: list[str]) -> None:
    if docname == "rules" and MARKER in source[0]:
        source[0] = source[0].replace(MARKER, section_10(Path(app.srcdir)))


def _exclude(app: Sphinx, config: Config) -> None:
    config.exclude_patterns.append(FOUR_HAND)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _exclude)
    app.connect("source-read", _source_read)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
