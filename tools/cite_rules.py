#!/usr/bin/env python3
"""Rewrite citations of the old rule file into citations of the docs' rules page.

The rules live on the documentation's rules page (``docs/rules.md``), numbered: rule 3 of
section 1 is **§1.3**, with the anchor ``rules-1-3``. Code, docstrings, comments and
tests cite a rule as ``rules §1.3``; documentation pages link it as
``{ref}`rules §1.3 <rules-1-3>```. This script rewrites the older form, which named a file
(``RULES.md §1.3``) that is not part of the repository, the sdist, the wheel or the site:

* ``RULES.md §1.3`` becomes ``rules §1.3`` (in a docs page: a link, as above); ranges
  such as ``RULES.md §1 to §6`` and lists such as ``RULES.md §2.1, §9.1`` keep their form
  after the first section sign;
* any other mention of the file (``RULES.md says``, ``against RULES.md``) becomes
  ``the rules page`` (``The rules page`` at the start of a sentence); each one is printed
  so that the wording can be checked by eye.

Usage, from the repository root::

    python tools/cite_rules.py            # src/ docs/ tests/ benchmarks/ README CHANGELOG
    python tools/cite_rules.py PATH ...   # only these files or directories
    python tools/cite_rules.py --check    # change nothing; exit 1 if any old citation is left

``docs/rules.md`` itself is never rewritten (it describes this convention).
``tests/core/test_rule_citations.py`` checks that every section cited anywhere exists on the
rules page.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

DEFAULT_PATHS = ("src", "docs", "tests", "benchmarks", "README.md", "CHANGELOG.md")
SUFFIXES = (".py", ".md", ".rst", ".txt", ".toml", ".cfg")
#: Files that describe the convention itself, never rewritten.
SKIP = ("docs/rules.md", "tools/cite_rules.py", "tests/core/test_rule_citations.py")
_IGNORED = ("_build", ".venv", ".git", "__pycache__", ".nox")

_SECTION = r"§\s?(\d+(?:\.\d+)?)"
#: ``RULES.md §1.3`` (also with backticks around the file name, or ``RULES.md, §1.3``).
OLD_CITATION = re.compile(r"(?:`RULES\.md`|RULES\.md),?\s+" + _SECTION)
#: Any other mention of the file.
OLD_FILE = re.compile(r"(?:\b([Tt])he )?(?:`RULES\.md`|RULES\.md)('s)?")
#: Longest line that ruff accepts (pyproject.toml, [tool.ruff] line-length).
LINE_LENGTH = 99


def anchor(section: str) -> str:
    """The anchor of a section number on the rules page: ``1.3`` -> ``rules-1-3``."""
    return "rules-" + section.replace(".", "-")


def _in_docs_page(path: Path) -> bool:
    return path.suffix == ".md" and "docs" in path.parts


def _code_spans(line: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"`[^`]*`", line)]


def rewrite_text(text: str, *, link: bool = False) -> tuple[str, list[tuple[int, str, str]]]:
    """The text with old citations rewritten, and the bare mentions changed (line, old, new).

    With ``link`` (a Markdown page of the docs), a citation outside code becomes a
    ``{ref}`` link to its anchor.
    """
    out_lines = []
    bare: list[tuple[int, str, str]] = []
    in_fence = False
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
        spans = [] if in_fence else _code_spans(line)

        def citation(
            match: re.Match[str], spans: list[tuple[int, int]] = spans, fenced: bool = in_fence
        ) -> str:
            section = match.group(1)
            inside_code = any(a <= match.start() < b for a, b in spans)
            if link and not fenced and not inside_code:
                return f"{{ref}}`rules §{section} <{anchor(section)}>`"
            return f"rules §{section}"

        new = OLD_CITATION.sub(citation, line)

        def mention(match: re.Match[str], line: str = new) -> str:
            before = line[: match.start()].rstrip()
            start = not before or before.endswith((".", ":", "!", "?", "#", '"', "(", "*"))
            start = start or match.group(1) == "T"
            words = "The rules page" if start else "the rules page"
            return words + ("'s" if match.group(2) else "")

        changed = OLD_FILE.sub(mention, new)
        if changed != new:
            bare.append((number, line.rstrip("\n"), changed.rstrip("\n")))
        out_lines.append(changed)
    return "".join(out_lines), bare


def files(paths: Iterable[str], root: Path) -> Iterator[Path]:
    """The text files under ``paths`` (relative to ``root``), build output excluded."""
    for name in paths:
        path = root / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in candidates:
            rel = file.relative_to(root).as_posix() if file.is_relative_to(root) else str(file)
            if not file.is_file() or file.suffix not in SUFFIXES or rel in SKIP:
                continue
            if any(part in _IGNORED for part in file.parts):
                continue
            yield file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="files or directories (default: the tree)")
    parser.add_argument("--check", action="store_true", help="report only; exit 1 if any")
    parser.add_argument("--root", default=".", help="the repository root (default: .)")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()
    left = 0
    changed_files = 0
    for file in files(args.paths or DEFAULT_PATHS, root):
        text = file.read_text(encoding="utf-8")
        new, bare = rewrite_text(text, link=_in_docs_page(file.relative_to(root)))
        if new == text:
            continue
        rel = file.relative_to(root)
        citations = len(OLD_CITATION.findall(text))
        if args.check:
            left += citations + len(bare)
            for number, line in enumerate(text.splitlines(), 1):
                if "RULES.md" in line:
                    print(f"{rel}:{number}: {line.strip()}")
            continue
        file.write_text(new, encoding="utf-8")
        changed_files += 1
        print(f"{rel}: {citations} citation(s) rewritten")
        if file.suffix == ".py":
            for number, line in enumerate(new.splitlines(), 1):
                if len(line) > LINE_LENGTH and line not in text:
                    print(f"  {rel}:{number}: longer than {LINE_LENGTH} characters now; reflow it")
        for number, old, repl in bare:
            print(f"  {rel}:{number}: check the wording:")
            print(f"    - {old.strip()}\n    + {repl.strip()}")
    if args.check:
        if left:
            print(f"{left} citation(s) of RULES.md left; run tools/cite_rules.py to rewrite them")
            return 1
        print("no citation of RULES.md left")
        return 0
    print(f"{changed_files} file(s) changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
