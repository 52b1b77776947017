"""The golden Samurai playthroughs still come out line for line (regenerate: `make golden`)."""

import difflib

import pytest

from tests.golden.samurai.generate import GAMES, HERE, playthrough


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_playthrough_matches_its_golden_file(name: str) -> None:
    expected = (HERE / name).read_text().splitlines()
    actual = playthrough(*GAMES[name])
    if actual != expected:
        diff = "\n".join(list(difflib.unified_diff(expected, actual, "golden", "now", lineterm="", n=0))[:40])
        pytest.fail(f"{name} differs from its golden file (run `make golden` if intended):\n{diff}")
