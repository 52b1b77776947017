"""The public rule cases in ../shared/checks pass through `python -m daimyo_rules replay`
(skipped when the shared folder is not beside the checkout)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RUNNER = ROOT.parent / "shared" / "checks" / "run-cases"


@pytest.mark.skipif(not RUNNER.exists(), reason="no ../shared/checks beside this checkout")
@pytest.mark.parametrize("game", ["samurai", "shogun"])
def test_every_public_rule_case_passes(game):
    done = subprocess.run([sys.executable, str(RUNNER), "--python", sys.executable, "--game", game],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:]
