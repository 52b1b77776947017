"""The public edge of a real gateway process (before a real game service), tried as the
hostile guest of issue 32 did — each test from its own loopback address (127.0.0.x), so the
per-address quotas of one do not touch another's:

- sockets per address, new sockets per second per address, reconnects per player and HTTP
  requests per address are bounded: 429 with `rate_limited` and `Retry-After`, or an error frame
  and 1008 once a socket is signed in; another address is not affected;
- `X-Forwarded-For` counts only from a trusted proxy; Origin is compared with its scheme;
- a request head sent byte by byte is dropped within the header deadline, and slow connections
  from one address are bounded;
- a client that reconnects sending 63 KB frames makes the gateway read megabytes, not gigabytes;
- a lone surrogate is an error frame (the socket lives), invalid UTF-8 a 1007 close, numbers
  beyond int32/int64 and odd headers 4xx — one short log line at most, rate-limited, never a
  traceback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import psutil
import pytest

from daimyo_devkit.stack import Supervisor
from tests.e2e.stack import REPO, stack_env

pytestmark = pytest.mark.integration

HEADER_SECONDS = 1.0
PROXY = "127.0.0.200"
CLOSED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
EDGE = {"DAIMYO_WS_SOCKETS_PER_ADDRESS": "5", "DAIMYO_WS_NEW_SOCKETS_PER_SECOND": "1",
        "DAIMYO_WS_NEW_SOCKET_BURST": "8", "DAIMYO_WS_PLAYER_NEW_SOCKETS_PER_MINUTE": "4",
        "DAIMYO_HTTP_REQUESTS_PER_SECOND": "5", "DAIMYO_HTTP_REQUEST_BURST": "20",
        "DAIMYO_HTTP_HEADER_SECONDS": str(HEADER_SECONDS), "DAIMYO_HTTP_CONNECTIONS_PER_ADDRESS": "20",
        "DAIMYO_TRUSTED_PROXIES": f"{PROXY}/32", "DAIMYO_BAD_INPUT_LOGS_PER_MINUTE": "3"}


@dataclass
class Edge:
    url: str
    port: int
    log: Path
    pid: int

    def ws(self) -> str:
        return self.url.replace("http", "ws", 1) + "/ws"

    def log_lines(self) -> list[str]:
        return self.log.read_text(errors="replace").splitlines()


@pytest.fixture(scope="module")
def edge(database_url: str, nats_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Edge]:
    env = stack_env(database_url, nats_url)
    env.update(EDGE)
    log_dir = tmp_path_factory.mktemp("edge-logs")
    supervisor = Supervisor(log_dir, REPO)
    supervisor.add("game", env)
    supervisor.add("accounts", env)  # guest sign-ins are sessions there
    supervisor.add("gateway", env)
    supervisor.start_all(wait_each=("game", "accounts"), timeout=60)
    port = int(env["DAIMYO_GATEWAY_HTTP_PORT"])
    try:
        yield Edge(f"http://127.0.0.1:{port}", port, log_dir / "gateway.log",
                   supervisor.children["gateway"].process.pid)  # type: ignore[union-attr]
    finally:
        supervisor.stop()


@contextlib.asynccontextmanager
async def client_from(address: str) -> AsyncIterator[aiohttp.ClientSession]:
    """An HTTP client whose connections come from `address` (any 127.x address is loopback)."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0), limit=0, force_close=True)
    async with aiohttp.ClientSession(connector=connector) as http:
        yield http


async def sign_in(http: aiohttp.ClientSession, edge: Edge) -> str:
    async with http.post(f"{edge.url}/api/session", json={"name": "Edge"}) as response:
        assert response.status == 200, await response.text()
        token: str = (await response.json())["token"]
        return token


async def open_socket(http: aiohttp.ClientSession, edge: Edge, token: str | None = None,
                      headers: dict[str, str] | None = None) -> aiohttp.ClientWebSocketResponse:
    ws = await http.ws_connect(edge.ws(), headers=headers)
    auth = {"type": "auth", "token": token} if token else {"type": "auth", "visitor": True}
    await ws.send_str(json.dumps(auth))
    hello = json.loads((await ws.receive(timeout=5)).data)
    assert hello["type"] == "hello", hello
    return ws


