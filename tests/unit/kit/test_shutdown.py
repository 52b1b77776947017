"""A service process stops within its grace on SIGTERM, and at once on a second signal.

Each test runs a tiny program through `daimyo_kit.shutdown.run` in its own process and signals it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from daimyo_kit.shutdown import EXIT_FORCED, EXIT_SECOND_SIGNAL, GRACE_ENV, grace_from_env

PROGRAM = textwrap.dedent('''
    import asyncio, sys
    from pathlib import Path
    from daimyo_kit import shutdown

    async def main():
        Path(sys.argv[1]).write_text("started")
        try:
            await asyncio.Event().wait()
        finally:
            Path(sys.argv[1]).write_text("cleaning up")
            await asyncio.sleep(float(sys.argv[2]))  # how long the clean-up takes
            Path(sys.argv[1]).write_text("cleaned up")

    shutdown.run(main())
''')


def start(tmp_path: Path, cleanup_seconds: float, grace: float) -> tuple[subprocess.Popen[bytes], Path]:
    marker = tmp_path / "state"
    process = subprocess.Popen([sys.executable, "-c", PROGRAM, str(marker), str(cleanup_seconds)],
                               env={"PATH": "/usr/bin:/bin", GRACE_ENV: str(grace)})
    deadline = time.monotonic() + 20
    while not (marker.exists() and marker.read_text()):
        assert time.monotonic() < deadline, "the program never started"
        time.sleep(0.05)
    return process, marker


def seconds_to_exit(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> float:
    began = time.monotonic()
    process.send_signal(sig)
    process.wait(30)
    return time.monotonic() - began


def test_sigterm_runs_the_clean_up_and_exits_zero(tmp_path: Path) -> None:
    process, marker = start(tmp_path, cleanup_seconds=0.2, grace=10)
    assert seconds_to_exit(process) < 3
    assert (process.returncode, marker.read_text()) == (0, "cleaned up")


def test_a_clean_up_that_hangs_is_cut_off_when_the_grace_is_spent(tmp_path: Path) -> None:
    process, marker = start(tmp_path, cleanup_seconds=60, grace=1.5)
    took = seconds_to_exit(process)
    assert 1.4 < took < 3.0
    assert (process.returncode, marker.read_text()) == (EXIT_FORCED, "cleaning up")


def test_a_second_signal_exits_at_once(tmp_path: Path) -> None:
    process, marker = start(tmp_path, cleanup_seconds=60, grace=30)
    process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + 10
    while marker.read_text() != "cleaning up":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert seconds_to_exit(process, signal.SIGINT) < 1.0
    assert process.returncode == EXIT_SECOND_SIGNAL


def test_the_grace_defaults_to_ten_seconds_and_is_configurable() -> None:
    assert grace_from_env({}) == 10.0
    assert grace_from_env({GRACE_ENV: "4.5"}) == 4.5


@pytest.mark.parametrize("raw", ["soon", "0", "-3"])
def test_a_grace_that_is_not_a_positive_number_is_refused(raw: str) -> None:
    with pytest.raises(ValueError, match=GRACE_ENV):
        grace_from_env({GRACE_ENV: raw})
