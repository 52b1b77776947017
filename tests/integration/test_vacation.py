"""Vacation on the real game service (gRPC, Postgres ledger, relay and timekeeper on a test clock):
the yearly allowance is kept across calls, a vacation holds the timekeeper back past the old
deadline, and the view every seat gets says until when the player is away."""

from __future__ import annotations

import asyncio
import json

import grpc
import pytest

from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration import test_live_play
from tests.integration.test_live_play import Table, create_game, event_types, players
from tests.support.game_service import seat_viewer

table = test_live_play.table
pytestmark = pytest.mark.integration
DAY_MS = 86_400_000
SLOW = {"type": "correspondence", "days_per_move": 1}


async def test_a_vacation_keeps_the_clock_waiting_and_the_allowance_is_kept(table: Table) -> None:
    game_id = await create_game(table.stub, players("p0", "p1"), SLOW)
    taken = await table.stub.TakeVacation(game_pb2.TakeVacationRequest(player_id="p0", days=3))
    assert taken.days_left == 18 and taken.days_per_year == 21
    assert taken.until_ms == table.clock.now + 3 * DAY_MS
    view = await table.stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(1, "p1")))
    assert json.loads(view.clock_json)["vacations"] == {"0": taken.until_ms}
    table.clock.now += 2 * DAY_MS  # the move's day is long gone, the vacation is not
    await asyncio.sleep(1.0)  # the timekeeper had its chance
    assert "ClockExpired" not in await event_types(table.stub, game_id)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await table.stub.TakeVacation(game_pb2.TakeVacationRequest(player_id="p0", days=19))
    assert refused.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert (await table.stub.GetVacation(game_pb2.GetVacationRequest(player_id="p0"))).days_left == 18
