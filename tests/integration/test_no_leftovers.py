"""Every command the README and Makefile offer leaves no process behind when it ends: normally,
on an error, on Ctrl-C, on SIGTERM, and when whatever started it is killed. Each runs shortened
under a reaper (tests/support/leftovers.py) that finds what it left by parent chain."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.support.leftovers import Outcome, run_and_end

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
PY = sys.executable
UNREACHABLE_POSTGRES = "postgresql://nobody@127.0.0.1:9/nowhere?connect_timeout=2"


def _env(database_url: str, nats_url: str, **changes: str | None) -> dict[str, str]:
    env = dict(os.environ, DAIMYO_DATABASE_URL=database_url, DAIMYO_NATS_URL=nats_url, PYTHONUNBUFFERED="1")
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def _nothing_left(outcome: Outcome) -> None:
    assert outcome.left == [], f"left running: {outcome.left}\n--- output ---\n{outcome.output}"


def _no_private_nats_dirs() -> None:
    servers = REPO / "test-artifacts" / "load-servers"
    assert not list(servers.glob("nats-*")), "a load run left its private NATS directory behind"


# -- make run ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def run_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("make-run")


@pytest.mark.parametrize("end", ("sigint", "parent_killed"))
def test_make_run_with_embedded_servers_leaves_nothing_when_stopped(end: str, run_data: Path) -> None:
    env = _env("", "", DAIMYO_DATABASE_URL=None, DAIMYO_NATS_URL=None)
    outcome = run_and_end([PY, "deploy/local/run.py", "--data-dir", str(run_data)], end, env, REPO,
                          ready="Play at http")
    assert "Play at http" in outcome.output
    _nothing_left(outcome)


def test_make_run_leaves_nothing_when_it_fails_after_starting_nats(tmp_path: Path) -> None:
    env = _env(UNREACHABLE_POSTGRES, "", DAIMYO_NATS_URL=None)
    outcome = run_and_end([PY, "deploy/local/run.py", "--data-dir", str(tmp_path)], "normal", env, REPO)
    assert outcome.exit_code not in (0, None)
    _nothing_left(outcome)


# -- make load --------------------------------------------------------------------------------

LOAD = [PY, "tests/load/load.py", "--games", "2", "--seconds", "1", "--append-seconds", "0.1"]


@pytest.mark.parametrize("end", ("normal", "sigterm", "parent_killed"))
def test_make_load_leaves_no_nats_or_service_behind(end: str, database_url: str, nats_url: str) -> None:
    outcome = run_and_end(LOAD, end, _env(database_url, nats_url), REPO, ready="services: ")
    if end == "normal":
        assert outcome.exit_code == 0, outcome.output
    _nothing_left(outcome)
    _no_private_nats_dirs()


def test_make_load_leaves_nothing_when_it_fails(database_url: str, nats_url: str) -> None:
    argv = [*LOAD, "--gateway", "http://127.0.0.1:9", "--game-addr", "127.0.0.1:9"]
    outcome = run_and_end(argv, "normal", _env(database_url, nats_url), REPO)
    assert outcome.exit_code not in (0, None)
    _nothing_left(outcome)
    _no_private_nats_dirs()


# -- make test --------------------------------------------------------------------------------


@pytest.mark.parametrize("end", ("normal", "sigterm", "parent_killed"))
def test_a_test_session_on_embedded_servers_leaves_nothing(end: str) -> None:
    seconds = "0" if end == "normal" else "120"
    env = _env("", "", DAIMYO_DATABASE_URL=None, DAIMYO_NATS_URL=None, DAIMYO_PROBE_SECONDS=seconds)
    argv = [PY, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "tests/support/embedded_probe.py"]
    outcome = run_and_end(argv, end, env, REPO, ready="READY")
    assert "READY" in outcome.output, outcome.output
    if end == "normal":
        assert outcome.exit_code == 0, outcome.output
    _nothing_left(outcome)


# -- make bench, make bench-bots ----------------------------------------------------------------


@pytest.mark.parametrize("end", ("parent_killed",))
def test_a_bench_on_embedded_postgres_leaves_nothing(end: str) -> None:
    env = _env("", "", DAIMYO_DATABASE_URL=None, DAIMYO_NATS_URL=None)
    outcome = run_and_end([PY, "tests/bench/bench_store.py"], end, env, REPO, ready="event store on")
    _nothing_left(outcome)


@pytest.mark.parametrize("end", ("normal", "parent_killed"))
def test_the_bot_round_robin_leaves_no_search_worker(end: str) -> None:
    argv = [PY, "tests/bench/bots_roundrobin.py", "--games", "1", "--seconds-per-move", "0.02",
            "--players", "2", "--pairings", "greedy:random", "--workers", "2"]
    outcome = run_and_end(argv, end, dict(os.environ), REPO, ready="round-robin")
    if end == "normal":
        assert outcome.exit_code == 0, outcome.output
    _nothing_left(outcome)


# -- the operators' and engines' command lines ------------------------------------------------


def test_the_operators_replay_command_leaves_nothing(database_url: str, nats_url: str) -> None:
    argv = [PY, "-m", "daimyo_game", "replay", "no-such-game"]
    outcome = run_and_end(argv, "normal", _env(database_url, nats_url), REPO)
    assert outcome.exit_code not in (0, None)
    _nothing_left(outcome)


def test_the_engines_selfplay_command_leaves_nothing(tmp_path: Path) -> None:
    argv = [PY, "-m", "daimyo_rules", "selfplay", "--game", "samurai", "--players", "2", "--seed", "3",
            "--out", str(tmp_path / "game.json")]
    outcome = run_and_end(argv, "normal", dict(os.environ), REPO)
    assert outcome.exit_code == 0, outcome.output
    _nothing_left(outcome)
