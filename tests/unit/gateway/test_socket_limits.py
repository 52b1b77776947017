"""The browser socket, tried as a hostile guest would: the token comes in the first frame, not
the URL; another site's page cannot open one; refs stay small; a socket that talks too fast or
reads too slowly is closed; a player holds a bounded number of sockets."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway import frames
from daimyo_gateway.http_api import create_app
from daimyo_gateway.limits import Limits
from daimyo_gateway.sockets import Connection, Outbox, Peer
from daimyo_gateway.tokens import Player, TokenSigner
from daimyo_kit.rates import TokenBucket
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking

LIMITS = Limits(ws_frames_per_second=5, ws_frame_burst=10, ws_player_frames_per_second=1000,
                ws_player_frame_burst=1000, ws_refused_before_close=20, ws_sockets_per_player=2,
                ws_auth_seconds=0.5, ws_outbox_frames=50)


def token(player_id: str = "g-alice") -> str:
    return TokenSigner("k").issue(Player(player_id, "Alice"))


@pytest.fixture
def limits() -> Limits:
    return LIMITS


@pytest.fixture
async def client(limits: Limits) -> AsyncIterator[TestClient[Any, Any]]:
    games = FakeGames()
    games.add("g1", ["g-alice", "g-bob"], version=5)
    app = create_app(TokenSigner("k"), games, FakeMatchmaking(), FakeHub(),  # type: ignore[arg-type]
                     limits=limits)
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


async def open_socket(client: TestClient[Any, Any], player_id: str = "g-alice",
                      **options: Any) -> aiohttp.ClientWebSocketResponse:
    ws: aiohttp.ClientWebSocketResponse = await client.ws_connect("/ws", **options)
    await ws.send_str(json.dumps({"type": "auth", "token": token(player_id)}))
    return ws


async def frame_where(ws: aiohttp.ClientWebSocketResponse,
                      check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message = await ws.receive(timeout=5)
        assert message.type == WSMsgType.TEXT, f"socket ended: {message}"
        frame: dict[str, Any] = json.loads(message.data)
        if check(frame):
            return frame


async def closed_with(ws: aiohttp.ClientWebSocketResponse) -> int | None:
    while (await ws.receive(timeout=5)).type == WSMsgType.TEXT:
        pass
    return ws.close_code


# -- who ------------------------------------------------------------------------------------


async def test_the_first_frame_authenticates_the_socket(client: TestClient[Any, Any]) -> None:
    ws = await open_socket(client)
    hello = await frame_where(ws, lambda f: True)
    assert hello == {"type": "hello", "v": 1, "player_id": "g-alice", "name": "Alice", "protocol": 1}
    await ws.close()


async def test_a_token_in_the_socket_url_is_not_accepted(client: TestClient[Any, Any]) -> None:
    ws = await client.ws_connect(f"/ws?token={token()}")
    error = await frame_where(ws, lambda f: True)
    assert error["type"] == "error" and error["code"] == "unauthenticated"
    assert await closed_with(ws) == 1008


async def test_a_socket_with_a_bad_first_frame_is_closed(client: TestClient[Any, Any]) -> None:
    ws = await client.ws_connect("/ws")
    await ws.send_str(json.dumps({"type": "auth", "token": "forged.token"}))
    error = await frame_where(ws, lambda f: True)
    assert error["code"] == "unauthenticated" and "bad token signature" in error["message"]
    assert await closed_with(ws) == 1008


async def test_a_socket_that_never_authenticates_is_closed(client: TestClient[Any, Any]) -> None:
    ws = await client.ws_connect("/ws")
    error = await frame_where(ws, lambda f: True)
    assert "within 0.5 s" in error["message"]
    assert await closed_with(ws) == 1008


async def test_a_page_of_another_origin_cannot_open_a_socket(client: TestClient[Any, Any]) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/ws", headers={"Origin": "https://evil.example"})
    assert refused.value.status == 403
    host = f"http://{client.host}:{client.port}"
    ws = await open_socket(client, headers={"Origin": host})
    assert (await frame_where(ws, lambda f: True))["type"] == "hello"
    await ws.close()


@pytest.mark.parametrize("limits", [Limits(allowed_origins="https://daimyo.example, https://play.example")])
async def test_listed_origins_may_open_sockets_and_no_other(client: TestClient[Any, Any]) -> None:
    ws = await open_socket(client, headers={"Origin": "https://play.example"})
    assert (await frame_where(ws, lambda f: True))["type"] == "hello"
    await ws.close()
    with pytest.raises(aiohttp.WSServerHandshakeError):
        await client.ws_connect("/ws", headers={"Origin": f"http://{client.host}:{client.port}"})


async def test_a_player_holds_a_bounded_number_of_sockets(client: TestClient[Any, Any]) -> None:
    first, second = await open_socket(client), await open_socket(client)
    third = await open_socket(client)
    error = await frame_where(third, lambda f: f["type"] == "error")
    assert error["code"] == "rate_limited" and "at most 2 sockets" in error["message"]
    assert await closed_with(third) == 1008
    other = await open_socket(client, "g-bob")
    assert (await frame_where(other, lambda f: True))["type"] == "hello"
    await first.close()
    again = await open_socket(client)
    assert (await frame_where(again, lambda f: True))["type"] == "hello"
    for ws in (second, other, again):
        await ws.close()


@pytest.mark.parametrize("limits", [Limits(ws_unauthenticated_per_address=2)])
async def test_an_address_holds_a_bounded_number_of_sockets_waiting_to_authenticate(
        client: TestClient[Any, Any]) -> None:
    waiting = [await client.ws_connect("/ws"), await client.ws_connect("/ws")]
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/ws")
    assert refused.value.status == 429
    await waiting[0].send_str(json.dumps({"type": "auth", "token": token()}))
    assert (await frame_where(waiting[0], lambda f: True))["type"] == "hello"
    ws = await open_socket(client)
    assert (await frame_where(ws, lambda f: True))["type"] == "hello"
    for socket in (*waiting, ws):
        await socket.close()


# -- how much -------------------------------------------------------------------------------


@pytest.mark.parametrize("ref", ["x" * 65, {"a": 1}, [1, 2], 2**70])
async def test_a_long_or_structured_ref_is_refused_and_not_echoed(client: TestClient[Any, Any],
                                                                  ref: Any) -> None:
    ws = await open_socket(client)
    await ws.send_str(json.dumps({"type": "ping", "ref": ref}))
    error = await frame_where(ws, lambda f: f["type"] == "error")
    assert error["ref"] is None and "ref must be a string of at most 64 characters" in error["message"]
    await ws.send_str(json.dumps({"type": "ping", "ref": "short"}))
    assert (await frame_where(ws, lambda f: f["type"] == "pong"))["ref"] == "short"
    await ws.close()


async def test_frames_over_the_rate_are_refused_then_the_socket_is_closed(
        client: TestClient[Any, Any]) -> None:
    ws = await open_socket(client)
    for n in range(60):
        await ws.send_str(json.dumps({"type": "ping", "ref": n}))
    frames = []
    while (message := await ws.receive(timeout=5)).type == WSMsgType.TEXT:
        frames.append(json.loads(message.data))
    pongs = [f for f in frames if f["type"] == "pong"]
    refusals = [f for f in frames if f.get("code") == "rate_limited"]
    assert 10 <= len(pongs) < 20 and len(refusals) == 1
    assert ws.close_code == 1008


class StuckSocket:
    """A socket whose browser never reads: every write waits for ever."""

    def __init__(self) -> None:
        self.closed_with: tuple[int, bytes] | None = None

    async def send_str(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, message: bytes) -> None:
        self.closed_with = (code, message)


async def test_a_socket_that_does_not_read_is_closed_with_try_again_later() -> None:
    ws = StuckSocket()
    connection = Connection(ws, LIMITS, TokenBucket(1, 1), "g-alice")  # type: ignore[arg-type]
    for n in range(LIMITS.ws_outbox_frames + 1):
        await connection.send(frames.pong(n))
    await connection.finish()
    assert connection.failure == "outbox_full" and len(connection.outbox) == 0
    assert ws.closed_with is not None and ws.closed_with[0] == 1013
    assert b"since_version" in ws.closed_with[1]


class FullKernelBuffer(asyncio.WriteTransport):
    """A transport whose unsent bytes are past any outbox: the browser stopped reading."""

    def get_write_buffer_size(self) -> int:
        return LIMITS.ws_outbox_bytes + 1


async def test_a_socket_whose_kernel_buffer_is_past_the_bound_is_closed_though_its_outbox_is_not() -> None:
    ws = StuckSocket()
    connection = Connection(ws, LIMITS, TokenBucket(1, 1), "g-alice",  # type: ignore[arg-type]
                            Peer("127.0.0.1", FullKernelBuffer()))
    await connection.send(frames.pong(1))
    await connection.finish()
    assert connection.failure == "outbox_full"
    assert ws.closed_with is not None and ws.closed_with[0] == 1013


def test_an_outbox_holds_a_bounded_number_of_frames_and_bytes() -> None:
    outbox = Outbox(max_frames=3, max_bytes=1000)
    assert all(outbox.put(frames.pong(n)) for n in range(3))
    assert not outbox.put(frames.pong(None)) and outbox.overflowed and len(outbox) == 0
    by_bytes = Outbox(max_frames=100, max_bytes=100)
    assert by_bytes.put(frames.pong("x" * 50)) and not by_bytes.put(frames.pong("x" * 50))


async def test_an_outbox_gives_frames_in_order_then_none_once_closed() -> None:
    outbox = Outbox(10, 1000)
    outbox.put(frames.pong(1))
    outbox.put("already encoded")
    outbox.close()
    taken = [await outbox.get(), await outbox.get(), await outbox.get()]
    assert taken == ['{"type":"pong","v":1,"ref":1}', "already encoded", None]


async def test_a_waiting_outbox_reader_wakes_for_the_next_frame_and_for_the_close() -> None:
    outbox = Outbox(10, 1000)
    first = asyncio.create_task(outbox.get())
    await asyncio.sleep(0)
    outbox.put("a frame")
    assert await asyncio.wait_for(first, 1) == "a frame"
    last = asyncio.create_task(outbox.get())
    await asyncio.sleep(0)
    outbox.close()
    assert await asyncio.wait_for(last, 1) is None


async def test_limits_come_from_the_environment_and_bad_values_are_named() -> None:
    limits = Limits.from_env({"DAIMYO_WS_SOCKETS_PER_PLAYER": "3", "DAIMYO_ENQUEUES_PER_MINUTE": "2.5",
                              "DAIMYO_ALLOWED_ORIGINS": "https://a.example/, https://b.example"})
    assert limits.ws_sockets_per_player == 3 and limits.enqueues_per_minute == 2.5
    assert limits.origins == {"https://a.example", "https://b.example"}
    with pytest.raises(ValueError, match="DAIMYO_WS_OUTBOX_FRAMES must be a whole number"):
        Limits.from_env({"DAIMYO_WS_OUTBOX_FRAMES": "many"})
    await asyncio.sleep(0)
