"""Citations of the rules: every ``rules §N.M`` in the tree names a rule of the rules page.

The rules page (``docs/rules.md``, with section 10 from ``docs/rules_four_hand.md`` when
that file exists) numbers every rule and gives it an anchor ``(rules-N-M)=`` right before
its heading ``N.M ...``. Code, docs and tests cite rules as ``rules §N.M`` (a bare
``§N.M`` is read the same way); ``tools/cite_rules.py`` rewrites the older citations of
the specification file, which is not part of the project.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SECTION = "\N{SECTION SIGN}"
#: A cited section: ``§6``, ``§6.3``, ``§ 6.3`` (a range cites both of its ends).
CITED = re.compile(SECTION + r"\s?(\d+(?:\.\d+)?)")
LABEL = re.compile(r"^\((rules-\d+(?:-\d+)?)\)=\s*$")
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)?)[. ]")
#: Where citations are looked for.
SCANNED = ("src", "docs", "tests", "benchmarks", "README.md", "CHANGELOG.md")
OLD_FILE = "RULES" + ".md"


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PAGE = _load(DOCS / "_ext" / "sixtysix_rules_page.py", "sixtysix_rules_page")
TOOL = _load(ROOT / "tools" / "cite_rules.py", "cite_rules")


def rules_page() -> str:
    """The rules page as Sphinx reads it (section 10 included or its short stand-in)."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert PAGE.MARKER in text
    section_10 = PAGE.section_10(DOCS)
    if "{include}" in section_10:
        section_10 = (DOCS / PAGE.FOUR_HAND).read_text(encoding="utf-8")
    text = text.replace(PAGE.MARKER, section_10)
    # Section 12 (Tausendeins) is a page of its own, with the same kind of anchors.
    tausendeins = DOCS / "tausendeins.md"
    if tausendeins.is_file():
        text += "\n" + tausendeins.read_text(encoding="utf-8")
    return text


def sections() -> dict[str, str]:
    """Section number -> the heading it labels, for every ``(rules-N-M)=`` on the page."""
    found: dict[str, str] = {}
    lines = rules_page().splitlines()
    for i, line in enumerate(lines):
        label = LABEL.match(line)
        if not label:
            continue
        number = label.group(1).removeprefix("rules-").replace("-", ".")
        following = next(n for n in lines[i + 1 :] if not n.startswith("("))
        found[number] = following
    return found


def test_every_anchor_labels_a_heading_with_its_number() -> None:
    found = sections()
    assert found, "no (rules-N-M)= anchors on the rules page"
    for number, heading in found.items():
        match = HEADING.match(heading)
        assert match and match.group(1) == number, (number, heading)


def test_every_section_of_the_specification_is_there() -> None:
    found = sections()
    # Sections 1 to 11 exist, and within sections 1, 2, 6 and 9 the numbered rules
    # that the code has always cited.
    for top in range(1, 12):
        assert str(top) in found, top
    for top, count in ((1, 6), (2, 6), (3, 6), (4, 12), (5, 2), (6, 6), (7, 3), (8, 2), (9, 11)):
        for rule in range(1, count + 1):
            assert f"{top}.{rule}" in found, f"{top}.{rule}"


def _citations() -> list[tuple[str, int, str]]:
    out = []
    me = Path(__file__).resolve()
    for name in SCANNED:
        path = ROOT / name
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            if file.suffix not in (".py", ".md") or "_build" in file.parts or file == me:
                continue
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                for match in CITED.finditer(line):
                    out.append((str(file.relative_to(ROOT)), number, match.group(1)))
    return out


def test_every_cited_section_exists() -> None:
    found = sections()
    citations = _citations()
    assert len(citations) > 50  # the tree does cite the rules
    missing = [f"{f}:{n}: {SECTION}{s}" for f, n, s in citations if s not in found]
    assert not missing, "cited rules that the rules page does not have:\n" + "\n".join(missing)