async def refusal_of(http: aiohttp.ClientSession, edge: Edge) -> aiohttp.WSServerHandshakeError:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await http.ws_connect(edge.ws())
    return refused.value


async def frame_of(ws: aiohttp.ClientWebSocketResponse, kind: str) -> dict[str, object]:
    while True:
        message = await ws.receive(timeout=5)
        assert message.type == aiohttp.WSMsgType.TEXT, (message.type, ws.close_code)
        frame: dict[str, object] = json.loads(message.data)
        if frame["type"] == kind:
            return frame


# -- per-address and per-player quotas --------------------------------------------------------


async def test_an_address_holds_a_bounded_number_of_sockets_and_another_address_is_unaffected(
        edge: Edge) -> None:
    async with client_from("127.0.0.2") as http, client_from("127.0.0.3") as other:
        held = [await open_socket(http, edge) for _ in range(5)]
        refused = await refusal_of(http, edge)
        assert refused.status == 429 and refused.headers is not None
        assert int(refused.headers["Retry-After"]) >= 1
        await (await open_socket(other, edge)).close()
        await held[0].close()
        await asyncio.sleep(0.2)
        await (await open_socket(http, edge)).close()  # one closed: one may open again
        for ws in held[1:]:
            await ws.close()


async def test_new_sockets_from_one_address_are_paced(edge: Edge) -> None:
    async with client_from("127.0.0.4") as http:
        for _ in range(8):
            await (await open_socket(http, edge)).close()
        refused = await refusal_of(http, edge)
        assert refused.status == 429 and refused.headers is not None and "Retry-After" in refused.headers


async def test_a_players_reconnects_are_paced_with_an_error_frame_then_1008(edge: Edge) -> None:
    async with client_from("127.0.0.5") as http:
        token = await sign_in(http, edge)
        for _ in range(4):
            await (await open_socket(http, edge, token)).close()
        ws = await http.ws_connect(edge.ws())
        await ws.send_str(json.dumps({"type": "auth", "token": token}))
        error = json.loads((await ws.receive(timeout=5)).data)
        assert error["type"] == "error" and error["code"] == "rate_limited"
        assert error["args"]["retry_after_seconds"] >= 1
        assert (await ws.receive(timeout=5)).type == aiohttp.WSMsgType.CLOSE and ws.close_code == 1008


async def test_http_requests_from_one_address_are_limited_and_probes_are_not(edge: Edge) -> None:
    async with client_from("127.0.0.6") as http:
        statuses = []
        for _ in range(30):
            async with http.get(f"{edge.url}/api/catalog") as response:
                statuses.append(response.status)
                if response.status == 429:
                    assert int(response.headers["Retry-After"]) >= 1
                    assert (await response.json())["error"] == "rate_limited"
        assert statuses.count(200) >= 20 and 429 in statuses
        async with http.get(f"{edge.url}/healthz") as response:
            assert response.status == 200
        async with http.get(f"{edge.url}/metrics") as response:
            counted = re.search(r'^daimyo_edge_refusals_total\{limit="http_requests"\} (\S+)$',
                                await response.text(), re.MULTILINE)
        assert counted is not None and float(counted.group(1)) >= statuses.count(429)


async def test_x_forwarded_for_counts_only_from_a_trusted_proxy(edge: Edge) -> None:
    async with client_from("127.0.0.7") as http:  # a client lying about its address
        statuses = []
        for n in range(30):
            async with http.get(f"{edge.url}/api/catalog", headers={"X-Forwarded-For": f"10.9.0.{n}"}) as r:
                statuses.append(r.status)
        assert 429 in statuses
    async with client_from(PROXY) as proxy:  # the proxy speaks for thirty clients
        for n in range(30):
            async with proxy.get(f"{edge.url}/api/catalog", headers={"X-Forwarded-For": f"10.9.1.{n}"}) as r:
                assert r.status == 200


