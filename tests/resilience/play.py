"""What the resilience tests do to a running cluster and what they check afterwards.

Games are created and watched over gRPC (retrying while a replica or a server is down);
spectators and players are real WebSocket clients of the gateways; the verdict reads the
events table itself and replays every stream through the game service's own fold.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
import grpc
import psycopg
from psycopg import sql

from daimyo_game.aggregate import GameRecord, fold
from daimyo_game.events import UPCASTERS, from_recorded
from daimyo_gateway.testing import SocketClient, sign_in
from daimyo_proto.daimyo.game.v1 import game_pb2
from daimyo_rules.registry import get_game
from daimyo_store.postgres import PostgresEventStore
from tests.support.game_service import moves_from_legal, routed

T = TypeVar("T")
BOT_LEVELS = ("random", "greedy")
RETRYABLE = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNKNOWN,
             grpc.StatusCode.INTERNAL)


async def patiently(call: Callable[[], Awaitable[T]], timeout: float = 60.0) -> T:
    """`call()` retried while the service behind it is down or failing over."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        try:
            return await call()
        except grpc.aio.AioRpcError as e:
            if e.code() not in RETRYABLE or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.2)


class Games:
    """The game service as a test drives it: through every replica, retrying while one is down."""

    def __init__(self, target: str) -> None:
        self.channels, self.stub = routed(target)  # each call as its real caller (matchmaking, ...)

    async def close(self) -> None:
        for channel in self.channels:
            await channel.close()

    async def create_bot_games(self, count: int, players: int = 2) -> list[str]:
        return [await self.create_bot_game([BOT_LEVELS[(n + s) % 2] for s in range(players)])
                for n in range(count)]

    async def create_bot_game(self, levels: list[str]) -> str:
        request = game_pb2.CreateGameRequest(
            game="samurai", command_id=uuid.uuid4().hex, seats=[game_pb2.Seat(bot_level=lv) for lv in levels],
            config_json=json.dumps({"players": len(levels), "random_setup": True}))
        reply = await patiently(lambda: self.stub.CreateGame(request, timeout=5))
        return str(reply.game_id)

    async def view(self, game_id: str) -> Any:
        request = game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(spectator=True))
        return await patiently(lambda: self.stub.GetView(request, timeout=5))

    async def versions(self, game_ids: list[str]) -> dict[str, int]:
        return {g: (await self.view(g)).version for g in game_ids}

    async def wait_until_all_reach(self, game_ids: list[str], version: int, timeout: float) -> None:
        reached = lambda v: v.version >= version or v.finished  # noqa: E731
        await self._wait(game_ids, reached, timeout, f"version {version}")

    async def wait_until_finished(self, game_ids: list[str], timeout: float) -> None:
        await self._wait(game_ids, lambda v: v.finished, timeout, "the end")

    async def _wait(self, game_ids: list[str], done: Callable[[Any], bool], timeout: float,
                    what: str) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        waiting = list(game_ids)
        while waiting:
            waiting = [g for g in waiting if not done(await self.view(g))]
            if waiting and asyncio.get_running_loop().time() > deadline:
                stuck = {g: (await self.view(g)).version for g in waiting}
                raise AssertionError(f"{len(waiting)} games never reached {what}: {stuck}")
            await asyncio.sleep(0.3)


# -- the verdict on the event store ------------------------------------------------------------


async def stream_problems(database_url: str, schema: str, game_ids: list[str]) -> list[str]:
    """Everything wrong with the streams: gaps, repeated commands, a move made at another
    version than the bot meant, an unfinished game, a final state that does not replay."""
    rows = await _event_rows(database_url, schema, [f"game-{g}" for g in game_ids])
    problems: list[str] = []
    for game_id in game_ids:
        problems += _problems_of(game_id, rows.get(f"game-{game_id}", []))
    problems += await _replay_problems(database_url, schema, game_ids)
    return problems


