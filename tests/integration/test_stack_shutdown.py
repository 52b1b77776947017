"""Every service stops within its grace on SIGTERM — with Postgres up, Postgres gone or NATS
gone — and none outlives a `make run` supervisor that was SIGKILLed.

The servers are private to this module (embedded Postgres and NATS started here), because the
tests stop them under running services. Measured stop times are written to
test-artifacts/shutdown/stop-times.json.
"""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from daimyo_devkit.stack import StackSettings, Supervisor, assign_ports, child_env
from daimyo_kit.shutdown import GRACE_ENV
from tests.resilience.servers import PrivateNats, PrivatePostgres, running_nats, running_postgres

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "shutdown"
GRACE = 10.0
PROCESSES = ("bot", "game", "matchmaking", "accounts", "bot-driver", "gateway")
TUNING = {"DAIMYO_BOT_WORKERS": "1", "DAIMYO_BOT_DEADLINE_MS": "150", "DAIMYO_MATCH_INTERVAL_SECONDS": "0.2",
          GRACE_ENV: str(GRACE)}


@pytest.fixture(scope="module")
def postgres() -> Iterator[PrivatePostgres]:
    with running_postgres("daimyo-shutdown-pg-") as server:
        yield server


@pytest.fixture
def nats(tmp_path: Path) -> Iterator[PrivateNats]:
    with running_nats(tmp_path / "nats") as server:
        yield server


def start_every_service(postgres: PrivatePostgres, nats: PrivateNats, log_dir: Path) -> Supervisor:
    """Every service ready; tried twice, since a free port may be taken by someone else before
    the service binds it (the machine is shared)."""
    try:
        return _start_every_service(postgres, nats, log_dir)
    except RuntimeError:
        return _start_every_service(postgres, nats, log_dir)


def _start_every_service(postgres: PrivatePostgres, nats: PrivateNats, log_dir: Path) -> Supervisor:
    env = child_env(StackSettings(postgres.url, nats.url, "shutdown-test", schema_prefix="stop",
                                  extra_env=TUNING))
    assign_ports(env)
    supervisor = Supervisor(log_dir, REPO)
    for name in PROCESSES:
        supervisor.add(name, env)
    supervisor.start_all(wait_each=("bot", "game", "matchmaking"))
    return supervisor


def sigterm_all_and_time(supervisor: Supervisor, limit: float = 30.0) -> dict[str, dict[str, float]]:
    """SIGTERM to every service at once; each one's seconds to exit and its exit code."""
    began = time.monotonic()
    for child in supervisor.children.values():
        child.terminate()
    stopped: dict[str, dict[str, float]] = {}
    while len(stopped) < len(supervisor.children) and time.monotonic() - began < limit:
        for child in supervisor.children.values():
            if child.name not in stopped and not child.running:
                stopped[child.name] = {"seconds": round(time.monotonic() - began, 2),
                                       "exit_code": float(child.returncode or 0)}
        time.sleep(0.02)
    return stopped


def record(outage: str, times: dict[str, dict[str, float]]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / "stop-times.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    known[outage] = times
    path.write_text(json.dumps(known, indent=2, sort_keys=True))
    print(f"\nstop times with {outage}: {times}")


@pytest.mark.parametrize("outage", ["nothing down", "postgres gone", "nats gone"])
def test_every_service_exits_within_its_grace_on_sigterm(
    outage: str, postgres: PrivatePostgres, nats: PrivateNats
) -> None:
    supervisor = start_every_service(postgres, nats, ARTIFACTS / outage.replace(" ", "-"))
    try:
        if outage == "postgres gone":
            postgres.stop("immediate")
        elif outage == "nats gone":
            nats.stop()
        time.sleep(3)  # long enough for every service to notice and start retrying
        times = sigterm_all_and_time(supervisor)
    finally:
        supervisor.stop(grace=1)
        if outage == "postgres gone":
            postgres.start()
    record(outage, times)
    assert sorted(times) == sorted(PROCESSES), f"still running after 30 s: {set(PROCESSES) - set(times)}"
    assert {name: t for name, t in times.items() if t["seconds"] > GRACE} == {}
    assert {name: t for name, t in times.items() if t["exit_code"] != 0} == {}


def test_no_service_outlives_a_killed_make_run_supervisor(
    postgres: PrivatePostgres, nats: PrivateNats, tmp_path: Path
) -> None:
    env = child_env(StackSettings(postgres.url, nats.url, "shutdown-test", extra_env=TUNING))
    for variable in ("DAIMYO_GAME_DB_SCHEMA", "DAIMYO_MATCHMAKING_DB_SCHEMA", "DAIMYO_ACCOUNTS_DB_SCHEMA"):
        env.pop(variable, None)
    assign_ports(env)  # never the default ports: other people's services may hold them
    supervisor = subprocess.Popen([sys.executable, str(REPO / "deploy" / "local" / "run.py"),
                                   "--data-dir", str(tmp_path / "data")], env=env, cwd=REPO,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    services: list[psutil.Process] = []
    try:
        wait_for_line(supervisor, "Play at ", 90)
        services = psutil.Process(supervisor.pid).children(recursive=True)  # with the bot's workers
        assert len(services) >= 4
        supervisor.send_signal(signal.SIGKILL)
        supervisor.wait()
        _gone, alive = psutil.wait_procs(services, timeout=GRACE + 3)
    finally:
        supervisor.kill()
        for process in services:  # only what this test started
            with contextlib.suppress(psutil.Error):
                process.kill()
    assert [p.pid for p in alive] == []


def wait_for_line(process: subprocess.Popen[str], text: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        seen.append(line)
        if text in line:
            return
        if not line and process.poll() is not None:
            break
    raise AssertionError(f"never printed {text!r}: {''.join(seen)[-2000:]}")
