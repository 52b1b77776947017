"""Every way a process reaches Postgres, NATS or another service waits at most
RECONNECT_CAP_SECONDS (≤ 10 s) between two attempts, so the stack answers within seconds of a
server's return after a long outage (issue 32: the gateway answered 503 for ~124 s)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from daimyo_kit.retry import (
    GRPC_RECONNECT_OPTIONS,
    NATS_RECONNECT_WAIT_SECONDS,
    POOL_RECONNECT_TIMEOUT,
    RECONNECT_CAP_SECONDS,
    backoff_delay,
)
from daimyo_matchmaking.store import open_pool

REPO = Path(__file__).resolve().parents[3]


def calls_named(name: str) -> list[tuple[Path, ast.Call]]:
    found = []
    for path in [*REPO.joinpath("libs").rglob("*.py"), *REPO.joinpath("services").rglob("*.py")]:
        if "daimyo_proto" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(name):
                found.append((path, node))
    return found


def keyword(call: ast.Call, name: str) -> str | None:
    return next((ast.unparse(k.value) for k in call.keywords if k.arg == name), None)


def test_the_cap_is_ten_seconds_at_most() -> None:
    assert 0 < RECONNECT_CAP_SECONDS <= 10


def test_no_backoff_delay_passes_the_cap_however_many_attempts_or_whatever_cap_is_asked() -> None:
    rng = random.Random(3)
    delays = [backoff_delay(n, base=1.0, cap=120.0, rng=rng) for n in range(1, 2000)]
    assert max(delays) <= RECONNECT_CAP_SECONDS


def test_grpc_channels_back_off_at_most_the_cap() -> None:
    options = dict(GRPC_RECONNECT_OPTIONS)
    assert options["grpc.max_reconnect_backoff_ms"] <= RECONNECT_CAP_SECONDS * 1000
    assert options["grpc.initial_reconnect_backoff_ms"] <= options["grpc.max_reconnect_backoff_ms"]


def test_the_nats_client_waits_less_than_the_cap_between_attempts() -> None:
    assert NATS_RECONNECT_WAIT_SECONDS <= RECONNECT_CAP_SECONDS
    (_, connect), = calls_named("nats.connect")
    assert keyword(connect, "reconnect_time_wait") == "NATS_RECONNECT_WAIT_SECONDS"
    assert keyword(connect, "max_reconnect_attempts") == "-1"


def test_every_postgres_pool_gives_up_a_connection_within_the_cap_and_grows_again_on_demand() -> None:
    assert POOL_RECONNECT_TIMEOUT <= RECONNECT_CAP_SECONDS
    pools = calls_named("AsyncConnectionPool")
    assert len(pools) >= 3
    for path, call in pools:
        assert keyword(call, "reconnect_timeout") == "POOL_RECONNECT_TIMEOUT", path


def test_a_matchmaking_pool_carries_the_cap() -> None:
    assert open_pool("postgresql://nobody@127.0.0.1:1/x").reconnect_timeout == POOL_RECONNECT_TIMEOUT


def test_every_grpc_channel_of_a_service_is_made_by_the_kit_with_the_capped_options() -> None:
    channels = [path.relative_to(REPO).as_posix() for path, _ in calls_named("aio.insecure_channel")]
    assert channels == ["libs/daimyo_kit/grpc_client.py"]
