"""The TCP side of the public edge, below aiohttp's request handling, where refusing a hostile
client costs least: a bounded number of connections per peer address, a deadline on every
request's headers, and an idle deadline on kept-alive connections.

aiohttp's server has no header timeout of its own: a request sent byte by byte (slowloris) is
held until the keep-alive timeout, an hour by default. `EdgeHandler` is aiohttp's
`RequestHandler` with a deadline: from a connection's start, or from the first byte of each later
request, the request's head must be complete within `http_header_seconds` or the connection is
dropped. It reads three fields its base class keeps (`_waiter`: idle between requests;
`_request_count`: heads parsed so far; `_upgraded`: now a WebSocket), which
tests/unit/gateway/test_connections.py pins against the installed aiohttp.
"""

from __future__ import annotations

import asyncio
from typing import Any

import structlog
from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from daimyo_gateway import frames
from daimyo_gateway.limits import Counted, Limits, TrustedProxies, address_key
from daimyo_gateway.metrics import REFUSED

_log = structlog.get_logger("daimyo_gateway.connections")
_EXEMPT = ""  # the key of a trusted proxy's connections: a proxy carries many clients


class ConnectionGuard:
    """What every connection of one server shares: the count per peer address, the deadlines."""

    def __init__(self, limits: Limits, proxies: TrustedProxies) -> None:
        self.limits, self._proxies = limits, proxies
        self._open = Counted(limits.http_connections_per_address)
        self.slow_heads = 0  # connections dropped for a request head not sent in time
        self.refused = 0  # connections refused for their address's count
        body = frames.encode(frames.error(
            "rate_limited", f"at most {limits.http_connections_per_address} connections per address",
            args={"retry_after_seconds": 5}))
        self.refusal = (b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n"
                        b"Retry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
                        % (len(body), body))

    def admit(self, peer: str | None) -> str | None:
        """The key this connection is counted under; None when its address holds too many."""
        if self._proxies.trusts(peer):
            return _EXEMPT
        key = address_key(peer or "unknown")
        if self._open.acquire(key):
            return key
        self.refused += 1
        REFUSED("connections").inc()
        return None

    def release(self, key: str) -> None:
        if key != _EXEMPT:
            self._open.release(key)


class EdgeHandler(RequestHandler):
    """One connection: counted against its address, its request heads on a deadline."""

    __slots__ = ("_counted", "_guard", "_head_deadline")

    def __init__(self, manager: web.Server, guard: ConnectionGuard, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self._guard = guard
        self._counted: str | None = None
        self._head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self._counted = self._guard.admit(peer[0] if peer else None)
        if self._counted is None:  # refused before aiohttp spends anything on it
            transport.write(self._guard.refusal)  # type: ignore[attr-defined]
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._head_deadline is None and self._waiter is not None and not self._upgraded:
            self._arm()  # the first byte of the next request on a kept-alive connection
        heads = self._request_count
        super().data_received(data)
        if self._request_count != heads or self._upgraded:
            self._disarm()

    def connection_lost(self, exc: BaseException | None) -> None:
        self._disarm()
        if self._counted is None:
            return  # refused: aiohttp never saw it
        self._guard.release(self._counted)
        self._counted = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._head_deadline = self._loop.call_later(self._guard.limits.http_header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def _too_slow(self) -> None:
        self._head_deadline = None
        self._guard.slow_heads += 1
        REFUSED("header_timeout").inc()
        self.force_close()


class EdgeServer(web.Server):
    """aiohttp's server whose connections are `EdgeHandler`s."""

    def __init__(self, base: web.Server, guard: ConnectionGuard) -> None:
        super().__init__(base.request_handler, request_factory=base.request_factory,
                         handler_cancellation=base.handler_cancellation, loop=base._loop, **base._kwargs)
        self.guard = guard

    def __call__(self) -> RequestHandler:
        return EdgeHandler(self, self.guard, loop=self._loop, **self._kwargs)


class EdgeRunner(web.AppRunner):
    """An `AppRunner` serving through `EdgeServer`; `keepalive_timeout` is the idle deadline."""

    def __init__(self, app: web.Application, guard: ConnectionGuard, **kwargs: Any) -> None:
        super().__init__(app, keepalive_timeout=guard.limits.http_idle_seconds, **kwargs)
        self.guard = guard

    async def _make_server(self) -> web.Server:
        return EdgeServer(await super()._make_server(), self.guard)