# -- origin ----------------------------------------------------------------------------------


async def test_the_origin_must_match_with_its_scheme(edge: Edge) -> None:
    same = f"http://127.0.0.1:{edge.port}"
    secure = f"https://127.0.0.1:{edge.port}"
    async with client_from("127.0.0.10") as http:
        await (await open_socket(http, edge, headers={"Origin": same})).close()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(edge.ws(), headers={"Origin": secure})
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # only a proxy may say https
            await http.ws_connect(edge.ws(), headers={"Origin": secure, "X-Forwarded-Proto": "https"})
        assert refused.value.status == 403
    async with client_from(PROXY) as proxy:
        headers = {"Origin": secure, "X-Forwarded-Proto": "https", "X-Forwarded-For": "10.9.2.1"}
        await (await open_socket(proxy, edge, headers=headers)).close()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await proxy.ws_connect(edge.ws(), headers={**headers, "Origin": same})
        assert refused.value.status == 403


# -- slow and never-reading clients --------------------------------------------------------------


async def test_a_request_head_sent_byte_by_byte_is_dropped_within_the_header_deadline(edge: Edge) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", edge.port, local_addr=("127.0.0.8", 0))
    head = b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"y" * 100 + b"\r\n\r\n"
    loop = asyncio.get_running_loop()
    started = loop.time()
    with contextlib.suppress(ConnectionError):
        for byte in head:
            writer.write(bytes([byte]))
            await writer.drain()
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(reader.read(1), 0.05) == b"":
                    break
    held = loop.time() - started
    writer.close()
    assert held < HEADER_SECONDS + 1.0, f"a half-sent request was held {held:.1f} s"


async def answer_within(reader: asyncio.StreamReader, seconds: float) -> bytes | None:
    """What the server said before closing, or None if it is still holding the connection."""
    try:
        return await asyncio.wait_for(reader.read(), seconds)
    except TimeoutError:
        return None


async def test_slow_connections_from_one_address_are_bounded(edge: Edge) -> None:
    opened = [await asyncio.open_connection("127.0.0.1", edge.port, local_addr=("127.0.0.9", 0))
              for _ in range(30)]
    answers = await asyncio.gather(*(answer_within(reader, 0.5) for reader, _writer in opened))
    assert len([a for a in answers if a is not None and b"429 Too Many Requests" in a]) == 10
    held = [(r, w) for (r, w), a in zip(opened, answers, strict=True) if a is None]
    assert len(held) == 20, "twenty held, ten refused at once"
    for _reader, writer in held:
        writer.write(b"GET / HTTP/1.1\r\n")
    started = asyncio.get_running_loop().time()
    await asyncio.gather(*(asyncio.wait_for(reader.read(), HEADER_SECONDS + 2) for reader, _writer in held))
    held_for = asyncio.get_running_loop().time() - started
    assert held_for < HEADER_SECONDS + 1, "the held ones are dropped in time"
    for _reader, writer in opened:
        writer.close()


async def test_a_client_reconnecting_with_63_kb_frames_makes_the_gateway_read_megabytes(edge: Edge) -> None:
    gateway = psutil.Process(edge.pid)
    before, cpu = gateway.io_counters().read_chars, sum(gateway.cpu_times()[:2])
    sent = 0
    frame = json.dumps({"type": "ping", "ref": "x" * 63_000})
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 2.0
    async with client_from("127.0.0.11") as http:
        token = await sign_in(http, edge)
        while loop.time() < deadline:
            with contextlib.suppress(aiohttp.ClientError, ConnectionError, RuntimeError, TimeoutError):
                ws = await http.ws_connect(edge.ws(), timeout=aiohttp.ClientWSTimeout(ws_close=0.1))
                await ws.send_str(json.dumps({"type": "auth", "token": token}))
                while loop.time() < deadline and not ws.closed:
                    await asyncio.wait_for(ws.send_str(frame), max(0.01, deadline - loop.time()))
                    sent += len(frame)
                ws._response.close()  # drop it, never reading
    await asyncio.sleep(0.5)
    read = gateway.io_counters().read_chars - before
    spent = sum(gateway.cpu_times()[:2]) - cpu
    print(f"flood: client wrote {sent / 2**20:.0f} MB, gateway read {read / 2**20:.1f} MB, CPU {spent:.2f} s")
    assert read < 64 * 2**20, f"the gateway read {read / 2**20:.0f} MB in 2 s (5.8 GB before issue 32)"


