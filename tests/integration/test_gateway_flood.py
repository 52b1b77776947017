"""One hostile browser cannot grow a real gateway process: a socket that floods pings with big
refs and never reads is closed, the gateway's memory (RSS, read with psutil) stays flat, one
line is logged for it, and another player's socket keeps being answered throughout.

On main before issue 12 the 63 KB flood grew the gateway from 56 MB to 659 MB in 3 s."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Iterator
from typing import Any

import aiohttp
import psutil
import pytest

from tests.e2e.stack import Stack, start_stack

pytestmark = pytest.mark.integration

FLOOD_SECONDS = 3.0
MAX_GROWTH_MB = 40.0


@pytest.fixture(scope="module")
def stack(database_url: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    running = start_stack(database_url, nats_url, tmp_path_factory.mktemp("flood-logs"))
    try:
        yield running
    finally:
        running.stop()


def gateway_rss_mb(stack: Stack) -> float:
    return float(psutil.Process(stack.supervisor["gateway"].pid).memory_info().rss) / 2**20


async def open_socket(http: aiohttp.ClientSession, url: str, name: str) -> aiohttp.ClientWebSocketResponse:
    async with http.post(f"{url}/api/session", json={"name": name}) as response:
        token = (await response.json())["token"]
    ws = await http.ws_connect(f"{url.replace('http', 'ws', 1)}/ws", headers={"Origin": url})
    await ws.send_str(json.dumps({"type": "auth", "token": token}))
    return ws


async def flood(ws: aiohttp.ClientWebSocketResponse, ref_bytes: int, seconds: float) -> int:
    """Pings with big refs as fast as the socket takes them for `seconds`, never reading;
    how many frames went out before the gateway stopped taking them."""
    sent, loop = 0, asyncio.get_running_loop()
    deadline = loop.time() + seconds
    frame = json.dumps({"type": "ping", "ref": "x" * ref_bytes})
    with contextlib.suppress(aiohttp.ClientError, ConnectionError, RuntimeError, TimeoutError):
        while loop.time() < deadline and not ws.closed:
            await asyncio.wait_for(ws.send_str(frame), timeout=max(0.01, deadline - loop.time()))
            sent += 1
    await asyncio.sleep(max(0.0, deadline - loop.time()))
    return sent


async def pongs_while(ws: aiohttp.ClientWebSocketResponse, done: asyncio.Event) -> int:
    """A well-behaved socket pinging every 0.2 s; how many pongs it got back."""
    answered = 0
    while not done.is_set():
        await ws.send_str(json.dumps({"type": "ping", "ref": answered}))
        with contextlib.suppress(TimeoutError):
            while (frame := json.loads((await ws.receive(timeout=2)).data)).get("type") != "pong":
                pass
            answered += frame["type"] == "pong"
        await asyncio.sleep(0.2)
    return answered


async def peak_rss(stack: Stack, done: asyncio.Event) -> float:
    peak = 0.0
    while not done.is_set():
        peak = max(peak, gateway_rss_mb(stack))
        await asyncio.sleep(0.05)
    return peak


async def close_code_of(ws: aiohttp.ClientWebSocketResponse, timeout: float = 10.0) -> Any:
    """Read what the gateway left in the socket until it closes; its close code (None if open)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    with contextlib.suppress(TimeoutError):
        while loop.time() < deadline:
            message = await ws.receive(timeout=max(0.01, deadline - loop.time()))
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return ws.close_code if ws.close_code is not None else message.type.name
    return None


async def open_sockets(http: aiohttp.ClientSession, url: str) -> float:
    async with http.get(f"{url}/metrics") as response:
        text = await response.text()
    found = re.search(r"^daimyo_ws_connections (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else -1.0


def closed_lines(stack: Stack) -> list[str]:
    lines = (stack.log_dir / "gateway.log").read_text().splitlines()
    return [line for line in lines if "socket_closed" in line]


@pytest.mark.parametrize("ref_bytes", [63_000, 8_000])  # the flood; one under the frame limit
async def test_a_socket_that_floods_and_never_reads_is_closed_and_memory_stays_flat(
        stack: Stack, ref_bytes: int) -> None:
    logged = len(closed_lines(stack))
    async with aiohttp.ClientSession() as http:
        calm = await open_socket(http, stack.url, "Calm")
        flooder = await open_socket(http, stack.url, "Flood")
        await asyncio.sleep(0.5)
        before = gateway_rss_mb(stack)
        done = asyncio.Event()
        peak_task = asyncio.create_task(peak_rss(stack, done))
        calm_task = asyncio.create_task(pongs_while(calm, done))
        sent = await flood(flooder, ref_bytes, FLOOD_SECONDS)
        await asyncio.sleep(1.0)
        done.set()
        peak, answered = await peak_task, await calm_task
        code = await close_code_of(flooder)
        remaining = await open_sockets(http, stack.url)
        print(f"ref {ref_bytes} B: gateway RSS before {before:.1f} MB, peak {peak:.1f} MB; flood frames "
              f"sent {sent}; calm pongs {answered}; flooder close {code}; sockets left {remaining}")
        assert peak - before < MAX_GROWTH_MB, f"RSS grew {peak - before:.0f} MB under one socket's flood"
        assert code is not None, "the flooding socket is still open"
        assert answered >= FLOOD_SECONDS / 0.2 / 2, "the calm socket was not served during the flood"
        assert remaining == 1.0
        assert len(closed_lines(stack)) == logged + 1, "one line for the failing socket"
        await calm.close()
