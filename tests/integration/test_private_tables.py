"""Private tables end to end (real game service, matchmaking, NATS, two gateways): a host
creates a table with the rules' options, friends join by the invitation code, bots of chosen
levels fill seats, the game starts when full with the chosen options; private tables stay out
of the queue and, without spectators, out of the live list; every refusal is precise."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from daimyo_matchmaking.domain import Refused
from daimyo_matchmaking.store import PostgresStore
from daimyo_matchmaking.tables import NewTable
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration.platform import Platform, call, platform

pytestmark = pytest.mark.integration


def join_url(base: str, table: dict[str, Any]) -> str:
    return f"{base}/api/tables/{table['code']}/join"


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        await running.gateway()
        yield running


async def test_friends_join_a_private_samurai_table_by_its_code_and_play_the_chosen_set_up(
        site: Platform) -> None:
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, first.url, "Ann"), await sign_in(http, second.url, "Ben")
        status, catalog = await call(http, "GET", f"{first.url}/api/catalog")
        (samurai,) = [g for g in catalog["games"] if g["name"] == "samurai"]
        assert status == 200 and [c["value"] for c in samurai["options"]["random_setup"]["choices"]] == [
            True, False]
        status, table = await call(http, "POST", f"{first.url}/api/tables", ann["token"], {
            "game": "samurai", "seats": 2, "options": {"random_setup": False},
            "time_control": "correspondence",
            "rated": False, "spectators": False})
        assert status == 200, table
        assert table["state"] == "open" and table["you_host"] and len(table["code"]) >= 16
        assert table["config"] == {"random_setup": False} and table["invite_path"].endswith(table["code"])
        assert "player_id" not in json.dumps(table)

        ben_tab = await SocketClient.connect(http, second.url, ben["token"])
        await ben_tab.wait_for(lambda f: f.get("type") == "hello")
        status, seen = await call(http, "GET", f"{second.url}/api/tables/{table['code']}", ben["token"])
        assert status == 200 and [s["empty"] for s in seen["seats"]] == [False, True]
        status, joined = await call(http, "POST", join_url(second.url, table), ben["token"])
        assert status == 200 and joined["state"] == "started" and joined["game_id"]
        found = await ben_tab.wait_for_notice("match_found")
        assert found["game_id"] == joined["game_id"] and found["seat"] == 1

        view = await site.game.stub.GetView(game_pb2.GetViewRequest(
            game_id=joined["game_id"], viewer=game_pb2.Viewer(seat=0)))
        assert "place_figure" in json.loads(view.view_json)["legal"]  # figure placement, not random
        _, public = await call(http, "GET", f"{first.url}/api/games?live=1")
        assert joined["game_id"] not in [g["game_id"] for g in public["games"]]
        await ben_tab.send({"type": "subscribe", "game_id": joined["game_id"], "as": "spectator"})
        stranger = await sign_in(http, first.url, "Eve")
        eve_tab = await SocketClient.connect(http, first.url, stranger["token"])
        await eve_tab.send({"type": "subscribe", "game_id": joined["game_id"], "as": "spectator"})
        refusal = await eve_tab.wait_for(lambda f: f.get("type") == "error")
        assert refusal["code"] == "forbidden" and "allows no spectators" in refusal["message"]

        status, late = await call(http, "POST", join_url(first.url, table), stranger["token"])
        assert status == 409 and late["message"] == "this table has already started"
        for socket in (ben_tab, eve_tab):
            await socket.close()


async def test_the_host_seats_bots_and_refusals_are_precise_and_change_nothing(site: Platform) -> None:
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        cid, dan = await sign_in(http, first.url, "Cid"), await sign_in(http, second.url, "Dan")
        bad = {"game": "samurai", "seats": 3, "options": {"random_setup": "chaos"}}
        status, refusal = await call(http, "POST", f"{first.url}/api/tables", cid["token"], bad)
        assert status == 400 and refusal["message"] == (
            'table options: random_setup must be one of true, false, not "chaos"')
        status, refusal = await call(http, "POST", f"{first.url}/api/tables", cid["token"],
                                     {"game": "samurai", "seats": 7})
        assert status == 400 and "2 to 4 players, not 7" in refusal["message"]

        _, table = await call(http, "POST", f"{first.url}/api/tables", cid["token"],
                              {"game": "samurai", "seats": 3, "time_control": "blitz"})
        code = table["code"]
        status, refusal = await call(http, "POST", f"{first.url}/api/tables/{code}/join", cid["token"])
        assert status == 409 and refusal["message"] == "you already sit at this table"
        status, refusal = await call(http, "POST", f"{first.url}/api/tables/nope-{code}/join", dan["token"])
        assert status == 404 and refusal["message"] == "no table has that invitation code"
        status, refusal = await call(http, "POST", f"{second.url}/api/tables/{code}/bots", dan["token"],
                                     {"bot_levels": ["random"]})
        assert status == 403 and refusal["message"] == "only the table's host may seat bots"
        status, refusal = await call(http, "POST", f"{first.url}/api/tables/{code}/bots", cid["token"],
                                     {"bot_levels": ["random", "greedy", "mcts"]})
        assert status == 400 and "only 2 seats are empty" in refusal["message"]
        _, unchanged = await call(http, "GET", f"{first.url}/api/tables/{code}", cid["token"])
        assert [s["empty"] for s in unchanged["seats"]] == [False, True, True]

        await call(http, "POST", f"{second.url}/api/tables/{code}/join", dan["token"])
        status, started = await call(http, "POST", f"{first.url}/api/tables/{code}/bots", cid["token"],
                                     {"bot_levels": ["greedy"]})
        assert status == 200 and started["state"] == "started", started
        assert [s["bot_level"] for s in started["seats"]] == [None, None, "greedy"]
        _, public = await call(http, "GET", f"{first.url}/api/games?live=1")
        assert started["game_id"] in [g["game_id"] for g in public["games"]]  # spectators allowed


async def test_an_expired_invitation_is_refused(site: Platform) -> None:
    first, _ = site.gateways
    async with aiohttp.ClientSession() as http:
        eve, fay = await sign_in(http, first.url, "Eve"), await sign_in(http, first.url, "Fay")
        _, table = await call(http, "POST", f"{first.url}/api/tables", eve["token"], {
            "game": "shogun", "seats": 3, "options": {"setup": "draft", "side": "moon"}})
        assert table["config"] == {"side": "moon", "setup": "draft"}
        store = site.matchmaking.store
        assert isinstance(store, PostgresStore)  # the platform runs matchmaking on Postgres
        await store.execute("UPDATE private_tables SET expires_at = 0 WHERE code = %s", (table["code"],))
        status, refusal = await call(http, "POST", join_url(first.url, table), fay["token"])
        assert status == 409 and refusal["message"] == "this invitation has expired"


async def test_a_host_keeps_at_most_five_open_tables(site: Platform) -> None:
    request = NewTable("host-1", "Hal", "samurai", 2, {})
    for _ in range(5):
        await site.matchmaking.create_table(request)
    with pytest.raises(Refused, match="already have 5 open tables"):
        await site.matchmaking.create_table(request)