# -- bad input is cheap -------------------------------------------------------------------------


async def test_a_lone_surrogate_is_an_error_frame_and_the_socket_lives(edge: Edge) -> None:
    async with client_from("127.0.0.12") as http:
        ws = await open_socket(http, edge, await sign_in(http, edge))
        for text in ('{"type": "ping", "ref": "\\ud800"}',
                     '{"type": "chat", "game_id": "g", "text": "\\udc00"}'):
            await ws.send_str(text)
            error = await frame_of(ws, "error")
            assert error["code"] == "malformed" and "valid Unicode" in str(error["message"])
        await ws.send_str(json.dumps({"type": "ping", "ref": 7}))
        assert (await frame_of(ws, "pong"))["ref"] == 7
        await ws.close()
    assert not [line for line in edge.log_lines() if "Traceback" in line or "surrogates" in line]


async def test_invalid_utf8_closes_with_1007_and_logs_are_rate_limited_per_address(edge: Edge) -> None:
    logged = len(edge.log_lines())
    async with client_from("127.0.0.13") as http:
        token = await sign_in(http, edge)
        for _ in range(4):
            ws = await open_socket(http, edge, token)
            await ws._writer.send_frame(b'{"type": "ping", "ref": "\xff"}', aiohttp.WSMsgType.TEXT)
            while (await ws.receive(timeout=5)).type not in CLOSED:
                pass
            assert ws.close_code == 1007
            await asyncio.sleep(1.1)  # within the player's reconnect pace
    new = edge.log_lines()[logged:]
    assert len([line for line in new if "socket_closed" in line and "g-" in line]) <= 3, new
    assert all(len(line) < 400 for line in new) and not [line for line in new if "Traceback" in line]


@pytest.mark.parametrize("frame", [
    {"type": "subscribe", "game_id": "g", "as": 2**31},
    {"type": "subscribe", "game_id": "g", "as": "spectator", "since_version": 2**64},
    {"type": "move", "game_id": "g", "move": {}, "expected_version": -1},
])
async def test_numbers_out_of_range_on_the_socket_are_an_error_frame(edge: Edge,
                                                                    frame: dict[str, object]) -> None:
    async with client_from("127.0.0.14") as http:
        ws = await open_socket(http, edge)
        await ws.send_str(json.dumps(frame))
        assert (await frame_of(ws, "error"))["code"] == "malformed"
        await ws.close()


@pytest.mark.parametrize("query", [f"seat={2**31}", f"seat={2**64}", f"at={2**63}", "seat=-1"])
async def test_numbers_out_of_range_over_rest_are_a_4xx(edge: Edge, query: str) -> None:
    async with client_from("127.0.0.15") as http, \
            http.get(f"{edge.url}/api/games/{uuid.uuid4()}/replay?{query}") as response:
        assert 400 <= response.status < 500, await response.text()


@pytest.mark.parametrize("head", [
    b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Request-Id: \xc3\xbc\xff\r\n\r\n",
    b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n",
    b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nX-Big: " + b"z" * 20_000 + b"\r\n\r\n",
    b"GET /ws HTTP/1.1\r\nHost: x:99999\r\nOrigin: http://x:99999\r\nUpgrade: websocket\r\n"
    b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
])
async def test_odd_headers_are_answered_below_500(edge: Edge, head: bytes) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", edge.port, local_addr=("127.0.0.16", 0))
    writer.write(head)
    status = await asyncio.wait_for(reader.readline(), 5)
    writer.close()
    code = int(status.split()[1])
    assert code < 500, status
