"""Sphinx extension for the sixtysix docs: everything that must not drift from the code.

Directives (usable from MyST as ```` ```{name} ```` fences, or from reStructuredText):

``preset-table``
    A table of every preset (``sixtysix.PRESETS``) by every :class:`~sixtysix.Rules`
    field (``attrs.fields``), built at build time. Each parameter name links to the label
    ``param-<name>``, so a parameter without its own section on the rules page breaks
    the build (with ``-W``).
``rules-param NAME``
    For one :class:`~sixtysix.Rules` field: its values (each enum member with the
    member's documentation), which presets use which value, and the default.
``variant-table``
    The presets at a glance. The content has one line per preset, ``NAME: text`` (text in
    the page's markup); every preset must be listed exactly once. Deck, cards per hand,
    talon and match target come from the code.
``partnership-preset-table``
    The four-hand presets (``sixtysix.partnership.PRESETS``) by every
    :class:`~sixtysix.partnership.PartnershipRules` field, built at build time. Each
    parameter name links to the label ``p4-param-<name>`` of the four-hand rules page.
``tausendeins-preset-table``
    The Tausendeins presets (``sixtysix.tausendeins.PRESETS``) by every
    :class:`~sixtysix.tausendeins.TausendeinsRules` field, built at build time; a value
    the preset does not read is greyed. Each parameter name links to the label
    ``t1-param-<name>`` of the Tausendeins page.
``api-section MODULE...``
    (reStructuredText only, e.g. inside ``{eval-rst}``) autodoc entries for the names in
    each module's ``__all__``, in source order: as ``sixtysix.NAME`` when the top-level
    package re-exports the object, else as ``sixtysix.module.NAME``; ``:docstring:``
    adds the module docstring; with ``:optional:``, a module whose third-party
    dependency is not installed gets a one-line note instead (the framework adapters).
    A module that re-exports error classes (``sixtysix.search``: ``SearchLimitError``)
    leaves them to the ``errors`` section, so that every error is listed there.
    After all pages are read, every name of ``sixtysix.__all__`` and of every public
    (importable) module's ``__all__`` must have been documented, or the build warns (an
    error under ``-W``).

The extension also keeps Napoleon from reading "Text: more text" in a property's
docstring as a type, and adds ``static/sixtysix-docs.css`` for the generated tables.
"""

from __future__ import annotations

import enum
import importlib
import pkgutil
import re
import types
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeAlias

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import sixtysix

logger = logging.getLogger(__name__)

#: The reference preset: table cells that differ from it are highlighted.
BASE_NAME = "CLASSIC_66"


# ----------------------------------------------------------------------------- facts


def value_text(value: object) -> str:
    """A parameter value as the docs (and ``sixtysix rules``) print it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "(" + ", ".join(str(v) for v in value) + ")"
    if isinstance(value, enum.Enum):
        return value.name
    return str(value)


def not_read(rules: sixtysix.Rules, name: str) -> str | None:
    """Why field ``name`` is not read under ``rules`` (rules §9.11), or ``None``."""
    if (
        name == "trump_after_round"
        and rules.trump_source is sixtysix.TrumpSource.LAST_CARD_OF_PACK
    ):
        return "trump_source = LAST_CARD_OF_PACK"
    if name == "exchange_on_first_lead" and rules.exchange_requires_won_trick:
        return "exchange_requires_won_trick = yes"
    if not rules.closing_allowed and name in (
        "close_timing",
        "close_on_first_lead",
        "close_min_talon",
        "closed_win_basis",
        "failed_close",
        "closer_beaten",
    ):
        return "closing_allowed = no"
    # Rules §13: the honours' values are read only under their honours_scoring.
    apart = rules.honours_scoring is sixtysix.HonoursScoring.GAME_POINTS
    if name == "honour_game_points" and not apart:
        return "honours_scoring = POINTS"
    if name in ("amour_points", "whitewash_points") and apart:
        return "honours_scoring = GAME_POINTS"
    if name == "claim_target" and rules.claim_mode is sixtysix.ClaimMode.NONE:
        return "claim_mode = NONE"
    return None


def field_names() -> list[str]:
    return [f.name for f in attrs.fields(sixtysix.Rules)]


_ATTR_DOCS: dict[str, dict[tuple[str, str], list[str]]] = {}


def attr_doc(module: str, owner: str, name: str) -> str:
    """The ``#:`` documentation comment of ``owner.name`` in ``module`` (one line)."""
    if module not in _ATTR_DOCS:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.analyze()
        _ATTR_DOCS[module] = analyzer.find_attr_docs()
    lines = _ATTR_DOCS[module].get((owner, name), [])
    return " ".join(line.strip() for line in lines if line.strip())


