#!/usr/bin/env python3
"""Replays the public rule cases through the project's `python -m daimyo_rules replay` and
compares the summary with each case's `expected`. Run from the project root:
    tests/cases/run_cases.py [--python .venv/bin/python] [--game samurai] [-k NAME]
The cases beside this file are a copy of ../shared/checks/cases (so a clone needs nothing
beside it); tests/unit/rules/test_public_rule_cases.py runs each one, and checks the copy is
current when the shared folder is there.
A case is a game log (see shared/rules/<game>.md, "Notation") with two more keys: `why` (what
the case shows) and `expected` (the parts of the summary that must match — a dict names only the
keys it checks — or {"error_at": k}: the log must be rejected at move k with exit status 2)."""
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

CASES = pathlib.Path(__file__).resolve().parent


def run_case(python: str, path: pathlib.Path) -> list[str]:
    case = json.loads(path.read_text())
    expected = case.pop("expected")
    case.pop("why", None)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(case, f)
    proc = subprocess.run([python, "-m", "daimyo_rules", "replay", f.name],
                          capture_output=True, text=True, timeout=300)
    pathlib.Path(f.name).unlink()
    out = proc.stdout.strip()
    if "error_at" in expected:
        if proc.returncode != 2:
            return [f"expected rejection at move {expected['error_at']}, got exit {proc.returncode}"]
        try:
            got = json.loads(out.splitlines()[-1]).get("move_index")
        except (ValueError, IndexError):
            return [f"exit 2 but no error object on stdout: {out[-200:]!r}"]
        want = expected["error_at"]
        return [] if got == want else [f"rejected at move {got}, expected {want}"]
    if proc.returncode != 0:
        return [f"exit {proc.returncode}: {(proc.stderr or out)[-300:]}"]
    try:
        summary = json.loads(out)
    except ValueError:
        return [f"stdout is not one JSON object: {out[-200:]!r}"]
    return [f"{path}: expected {want!r}, got {got!r}"
            for path, want, got in mismatches(expected, summary, "")]


def mismatches(want: Any, got: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    """Expected dicts are partial: only the keys they name must match (recursively)."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key, sub in want.items():
            if key not in got and not (isinstance(sub, dict) and not sub):
                yield f"{path}{key}", sub, None
            else:
                yield from mismatches(sub, got.get(key), f"{path}{key}.")
    elif want != got:
        yield path.rstrip("."), want, got


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--python", default=".venv/bin/python")
    ap.add_argument("--game", default="")
    ap.add_argument("-k", default="")
    args = ap.parse_args()
    passed = failed = 0
    for path in sorted(CASES.glob(f"{args.game}*/*.json")):
        if args.k not in path.name:
            continue
        try:
            problems = run_case(args.python, path)
        except subprocess.TimeoutExpired:
            problems = ["timed out"]
        if problems:
            failed += 1
            why = json.loads(path.read_text()).get("why", "")
            print(f"FAIL {path.parent.name}/{path.name} ({why})")
            for p in problems:
                print(f"     {p}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
