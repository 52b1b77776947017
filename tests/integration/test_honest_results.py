"""Honest results and texts end to end (real game service, matchmaking, NATS, gateway): a seat a
bot finished for a player who left is never among the winners anywhere the result is shown; the
leaderboard says which games are rated; a visitor watches without signing in; refusals name no
internal id."""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration.platform import Platform, call, eventually, platform

pytestmark = pytest.mark.integration
HEX_ID = re.compile(r"[0-9a-f]{16,}|g-[0-9a-f]{8,}")


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        yield running


async def test_a_seat_a_bot_finished_for_a_player_who_left_never_wins(site: Platform) -> None:
    (gateway,) = site.gateways
    async with aiohttp.ClientSession() as http:
        ann = await sign_in(http, gateway.url, "Ann")
        request = game_pb2.CreateGameRequest(
            game="samurai", config_json='{"players": 2, "random_setup": true}', command_id=uuid.uuid4().hex,
            seats=[game_pb2.Seat(player_id=ann["player_id"], display_name="Ann"),
                   game_pb2.Seat(bot_level="random", display_name="Bot")])
        game_id = (await site.game.stub.CreateGame(request)).game_id
        tab = await SocketClient.connect(http, gateway.url, ann["token"])
        await tab.send({"type": "subscribe", "game_id": game_id, "as": 0})
        await tab.wait_for(lambda f: f.get("type") == "resynced")
        await tab.send({"type": "leave", "game_id": game_id})
        end = await tab.wait_for(lambda f: f.get("type") == "view" and f["finished"], timeout=60)
        assert end["abandoned"] == [0] and 0 not in end["winners"]

        _, detail = await call(http, "GET", f"{gateway.url}/api/games/{game_id}")
        assert detail["abandoned"] == [0] and 0 not in detail["winners"]

        async def listed() -> list[dict[str, Any]]:
            _, mine = await call(http, "GET", f"{gateway.url}/api/my-games?finished=1", ann["token"])
            return [g for g in mine["games"] if g["status"] == "finished"]

        (finished,) = await eventually(listed)
        assert 0 not in finished["winners"]
        await tab.close()


async def test_the_leaderboard_says_which_games_are_rated(site: Platform) -> None:
    (gateway,) = site.gateways
    async with aiohttp.ClientSession() as http:
        status, board = await call(http, "GET", f"{gateway.url}/api/leaderboard/samurai")
        assert status == 200 and board["ratings"] == []
        assert "people" in board["rated"] and any("bot" in reason for reason in board["unrated"])


async def test_a_visitor_watches_a_live_game_without_signing_in(site: Platform) -> None:
    (gateway,) = site.gateways
    async with aiohttp.ClientSession() as http:
        request = game_pb2.CreateGameRequest(
            game="samurai", config_json='{"players": 2, "random_setup": true}', command_id=uuid.uuid4().hex,
            seats=[game_pb2.Seat(player_id="someone", display_name="Sam"), game_pb2.Seat(player_id="other")])
        game_id = (await site.game.stub.CreateGame(request)).game_id
        status, live = await call(http, "GET", f"{gateway.url}/api/games?live=1")
        assert status == 200 and game_id in [g["game_id"] for g in live["games"]]

        ws = await http.ws_connect(f"{gateway.url.replace('http', 'ws', 1)}/ws")
        await ws.send_json({"type": "auth", "visitor": True})  # no token: a visitor
        socket = SocketClient(ws)
        socket._reader = asyncio.create_task(socket._read())
        await socket.send({"type": "subscribe", "game_id": game_id, "as": "spectator"})
        view = await socket.wait_for(lambda f: f.get("type") == "view")
        assert view["seat"] is None and view["game_id"] == game_id
        await socket.send({"type": "chat", "game_id": game_id, "text": "hi", "ref": 1})
        refusal = await socket.wait_for(lambda f: f.get("type") == "error" and f.get("ref") == 1)
        assert refusal["message"] == "sign in to chat"
        await socket.send({"type": "subscribe", "game_id": game_id, "as": 0, "ref": 2})
        refusal = await socket.wait_for(lambda f: f.get("type") == "error" and f.get("ref") == 2)
        assert refusal["message"] == "seat 0 of this game is not yours"
        await socket.close()


async def test_refusals_name_no_internal_ids(site: Platform) -> None:
    (gateway,) = site.gateways
    async with aiohttp.ClientSession() as http:
        ann = await sign_in(http, gateway.url, "Ann")
        messages = []
        for method, path, body in (("GET", "/api/games/0123456789abcdef0123456789abcdef", None),
                                   ("DELETE", "/api/queue/0123456789abcdef0123", None),
                                   ("POST", "/api/games/0123456789abcdef0123456789abcdef/rematch", None)):
            status, answer = await call(http, method, f"{gateway.url}{path}", ann["token"], body)
            assert status >= 400
            messages.append(answer["message"])
        _, ticket = await call(http, "POST", f"{gateway.url}/api/queue", ann["token"],
                               {"game": "samurai", "mode": "people"})
        status, answer = await call(http, "POST", f"{gateway.url}/api/queue", ann["token"],
                                    {"game": "samurai", "mode": "people"})
        assert status == 409
        messages.append(answer["message"])
        assert messages[-1].startswith("You are already waiting for a table")
        assert not [m for m in messages if HEX_ID.search(m) or ann["player_id"] in m], messages
        await call(http, "DELETE", f"{gateway.url}/api/queue/{ticket['ticket_id']}", ann["token"])
