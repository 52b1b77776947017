"""`make run` brings a crashed service back and gives each service only its own secrets: kill -9
of a service is followed by a restart (said on the terminal) and the service serves again,
SIGTERM to the supervisor still stops everything within the grace, and no service's
environment holds another role's credentials.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from daimyo_devkit.stack import StackSettings, assign_ports, child_env, grpc_serving
from daimyo_kit import credentials
from daimyo_kit.shutdown import GRACE_ENV
from tests.integration.test_stack_shutdown import wait_for_line
from tests.resilience.servers import PrivateNats, PrivatePostgres, running_nats, running_postgres

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
GRACE = 5.0
TUNING = {"DAIMYO_BOT_WORKERS": "1", "DAIMYO_BOT_DEADLINE_MS": "150", "DAIMYO_MATCH_INTERVAL_SECONDS": "0.2",
          GRACE_ENV: str(GRACE)}
SECRETS = set(credentials.generate()) | {"DAIMYO_TOKEN_SECRET", "DAIMYO_DATABASE_URL"}
OWN = {
    "daimyo_game": {"DAIMYO_GAME_NATS_PASSWORD", "DAIMYO_GRPC_CALLERS", "DAIMYO_DATABASE_URL"},
    "daimyo_matchmaking": {"DAIMYO_MATCHMAKING_NATS_PASSWORD", "DAIMYO_MATCHMAKING_GRPC_TOKEN",
                           "DAIMYO_GRPC_CALLERS", "DAIMYO_DATABASE_URL"},
    "daimyo_bot": {"DAIMYO_GRPC_CALLERS",  # and its in-process driver's:
                   "DAIMYO_DRIVER_NATS_PASSWORD", "DAIMYO_DRIVER_GRPC_TOKEN"},
    "daimyo_gateway": {"DAIMYO_GATEWAY_NATS_PASSWORD", "DAIMYO_GATEWAY_GRPC_TOKEN", "DAIMYO_TOKEN_SECRET"},
    "daimyo_analysis": {"DAIMYO_ANALYSIS_NATS_PASSWORD", "DAIMYO_ANALYSIS_GRPC_TOKEN",
                        "DAIMYO_GRPC_CALLERS", "DAIMYO_DATABASE_URL"},
    "daimyo_accounts": {"DAIMYO_GRPC_CALLERS", "DAIMYO_DATABASE_URL"},  # no NATS, calls nobody
    "daimyo_notifier": {"DAIMYO_NOTIFIER_NATS_PASSWORD", "DAIMYO_NOTIFIER_GRPC_TOKEN",
                        "DAIMYO_GRPC_CALLERS", "DAIMYO_VAPID_PRIVATE_KEY", "DAIMYO_DATABASE_URL"},
}


@pytest.fixture(scope="module")
def postgres() -> Iterator[PrivatePostgres]:
    with running_postgres("daimyo-restart-pg-") as server:
        yield server


@pytest.fixture
def nats(tmp_path: Path) -> Iterator[PrivateNats]:
    with running_nats(tmp_path / "nats") as server:
        yield server


@pytest.fixture
def make_run(postgres: PrivatePostgres, nats: PrivateNats,
             tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], dict[str, str]]]:
    env = child_env(StackSettings(postgres.url, nats.url, "restart-test", extra_env=TUNING))
    for variable in ("DAIMYO_GAME_DB_SCHEMA", "DAIMYO_MATCHMAKING_DB_SCHEMA", "DAIMYO_ACCOUNTS_DB_SCHEMA"):
        env.pop(variable, None)
    assign_ports(env)  # never the default ports: other people's services may hold them
    supervisor = subprocess.Popen([sys.executable, str(REPO / "deploy" / "local" / "run.py"),
                                   "--data-dir", str(tmp_path / "data")], env=env, cwd=REPO,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        wait_for_line(supervisor, "Play at ", 90)
        yield supervisor, env
    finally:
        started = psutil.Process(supervisor.pid).children(recursive=True) if supervisor.poll() is None else []
        supervisor.kill()
        for process in started:  # only what this test started
            with contextlib.suppress(psutil.Error):
                process.kill()


def services_of(supervisor: subprocess.Popen[str]) -> dict[str, psutil.Process]:
    """The supervisor's own children by what they run (`python -m daimyo_<name> [driver]`)."""
    found = {}
    for child in psutil.Process(supervisor.pid).children():
        command = child.cmdline()
        module = command[command.index("-m") + 1] if "-m" in command else ""
        if module.startswith("daimyo_"):
            found[module + (" driver" if "driver" in command else "")] = child
    return found


def test_a_killed_service_is_restarted_and_serves_again(
    make_run: tuple[subprocess.Popen[str], dict[str, str]],
) -> None:
    supervisor, env = make_run
    matchmaking = services_of(supervisor)["daimyo_matchmaking"]
    matchmaking.kill()
    wait_for_line(supervisor, "matchmaking exited with signal SIGKILL; restarting it in", 10)
    wait_for_line(supervisor, "matchmaking restarted", 10)
    serving = grpc_serving(int(env["DAIMYO_MATCHMAKING_GRPC_PORT"]))
    deadline = time.monotonic() + 30
    while not serving() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert serving(), "matchmaking did not serve again within 30 s of its restart"
    assert services_of(supervisor)["daimyo_matchmaking"].pid != matchmaking.pid

    everything = psutil.Process(supervisor.pid).children(recursive=True)
    began = time.monotonic()
    supervisor.send_signal(signal.SIGTERM)
    supervisor.wait(GRACE * 4 + 10)
    _gone, alive = psutil.wait_procs(everything, timeout=5)
    assert [p.pid for p in alive] == []
    assert time.monotonic() - began < GRACE + 5, "the services did not stop within their grace"


def test_each_service_holds_only_its_own_secrets(
    make_run: tuple[subprocess.Popen[str], dict[str, str]], tmp_path: Path,
) -> None:
    supervisor, _env = make_run
    held = {module: SECRETS & set(process.environ()) for module, process in services_of(supervisor).items()}
    assert held == OWN
    time.sleep(2)  # long enough for a service lacking a credential to be refused and say so
    logs = {log.name: log.read_text() for log in (tmp_path / "data" / "logs").glob("*.log")}
    refused = ("uthorization", "nauthenticated")
    assert {name for name, text in logs.items() if any(word in text for word in refused)} == set()
