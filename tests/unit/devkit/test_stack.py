"""The stack supervisor: one place builds every child's environment, ports never collide, and
children stop in reverse order, each as a whole process group."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from daimyo_devkit.stack import Child, StackSettings, Supervisor, always, assign_ports, child_env
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


def test_without_a_prefix_the_services_keep_their_default_schemas() -> None:
    env = child_env(StackSettings("postgresql://db", "nats://bus", "s"), base={})
    assert "DAIMYO_GAME_DB_SCHEMA" not in env


def test_assigned_ports_are_distinct_and_callers_are_pointed_at_them() -> None:
    env: dict[str, str] = {}
    assign_ports(env)
    ports = [v for k, v in env.items() if k.endswith("_PORT")]
    assert len(ports) == len(set(ports)) == 8  # grpc + metrics for three, http + metrics for the gateway
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