_INLINE = re.compile(r"``(?P<lit>[^`]+)``|:[\w:]+:`~?(?P<role>[^`]+)`")


def inline_nodes(text: str) -> list[nodes.Node]:
    """Text with reST ``literals`` and :role:`targets` as docutils nodes (no parser needed)."""
    out: list[nodes.Node] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append(nodes.Text(text[pos : m.start()]))
        lit = m.group("lit") or m.group("role").rsplit(".", 1)[-1]
        out.append(nodes.literal(lit, lit))
        pos = m.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


# ----------------------------------------------------------------------------- tables


#: Table cell content: text, a node, or a list of inline nodes.
Cell: TypeAlias = str | nodes.Node | list[nodes.Node]


def _entry(content: Cell, classes: Iterable[str] = ()) -> nodes.entry:
    entry = nodes.entry(classes=list(classes))
    if isinstance(content, str):
        entry += nodes.paragraph("", content)
    elif isinstance(content, nodes.Node):
        entry += content if isinstance(content, nodes.Body) else nodes.paragraph("", "", content)
    else:
        para = nodes.paragraph()
        para.extend(content)
        entry += para
    return entry


def make_table(
    header: Sequence[Cell],
    rows: Sequence[Sequence[Cell | tuple[Cell, Sequence[str]]]],
    widths: Sequence[int],
    classes: Sequence[str] = (),
) -> nodes.table:
    """A docutils table; a cell may be ``(content, css_classes)``."""
    table = nodes.table(classes=["sixtysix-table", *classes])
    group = nodes.tgroup(cols=len(widths))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    thead = nodes.thead()
    group += thead
    row = nodes.row()
    for cell in header:
        row += _entry(cell)
    thead += row
    tbody = nodes.tbody()
    group += tbody
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            if isinstance(cell, tuple):
                content, css = cell
                row += _entry(content, css)
            else:
                row += _entry(cell)
        tbody += row
    return table


def param_ref(name: str) -> addnodes.pending_xref:
    """A link to the ``param-<name>`` label of the rules page, shown as ``name``."""
    ref = addnodes.pending_xref(
        "",
        nodes.literal(name, name),
        refdomain="std",
        reftype="ref",
        reftarget=f"param-{name}".lower(),
        refexplicit=True,
        refwarn=True,
    )
    return ref


def py_ref(name: str, kind: str = "class") -> addnodes.pending_xref:
    """A link to the API entry ``sixtysix.<name>``."""
    return addnodes.pending_xref(
        "",
        nodes.literal(name, name),
        refdomain="py",
        reftype=kind,
        reftarget=f"sixtysix.{name}",
        refexplicit=True,
        refwarn=True,
    )


def _breakable(name: str) -> str:
    """Let long preset names wrap after underscores in narrow table headers."""
    return name.replace("_", "_\u200b")