async def _event_rows(database_url: str, schema: str, streams: list[str]) -> dict[str, list[dict[str, Any]]]:
    query = sql.SQL("SELECT stream_id, version, type, command_id FROM {}.events WHERE stream_id = ANY(%s) "
                    "ORDER BY stream_id, version").format(sql.Identifier(schema))
    async with await psycopg.AsyncConnection.connect(database_url) as conn:
        cursor = conn.cursor(row_factory=psycopg.rows.dict_row)
        await cursor.execute(query, [streams])
        by_stream: dict[str, list[dict[str, Any]]] = {}
        for row in await cursor.fetchall():
            by_stream.setdefault(row["stream_id"], []).append(row)
    return by_stream


def _problems_of(game_id: str, rows: list[dict[str, Any]]) -> list[str]:
    versions = [r["version"] for r in rows]
    problems = []
    if versions != list(range(1, len(versions) + 1)):
        problems.append(f"{game_id}: versions are not 1..{len(versions)}: {versions}")
    commands = [r["command_id"] for r in rows if r["type"] == "MoveMade"]
    if len(commands) != len(set(commands)):
        problems.append(f"{game_id}: a command id appears on two moves")
    for row in rows:
        meant = _bot_command_version(row["command_id"])
        if meant is not None and meant != row["version"] - 1:
            problems.append(f"{game_id}: bot command {row['command_id']} landed at version {row['version']}")
    if not rows or rows[-1]["type"] != "GameFinished":
        problems.append(f"{game_id}: the stream does not end with GameFinished")
    return problems


def _bot_command_version(command_id: str | None) -> int | None:
    """The version a bot driver's command was meant for (`bot:<game>:<version>:<seat>`)."""
    if not command_id or not command_id.startswith("bot:"):
        return None
    return int(command_id.split(":")[2])


async def _replay_problems(database_url: str, schema: str, game_ids: list[str]) -> list[str]:
    store = await PostgresEventStore.open(database_url, schema, UPCASTERS, max_size=2)
    problems = []
    try:
        for game_id in game_ids:
            recorded = await store.read_stream(f"game-{game_id}")
            record = fold(None, ((e.version, from_recorded(e)) for e in recorded), game_id, get_game)
            problems += _replayed_problems(game_id, record)
    finally:
        await store.close()
    return problems


def _replayed_problems(game_id: str, record: GameRecord | None) -> list[str]:
    if record is None:
        return [f"{game_id}: no events"]
    if record.engine.outcome(record.state) != record.outcome:
        return [f"{game_id}: the replayed outcome differs from the recorded one"]
    return []


# -- WebSocket clients ---------------------------------------------------------------------------


def versions_seen(sockets: list[SocketClient], game_id: str) -> list[int]:
    """Every version shown for `game_id` over the sockets, in order, after a client's dedupe
    (drop what is not newer than the last one shown)."""
    shown: list[int] = []
    for socket in sockets:
        for version in socket.versions(game_id):
            if not shown or version > shown[-1]:
                shown.append(version)
    return shown


def repeats_within(socket: SocketClient, game_id: str, resubscribed_at: int | None = None) -> list[int]:
    """Versions one socket was shown twice or out of order (the gateway's own dedupe failing).

    A client that subscribes again starts a new watch from the `since_version` it names, which
    may lag what was already on its way to it; each watch is checked on its own."""
    if resubscribed_at is None:
        return _repeats(socket.versions(game_id))
    before, after = socket.frames[:resubscribed_at], socket.frames[resubscribed_at:]
    return _repeats(_versions_in(before, game_id)) + _repeats(_versions_in(after, game_id))


def _repeats(seen: list[int]) -> list[int]:
    return [v for previous, v in itertools.pairwise(seen) if v <= previous]


def _versions_in(frames: list[dict[str, Any]], game_id: str) -> list[int]:
    seen: list[int] = []
    for frame in frames:
        if frame.get("type") == "view" and frame["game_id"] == game_id:
            seen += [m["version"] for m in frame.get("missed") or [] if m["version"] < frame["version"]]
            seen.append(frame["version"])
    return seen


