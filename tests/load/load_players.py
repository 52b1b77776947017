"""Simulated players for the load run: each one is a guest with its own WebSocket, playing
random legal moves from the view its socket receives, as fast as the view arrives.

A player is told which game and seat to take (`join`), subscribes as that seat, and moves
whenever a view lists its seat in `to_act`. The `Tracker` times every move from the moment its
frame is sent until each seat's socket shows a view of a later version: the mover's own
socket (mover latency) and every other seat's (opponent latency).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import orjson

from tests.support.game_service import random_move_from_legal

PENDING_TIMEOUT = 10.0  # a move with no answer by then is counted lost and the player goes on


@dataclass
class Sent:
    at: float
    mover: int
    waiting: set[int]


@dataclass
class Tracker:
    """Every move in flight per game, and the latencies measured so far (seconds)."""

    recording: bool = False
    mover: list[float] = field(default_factory=list)
    opponent: list[float] = field(default_factory=list)
    ack: list[float] = field(default_factory=list)
    acked: int = 0
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    games_finished: float = 0.0
    _in_flight: dict[str, dict[int, Sent]] = field(default_factory=dict)

    def move_sent(self, game_id: str, expected_version: int, mover: int, seats: int) -> None:
        self._in_flight.setdefault(game_id, {})[expected_version] = Sent(time.perf_counter(), mover,
                                                                         set(range(seats)))
        if self.recording:
            self.sent += 1

    def view_seen(self, game_id: str, version: int, seat: int) -> None:
        now = time.perf_counter()
        moves = self._in_flight.get(game_id)
        if not moves:
            return
        for expected in [v for v in moves if v < version]:
            sent = moves[expected]
            if seat in sent.waiting:
                sent.waiting.discard(seat)
                if self.recording:
                    (self.mover if seat == sent.mover else self.opponent).append(now - sent.at)
            if not sent.waiting:
                del moves[expected]

    def forget(self, game_id: str, expected_version: int) -> None:
        """The move was refused: nobody will see a view for it."""
        self._in_flight.get(game_id, {}).pop(expected_version, None)

    def game_over(self, game_id: str) -> None:
        self._in_flight.pop(game_id, None)


@dataclass
class Player:
    """One guest on one socket, playing one game at a time."""

    http: aiohttp.ClientSession
    base_url: str
    tracker: Tracker
    rng: random.Random
    think_seconds: float = 0.0
    token: str = ""
    player_id: str = ""
    ws: aiohttp.ClientWebSocketResponse | None = None
    game_id: str | None = None
    seat: int = 0
    seats: int = 2
    playing: bool = False  # False: views are watched, no moves are sent
    latest: dict[str, Any] | None = None
    pending: tuple[int, str, float] | None = None  # (expected_version, command_id, chosen at)
    sent_at: float = 0.0
    finished: asyncio.Event = field(default_factory=asyncio.Event)
    first_view: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None
    _sends: set[asyncio.Task[None]] = field(default_factory=set)

    async def sign_in(self, name: str) -> None:
        async with self.http.post(f"{self.base_url}/api/session", json={"name": name}) as response:
            response.raise_for_status()
            body = await response.json()
        self.token, self.player_id = body["token"], body["player_id"]

    async def connect(self) -> None:
        url = f"{self.base_url.replace('http', 'ws', 1)}/ws"
        self.ws = await self.http.ws_connect(url, max_msg_size=0)
        await self.ws.send_str(json.dumps({"type": "auth", "token": self.token}))
        self._reader = asyncio.create_task(self._read())

    async def join(self, game_id: str, seat: int, seats: int) -> None:
        """Leave the previous game, take `seat` of `game_id`."""
        if self.game_id is not None:
            await self._send({"type": "unsubscribe", "game_id": self.game_id})
        self.game_id, self.seat, self.seats = game_id, seat, seats
        self.latest, self.pending = None, None
        self.finished.clear()
        self.first_view.clear()
        await self._send({"type": "subscribe", "game_id": game_id, "as": seat})

    def start_playing(self) -> None:
        self.playing = True
        self._maybe_move()

    def nudge(self) -> None:
        """Move now if a view asked for one and the last move got no answer in time."""
        self._maybe_move()

    async def close(self) -> None:
        self.playing = False
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader

    # -- frames -----------------------------------------------------------------------------

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self._on_frame(orjson.loads(message.data))

    def _on_frame(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "view" and frame.get("game_id") == self.game_id:
            self._on_view(frame)
        elif kind == "ack":
            self._on_ack(frame)
        elif kind == "error":
            self._on_error(frame)

    def _on_view(self, frame: dict[str, Any]) -> None:
        assert self.game_id is not None
        self.tracker.view_seen(self.game_id, frame["version"], self.seat)
        if self.latest is not None and frame["version"] <= self.latest["version"]:
            return
        self.latest = frame
        self.first_view.set()
        if self.pending is not None and frame["version"] > self.pending[0]:
            self.pending = None
        if frame.get("finished"):
            self.tracker.game_over(self.game_id)
            self.finished.set()
            return
        self._maybe_move()

    def _on_ack(self, frame: dict[str, Any]) -> None:
        if not self.tracker.recording:
            return
        self.tracker.acked += 1
        if self.pending is not None and frame.get("command_id") == self.pending[1] and self.sent_at:
            self.tracker.ack.append(time.perf_counter() - self.sent_at)

    def _on_error(self, frame: dict[str, Any]) -> None:
        ref = frame.get("ref")
        if self.tracker.recording:
            self.tracker.errors[str(frame.get("code"))] += 1
        if self.pending is not None and ref == self.pending[1]:
            assert self.game_id is not None
            self.tracker.forget(self.game_id, self.pending[0])
            if frame.get("code") == "stale":  # the newer view is on its way: move from that one
                self.pending = (self.pending[0], "", self.pending[2])
                return
            self.pending = None
            self._maybe_move()

    # -- moves ------------------------------------------------------------------------------

    def _maybe_move(self) -> None:
        view = self.latest
        if not self.playing or view is None or view.get("finished"):
            return
        if self.seat not in (view.get("to_act") or []):
            return
        if self.pending is not None:
            if time.perf_counter() - self.pending[2] < PENDING_TIMEOUT:
                return
            if self.tracker.recording:
                self.tracker.errors["lost"] += 1
        move = random_move_from_legal(view["view"].get("legal") or {}, self.rng)
        if move is None:
            return
        command_id = uuid.uuid4().hex
        self.pending = (view["version"], command_id, time.perf_counter())
        frame = {"type": "move", "game_id": self.game_id, "move": move,
                 "expected_version": view["version"], "command_id": command_id, "ref": command_id}
        task = asyncio.get_running_loop().create_task(self._send_move(frame))
        self._sends.add(task)
        task.add_done_callback(self._sends.discard)

    async def _send_move(self, frame: dict[str, Any]) -> None:
        if self.think_seconds:
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think_seconds))
            if self.pending is None or self.pending[1] != frame["command_id"]:
                return
        assert self.game_id is not None
        self.tracker.move_sent(frame["game_id"], frame["expected_version"], self.seat, self.seats)
        self.sent_at = time.perf_counter()
        await self._send(frame)

    async def _send(self, frame: dict[str, Any]) -> None:
        assert self.ws is not None
        try:
            await self.ws.send_str(orjson.dumps(frame).decode())
        except ConnectionError:
            if self.tracker.recording:
                self.tracker.errors["socket_closed"] += 1
