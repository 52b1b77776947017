"""“My games” and your-turn notices on the real game service, relay and two gateways: the list
says whose turn it is and how long the seat to act has left; a socket on any gateway hears
`your_turn` for any of its player's games."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration import test_live_play
from tests.integration.test_live_play import Table, create_game, gateways, seat_view
from tests.support.game_service import moves_from_legal

pytestmark = pytest.mark.integration

table = test_live_play.table
SLOW = {"type": "correspondence", "days_per_move": 3}


async def my_games(
    http: aiohttp.ClientSession, url: str, token: str, finished: bool = False
) -> list[dict[str, Any]]:
    query = "?finished=1" if finished else ""
    async with http.get(f"{url}/api/my-games{query}", headers={"Authorization": f"Bearer {token}"}) as r:
        assert r.status == 200, await r.text()
        return list((await r.json())["games"])


async def test_my_games_lists_whose_turn_and_the_time_left_and_a_socket_hears_your_turn(table: Table) -> None:
    async with gateways(table, 2) as (first, second), aiohttp.ClientSession() as http:
        ann = await sign_in(http, first.url, "Ann")
        socket = await SocketClient.connect(http, second.url, ann["token"])
        await socket.wait_for(lambda f: f.get("type") == "hello")
        seats = [game_pb2.Seat(player_id=ann["player_id"], display_name="Ann"),
                 game_pb2.Seat(player_id="friend-" + uuid.uuid4().hex[:6], display_name="Bo")]
        slow = await create_game(table.stub, seats, SLOW)
        notice = await socket.wait_for_notice("your_turn", lambda a: a["game_id"] == slow)
        assert notice["seat"] == 0 and notice["time_control"] == "correspondence"
        assert notice["time_left_ms"] == 3 * 86_400_000

        (listed,) = await my_games(http, first.url, ann["token"])
        assert listed["game_id"] == slow and listed["your_turn"] and listed["status"] == "live"
        assert listed["time_left_ms"] == 3 * 86_400_000 and listed["time_control"] == "correspondence"
        assert [s["display_name"] for s in listed["seats"]] == ["Ann", "Bo"]
        assert "player_id" not in str(listed)

        await finish_turn(table, slow, ann["player_id"])

        async def not_my_turn() -> bool:
            games = await my_games(http, first.url, ann["token"])
            return bool(games) and not games[0]["your_turn"] and games[0]["to_act"] == [1]

        await test_live_play.eventually(not_my_turn)
        await socket.close()


async def finish_turn(table: Table, game_id: str, player_id: str) -> None:
    """Seat 0 plays until its turn is over (ending it as soon as the rules allow)."""
    while True:
        view = await seat_view(table.stub, game_id, 0)
        if 0 not in view.to_act:
            return
        legal = json.loads(view.view_json)["legal"]
        move = {"type": "end_turn"} if legal.get("end_turn") else moves_from_legal(legal, random.Random(1))[0]
        await table.stub.SubmitMove(game_pb2.SubmitMoveRequest(
            game_id=game_id, seat=0, move_json=json.dumps(move), player_id=player_id))


async def test_my_games_needs_a_sign_in(table: Table) -> None:
    async with (gateways(table, 1) as (gateway,), aiohttp.ClientSession() as http,
                http.get(f"{gateway.url}/api/my-games") as response):
        assert response.status == 401
