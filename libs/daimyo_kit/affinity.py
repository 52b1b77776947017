"""Calls about one game to one replica: rendezvous hashing over the addresses a target resolves to.

Any game-service replica can serve any game (an append checks the expected version), but the
replica that served a game's last move holds it warm. Spread call by call, a game's moves
alternate replicas and each finds its copy stale: a refused append, a reload and a retry per
move (two replicas on two cores ran at 0.63x of one). Sending each game to the replica its id
hashes highest with keeps the copy warm; when a replica comes or goes, only the games it owned
(or now owns) move. A client keeps its spreading channel for everything else, and as the way
round a replica that does not answer.

Targets: `ipv4:a:p,b:p` (fixed addresses), `dns:///host:port` or `host:port` (resolved again
every `refresh_seconds`, e.g. a Kubernetes headless service's ready pods). Anything else
(`unix:`, a proxy's name) resolves to nothing: every call then goes through the spreading channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import socket
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Generic, TypeVar

import grpc

_log = logging.getLogger(__name__)

REFRESH_SECONDS = 15.0
FIRST_RESOLVE_SECONDS = 2.0  # calls wait no longer for the first answer; meanwhile they spread
MAX_ENDPOINTS = 64  # a target resolving to more is cut to its first 64 (sorted): bounded channels

Resolver = Callable[[str, int], Awaitable[list[str]]]
Client = TypeVar("Client")
T = TypeVar("T")


def owner(key: str, endpoints: Sequence[str]) -> str:
    """The endpoint `key` hashes highest with (rendezvous hashing: adding or removing an endpoint
    moves only the keys it wins or held)."""
    return max(endpoints, key=lambda endpoint: _weight(key, endpoint))


def _weight(key: str, endpoint: str) -> bytes:
    return hashlib.blake2b(f"{endpoint}|{key}".encode(), digest_size=8).digest()


def parse_target(target: str) -> tuple[list[str], tuple[str, int] | None]:
    """(fixed addresses, (host, port) to resolve): one of them set, or neither (no affinity)."""
    if target.startswith("ipv4:"):
        return sorted({a.strip() for a in target[len("ipv4:"):].split(",") if a.strip()}), None
    if target.startswith("dns:"):
        name = target[len("dns:"):].lstrip("/")
        name = name.split("/", 1)[1] if "/" in name else name  # dns://authority/host:port
    elif "://" in target or target.startswith(("unix:", "ipv6:", "vsock:")):
        return [], None
    else:
        name = target
    host, _, port = name.rpartition(":")
    if not host or not port.isdigit():
        return [], None
    return [], (host.strip("[]"), int(port))


async def resolve(host: str, port: int) -> list[str]:
    """Every IPv4/IPv6 address of `host` as "ip:port", sorted."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return sorted({_address(str(info[4][0]), port) for info in infos})


def _address(ip: str, port: int) -> str:
    return f"[{ip}]:{port}" if ":" in ip else f"{ip}:{port}"


class Affinity(Generic[Client]):
    """Per-endpoint clients (made by `connect`, closed by `close_client`) and which one serves a key."""

    def __init__(self, target: str, connect: Callable[[str], Client],
                 close_client: Callable[[Client], Awaitable[None]],
                 refresh_seconds: float = REFRESH_SECONDS, resolver: Resolver = resolve,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._fixed, self._named = parse_target(target)
        self._connect, self._close_client = connect, close_client
        self._refresh_seconds, self._resolver, self._clock = refresh_seconds, resolver, clock
        self._clients: dict[str, Client] = {}
        self._endpoints: list[str] = []
        self._resolved_at: float | None = None
        self._refreshing: asyncio.Task[None] | None = None
        if self._fixed:
            self._use(self._fixed)

    async def client_for(self, key: str) -> tuple[str, Client] | None:
        """(endpoint, client) owning `key`, or None (nothing resolved: use the spreading channel)."""
        self._maybe_refresh()
        if self._named is not None and self._resolved_at is None and self._refreshing is not None:
            # the first resolution: wait for it, but not for a slow DNS (meanwhile calls spread)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._refreshing), FIRST_RESOLVE_SECONDS)
        if not self._endpoints:
            return None
        endpoint = owner(key, self._endpoints)
        return endpoint, self._clients[endpoint]

    async def close(self) -> None:
        if self._refreshing is not None:
            self._refreshing.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._refreshing
        clients, self._clients, self._endpoints = list(self._clients.values()), {}, []
        for client in clients:
            await self._close_client(client)

    def _maybe_refresh(self) -> None:
        if self._named is None or (self._refreshing is not None and not self._refreshing.done()):
            return
        if self._resolved_at is not None and self._clock() - self._resolved_at < self._refresh_seconds:
            return
        self._refreshing = asyncio.get_running_loop().create_task(self._refresh())

    async def _refresh(self) -> None:
        assert self._named is not None
        try:
            found = await self._resolver(*self._named)
        except OSError as e:  # keep what we had: calls still go somewhere, or spread
            _log.warning("resolving %s:%s for game affinity failed: %s", *self._named, e)
            found = self._endpoints
        self._resolved_at = self._clock()
        retired = self._use(found)
        for client in retired:
            await self._close_client(client)

    def _use(self, endpoints: Sequence[str]) -> list[Client]:
        """Switch to `endpoints`; the clients of endpoints gone, to close."""
        chosen = sorted(set(endpoints))[:MAX_ENDPOINTS]
        for endpoint in chosen:
            if endpoint not in self._clients:
                self._clients[endpoint] = self._connect(endpoint)
        gone = [e for e in self._clients if e not in chosen]
        self._endpoints = chosen
        return [self._clients.pop(e) for e in gone]


async def on_replica_or_any(call: Callable[[Any], Awaitable[T]], replica: Any, spreading: Any) -> T:
    """`call(replica)` (a stub), or `call(spreading)` if that replica does not answer
    (`UNAVAILABLE`; a deadline is not retried: the call may be under way there). Only for calls
    that are safe to send twice (reads, commands carrying a command id)."""
    if replica is not spreading:
        try:
            return await call(replica)
        except grpc.aio.AioRpcError as e:
            if e.code() != grpc.StatusCode.UNAVAILABLE:
                raise
    return await call(spreading)


class RoutedStub:
    """A gRPC stub whose calls about a game (a request with a `game_id`) go to that game's
    replica, the rest through the spreading channel's stub (see `on_replica_or_any`)."""

    def __init__(self, target: str, spreading: Any, make_stub: Callable[[Any], Any],
                 connect: Callable[[str], Any], refresh_seconds: float = REFRESH_SECONDS) -> None:
        self._spreading = spreading

        def replica(address: str) -> tuple[Any, Any]:
            channel = connect(address)
            return channel, make_stub(channel)
        self._affinity: Affinity[tuple[Any, Any]] = Affinity(target, replica, _close_replica, refresh_seconds)

    def __getattr__(self, method: str) -> Callable[..., Awaitable[Any]]:
        async def call(request: Any, **options: Any) -> Any:
            game_id = getattr(request, "game_id", "")
            found = await self._affinity.client_for(game_id) if game_id else None
            stub = found[1][1] if found is not None else self._spreading

            def send(to: Any) -> Awaitable[Any]:
                return getattr(to, method)(request, **options)  # type: ignore[no-any-return]
            return await on_replica_or_any(send, stub, self._spreading)
        return call

    async def close(self) -> None:
        """Close the per-replica channels (the spreading stub's channel is its creator's)."""
        await self._affinity.close()


async def _close_replica(replica: tuple[Any, Any]) -> None:
    await replica[0].close()
