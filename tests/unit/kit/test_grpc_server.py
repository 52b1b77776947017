"""The gRPC bootstrap: health and reflection on, request ids bound to logs, graceful stop."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest
import structlog
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from daimyo_kit.grpc_server import RunningServer, Servicer, serve, start_server

ECHO = "test.Echo"


async def report_request_id(request: bytes, context: Any) -> bytes:
    return str(structlog.contextvars.get_contextvars().get("request_id", "")).encode()


def echo_servicer() -> Servicer:
    handler = grpc.method_handlers_generic_handler(
        ECHO, {"RequestId": grpc.unary_unary_rpc_method_handler(report_request_id)}
    )
    return Servicer(lambda instance, server: server.add_generic_rpc_handlers((instance,)), handler, ECHO)


@pytest.fixture
async def running() -> AsyncIterator[RunningServer]:
    server = await start_server([echo_servicer()], 0, host="127.0.0.1")
    yield server
    await server.stop(0)


async def test_the_health_service_reports_serving(running: RunningServer) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        for name in ("", ECHO):
            reply = await stub.Check(health_pb2.HealthCheckRequest(service=name))
            assert reply.status == health_pb2.HealthCheckResponse.SERVING


async def test_reflection_lists_the_hosted_services(running: RunningServer) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        async for reply in stub.ServerReflectionInfo(iter([request])):
            names = {s.name for s in reply.list_services_response.service}
            break
    assert {ECHO, "grpc.health.v1.Health"} <= names


async def test_the_callers_request_id_is_bound_for_the_call(running: RunningServer) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        call = channel.unary_unary(f"/{ECHO}/RequestId")
        given = await call(b"", metadata=(("x-request-id", "req-123"),))
        fresh = await call(b"")
    assert given == b"req-123"
    assert fresh and fresh != b"req-123"


async def test_serve_stops_gracefully_when_asked() -> None:
    stop = asyncio.Event()
    started: list[RunningServer] = []

    async def on_started(server: RunningServer) -> None:
        started.append(server)
        stop.set()

    await asyncio.wait_for(
        serve([echo_servicer()], 0, host="127.0.0.1", grace=1, on_started=on_started, stop=stop), 10
    )
    async with grpc.aio.insecure_channel(f"127.0.0.1:{started[0].port}") as channel:
        with pytest.raises(grpc.aio.AioRpcError):
            await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)


async def test_calls_beyond_the_servers_limit_are_refused_as_resource_exhausted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from daimyo_kit import grpc_server

    monkeypatch.setattr(grpc_server, "MAX_CONCURRENT_CALLS", 2)
    release = asyncio.Event()

    async def wait(request: bytes, context: Any) -> bytes:
        await release.wait()
        return b"done"

    handler = grpc.method_handlers_generic_handler(ECHO, {"Wait": grpc.unary_unary_rpc_method_handler(wait)})
    server = await start_server([Servicer(lambda i, s: s.add_generic_rpc_handlers((i,)), handler, ECHO)],
                                0, host="127.0.0.1")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{server.port}") as channel:
            call = channel.unary_unary(f"/{ECHO}/Wait")
            held = [asyncio.ensure_future(call(b"")) for _ in range(2)]
            await asyncio.sleep(0.3)
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await call(b"", timeout=5)
            assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            release.set()
            assert await asyncio.gather(*held) == [b"done", b"done"]
    finally:
        await server.stop(0)