class PresetTable(SphinxDirective):
    """``preset-table``: all presets by all parameters, from the code."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        presets = dict(sixtysix.PRESETS)
        base = presets[BASE_NAME]
        header: list[Cell] = ["parameter", *(_breakable(n) for n in presets)]
        rows: list[list[Any]] = []
        for name in field_names():
            row: list[Any] = [param_ref(name)]
            for rules in presets.values():
                value = getattr(rules, name)
                classes = []
                if value != getattr(base, name):
                    classes.append("differs")
                if not_read(rules, name):
                    classes.append("unread")
                text = _breakable(value_text(value))
                row.append((nodes.literal(text, text), classes))
            rows.append(row)
        table = make_table(header, rows, [22] + [12] * len(presets), ["preset-table"])
        legend = nodes.paragraph(
            "",
            "",
            nodes.Text("Highlighted: differs from "),
            nodes.literal(BASE_NAME, BASE_NAME),
            nodes.Text(
                ". Greyed: not read under that preset (rules §9.11), "
                "though the value is still held."
            ),
            classes=["preset-table-legend"],
        )
        return [table, legend]


class PartnershipPresetTable(SphinxDirective):
    """``partnership-preset-table``: the four-hand presets by every field, from the code."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from sixtysix import partnership

        presets = dict(partnership.PRESETS)
        base = partnership.PartnershipRules()
        header: list[Cell] = ["parameter", *(_breakable(n) for n in presets)]
        rows: list[list[Any]] = []
        for field in attrs.fields(partnership.PartnershipRules):
            ref = addnodes.pending_xref(
                "",
                nodes.literal(field.name, field.name),
                refdomain="std",
                reftype="ref",
                reftarget=f"p4-param-{field.name}".lower(),
                refexplicit=True,
                refwarn=True,
            )
            row: list[Any] = [ref]
            for rules in presets.values():
                value = getattr(rules, field.name)
                classes = ["differs"] if value != getattr(base, field.name) else []
                text = value_text(value)
                row.append((nodes.literal(text, text), classes))
            row.append(nodes.literal("", value_text(getattr(base, field.name))))
            rows.append(row)
        header.append("default")
        table = make_table(
            header, rows, [30] + [20] * (len(presets) + 1), ["preset-table", "p4-preset-table"]
        )
        legend = nodes.paragraph(
            "",
            "Highlighted: differs from the default PartnershipRules().",
            classes=["preset-table-legend"],
        )
        return [table, legend]


class TausendeinsPresetTable(SphinxDirective):
    """``tausendeins-preset-table``: the Tausendeins presets by every field, from the code."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from sixtysix import tausendeins

        presets = dict(tausendeins.PRESETS)
        base = tausendeins.TausendeinsRules()
        header: list[Cell] = ["parameter", *(_breakable(n) for n in presets)]
        rows: list[list[Any]] = []
        for field in attrs.fields(tausendeins.TausendeinsRules):
            ref = addnodes.pending_xref(
                "",
                nodes.literal(field.name, field.name),
                refdomain="std",
                reftype="ref",
                reftarget=f"t1-param-{field.name}".lower(),
                refexplicit=True,
                refwarn=True,
            )
            row: list[Any] = [ref]
            for rules in presets.values():
                value = getattr(rules, field.name)
                classes = ["differs"] if value != getattr(base, field.name) else []
                auction = rules.bidding is tausendeins.Bidding.AUCTION
                if (field.name == "stock_play" and auction) or (
                    field.name.startswith("bid_") and not auction
                ):
                    classes.append("unread")
                text = _breakable(value_text(value))
                row.append((nodes.literal(text, text), classes))
            rows.append(row)
        table = make_table(
            header, rows, [30] + [20] * len(presets), ["preset-table", "t1-preset-table"]
        )
        legend = nodes.paragraph(
            "",
            "Highlighted: differs from the default TausendeinsRules() (TAUSENDEINS). "
            "Greyed: not read under that preset, though the value is still held.",
            classes=["preset-table-legend"],
        )
        return [table, legend]


class RulesParam(SphinxDirective):
    """``rules-param NAME``: values, meaning and presets of one Rules field."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in field_names():
            raise self.error(f"rules-param: {name!r} is not a field of sixtysix.Rules")
        default = getattr(sixtysix.Rules(), name)
        presets = dict(sixtysix.PRESETS)
        kind = type(default)
        values: list[Any]
        if isinstance(default, enum.Enum):
            values = list(kind)  # type: ignore[call-overload]
        elif isinstance(default, bool):
            values = [True, False]
        else:
            values = sorted({getattr(r, name) for r in presets.values()} | {default})
        rows: list[list[Any]] = []
        unread: list[str] = []
        for value in values:
            users = []
            for pname, rules in presets.items():
                if getattr(rules, name) != value:
                    continue
                if not_read(rules, name):
                    unread.append(f"{pname} ({not_read(rules, name)})")
                    continue
                users.append(pname)
            label: list[nodes.Node] = [nodes.literal("", value_text(value))]
            if value == default:
                label.append(nodes.Text(" (default)"))
            used = ", ".join(users) if users else "no preset"
            if isinstance(value, enum.Enum):
                module = "sixtysix.cards" if kind is sixtysix.Deck else "sixtysix.rules"
                doc = attr_doc(module, kind.__name__, value.name)
                if kind is sixtysix.Deck:
                    deck: sixtysix.Deck = value  # type: ignore[assignment]
                    doc = f"{deck.size} cards: " + " ".join(str(r) for r in deck.ranks)
                rows.append([label, inline_nodes(doc), used])
            else:
                rows.append([label, used])
        if isinstance(default, enum.Enum):
            header: list[Cell] = ["value", "meaning", "presets"]
            widths = [22, 50, 28]
        else:
            header = ["value", "presets"]
            widths = [30, 70]
        out: list[nodes.Node] = []
        doc = attr_doc("sixtysix.rules", "Rules", name)
        intro = nodes.paragraph()
        intro += nodes.literal(f"Rules.{name}", f"Rules.{name}")
        if isinstance(default, enum.Enum):
            intro += nodes.Text(" (")
            intro += py_ref(kind.__name__)
            intro += nodes.Text(")")
        elif isinstance(default, bool):
            intro += nodes.Text(" (yes/no)")
        elif isinstance(default, int):
            intro += nodes.Text(" (a whole number)")
        if doc:
            intro += nodes.Text(": ")
            intro.extend(inline_nodes(doc))
        out.append(intro)
        out.append(make_table(header, rows, widths, ["param-table"]))
        if unread:
            out.append(
                nodes.paragraph(
                    "",
                    "Held but not read under: " + "; ".join(unread) + ".",
                    classes=["param-unread"],
                )
            )
        return out


