"""The grpc.aio bootstrap every service uses: health + reflection on, graceful SIGTERM.

`start_server` returns a running server (tests use it with port 0); `serve` starts one and
runs until `stop` is set or it is cancelled (`daimyo_kit.shutdown.run` cancels it on SIGTERM),
then reports NOT_SERVING, lets in-flight calls finish within half the shutdown grace and stops.
Every call's `x-request-id` metadata (or a fresh id) is bound into the log context,
and a call that fails because the database is away ends UNAVAILABLE.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import grpc
import psycopg
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from daimyo_kit import logging as log
from daimyo_kit import shutdown
from daimyo_kit.grpc_client import REQUEST_ID_KEY, new_request_id

CONNECTION_AGE = [("grpc.max_connection_age_ms", 120_000), ("grpc.max_connection_age_grace_ms", 30_000)]
"""A client connection is closed after two minutes (calls in flight get 30 s more), so clients
re-resolve the service's addresses and spread over replicas added since they connected."""

MAX_CONCURRENT_CALLS = 1024
"""Calls a server handles at once; more are refused with RESOURCE_EXHAUSTED, so no caller can
queue unbounded work (a `SubmitMoves` call carries up to 256 moves). Callers keep a handful in
flight each."""


@dataclass(frozen=True)
class Servicer:
    """One gRPC service to host: the generated `add_XServicer_to_server`, the instance, and
    its full name (e.g. `game_pb2.DESCRIPTOR.services_by_name["GameService"].full_name`)."""

    add_to_server: Callable[[Any, grpc.aio.Server], None]
    instance: Any
    name: str


class RequestIdInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Binds the caller's `x-request-id` (or a new one) to the logs of that call."""

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        metadata = dict(handler_call_details.invocation_metadata or ())
        request_id = metadata.get(REQUEST_ID_KEY) or new_request_id()
        log.bind(request_id=request_id, rpc=handler_call_details.method)
        return await continuation(handler_call_details)


class OutageInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """A call that failed because the database is away ends UNAVAILABLE (retry later, with the
    same command id), not UNKNOWN: callers back off and retry only what may succeed later."""

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(handler_call_details)
        if handler is None or handler.unary_unary is None:
            return handler
        return handler._replace(unary_unary=_unavailable_during_outages(handler.unary_unary))


DATABASE_UNAVAILABLE = "the database is unavailable; retry shortly"


def is_outage(error: BaseException) -> bool:
    """Whether `error` is the database being unreachable (refused, lost, pool timed out): the
    caller gets UNAVAILABLE and may retry, not an internal error."""
    return isinstance(error, psycopg.OperationalError)


def log_outage(error: BaseException) -> None:
    log.get_logger(__name__).warning("database_unavailable", error=str(error).splitlines()[0])


def _unavailable_during_outages(behavior: Callable[[Any, Any], Awaitable[Any]]) -> Any:
    async def guarded(request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            return await behavior(request, context)
        except psycopg.OperationalError as e:
            log_outage(e)
            await context.abort(grpc.StatusCode.UNAVAILABLE, DATABASE_UNAVAILABLE)
    return guarded


@dataclass
class RunningServer:
    server: grpc.aio.Server
    health: health.aio.HealthServicer
    port: int
    names: tuple[str, ...]

    async def stop(self, grace: float = 10.0) -> None:
        """NOT_SERVING first (load balancers drain), then stop within `grace` seconds."""
        for name in ("", *self.names):
            await self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        await self.server.stop(grace)


async def start_server(
    servicers: Sequence[Servicer],
    port: int,
    host: str = "0.0.0.0",
    interceptors: Sequence[grpc.aio.ServerInterceptor] = (),
) -> RunningServer:
    """A started server hosting `servicers` plus health and reflection (port 0: any free port)."""
    server = grpc.aio.server(interceptors=[RequestIdInterceptor(), OutageInterceptor(), *interceptors],
                             maximum_concurrent_rpcs=MAX_CONCURRENT_CALLS,
                             options=CONNECTION_AGE)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for servicer in servicers:
        servicer.add_to_server(servicer.instance, server)
    names = tuple(s.name for s in servicers)
    reflection.enable_server_reflection((*names, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    for name in ("", *names):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    return RunningServer(server, health_servicer, bound, names)


async def serve(
    servicers: Sequence[Servicer],
    port: int,
    *,
    grace: float | None = None,
    host: str = "0.0.0.0",
    interceptors: Sequence[grpc.aio.ServerInterceptor] = (),
    on_started: Callable[[RunningServer], Awaitable[None]] | None = None,
    on_stopping: Callable[[], Awaitable[None]] | None = None,
    stop: asyncio.Event | None = None,
) -> None:
    """Run until `stop` is set or this is cancelled, then shut down within `grace` seconds
    (default: half of DAIMYO_SHUTDOWN_GRACE_SECONDS; `on_stopping` gets a quarter)."""
    grace = shutdown.share(0.5) if grace is None else grace
    running = await start_server(servicers, port, host, interceptors)
    logger = log.get_logger(__name__)
    logger.info("grpc_listening", port=running.port, services=list(running.names))
    try:
        if on_started:
            await on_started(running)
        await (stop or asyncio.Event()).wait()
    finally:
        logger.info("grpc_stopping", grace=grace)
        await _stop(running, grace, on_stopping)


async def _stop(running: RunningServer, grace: float,
                on_stopping: Callable[[], Awaitable[None]] | None) -> None:
    if on_stopping:
        await shutdown.bounded(on_stopping(), grace / 2, "on_stopping")
    await shutdown.bounded(running.stop(grace), grace + 1.0, "grpc_server_stop")
