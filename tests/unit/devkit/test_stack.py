"""The stack supervisor: one place builds every child's environment, each child holds only its
own secrets, ports never collide, a crashed child comes back after a capped backoff (never
during a stop), and children stop in reverse order, each as a whole process group."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from daimyo_devkit.stack import (
    RESTART_CAP,
    Child,
    StackSettings,
    Supervisor,
    always,
    assign_ports,
    child_env,
    restart_delay,
    service_env,
)
from daimyo_kit import credentials
from daimyo_kit.shutdown import PARENT_ENV

SETTINGS = StackSettings("postgresql://db", "nats://bus", "s3cret", schema_prefix="t",
                         extra_env={"DAIMYO_BOT_WORKERS": "1"})


def test_every_child_gets_the_stack_settings_and_fresh_schemas() -> None:
    env = child_env(SETTINGS, base={"PATH": "/bin"})
    assert (env["DAIMYO_DATABASE_URL"], env["DAIMYO_NATS_URL"], env["DAIMYO_TOKEN_SECRET"]) == (
        "postgresql://db", "nats://bus", "s3cret")
    assert env["DAIMYO_GAME_DB_SCHEMA"].startswith("t_game_")
    assert env["DAIMYO_MATCHMAKING_DB_SCHEMA"].startswith("t_mm_")
    assert (env["PATH"], env["DAIMYO_BOT_WORKERS"]) == ("/bin", "1")


def test_each_stack_follows_the_shared_games_stream_on_durable_consumers_of_its_own() -> None:
    first, second = child_env(SETTINGS, base={}), child_env(SETTINGS, base={})
    assert first["DAIMYO_NOTIFIER_CONSUMER"].startswith("t-notifier-")
    assert first["DAIMYO_NOTIFIER_CONSUMER"] != second["DAIMYO_NOTIFIER_CONSUMER"]


def test_without_a_prefix_the_services_keep_their_default_schemas() -> None:
    env = child_env(StackSettings("postgresql://db", "nats://bus", "s"), base={})
    assert "DAIMYO_GAME_DB_SCHEMA" not in env
    assert "DAIMYO_NOTIFIER_CONSUMER" not in env  # `make run` keeps the durable consumer it had


def test_assigned_ports_are_distinct_and_callers_are_pointed_at_them() -> None:
    env: dict[str, str] = {}
    assign_ports(env)
    ports = [v for k, v in env.items() if k.endswith("_PORT")]
    assert len(ports) == len(set(ports)) == 14  # grpc + metrics for six, http + metrics for the gateway
    assert env["DAIMYO_GAME_ADDR"] == f"127.0.0.1:{env['DAIMYO_GAME_GRPC_PORT']}"


def test_the_bot_driver_does_not_take_the_bots_metrics_port() -> None:
    env: dict[str, str] = {}
    assign_ports(env)
    supervisor = Supervisor()
    bot, driver = supervisor.add("bot", env), supervisor.add("bot-driver", env)
    assert bot.env["DAIMYO_BOT_METRICS_PORT"] != driver.env["DAIMYO_BOT_METRICS_PORT"]
    assert (driver.module, driver.args) == ("daimyo_bot", ["driver"])


def test_children_run_in_their_own_groups_and_stop_in_reverse_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    supervisor = Supervisor(tmp_path)
    stopped: list[str] = []
    child_stop = Child.stop

    def recorded(child: Child, grace: float | None = None) -> bool:
        stopped.append(child.name)
        return child_stop(child, grace)

    monkeypatch.setattr(Child, "stop", recorded)
    env = dict(os.environ)
    for name in ("first", "second"):
        supervisor.add(name, env, always, module="http.server", args=["0", "--bind", "127.0.0.1"])
    supervisor.start_all()
    first, second = supervisor["first"], supervisor["second"]
    assert first.running and second.running
    assert os.getpgid(first.pid) == first.pid  # its own process group
    assert PARENT_ENV not in env  # the supervisor adds it to each child's own copy
    began = time.monotonic()
    assert supervisor.stop() == []
    assert time.monotonic() - began < 5
    assert stopped == ["second", "first"]
    assert not first.running and not second.running


# -- each child's secrets -------------------------------------------------------------------

STACK = child_env(StackSettings("postgresql://db", "nats://bus", "token-signing"), base={"PATH": "/bin"})
EXPECTED_SECRETS = {
    "game": {"DAIMYO_GAME_NATS_PASSWORD", "DAIMYO_GRPC_CALLERS", "DAIMYO_DATABASE_URL"},
    "matchmaking": {"DAIMYO_MATCHMAKING_NATS_PASSWORD", "DAIMYO_MATCHMAKING_GRPC_TOKEN",
                    "DAIMYO_GRPC_CALLERS", "DAIMYO_DATABASE_URL"},
    "gateway": {"DAIMYO_GATEWAY_NATS_PASSWORD", "DAIMYO_GATEWAY_GRPC_TOKEN", "DAIMYO_TOKEN_SECRET"},
    "bot": {"DAIMYO_GRPC_CALLERS", "DAIMYO_DRIVER_NATS_PASSWORD", "DAIMYO_DRIVER_GRPC_TOKEN"},  # + its driver
    "bot-driver": {"DAIMYO_DRIVER_NATS_PASSWORD", "DAIMYO_DRIVER_GRPC_TOKEN"},
    "http.server": set(),  # anything else: no secret at all
}


def secrets_in(env: dict[str, str]) -> set[str]:
    every = set(credentials.generate()) | {"DAIMYO_TOKEN_SECRET", "DAIMYO_DATABASE_URL"}
    return {name for name in env if name in every}


@pytest.mark.parametrize("kind", sorted(EXPECTED_SECRETS))
def test_each_child_holds_only_its_own_roles_secrets(kind: str) -> None:
    assert secrets_in(STACK) > EXPECTED_SECRETS[kind]  # the stack holds them all ...
    assert secrets_in(service_env(kind, STACK)) == EXPECTED_SECRETS[kind]  # ... each child its own


def test_a_bot_service_without_its_own_driver_holds_only_the_callers_list() -> None:
    alone = dict(STACK, DAIMYO_BOT_DRIVER="off")
    assert secrets_in(service_env("bot", alone)) == {"DAIMYO_GRPC_CALLERS"}


def test_a_childs_secrets_keep_the_stacks_values_and_its_other_settings() -> None:
    gateway = service_env("gateway", STACK)
    assert gateway["DAIMYO_TOKEN_SECRET"] == "token-signing"
    assert (gateway["DAIMYO_NATS_URL"], gateway["PATH"]) == ("nats://bus", "/bin")


def test_supervised_replicas_get_their_services_secrets() -> None:
    supervisor = Supervisor()
    replica = supervisor.add("matchmaking-1", dict(STACK), always, module="daimyo_matchmaking", args=[])
    assert secrets_in(replica.env) == EXPECTED_SECRETS["matchmaking"]


# -- restarts -------------------------------------------------------------------------------


def test_the_restart_delay_doubles_from_half_a_second_up_to_its_cap() -> None:
    assert [restart_delay(n) for n in range(7)] == [0.5, 1, 2, 4, 8, RESTART_CAP, RESTART_CAP]
    assert restart_delay(1000) == RESTART_CAP


def test_a_child_that_stayed_up_long_enough_starts_its_backoff_afresh() -> None:
    child = Child("x", "x", [], {}, None)
    child.crashes, child.started_at = 5, 0.0
    assert child.schedule_restart(now=1000.0) == 0.5
    child.started_at = 1000.0
    assert child.schedule_restart(now=1001.0) == 1.0


def http_child(tmp_path: Path) -> tuple[Supervisor, Child]:
    supervisor = Supervisor(tmp_path)
    supervisor.add("web", dict(os.environ), always, module="http.server", args=["0", "--bind", "127.0.0.1"])
    supervisor.start_all()
    return supervisor, supervisor["web"]


def test_a_killed_child_is_started_again_and_the_supervisor_says_so(tmp_path: Path) -> None:
    supervisor, web = http_child(tmp_path)
    said: list[str] = []
    try:
        first = web.pid
        os.kill(first, signal.SIGKILL)
        deadline = time.monotonic() + 10
        while not (web.running and web.pid != first) and time.monotonic() < deadline:
            supervisor.restart_exited(said.append)
            time.sleep(0.05)
        assert web.running and web.pid != first
        assert said[0].startswith("! web exited with signal SIGKILL; restarting it in 0.5 s")
        assert said[1].startswith("  web restarted (pid")
    finally:
        supervisor.stop(grace=2)


def test_nothing_is_restarted_once_a_stop_has_begun(tmp_path: Path) -> None:
    supervisor, web = http_child(tmp_path)
    supervisor.stop(grace=2)
    said: list[str] = []
    for _ in range(3):
        supervisor.restart_exited(said.append)
        time.sleep(0.3)
    assert not web.running and said == []