class VariantTable(SphinxDirective):
    """``variant-table``: one row per preset; the descriptions are ``sixtysix.PRESET_INFO``."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        if any(line.strip() for line in self.content):
            raise self.error(
                "variant-table: the preset descriptions live in sixtysix.rules.PRESET_INFO "
                "(their source field); leave the directive empty"
            )
        texts = {name: info.source for name, info in sixtysix.PRESET_INFO.items()}
        rows: list[list[Any]] = []
        for pname, rules in sixtysix.PRESETS.items():
            holder = nodes.container()
            self.state.nested_parse(StringList([texts[pname]]), self.content_offset, holder)
            description: Cell = holder.children[0] if len(holder.children) == 1 else holder
            rows.append(
                [
                    py_ref(pname, "data"),
                    description,
                    nodes.literal("", rules.deck.name),
                    str(rules.hand_size),
                    str(rules.talon_size),
                    str(rules.match_target),
                ]
            )
        header: list[Cell] = ["preset", "game and source", "deck", "hand", "talon", "match"]
        return [make_table(header, rows, [18, 58, 6, 6, 6, 6], ["variant-table"])]


# ----------------------------------------------------------------------------- API


def missing_dependency(module: str) -> str | None:
    """The optional third-party module that ``module`` cannot import, or ``None``.

    The framework adapters (``sixtysix.openspiel``, ...) import their framework; docs
    built without it leave them out instead of failing. Any other import error is raised.
    """
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] != "sixtysix":
            return exc.name
        raise
    return None


def public_modules() -> list[str]:
    """Every importable public module of the package (no ``_private`` ones, no ``__main__``)."""
    found = []
    for info in pkgutil.walk_packages(sixtysix.__path__, "sixtysix."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts[1:]):
            continue
        if missing_dependency(info.name) is None:
            found.append(info.name)
    return sorted(found)


def _source_order(module: str, names: list[str]) -> list[str]:
    try:
        analyzer = ModuleAnalyzer.for_module(module)
        analyzer.analyze()
        order = analyzer.tagorder
    except Exception:  # a module without source: keep the order of __all__
        order = {}
    return sorted(names, key=lambda n: order.get(n, len(order)))


def _autodoc(path: str, obj: object) -> list[str]:
    """The reST lines that document ``obj`` under its public ``path``."""
    if isinstance(obj, type) and issubclass(obj, BaseException):
        return [f".. autoexception:: {path}", "   :members:", "   :show-inheritance:"]
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        return [f".. autoclass:: {path}", "   :members:", "   :undoc-members:"]
    if isinstance(obj, type):
        return [f".. autoclass:: {path}", "   :members:", "   :inherited-members:"]
    if callable(obj) and not isinstance(obj, sixtysix.Rules | types.UnionType):
        return [f".. autofunction:: {path}"]
    lines = [f".. autodata:: {path}"]
    if not isinstance(obj, str | types.UnionType):
        lines.append("   :no-value:")
    if _is_tausendeins_rules(obj):
        name = path.rsplit(".", 1)[-1]
        lines += [
            "",
            f"   The ``{name}`` Tausendeins preset, a "
            ":class:`~sixtysix.tausendeins.TausendeinsRules` value; the Tausendeins page "
            "gives its sources and every parameter.",
        ]
    if _is_partnership_rules(obj):
        name = path.rsplit(".", 1)[-1]
        lines += [
            "",
            f"   The ``{name}`` four-hand preset, a "
            ":class:`~sixtysix.partnership.PartnershipRules` value; the four-hand rules "
            "page gives its sources and every parameter.",
        ]
    if isinstance(obj, sixtysix.Rules):
        name = path.rsplit(".", 1)[-1]
        lines += [
            "",
            f"   The ``{name}`` preset, a :class:`~sixtysix.Rules` value; the rules page "
            "gives its sources and every parameter.",
        ]
    return lines


class ApiSection(SphinxDirective):
    """``api-section MODULE...``: the public names of those modules, as autodoc entries.

    A name that the top-level package re-exports is documented as ``sixtysix.NAME``;
    any other name of a module's ``__all__`` as ``sixtysix.module.NAME``. The pseudo
    module ``sixtysix`` stands for the top-level names that no public module lists.
    Each object is documented once, where it first appears.
    """

    required_arguments = 1
    optional_arguments = 20
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "docstring": directives.flag,
        # A module that needs an optional framework: a note instead of an error without it.
        "optional": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        env: Any = self.env
        seen: dict[str, set[str]] = env.sixtysix_api.setdefault(env.docname, {})
        lines: list[str] = []
        top = set(sixtysix.__all__)
        for arg in self.arguments:
            name = arg if arg.startswith("sixtysix") else f"sixtysix.{arg}"
            absent = missing_dependency(name) if "optional" in self.options else None
            if absent is not None:
                lines += [
                    f"``{name}`` needs ``{absent}``, which was not installed when these "
                    "docs were built.",
                    "",
                ]
                continue
            try:
                module = importlib.import_module(name)
            except ImportError as exc:
                raise self.error(f"api-section: cannot import {name}: {exc}") from None
            seen.setdefault("modules", set()).add(name)
            if name == "sixtysix":
                owned = {n for m in public_modules() for n in _exports(m)}
                names = [n for n in sixtysix.__all__ if n not in owned]
            else:
                names = _source_order(name, list(getattr(module, "__all__", ())))
                if "docstring" in self.options:
                    lines += [f".. automodule:: {name}", "   :no-members:", ""]
            if not names:
                raise self.error(f"api-section: {name} has no public names")
            for public in names:
                obj = getattr(module, public)
                if name != "sixtysix.errors" and _is_error_class(obj):
                    continue  # documented in the errors section, with all the others
                if public in top and getattr(sixtysix, public) is obj:
                    path = f"sixtysix.{public}"
                else:
                    path = f"{name}.{public}"
                if path in seen.setdefault("paths", set()):
                    continue
                seen["paths"].add(path)
                lines += [*_autodoc(path, obj), ""]
        container = nodes.container(classes=["api-section"])
        self.state.nested_parse(StringList(lines, source="<api-section>"), 0, container)
        return list(container.children)


def _is_error_class(obj: object) -> bool:
    return isinstance(obj, type) and obj.__module__ == "sixtysix.errors"


def _resolve(path: str) -> object:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def _exports(module: str) -> list[str]:
    try:
        return list(getattr(importlib.import_module(module), "__all__", ()))
    except ImportError:
        return []


def _break_parameter_names(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Let the (resolved) parameter links of the preset table wrap after underscores."""
    for table in doctree.findall(nodes.table):
        if "preset-table" not in table["classes"]:
            continue
        for row in table.findall(nodes.row):
            first = row.children[0]
            for text in list(first.findall(nodes.Text)):
                text.parent.replace(text, nodes.Text(_breakable(str(text))))