@dataclass
class Spectator:
    """A browser watching one game; when its gateway dies it reconnects to another, resuming
    from the last version it was shown."""

    http: aiohttp.ClientSession
    game_id: str
    token: str
    sockets: list[SocketClient] = field(default_factory=list)

    @classmethod
    async def watch(cls, http: aiohttp.ClientSession, base_url: str, game_id: str) -> Spectator:
        token = (await sign_in(http, base_url, "watcher"))["token"]
        spectator = cls(http, game_id, token)
        await spectator.connect(base_url)
        return spectator

    async def connect(self, base_url: str) -> None:
        since = self.shown[-1] if self.shown else None
        socket = await SocketClient.connect(self.http, base_url, self.token)
        self.sockets.append(socket)
        await socket.send({"type": "subscribe", "game_id": self.game_id, "as": "spectator",
                           "since_version": since})
        await socket.wait_for(lambda f: f.get("type") == "resynced")

    @property
    def shown(self) -> list[int]:
        return versions_seen(self.sockets, self.game_id)

    @property
    def disconnected(self) -> bool:
        return bool(self.sockets[-1].ws.closed)

    def frames(self) -> list[dict[str, Any]]:
        return [f for s in self.sockets for f in s.frames]

    async def close(self) -> None:
        for socket in self.sockets:
            await socket.close()


@dataclass
class Player:
    """A person at one seat, playing through a gateway: moves from the view's legal moves, each
    with its own command id, re-sent with the same id after an error until acknowledged."""

    socket: SocketClient
    game_id: str
    seat: int
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    moves_sent: int = 0
    retries: int = 0
    resubscribed_at: int | None = None  # how many frames had arrived when it subscribed again

    async def play_to_the_end(self, timeout: float) -> None:
        await self.play(timeout)

    async def play(self, timeout: float, moves: int | None = None) -> None:
        """Play until the game is over, or until `moves` moves were made."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        made = 0
        while not self._finished() and (moves is None or made < moves):
            assert loop.time() < deadline, f"player's game {self.game_id} did not finish"
            frame = self._latest_view()
            if frame is not None and self.seat in frame["to_act"] and not frame["finished"]:
                await self._move(frame, deadline)
                made += 1
            else:
                await self._wait_for_news(2.0)

    async def _move(self, frame: dict[str, Any], deadline: float) -> None:
        move = self.rng.choice(moves_from_legal(frame["view"]["legal"], self.rng))
        command_id = f"player:{self.game_id}:{frame['version']}"
        ref = uuid.uuid4().hex
        while asyncio.get_running_loop().time() < deadline:
            mark = len(self.socket.frames)
            await self.socket.send({"type": "move", "game_id": self.game_id, "move": move, "ref": ref,
                                    "expected_version": frame["version"], "command_id": command_id})
            self.moves_sent += 1
            answer = await self.socket.wait_for(lambda f: f.get("ref") == ref, timeout=30, after=mark)
            if answer["type"] == "ack" or answer.get("code") in ("stale", "illegal_move"):
                await self.socket.wait_for(lambda f: _newer_view(f, self.game_id, frame["version"]),
                                           timeout=30, after=mark)
                return
            self.retries += 1
            await asyncio.sleep(0.5)

    async def _wait_for_news(self, timeout: float) -> None:
        mark = len(self.socket.frames)
        try:
            await self.socket.wait_for(lambda f: f.get("type") == "view", timeout=timeout, after=mark)
        except TimeoutError:
            await self.resubscribe()  # nothing for a while: ask for the current view

    async def resubscribe(self) -> None:
        self.resubscribed_at = len(self.socket.frames)
        frame = self._latest_view()
        await self.socket.send({"type": "subscribe", "game_id": self.game_id, "as": self.seat,
                                "since_version": frame["version"] if frame else None})

    def _latest_view(self) -> dict[str, Any] | None:
        views = [f for f in self.socket.of_type("view") if f["game_id"] == self.game_id]
        return max(views, key=lambda f: f["version"]) if views else None

    def _finished(self) -> bool:
        frame = self._latest_view()
        return bool(frame and frame["finished"])


def _newer_view(frame: dict[str, Any], game_id: str, version: int) -> bool:
    return frame.get("type") == "view" and frame.get("game_id") == game_id and frame["version"] > version
