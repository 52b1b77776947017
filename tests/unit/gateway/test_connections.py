"""The TCP side of the edge (`daimyo_gateway.connections`), tried with raw sockets: a request
whose head is sent byte by byte (slowloris) is dropped within the header deadline, on a fresh
connection and on a kept-alive one; a head sent in time is answered; an address holds a bounded
number of connections and a trusted proxy is not counted. These also pin the three fields of
aiohttp's `RequestHandler` that `EdgeHandler` reads: an aiohttp that renames them fails here."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from aiohttp import web

from daimyo_gateway.connections import ConnectionGuard, EdgeRunner
from daimyo_gateway.http_api import create_app
from daimyo_gateway.limits import Limits, TrustedProxies, parse_networks
from daimyo_gateway.tokens import TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking

LIMITS = Limits(http_header_seconds=0.5, http_idle_seconds=5, http_connections_per_address=3)
REQUEST = b"GET /healthz HTTP/1.1\r\nHost: gateway\r\nX-Padding: " + b"x" * 40 + b"\r\n\r\n"


async def serve(limits: Limits, proxies: str = "") -> tuple[EdgeRunner, int]:
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub(),  # type: ignore[arg-type]
                     limits=limits)
    runner = EdgeRunner(app, ConnectionGuard(limits, TrustedProxies(parse_networks(proxies))),
                        access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, runner.addresses[0][1]


@pytest.fixture
async def gateway() -> AsyncIterator[tuple[EdgeRunner, int]]:
    runner, port = await serve(LIMITS)
    yield runner, port
    await runner.cleanup()


async def dropped_after(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, data: bytes,
                        pause: float) -> tuple[float, bytes]:
    """Send `data` a byte every `pause` seconds; how long until the server hung up, and what it said."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    with contextlib.suppress(ConnectionError):
        for byte in data:
            if reader.at_eof():
                break
            writer.write(bytes([byte]))
            await writer.drain()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(reader.read(1 << 16), pause)
    return loop.time() - started, await reader.read()


async def test_a_request_head_sent_byte_by_byte_is_dropped_within_the_header_deadline(
        gateway: tuple[EdgeRunner, int]) -> None:
    runner, port = gateway
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    seconds, answer = await dropped_after(reader, writer, REQUEST, pause=0.05)
    writer.close()
    assert seconds < LIMITS.http_header_seconds + 0.5, f"held for {seconds:.1f} s"
    assert answer == b"", "nothing is answered to a head that never ended"
    assert runner.guard.slow_heads == 1


async def test_a_connection_that_sends_nothing_is_dropped_within_the_header_deadline(
        gateway: tuple[EdgeRunner, int]) -> None:
    _runner, port = gateway
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = asyncio.get_running_loop().time()
    assert await asyncio.wait_for(reader.read(), 3) == b""
    assert asyncio.get_running_loop().time() - started < LIMITS.http_header_seconds + 0.5
    writer.close()


async def test_a_head_sent_in_time_is_answered_and_the_next_one_is_on_a_deadline_too(
        gateway: tuple[EdgeRunner, int]) -> None:
    runner, port = gateway
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(REQUEST[:20])
    await asyncio.sleep(0.2)
    writer.write(REQUEST[20:])
    status = await asyncio.wait_for(reader.readline(), 3)
    assert status.startswith(b"HTTP/1.1 200"), status
    await asyncio.sleep(LIMITS.http_header_seconds + 0.2)  # idle between requests: kept alive
    seconds, _answer = await dropped_after(reader, writer, REQUEST, pause=0.05)
    writer.close()
    assert seconds < LIMITS.http_header_seconds + 0.5, f"the kept-alive slowloris held {seconds:.1f} s"
    assert runner.guard.slow_heads == 1


async def test_an_address_holds_a_bounded_number_of_connections(gateway: tuple[EdgeRunner, int]) -> None:
    runner, port = gateway
    most = LIMITS.http_connections_per_address
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(most)]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    refusal = await asyncio.wait_for(reader.read(), 3)
    assert refusal.startswith(b"HTTP/1.1 429 Too Many Requests\r\n") and b"Retry-After: 5" in refusal
    assert b'"code":"rate_limited"' in refusal
    assert runner.guard.refused == 1
    for _reader, held_writer in held:
        held_writer.close()
    await asyncio.sleep(0.1)
    reader, writer = await asyncio.open_connection("127.0.0.1", port)  # released: counted again from 0
    writer.write(REQUEST)
    assert (await asyncio.wait_for(reader.readline(), 3)).startswith(b"HTTP/1.1 200")
    writer.close()


async def test_a_trusted_proxy_is_not_counted_as_one_address() -> None:
    runner, port = await serve(replace(LIMITS, http_connections_per_address=1), proxies="127.0.0.0/8")
    try:
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(3)]
        reader, writer = held[-1]
        writer.write(REQUEST)
        assert (await asyncio.wait_for(reader.readline(), 3)).startswith(b"HTTP/1.1 200")
        assert runner.guard.refused == 0
        for _reader, held_writer in held:
            held_writer.close()
    finally:
        await runner.cleanup()


async def test_a_body_that_does_not_arrive_in_time_is_a_408() -> None:
    runner, port = await serve(replace(LIMITS, http_body_seconds=0.3))
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /api/session HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"name\":")
        started = asyncio.get_running_loop().time()
        status = await asyncio.wait_for(reader.readline(), 3)
        assert status.startswith(b"HTTP/1.1 408"), status
        assert asyncio.get_running_loop().time() - started < 1.0
        writer.close()
    finally:
        await runner.cleanup()