# Napoleon reads the first line of a property's or attribute's docstring as "type:
# description" whenever it holds a colon, so "The suit symbol: ♣, ♦, ♥ or ♠." would
# render with "The suit symbol" as its type. Those docstrings have no Google sections
# to parse, so the text is kept as written: saved before Napoleon runs, put back after.
_ATTRIBUTE_KINDS = ("property", "attribute", "data")
_SAVED: dict[int, list[str]] = {}


def _save_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS:
        _SAVED[id(lines)] = list(lines)


def _restore_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    saved = _SAVED.pop(id(lines), None)
    if saved is not None:
        lines[:] = saved
    if what == "data" and (_is_partnership_rules(obj) or _is_tausendeins_rules(obj)):
        lines[:] = []  # a preset value would show the class docstring; _autodoc says it


def _is_partnership_rules(obj: object) -> bool:
    from sixtysix.partnership import PartnershipRules

    return isinstance(obj, PartnershipRules)


def _is_tausendeins_rules(obj: object) -> bool:
    from sixtysix.tausendeins import TausendeinsRules

    return isinstance(obj, TausendeinsRules)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    getattr(env, "sixtysix_api", {}).pop(docname, None)


def _merge(
    app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment
) -> None:
    mine = env.sixtysix_api  # type: ignore[attr-defined]
    for docname, names in getattr(other, "sixtysix_api", {}).items():
        if docname in docnames:
            mine[docname] = names