def test_nothing_cites_the_old_file() -> None:
    left = []
    for name in SCANNED:
        path = ROOT / name
        for file in [path] if path.is_file() else sorted(path.rglob("*")):
            rel = file.relative_to(ROOT).as_posix()
            if file.suffix in (".py", ".md") and rel not in TOOL.SKIP and "_build" not in rel:
                text = file.read_text(encoding="utf-8")
                left += [rel for line in text.splitlines() if OLD_FILE in line]
    assert not left, sorted(set(left))


# ------------------------------------------------------------------ the rewriting tool


def test_the_tool_rewrites_citations_and_mentions() -> None:
    old = f"(see {OLD_FILE} {SECTION}4.2 and {SECTION}9.6) as {OLD_FILE} says; {OLD_FILE}'s rule"
    new, bare = TOOL.rewrite_text(old)
    assert new == (
        f"(see rules {SECTION}4.2 and {SECTION}9.6) as the rules page says; the rules page's rule"
    )
    assert bare == [(1, old, new)]
    text = f"`{OLD_FILE}` {SECTION}1.3. The {OLD_FILE} positions. {OLD_FILE} does not say.\n"
    new, _ = TOOL.rewrite_text(text)
    assert new == (f"rules {SECTION}1.3. The rules page positions. The rules page does not say.\n")


def test_the_tool_links_in_docs_pages_but_not_in_code() -> None:
    text = (
        f"A rule ({OLD_FILE} {SECTION}6.1), code `x = 1  # {OLD_FILE} {SECTION}6.2`\n"
        "```pycon\n"
        f">>> 1  # {OLD_FILE} {SECTION}2.1\n"
        "```\n"
    )
    new, _ = TOOL.rewrite_text(text, link=True)
    assert new.splitlines() == [
        f"A rule ({{ref}}`rules {SECTION}6.1 <rules-6-1>`), code `x = 1  # rules {SECTION}6.2`",
        "```pycon",
        f">>> 1  # rules {SECTION}2.1",
        "```",
    ]
    assert TOOL.anchor("10") == "rules-10"


def test_the_tool_on_a_tree(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "docs").mkdir()
    long_line = "# " + "x" * 85 + f" {OLD_FILE}\n"
    (tmp_path / "src" / "a.py").write_text(
        f'"""Per {OLD_FILE} {SECTION}1.4."""\n' + long_line, encoding="utf-8"
    )
    (tmp_path / "docs" / "page.md").write_text(f"As {OLD_FILE} {SECTION}7 says.\n", "utf-8")
    (tmp_path / "docs" / "rules.md").write_text(f"Old form: {OLD_FILE} {SECTION}1.3\n", "utf-8")
    (tmp_path / "src" / "data.bin").write_bytes(b"\x00")
    tool = [sys.executable, str(ROOT / "tools" / "cite_rules.py"), "--root", str(tmp_path)]
    check = subprocess.run([*tool, "--check"], capture_output=True, text=True, check=False)
    assert check.returncode == 1
    assert f'src/a.py:1: """Per {OLD_FILE} {SECTION}1.4."""' in check.stdout
    done = subprocess.run(tool, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "src/a.py:2: longer than 99 characters now; reflow it" in done.stdout
    assert "2 file(s) changed" in done.stdout
    assert (
        (tmp_path / "src" / "a.py").read_text("utf-8").startswith(f'"""Per rules {SECTION}1.4."""')
    )
    page = (tmp_path / "docs" / "page.md").read_text("utf-8")
    assert page == f"As {{ref}}`rules {SECTION}7 <rules-7>` says.\n"
    # The rules page itself is left alone: it describes the old form.
    assert OLD_FILE in (tmp_path / "docs" / "rules.md").read_text("utf-8")
    again = subprocess.run([*tool, "--check"], capture_output=True, text=True, check=False)
    assert again.returncode == 0 and "no citation" in again.stdout
