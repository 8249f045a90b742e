"""The project's import graph: every import in game/ and plugins/ (those inside functions
and TYPE_CHECKING blocks too), by module and by layer, and the circles in it.

    python tools/imports.py            # circles between modules and between layers, if any
    python tools/imports.py --layers   # the layer graph: layer -> the layers it imports
    python tools/imports.py --dot      # the module graph for Graphviz (crowsnest.* only)

Exit status 1 when a circle exists. tests/test_layers.py uses the same scan and checks
the layer graph against its table (the authority on what may import what); this tool
answers the question a table cannot: is there a circle among the modules themselves.
"""

from __future__ import annotations

import argparse
import ast
import functools
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"game": "crowsnest", "plugins": "crowsnest_games"}  # as pyproject's package-dir
OURS = ("crowsnest", "crowsnest_games")


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[0] in PACKAGES:
        parts[0] = PACKAGES[parts[0]]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, source: str | None = None) -> Iterator[tuple[int, str]]:
    """(line, absolute name) of every import in the file. `from X import y` yields X,
    or, where X is ours, X.y (y may be a submodule or a name in X: module_graph resolves
    it to the longest module name it starts with, so `from . import cards` is an import
    of the sibling module only, and `from crowsnest.engine import Match` one of the
    package)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    text = path.read_text(encoding="utf-8") if source is None else source
    yield from _imports(package, text)


@functools.cache
def _imports(package: str, text: str) -> tuple[tuple[int, str], ...]:
    """imports() of a file's text (cached: the layer tests scan every file several
    times in one run, and parsing is most of their time)."""
    return tuple(_scan(package, text))


def _scan(package: str, text: str) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if name.split(".")[0] in OURS and not any(a.name == "*" for a in node.names):
                for alias in node.names:
                    yield node.lineno, f"{name}.{alias.name}"
            else:
                yield node.lineno, name


def sources() -> list[Path]:
    return sorted(p for folder in PACKAGES for p in (ROOT / folder).rglob("*.py"))


def resolve(name: str, known: set[str]) -> str:
    """The module an imported name stands for: the name itself when it is a module of
    ours, the module when it is a name in one (`crowsnest.engine.Match` is
    `crowsnest.engine`), else the name as written (a module that does not exist, which
    the layer check still places by its name)."""
    if name in known:
        return name
    parent = name.rpartition(".")[0]
    return parent if parent in known else name


def module_graph() -> dict[str, set[str]]:
    """Our module -> the modules of ours it imports (names that are not modules, such as
    `from crowsnest.engine import Match`, resolve to the package)."""
    files = sources()
    known = {module_name(p) for p in files}
    graph: dict[str, set[str]] = {}
    for path in files:
        here = module_name(path)
        edges = graph.setdefault(here, set())
        for _line, name in imports(path):
            if name.split(".")[0] not in OURS:
                continue
            name = resolve(name, known)
            if name in known and name != here:
                edges.add(name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    # deep graphs recurse deeply; the limit is put back after, since a process that
    # imports this (the test run's) must keep Python's own limit for everything else
    # (a reader turns a RecursionError into "nested too deeply": tests/reliability)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(10000, limit))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers", action="store_true", help="print the layer graph")
    parser.add_argument("--dot", action="store_true", help="print the module graph as dot")
    args = parser.parse_args(argv)
    graph = module_graph()
    if args.dot:
        print("digraph crowsnest {\n  rankdir=LR; node [shape=box, fontsize=10];")
        for m in sorted(graph):
            for t in sorted(graph[m]):
                print(f'  "{m}" -> "{t}";')
        print("}")
        return 0
    if args.layers:
        sys.path.insert(0, str(ROOT / "tests"))
        from test_layers import layer_graph  # the table's units, one home

        for layer, targets in sorted(layer_graph().items()):
            print(f"{layer}: {', '.join(sorted(targets)) or '-'}")
    found = circles(graph)
    for part in found:
        print("circle: " + " <-> ".join(part))
    if not found:
        edges = sum(len(t) for t in graph.values())
        print(f"no circle among {len(graph)} modules ({edges} imports between them)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