def _init(app: Sphinx) -> None:
    if not hasattr(app.env, "sixtysix_api"):
        app.env.sixtysix_api = {}  # type: ignore[attr-defined]


def _static(app: Sphinx, config: Any) -> None:
    config.html_static_path.append(str(Path(__file__).parent / "static"))


def _check_api(app: Sphinx, env: BuildEnvironment) -> None:
    """Every public name and every public module must be in the API reference."""
    paths: set[str] = set()
    modules: set[str] = set()
    for seen in getattr(env, "sixtysix_api", {}).values():
        paths |= seen.get("paths", set())
        modules |= seen.get("modules", set())
    if not paths:
        return  # no API page in this build
    documented = {id(_resolve(p)) for p in paths}
    missing = [n for n in sixtysix.__all__ if f"sixtysix.{n}" not in paths]
    for m in public_modules():
        module = importlib.import_module(m)
        missing += [f"{m}.{n}" for n in _exports(m) if id(getattr(module, n)) not in documented]
    if missing:
        logger.warning(
            "public names missing from the API reference (add their module to an api-section): %s",
            ", ".join(missing),
            type="sixtysix",
            subtype="api",
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("preset-table", PresetTable)
    app.add_directive("rules-param", RulesParam)
    app.add_directive("partnership-preset-table", PartnershipPresetTable)
    app.add_directive("tausendeins-preset-table", TausendeinsPresetTable)
    app.add_directive("variant-table", VariantTable)
    app.add_directive("api-section", ApiSection)
    app.connect("config-inited", _static)
    app.connect("builder-inited", _init)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-check-consistency", _check_api)
    app.connect("doctree-resolved", _break_parameter_names)
    app.connect("autodoc-process-docstring", _save_docstring, priority=100)
    app.connect("autodoc-process-docstring", _restore_docstring, priority=900)
    app.add_css_file("sixtysix-docs.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
