"""No import circles among the first-party modules (libs/* and services/*).

The graph is read from the source with `ast`, not by importing it. What counts as an edge:
- every `import` and `from ... import` statement, wherever it stands: one inside a function is
  still a dependency at run time, and deferring an import is how a circle usually hides;
- the most specific first-party module named (`from pkg import mod` is an edge to `pkg.mod` when
  that is a module, else to `pkg`), not the parent packages Python also initialises on the way —
  otherwise every package `__init__` that re-exports its own modules would form a circle;
- relative imports, resolved against the importing module.
`importlib.import_module(...)` calls are not read (their names are data). The rule that services
never import each other is checked in test_import_rules.py.
"""

from __future__ import annotations

import ast
from collections import deque
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ROOTS = (REPO / "libs", REPO / "services")
GENERATED = (  # built by `make proto` and `make native`, never committed
    REPO / "libs" / "daimyo_proto",
    REPO / "services" / "daimyo_bot" / "samurai" / "_compact_native.py",
)

Graph = dict[str, set[str]]

# Circles tolerated for a while, each until the branch that breaks it is merged (none now: the
# bots' levels <-> search_pool circle of issue 28 is gone). test_every_allowed_circle_is_still_there
# fails once a listed circle is gone, so this list cannot go stale.
ALLOWED_CIRCLES: frozenset[frozenset[str]] = frozenset()


def module_files(roots: tuple[Path, ...], skip: tuple[Path, ...] = ()) -> dict[str, Path]:
    """Every module of the packages under `roots`, by dotted name (a package by its __init__)."""
    found: dict[str, Path] = {}
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if any(path == s or s in path.parents for s in skip):
                continue
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(
    node: ast.Import | ast.ImportFrom, importer: Path, name: str, modules: dict[str, Path]
) -> set[str]:
    """The first-party modules one import statement names: `pkg.mod` for a name that is a
    module, else the `from` module itself (resolved when relative)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & modules.keys()
    base = node.module or ""
    if node.level:
        package = name.split(".") if importer.name == "__init__.py" else name.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    named = {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names}
    return named & modules.keys()


def import_graph(modules: dict[str, Path]) -> Graph:
    """For each module, the first-party modules it imports (see the module docstring)."""
    graph: Graph = {}
    for name, path in modules.items():
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                graph[name] |= imported(node, path, name, modules)
        graph[name].discard(name)
    return graph


def reachable(graph: Graph, start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph.get(todo.pop(), set()) - seen:
            seen.add(target)
            todo.append(target)
    return seen


def circles(graph: Graph) -> list[set[str]]:
    """The groups of modules that each import one another, directly or through others (the
    graph's strongly connected components of more than one module)."""
    reach = {name: reachable(graph, name) for name in graph}
    found: list[set[str]] = []
    for name in sorted(graph):
        if name in reach[name] and not any(name in circle for circle in found):
            found.append({other for other in reach[name] if name in reach[other]})
    return found


def a_path_around(component: set[str], graph: Graph) -> str:
    """The shortest circle through the first module of `component`, written `a -> b -> a`."""
    start = min(component)
    came_from: dict[str, str] = {}
    frontier = deque([start])
    while frontier:
        node = frontier.popleft()
        for target in sorted(graph[node] & component):
            if target == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return " -> ".join([*reversed(chain), start])
            if target not in came_from:
                came_from[target] = node
                frontier.append(target)
    raise AssertionError(f"{sorted(component)} is not a circle")


@cache
def first_party_graph() -> Graph:
    return import_graph(module_files(ROOTS, GENERATED))


def test_the_graph_holds_every_package_and_its_imports() -> None:
    graph = first_party_graph()
    assert {"daimyo_rules", "daimyo_rules.core", "daimyo_game.handlers", "daimyo_gateway"} <= set(graph)
    assert "daimyo_rules.core" in graph["daimyo_rules"]  # `from daimyo_rules.core import Game`
    assert "daimyo_rules.samurai.engine" in graph["daimyo_rules.registry"]  # inside a function
    assert not any(name.startswith("daimyo_proto") for name in graph)


def test_no_module_imports_itself_through_others() -> None:
    graph = first_party_graph()
    unexpected = [a_path_around(c, graph) for c in circles(graph) if frozenset(c) not in ALLOWED_CIRCLES]
    assert unexpected == [], "import circles: " + "; ".join(unexpected)


def test_every_allowed_circle_is_still_there() -> None:
    present = {frozenset(c) for c in circles(first_party_graph())}
    gone = sorted(sorted(c) for c in ALLOWED_CIRCLES - present)
    assert gone == [], f"remove these from ALLOWED_CIRCLES, they are fixed: {gone}"


def test_a_circle_is_found_and_named_even_through_a_function_level_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.a import run\n")
    (package / "a.py").write_text("from pkg import b\n\ndef run() -> None:\n    b.go()\n")
    (package / "b.py").write_text("def go() -> None:\n    from .c import later\n    later()\n")
    (package / "c.py").write_text("import pkg.a\n\ndef later() -> None:\n    pass\n")
    graph = import_graph(module_files((tmp_path,)))
    assert graph["pkg"] == {"pkg.a"} and graph["pkg.a"] == {"pkg.b"}
    assert [a_path_around(c, graph) for c in circles(graph)] == ["pkg.a -> pkg.b -> pkg.c -> pkg.a"]
