"""Every `DAIMYO_*` variable the code reads is in the one table of deploy/CONFIGURATION.md, and the
table documents nothing that nothing reads.

The scan reads libs/, services/ and deploy/ Python with `ast`: every string that forms a
`DAIMYO_...` name counts — a literal, an f-string (its replacement fields become `<...>`) or a
`"DAIMYO_" + x` concatenation. A name with a placeholder must match a table row with a
placeholder at the same place (`DAIMYO_<...>_GRPC_PORT` is the row `DAIMYO_<SERVICE>_GRPC_PORT`).
Variables only compose, k8s, scripts or tests read are in the table too; for those the second
test also looks at those files, as text.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "deploy" / "CONFIGURATION.md"
SCANNED = ("libs", "services", "deploy")
NOT_VARIABLES = {"DAIMYO_GAMES"}  # the JetStream stream, not an environment variable
NAME = re.compile(r"DAIMYO_(?:[A-Z0-9_]|<[^>\s]*>)*(?:[A-Z0-9]|<[^>\s]*>)")
OTHER_READERS = ("deploy", "k8s", ".ci", "tests", "Makefile")
"""Where the rest is read (compose, k8s, the image's entrypoint, scripts, test helpers): a table
row read only there is not stale."""
ROW = re.compile(r"^\|\s*`(DAIMYO_[A-Z0-9_<>]+)`")
PLACEHOLDER = "<...>"


def documented() -> set[str]:
    """The names (and `<NAME>` patterns) the table's rows start with."""
    return {m.group(1) for line in TABLE.read_text().splitlines() if (m := ROW.match(line))}


def read_in_code() -> dict[str, set[str]]:
    """Each `DAIMYO_*` name the scanned Python forms → the files that form it."""
    found: dict[str, set[str]] = {}
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "_pb2" in path.name:
                continue
            for name in names_in(ast.parse(path.read_text(), str(path))):
                found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def names_in(tree: ast.AST) -> set[str]:
    docstrings = {id(body[0].value) for node in ast.walk(tree)
                  if isinstance(body := getattr(node, "body", None), list) and body
                  and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)}
    names: set[str] = set()
    inner: set[int] = set()  # parts of an f-string or a concatenation already rendered whole
    for node in ast.walk(tree):
        if id(node) in docstrings or id(node) in inner:
            continue
        text = rendered(node, inner)
        if text is not None:
            names.update(NAME.findall(text))
    return names - NOT_VARIABLES


def rendered(node: ast.AST, inner: set[int]) -> str | None:
    """The text a string expression forms, non-constant parts as `<...>`; None if not a string."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        inner.update(id(part) for part in ast.walk(node) if part is not node)
        return "".join(part.value if isinstance(part, ast.Constant) and isinstance(part.value, str)
                       else PLACEHOLDER for part in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = rendered(node.left, inner), rendered(node.right, inner)
        if left is None and right is None:
            return None
        inner.update((id(node.left), id(node.right)))
        return (left if left is not None else PLACEHOLDER) + (right if right is not None else PLACEHOLDER)
    return None


def covers(row: str, name: str) -> bool:
    """Whether the table row `row` documents the code's `name`: equal once every placeholder is
    the same, or `name` is one concrete instance of the row's pattern."""
    placeholder = re.compile(r"<[^>]*>")
    if placeholder.sub(PLACEHOLDER, row) == placeholder.sub(PLACEHOLDER, name):
        return True
    if "<" in name or "<" not in row:
        return False
    pattern = "".join("[A-Z0-9_]+" if placeholder.fullmatch(piece) else re.escape(piece)
                      for piece in re.split(r"(<[^>]*>)", row))
    return re.fullmatch(pattern, name) is not None


def test_every_variable_the_code_reads_is_in_the_table() -> None:
    rows = documented()
    missing = {name: sorted(files) for name, files in read_in_code().items()
               if not any(covers(row, name) for row in rows)}
    assert not missing, f"add these to the table of {TABLE.relative_to(ROOT)}: {missing}"


def read_elsewhere() -> set[str]:
    """`DAIMYO_*` names in the deployment files, scripts and tests (as plain text)."""
    names: set[str] = set()
    for top in OTHER_READERS:
        paths = [ROOT / top] if (ROOT / top).is_file() else (ROOT / top).rglob("*")
        for path in paths:
            if path.is_file() and path.suffix != ".md" and path != Path(__file__):
                names.update(re.findall(r"DAIMYO_[A-Z0-9_]*[A-Z0-9]", path.read_text(errors="ignore")))
    return names


def test_the_table_documents_only_variables_the_code_reads() -> None:
    names = set(read_in_code()) | read_elsewhere()
    unread = sorted(row for row in documented() if not any(covers(row, name) for name in names))
    assert not unread, f"the table documents variables nothing reads: {unread}"


def test_the_scan_sees_literals_f_strings_and_concatenations() -> None:
    source = '"""DAIMYO_DOC"""\nA = "DAIMYO_X"\nB = f"DAIMYO_{s}_PORT"\nC = "DAIMYO_" + field\n'
    assert names_in(ast.parse(source)) == {"DAIMYO_X", "DAIMYO_<...>_PORT", "DAIMYO_<...>"}


def test_a_pattern_row_covers_its_instances_and_its_f_strings() -> None:
    assert covers("DAIMYO_<SERVICE>_GRPC_PORT", "DAIMYO_GAME_GRPC_PORT")
    assert covers("DAIMYO_<SERVICE>_GRPC_PORT", "DAIMYO_<...>_GRPC_PORT")
    assert not covers("DAIMYO_<SERVICE>_GRPC_PORT", "DAIMYO_<...>")
    assert not covers("DAIMYO_GAME_GRPC_PORT", "DAIMYO_<...>_GRPC_PORT")
