"""Every public rule case passes through `python -m daimyo_rules replay`, from the copy in
tests/cases/ (a clone needs nothing beside it); the copy matches ../shared/checks/cases
whenever that folder is beside the checkout."""

from __future__ import annotations

import filecmp
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]
CASES = ROOT / "tests" / "cases"
SHARED = ROOT.parent / "shared" / "checks" / "cases"


def _runner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("run_cases", CASES / "run_cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RUNNER = _runner()
ALL_CASES = sorted(CASES.glob("*/*.json"))


def test_the_cases_are_in_the_repository() -> None:
    assert {path.parent.name for path in ALL_CASES} == {"samurai", "shogun"}


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_public_rule_case_passes(case: Path) -> None:
    assert RUNNER.run_case(sys.executable, case) == []


@pytest.mark.skipif(not SHARED.exists(), reason="no ../shared/checks beside this checkout to compare with")
def test_the_copy_matches_the_shared_cases() -> None:
    for game in ("samurai", "shogun"):
        compared = filecmp.dircmp(SHARED / game, CASES / game)
        assert (compared.left_only, compared.diff_files) == ([], []), game
