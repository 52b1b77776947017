"""A call that fails because the database is away ends UNAVAILABLE (callers retry it), and
every other failure keeps its usual status."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc
import psycopg
import pytest
from psycopg_pool import PoolTimeout

from daimyo_kit.grpc_server import RunningServer, Servicer, start_server

FLAKY = "test.Flaky"


async def database_gone(request: bytes, context: Any) -> bytes:
    raise psycopg.OperationalError("connection to server at 127.0.0.1 failed: Connection refused")


async def pool_exhausted(request: bytes, context: Any) -> bytes:
    raise PoolTimeout("couldn't get a connection after 30.00 sec")


async def broken(request: bytes, context: Any) -> bytes:
    raise ValueError("a bug")


async def refused(request: bytes, context: Any) -> bytes:
    await context.abort(grpc.StatusCode.FAILED_PRECONDITION, "out of turn")
    return b""


def flaky_servicer() -> Servicer:
    methods = {name: grpc.unary_unary_rpc_method_handler(f) for name, f in
               (("DatabaseGone", database_gone), ("PoolExhausted", pool_exhausted), ("Broken", broken),
                ("Refused", refused))}
    handler = grpc.method_handlers_generic_handler(FLAKY, methods)
    return Servicer(lambda instance, server: server.add_generic_rpc_handlers((instance,)), handler, FLAKY)


@pytest.fixture
async def running() -> AsyncIterator[RunningServer]:
    server = await start_server([flaky_servicer()], 0, host="127.0.0.1")
    yield server
    await server.stop(0)


async def status_of(running: RunningServer, method: str) -> grpc.StatusCode:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        with pytest.raises(grpc.aio.AioRpcError) as failure:
            await channel.unary_unary(f"/{FLAKY}/{method}")(b"")
    return failure.value.code()


@pytest.mark.parametrize("method", ["DatabaseGone", "PoolExhausted"])
async def test_a_database_outage_is_unavailable(running: RunningServer, method: str) -> None:
    assert await status_of(running, method) == grpc.StatusCode.UNAVAILABLE


async def test_a_bug_stays_unknown(running: RunningServer) -> None:
    assert await status_of(running, "Broken") == grpc.StatusCode.UNKNOWN


async def test_a_refusal_keeps_its_own_status(running: RunningServer) -> None:
    assert await status_of(running, "Refused") == grpc.StatusCode.FAILED_PRECONDITION
