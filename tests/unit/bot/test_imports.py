"""The bot service's modules import one another without a circle (issue 28: `levels.py` and
`search_pool.py` once imported each other): every `daimyo_bot` import written in its code,
at the top or inside a function, read from the source."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICES = Path(__file__).parents[3] / "services"


def module_name(path: Path) -> str:
    parts = path.relative_to(SERVICES).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, known: set[str]) -> set[str]:
    """The `daimyo_bot` modules a module's code imports (a name imported from a package counts
    as its module when it is one)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    paths = sorted((SERVICES / "daimyo_bot").rglob("*.py"))
    known = {module_name(p) for p in paths}
    return {module_name(p): imported(ast.parse(p.read_text()), known) for p in paths}


def a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of `graph`, as the modules along it, or None."""
    done: set[str] = set()

    def visit(module: str, trail: list[str]) -> list[str] | None:
        if module in trail:
            return [*trail[trail.index(module):], module]
        if module in done:
            return None
        for target in sorted(graph[module]):
            circle = visit(target, [*trail, module])
            if circle:
                return circle
        done.add(module)
        return None

    return next((c for c in (visit(m, []) for m in sorted(graph)) if c), None)


def test_the_bot_service_has_no_import_circle() -> None:
    graph = import_graph()
    assert "daimyo_bot.search_pool" in graph and "daimyo_bot.levels" in graph["daimyo_bot.samurai.levels"]
    assert a_circle(graph) is None


def test_a_circle_is_found_when_there_is_one() -> None:
    assert a_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert a_circle({"a": {"b"}, "b": set()}) is None
