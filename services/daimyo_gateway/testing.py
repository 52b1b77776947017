"""Helpers for gateway tests: an in-process gateway and a small WebSocket client that keeps
every frame it receives, so tests can wait for one and check order afterwards.

The test gateway's quotas are generous (tests sign many guests in from one address); tests of
the quotas themselves pass their own `limits`."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from daimyo_gateway.bootstrap import RunningGateway, start_gateway
from daimyo_gateway.limits import Limits
from daimyo_kit.config import Config

TEST_SECRET = "gateway-test-secret"
TEST_LIMITS = Limits(guest_signins_per_minute=1e6, enqueues_per_minute=1e6, ws_frames_per_second=1e4,
                     ws_frame_burst=10_000, ws_player_frames_per_second=1e4, ws_player_frame_burst=10_000,
                     ws_unauthenticated_per_address=10_000, ws_sockets_per_address=100_000,
                     ws_new_sockets_per_second=1e5, ws_new_socket_burst=100_000,
                     ws_player_new_sockets_per_minute=1e6, ws_read_bytes_per_second=1 << 30,
                     ws_read_bytes_burst=1 << 30, http_connections_per_address=100_000,
                     http_requests_per_second=1e5, http_request_burst=100_000)
Frame = dict[str, Any]


async def start_test_gateway(nats_url: str, game_addr: str, matchmaking_addr: str = "127.0.0.1:1",
                             accounts_addr: str = "", **options: Any) -> RunningGateway:
    """An in-process gateway; with `accounts_addr`, its sign-ins and sessions are the accounts
    service's (else guests are signed tokens alone)."""
    env = {"DAIMYO_NATS_URL": nats_url, "DAIMYO_GAME_ADDR": game_addr,
           "DAIMYO_MATCHMAKING_ADDR": matchmaking_addr, "DAIMYO_ACCOUNTS_ADDR": accounts_addr}
    options.setdefault("limits", TEST_LIMITS)
    options.setdefault("with_accounts", bool(accounts_addr))
    return await start_gateway(Config.from_env("gateway", env), TEST_SECRET, "127.0.0.1", 0, **options)


async def sign_in(http: aiohttp.ClientSession, base_url: str, name: str) -> dict[str, Any]:
    async with http.post(f"{base_url}/api/session", json={"name": name}) as response:
        response.raise_for_status()
        body: dict[str, Any] = await response.json()
        return body


@dataclass
class SocketClient:
    """One browser socket: frames kept in arrival order, a reader task filling them in."""

    ws: aiohttp.ClientWebSocketResponse
    frames: list[Frame] = field(default_factory=list)
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None

    @classmethod
    async def connect(cls, http: aiohttp.ClientSession, base_url: str, token: str) -> SocketClient:
        """A socket authenticated as the browser does: the token in the first frame."""
        ws = await http.ws_connect(f"{base_url.replace('http', 'ws', 1)}/ws")
        await ws.send_str(json.dumps({"type": "auth", "token": token}))
        client = cls(ws)
        client._reader = asyncio.create_task(client._read())
        return client

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(json.loads(message.data))
                self._arrived.set()

    async def send(self, frame: Frame | str) -> None:
        await self.ws.send_str(frame if isinstance(frame, str) else json.dumps(frame))

    async def wait_for(self, check: Callable[[Frame], bool], timeout: float = 10.0, after: int = 0) -> Frame:
        """The first frame (from index `after`) for which `check` holds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for frame in self.frames[after:]:
                if check(frame):
                    return frame
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(f"no matching frame; last frames: {self.frames[-3:]}")
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), remaining)
            except TimeoutError:
                continue

    async def wait_for_notice(self, code: str, check: Callable[[Frame], bool] = lambda args: True,
                              timeout: float = 10.0) -> Frame:
        """The arguments of the first `notice` frame with this code whose arguments pass `check`."""
        frame = await self.wait_for(lambda f: f.get("type") == "notice" and f.get("code") == code
                                    and check(f["args"]), timeout)
        args: Frame = frame["args"]
        return args

    def of_type(self, kind: str) -> list[Frame]:
        return [f for f in self.frames if f.get("type") == kind]

    def versions(self, game_id: str) -> list[int]:
        """Every version this socket was shown for a game, in order (resync catch-ups included)."""
        seen: list[int] = []
        for frame in self.of_type("view"):
            if frame["game_id"] != game_id:
                continue
            seen += [m["version"] for m in frame.get("missed") or [] if m["version"] < frame["version"]]
            seen.append(frame["version"])
        return seen

    async def close(self) -> None:
        await self.ws.close()
        if self._reader:
            await self._reader
