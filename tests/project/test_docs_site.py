"""The built documentation holds every page of the toctree, each under its own title.

A page whose name is one of the pages Sphinx writes itself (``search``, ``genindex``,
``py-modindex``) is overwritten by it without a warning: docs/search.md built to
``search.html``, so "Search and bots" vanished behind Sphinx's search box. The quick
test builds a skeleton of the site (the real page names, titles and toctree, with
Sphinx's own HTML builder); the slow one builds the real site.
"""

from __future__ import annotations

import html
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.application import Sphinx

DOCS = Path(__file__).resolve().parents[2] / "docs"
ROOT = DOCS.parent
#: The pages the HTML builder writes itself, which a document must not be named like.
BUILTIN_PAGES = {"search", "genindex", "py-modindex", "modindex", "searchindex"}
TOCTREE = re.compile(r"```\{toctree\}\n(.*?)```", re.DOTALL)


def toctree_pages() -> list[str]:
    """The document names in the toctree of docs/index.md, in order."""
    block = TOCTREE.search((DOCS / "index.md").read_text(encoding="utf-8"))
    assert block is not None, "docs/index.md has no toctree"
    lines = [line.strip() for line in block.group(1).splitlines()]
    return [line for line in lines if line and not line.startswith(":")]


def page_title(name: str) -> str:
    """The first level-one heading of a page (of the file it includes, for changelog)."""
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    include = re.match(r"```\{include\} (\S+)", text)
    if include:
        text = (DOCS / include.group(1)).resolve().read_text(encoding="utf-8")
    heading = re.search(r"^# (.+)$", text, re.MULTILINE)
    assert heading is not None, f"docs/{name}.md has no title"
    return heading.group(1).strip()


def html_title(path: Path) -> str:
    found = re.search(r"<title>(.*?)</title>", path.read_text(encoding="utf-8"), re.DOTALL)
    assert found is not None, f"{path.name} has no <title>"
    return html.unescape(found.group(1)).strip()


def check_site(out: Path, pages: list[str], titles: dict[str, str]) -> None:
    """Every page is built as its own file, whose title is the page's title."""
    index = (out / "index.html").read_text(encoding="utf-8")
    for name in pages:
        built = out / f"{name}.html"
        assert built.is_file(), f"{name}.html is missing from the built site"
        assert html_title(built).startswith(titles[name]), (name, html_title(built))
        assert f'href="{name}.html"' in index, f"the navigation does not link {name}.html"
    for builtin in ("search", "genindex"):  # Sphinx's own pages are still there
        assert not html_title(out / f"{builtin}.html").startswith(tuple(titles.values()))


def test_no_page_is_named_like_a_sphinx_page() -> None:
    names = {p.stem for p in DOCS.glob("*.md")}
    assert not names & BUILTIN_PAGES
    assert not [n for n in names if n.startswith("_")]
    assert set(toctree_pages()) <= names


def test_every_toctree_page_has_a_file_and_a_title() -> None:
    pages = toctree_pages()
    assert "search_and_bots" in pages and len(pages) >= 10
    assert len({page_title(p) for p in pages}) == len(pages)
    assert page_title("search_and_bots") == "Search and bots"


def _skeleton(tmp: Path, pages: list[str]) -> Path:
    """A site of the real page names, titles and toctree, without their contents."""
    src = tmp / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["myst_parser"]\nsource_suffix = {".md": "markdown"}\n'
        'root_doc = "index"\nhtml_theme = "basic"\n',
        encoding="utf-8",
    )
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    block = TOCTREE.search(index)
    assert block is not None
    toctree = block.group(0).replace(":hidden:\n", "")  # so that index.html links the pages
    (src / "index.md").write_text(f"# {page_title('index')}\n\n{toctree}\n", "utf-8")
    for name in pages:
        (src / f"{name}.md").write_text(f"# {page_title(name)}\n\nText.\n", encoding="utf-8")
    return src


def _build(src: Path, conf: Path, out: Path, doctrees: Path) -> Sphinx:
    warnings = io.StringIO()
    app = Sphinx(
        str(src),
        str(conf),
        str(out),
        str(doctrees),
        "html",
        status=None,
        warning=warnings,
        freshenv=True,
        warningiserror=False,
    )
    app.build()
    return app


def test_skeleton_site_keeps_every_page(tmp_path: Path) -> None:
    pages = toctree_pages()
    src = _skeleton(tmp_path, pages)
    app = _build(src, src, tmp_path / "html", tmp_path / "doctrees")
    titles = {name: page_title(name) for name in pages}
    assert {n: app.env.titles[n].astext() for n in pages} == titles
    check_site(tmp_path / "html", pages, titles)


def test_the_check_finds_a_page_named_search(tmp_path: Path) -> None:
    """A page called ``search`` is overwritten by Sphinx's search page, and caught."""
    pages = [p.replace("search_and_bots", "search") for p in toctree_pages()]
    src = _skeleton(tmp_path, toctree_pages())
    (src / "search_and_bots.md").rename(src / "search.md")
    index = src / "index.md"
    index.write_text(index.read_text("utf-8").replace("search_and_bots", "search"), "utf-8")
    _build(src, src, tmp_path / "html", tmp_path / "doctrees")
    titles = {p: page_title(p.replace("search", "search_and_bots", 1)) for p in pages}
    assert html_title(tmp_path / "html" / "search.html").startswith("Search")
    with pytest.raises(AssertionError, match="search"):
        check_site(tmp_path / "html", pages, titles)


@pytest.mark.slow
def test_real_site_keeps_every_page(tmp_path: Path) -> None:
    """The whole site, built as ``nox -s docs`` builds it (about half a minute).

    In a process of its own: autodoc (``autodoc_preserve_defaults``) rewrites the default
    values of the functions it documents, so a build inside the test process would
    change the library for every later test (Gymnasium then saw a ``reset`` whose
    default seed was not ``None``).
    """
    pages = toctree_pages()
    out = tmp_path / "html"
    command = [sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", "-d"]
    command += [str(tmp_path / "doctrees"), str(DOCS), str(out)]
    subprocess.run(command, check=True, cwd=ROOT, timeout=600)
    titles = {name: page_title(name) for name in pages}
    check_site(out, pages, titles)
