"""The dependency rules of DESIGN.md, checked on every import statement of the code base.

Libraries never import a service; a service never imports another service; the rules engine
imports only the standard library (and itself), so it stays pure and portable.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SERVICES = sorted(p.name for p in (REPO / "services").iterdir() if (p / "__init__.py").exists())
LIBS = sorted(p.name for p in (REPO / "libs").iterdir() if (p / "__init__.py").exists())


def imports(package_dir: Path) -> Iterator[tuple[Path, str]]:
    """(file, top-level module) of every absolute import under `package_dir`."""
    for path in sorted(package_dir.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                yield from ((path, alias.name.split(".")[0]) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module.split(".")[0]


def test_the_package_lists_are_found() -> None:
    assert "daimyo_game" in SERVICES and "daimyo_rules" in LIBS


def test_libraries_never_import_a_service() -> None:
    wrong = [f"{path.relative_to(REPO)} imports {module}"
             for lib in LIBS for path, module in imports(REPO / "libs" / lib) if module in SERVICES]
    assert wrong == []


def test_services_never_import_each_other() -> None:
    wrong = [f"{path.relative_to(REPO)} imports {module}"
             for service in SERVICES for path, module in imports(REPO / "services" / service)
             if module in SERVICES and module != service]
    assert wrong == []


def test_the_rules_engine_imports_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"daimyo_rules", "__future__"}
    wrong = [f"{path.relative_to(REPO)} imports {module}"
             for path, module in imports(REPO / "libs" / "daimyo_rules") if module not in allowed]
    assert wrong == []
