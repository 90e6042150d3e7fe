"""Fail on any cycle of imports among the modules of sixtysix.

The layers contract in pyproject.toml (``[tool.importlinter]``, checked by
``lint-imports``) says which layer may import which; inside one layer ("a : b") and
inside a package that is one layer (``sixtysix.cli``, ``sixtysix.search``, ...) it
allows imports both ways. This check closes that gap: it builds the graph of every
import in ``src/sixtysix`` with grimp (the library under import-linter), imports inside
functions included and imports under ``if TYPE_CHECKING:`` left out as the contract
does, and reports each strongly connected group of modules with the imports that make
it, with their line numbers.

The imports the contract lists in ``ignore_imports`` (edges being removed on other
branches) are left out here too, so the two checks agree.

It also names every module that no layer of the contract lists (but the package
facades), since the contract checks only the modules it names.

Usage: ``python tools/import_cycles.py`` (exit status 1 when a cycle exists or a module
is in no layer). The nox
session "lint" runs it, and tests/project/test_layers.py calls :func:`find_cycles`.
"""

from __future__ import annotations

import itertools
import sys
import tomllib
from collections.abc import Iterable, Mapping, Set
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "sixtysix"


def ignored_imports(pyproject: Path = ROOT / "pyproject.toml") -> set[tuple[str, str]]:
    """The ``importer -> imported`` pairs the import-linter contracts ignore."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    pairs: set[tuple[str, str]] = set()
    for contract in config["tool"]["importlinter"]["contracts"]:
        for line in contract.get("ignore_imports", ()):
            importer, _, imported = (part.strip() for part in line.partition("->"))
            pairs.add((importer, imported))
    return pairs


#: The package facades: they re-export their layers and are no layer themselves.
FACADES = frozenset({"sixtysix", "sixtysix.bots", "sixtysix.partnership", "sixtysix.tausendeins"})


def unlayered_modules(
    modules: Iterable[str], pyproject: Path = ROOT / "pyproject.toml"
) -> list[str]:
    """The modules (but the facades) that no layer of the layers contract names.

    A layer ``sixtysix.search`` covers the package's modules too.
    """
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    names = [
        name.strip()
        for contract in config["tool"]["importlinter"]["contracts"]
        if contract.get("type") == "layers"
        for layer in contract["layers"]
        for name in layer.replace("|", ":").split(":")
    ]
    return sorted(
        m
        for m in modules
        if m not in FACADES and not any(m == n or m.startswith(n + ".") for n in names)
    )


def build_graph(package: str = PACKAGE) -> grimp.ImportGraph:
    """grimp's graph of ``package``, as the contract sees it (run-time imports only)."""
    return grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)


def import_graph(graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """Each module of ``graph`` and the modules it imports."""
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def find_cycles(
    graph: Mapping[str, Set[str]], ignore: Iterable[tuple[str, str]] = ()
) -> list[list[str]]:
    """The groups of two or more modules that import each other, directly or not.

    Each group is a strongly connected component of ``graph`` (without the ``ignore``
    edges), its modules sorted; the groups are sorted too. An empty list: no cycle.
    """
    skip = set(ignore)
    edges = {
        m: sorted(w for w in ws if (m, w) not in skip and w in graph) for m, ws in graph.items()
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        # Tarjan's algorithm, iterative: (module, position in its edge list).
        work = [(root, 0)]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, i = work[-1]
            if i < len(edges[module]):
                work[-1] = (module, i + 1)
                nxt = edges[module][i]
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[module] = min(low[module], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def shortest_cycle(
    graph: Mapping[str, Set[str]], group: Iterable[str], ignore: Iterable[tuple[str, str]] = ()
) -> list[str]:
    """A shortest cycle inside ``group``: its modules in import order, the first repeated."""
    members = set(group)
    skip = set(ignore)
    best: list[str] = []
    for start in sorted(members):
        # Breadth first from start back to start, inside the group.
        parent: dict[str, str] = {}
        frontier = [start]
        found = False
        while frontier and not found:
            nxt_frontier = []
            for module in frontier:
                for imported in sorted(graph[module] & members):
                    if (module, imported) in skip:
                        continue
                    if imported == start:
                        path = [module]
                        while path[-1] != start:
                            path.append(parent[path[-1]])
                        cycle = [start, *reversed(path[:-1]), start]
                        if not best or len(cycle) < len(best):
                            best = cycle
                        found = True
                        break
                    if imported not in parent:
                        parent[imported] = module
                        nxt_frontier.append(imported)
                if found:
                    break
            frontier = nxt_frontier
    return best


def describe(
    graph: grimp.ImportGraph, group: list[str], ignore: Iterable[tuple[str, str]] = ()
) -> str:
    """A shortest cycle of ``group``, each import with its line numbers."""
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in group}
    cycle = shortest_cycle(edges, group, ignore)
    lines = [f"cycle among {len(group)} modules: {', '.join(group)}", "  for example:"]
    for importer, imported in itertools.pairwise(cycle):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = ", ".join(f"l.{d['line_number']}" for d in details)
        lines.append(f"  {importer} -> {imported} ({where})")
    return "\n".join(lines)


def main() -> int:
    """Print every cycle; the exit status is 1 when there is one."""
    ignore = ignored_imports()
    graph = build_graph()
    cycles = find_cycles(import_graph(graph), ignore)
    for group in cycles:
        print(describe(graph, group, ignore))
    unlayered = unlayered_modules(graph.modules)
    for module in unlayered:
        print(f"{module} is in no layer: add it to the layers contract in pyproject.toml")
    if cycles or unlayered:
        print(
            f"{len(cycles)} import cycle(s) in {PACKAGE}, {len(unlayered)} module(s) in no layer"
        )
        return 1
    print(f"no import cycle in {PACKAGE} ({len(ignore)} import(s) ignored by the contract)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
