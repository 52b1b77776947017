"""Correspondence clocks decide, not sockets (real game service, relay, timekeeper, bot driver,
two gateways): a closed tab never hands a correspondence seat to a bot; the clock's expiry hands
over that one move only, and the player resumes from another gateway."""

from __future__ import annotations

import asyncio
import json
import random

import aiohttp
import grpc
import pytest

from daimyo_gateway.testing import sign_in
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration import test_live_play
from tests.integration.test_live_play import (
    GRACE_S,
    Table,
    create_game,
    event_types,
    eventually,
    gateways,
    player_socket,
    players,
)
from tests.support.game_service import moves_from_legal

table = test_live_play.table  # the live-play fixture: game service on a test clock + bot driver

pytestmark = pytest.mark.integration

SLOW = {"type": "correspondence", "days_per_move": 3}
DAY_MS = 86_400_000


async def test_a_correspondence_seat_outlives_the_live_grace_and_is_resumed_elsewhere(table: Table) -> None:
    async with gateways(table, 2) as (first, second), aiohttp.ClientSession() as http:
        me = await sign_in(http, first.url, "Ann")
        game_id = await create_game(table.stub, [game_pb2.Seat(player_id=me["player_id"]),
                                                 game_pb2.Seat(player_id="friend")], SLOW)
        socket = await player_socket(http, first, me["token"], game_id, 0)
        await socket.close()
        await asyncio.sleep(GRACE_S * 4)  # far past the live grace period
        assert "SeatTakenOver" not in await event_types(table.stub, game_id)

        back = await player_socket(http, second, me["token"], game_id, 0)
        view = back.of_type("view")[-1]
        assert not view["takeovers"] and 0 in view["to_act"]
        move = moves_from_legal(view["view"]["legal"], random.Random(4))[0]
        await back.send({"type": "move", "game_id": game_id, "move": move,
                         "expected_version": view["version"], "command_id": "resume-1"})
        ack = await back.wait_for(lambda f: f.get("type") in ("ack", "error"))
        assert ack["type"] == "ack", ack
        await back.close()


async def test_a_disconnect_hand_over_is_refused_for_a_correspondence_game(table: Table) -> None:
    game_id = await create_game(table.stub, players("p0", "p1"), SLOW)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await table.stub.HandOverSeat(game_pb2.HandOverSeatRequest(
            game_id=game_id, seat=0, player_id="p0", reason="disconnected"))
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "waits for its clock" in (refused.value.details() or "")
    assert await event_types(table.stub, game_id) == ["GameCreated"]


async def test_a_correspondence_clock_expiry_hands_over_that_move_only(table: Table) -> None:
    game_id = await create_game(table.stub, players("p0", "p1"), {**SLOW, "on_timeout": "bot_rest"})
    table.clock.now += 3 * DAY_MS + 1

    async def returned() -> list[str] | None:
        types = await event_types(table.stub, game_id)
        return types if "SeatReturned" in types else None

    types = await eventually(returned)
    assert types[1:3] == ["ClockExpired", "SeatTakenOver"] and "MoveMade" in types
    taken = [e for e in await _events(table, game_id) if e.type == "SeatTakenOver"]
    assert json.loads(taken[0].data_json)["until"] == "move"


async def _events(table: Table, game_id: str) -> list[game_pb2.Event]:
    spectator = game_pb2.Viewer(spectator=True)
    request = game_pb2.ListEventsRequest(game_id=game_id, from_version=0, viewer=spectator)
    return list((await table.stub.ListEvents(request)).events)
