"""Live play on the real services (Postgres, NATS, the relay with its timekeeper, the bot driver,
the gateway's sockets) with the game service's clock in the test's hand — no long sleeps.

A clock running out hands the move (or the rest of the game) to a bot; a last-second move and
the timekeeper never both land; a player away past the grace period is replaced by a bot and
takes the seat back through the socket; a seat held on another gateway is not handed over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from daimyo_bot.driver import QUEUE_GROUP, Driver
from daimyo_bus import Bus, subjects
from daimyo_game.commands import SubmitMove
from daimyo_game.errors import Illegal, Stale
from daimyo_game.repository import GameRepository
from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import SocketClient, sign_in, start_test_gateway
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import RunningGameService, game_service, moves_from_legal, settings_for
from tests.unit.bot.fakes import RefusingBot

pytestmark = pytest.mark.integration

LIVE = {"type": "live", "initial_seconds": 10, "increment_seconds": 2}
GRACE_S = 0.6


@dataclass
class FakeClock:
    now: int = 1_700_000_000_000

    def __call__(self) -> int:
        return self.now


@dataclass
class Table:
    game: RunningGameService
    clock: FakeClock
    nats_url: str

    @property
    def stub(self) -> Any:
        return self.game.stub

    @property
    def addr(self) -> str:
        return f"127.0.0.1:{self.game.server.port}"


@pytest.fixture
async def table(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Table]:
    clock = FakeClock()
    async with game_service(settings_for(database_url, nats_url, fresh_schema), now_ms=clock) as game:
        bus = await Bus.connect(nats_url, name="live-play-driver")
        driver = Driver(game.stub, RefusingBot(), deadline_s=0.2)  # the driver plays its fallback at once
        await bus.subscribe(subjects.ALL_TURNS, driver.on_turn, queue=f"{QUEUE_GROUP}-{fresh_schema}")
        try:
            yield Table(game, clock, nats_url)
        finally:
            await bus.close()
            await driver.drain()


async def create_game(stub: Any, seats: list[Any], time_control: dict[str, Any] | None = None) -> str:
    request = game_pb2.CreateGameRequest(
        game="samurai", config_json=json.dumps({"players": len(seats), "random_setup": True}), seats=seats,
        command_id=uuid.uuid4().hex, time_control_json=json.dumps(time_control or {}), seed=11)
    return str((await stub.CreateGame(request)).game_id)


def players(*ids: str) -> list[Any]:
    return [game_pb2.Seat(player_id=p) for p in ids]


async def events(stub: Any, game_id: str) -> list[Any]:
    spectator = game_pb2.Viewer(spectator=True)
    request = game_pb2.ListEventsRequest(game_id=game_id, from_version=0, viewer=spectator)
    return list((await stub.ListEvents(request)).events)


async def eventually(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        result = await check()
        if result:
            return result
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)


async def event_types(stub: Any, game_id: str) -> list[str]:
    return [e.type for e in await events(stub, game_id)]


async def seat_view(stub: Any, game_id: str, seat: int) -> Any:
    return await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(seat=seat)))


# -- clocks -------------------------------------------------------------------------------


async def test_a_clock_expiry_hands_the_move_to_a_bot_and_the_seat_comes_back(table: Table) -> None:
    game_id = await create_game(table.stub, players("p0", "p1"), LIVE)
    table.clock.now += 10_001
    types = await eventually(lambda: _returned(table.stub, game_id))
    assert types[1:3] == ["ClockExpired", "SeatTakenOver"] and "MoveMade" in types
    view = await seat_view(table.stub, game_id, 0)
    clock = json.loads(view.clock_json)
    assert not view.takeovers and 0 not in view.to_act and clock["remaining_ms"][0] == 2_000


async def _returned(stub: Any, game_id: str) -> list[str] | None:
    types = await event_types(stub, game_id)
    return types if "SeatReturned" in types else None


async def test_with_bot_rest_the_bot_keeps_the_seat_after_its_turn(table: Table) -> None:
    game_id = await create_game(table.stub, players("p0", "p1"), {**LIVE, "on_timeout": "bot_rest"})
    table.clock.now += 10_001

    async def turn_passed() -> Any:
        view = await seat_view(table.stub, game_id, 0)
        return view if view.to_act == [1] else None

    view = await eventually(turn_passed)
    assert [(t.seat, t.reason, t.until) for t in view.takeovers] == [(0, "timeout", "game")]
    summary = (await table.stub.ListGames(game_pb2.ListGamesRequest(player_id="p0", live=True))).games[0]
    assert summary.seats[0].acting_bot_level == "greedy" and summary.seats[0].player_id == "p0"


async def test_replaying_the_stream_reproduces_the_clocks_exactly(table: Table) -> None:
    game_id = await create_game(table.stub, players("p0", "p1"), LIVE)
    rng = random.Random(5)
    seen = {}
    for step in range(8):
        table.clock.now += 100 * step + 311  # never out of time
        view = await table.stub.GetView(game_pb2.GetViewRequest(game_id=game_id,
                                                                 viewer=game_pb2.Viewer(spectator=True)))
        seat = view.to_act[0]
        legal = json.loads((await seat_view(table.stub, game_id, seat)).view_json)["legal"]
        move = rng.choice(moves_from_legal(legal, rng))
        reply = await table.stub.SubmitMove(game_pb2.SubmitMoveRequest(
            game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=view.version,
            player_id=f"p{seat}"))
        seen[reply.version] = (await table.game.app.handlers.repository.load(game_id)).clock
    table.clock.now += 10**7  # a replay must not care what time it is now
    assert {v: await _cold_load(table, game_id, v) for v in seen} == seen


async def _cold_load(table: Table, game_id: str, version: int) -> Any:
    repository = GameRepository(table.game.app.store, table.game.app.games, cache_size=0, snapshot_every=0)
    return (await repository.load_at(game_id, version)).clock


async def test_a_last_second_move_and_the_timekeeper_never_both_land(table: Table) -> None:
    handlers = table.game.app.handlers
    outcomes = []
    for _ in range(6):
        game_id = await create_game(table.stub, players(f"r{uuid.uuid4().hex[:6]}", "x"), LIVE)
        record = await handlers.repository.load(game_id)
        legal = record.engine.view(record.state, 0)["legal"]
        move = moves_from_legal(legal, random.Random(1))[0]
        owner = record.created.seats[0]["player_id"]
        table.clock.now += 20_000  # past the deadline: both the move and the expiry are possible
        results = await asyncio.gather(
            handlers.submit_move(SubmitMove(game_id, 0, move, record.version, uuid.uuid4().hex, owner)),
            handlers.expire_clocks(game_id), return_exceptions=True)
        stream = await handlers.repository.read_events(game_id, record.version)
        moved = not isinstance(results[0], BaseException)
        assert isinstance(results[0], Stale | Illegal) or moved, results[0]
        # one event holds the version both aimed at; the loser appended nothing there (a move that
        # does not end the turn may still be followed by the expiry: the turn's clock ran out)
        assert stream[0].version == record.version + 1
        assert stream[0].type == ("MoveMade" if moved else "ClockExpired"), [e.type for e in stream]
        outcomes.append(moved)
    assert len(outcomes) == 6


# -- disconnects --------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def gateways(table: Table, count: int) -> AsyncIterator[list[RunningGateway]]:
    started = [await start_test_gateway(table.nats_url, table.addr, grace_seconds=GRACE_S)
               for _ in range(count)]
    try:
        yield started
    finally:
        for gateway in started:
            await gateway.stop()


async def player_socket(http: aiohttp.ClientSession, gateway: RunningGateway, token: str, game_id: str,
                        seat: int) -> SocketClient:
    socket = await SocketClient.connect(http, gateway.url, token)
    await socket.send({"type": "subscribe", "game_id": game_id, "as": seat})
    await socket.wait_for(lambda f: f.get("type") == "resynced")
    return socket


async def test_a_player_away_past_grace_is_replaced_by_a_bot_and_reclaims_the_seat(table: Table) -> None:
    async with gateways(table, 1) as (gateway,), aiohttp.ClientSession() as http:
        me = await sign_in(http, gateway.url, "Ann")
        game_id = await create_game(table.stub, [game_pb2.Seat(player_id=me["player_id"]),
                                                 game_pb2.Seat(bot_level="random")])
        socket = await player_socket(http, gateway, me["token"], game_id, 0)
        await socket.close()
        await eventually(lambda: _has(table.stub, game_id, "SeatTakenOver"), timeout=GRACE_S + 5)
        await eventually(lambda: _has(table.stub, game_id, "MoveMade"))  # the bot plays the seat

        socket = await player_socket(http, gateway, me["token"], game_id, 0)
        banner = socket.of_type("view")[-1]
        assert banner["takeovers"]["0"]["reason"] == "abandoned"
        after = len(socket.frames)
        await socket.send({"type": "reclaim", "game_id": game_id})
        reply = await socket.wait_for(lambda f: f.get("type") in ("seat", "error"), after=after)
        assert reply["type"] == "seat" and reply["action"] == "reclaimed", reply
        mine = await socket.wait_for(lambda f: f.get("type") == "view" and not f["takeovers"]
                                     and f["to_act"] == [0], after=after, timeout=15)
        move = moves_from_legal(mine["view"]["legal"], random.Random(2))[0]
        await socket.send({"type": "move", "game_id": game_id, "move": move,
                           "expected_version": mine["version"], "command_id": "mine-1"})
        ack = await socket.wait_for(lambda f: f.get("type") in ("ack", "error") and f.get("ref") is None
                                    and f.get("command_id", "mine-1") == "mine-1", after=after)
        assert ack["type"] == "ack", ack
        await socket.close()


async def _has(stub: Any, game_id: str, kind: str) -> bool:
    return kind in await event_types(stub, game_id)


async def test_leaving_hands_the_seat_over_at_once(table: Table) -> None:
    async with gateways(table, 1) as (gateway,), aiohttp.ClientSession() as http:
        me = await sign_in(http, gateway.url, "Ben")
        game_id = await create_game(table.stub, [game_pb2.Seat(player_id=me["player_id"]),
                                                 game_pb2.Seat(player_id="someone")])
        socket = await player_socket(http, gateway, me["token"], game_id, 0)
        await socket.send({"type": "leave", "game_id": game_id})
        reply = await socket.wait_for(lambda f: f.get("type") in ("seat", "error"))
        assert reply["action"] == "left"
        taken = [e for e in await events(table.stub, game_id) if e.type == "SeatTakenOver"]
        assert json.loads(taken[0].data_json)["cause"] == "resigned"
        await socket.close()


async def test_a_seat_held_on_another_gateway_is_not_handed_over(table: Table) -> None:
    async with gateways(table, 2) as (first, second), aiohttp.ClientSession() as http:
        me = await sign_in(http, first.url, "Cid")
        game_id = await create_game(table.stub, [game_pb2.Seat(player_id=me["player_id"]),
                                                 game_pb2.Seat(player_id="someone")])
        here = await player_socket(http, first, me["token"], game_id, 0)
        there = await player_socket(http, second, me["token"], game_id, 0)
        await here.close()
        await asyncio.sleep(GRACE_S * 2.5)
        assert not await _has(table.stub, game_id, "SeatTakenOver")
        await there.close()
        await eventually(lambda: _has(table.stub, game_id, "SeatTakenOver"), timeout=GRACE_S + 5)
