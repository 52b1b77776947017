"""A table as its players read it (issue 33), over the real game service, matchmaking, NATS and a
gateway: names are shown exactly as their people typed them, and everyone at the table hears how
many watch — the count in the game's detail and a `watching` frame at each change."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from tests.integration.platform import Platform, call, platform

pytestmark = pytest.mark.integration


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        yield running


async def seated(http: aiohttp.ClientSession, url: str, token: str, game_id: str, seat: Any) -> SocketClient:
    socket = await SocketClient.connect(http, url, token)
    await socket.send({"type": "subscribe", "game_id": game_id, "as": seat})
    await socket.wait_for(lambda f: f.get("type") == "resynced")
    return socket


async def a_table(http: aiohttp.ClientSession, url: str, host: dict[str, Any], guest: dict[str, Any]) -> str:
    _, table = await call(http, "POST", f"{url}/api/tables", host["token"], {
        "game": "samurai", "seats": 2, "options": {}, "time_control": "correspondence"})
    _, joined = await call(http, "POST", f"{url}/api/tables/{table['code']}/join", guest["token"])
    return str(joined["game_id"])


def count_is(n: int) -> Any:
    return lambda f: f.get("type") == "watching" and f["count"] == n


async def test_everyone_at_the_table_hears_how_many_watch_and_a_player_looking_on_is_none(
        site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, url, "Ann"), await sign_in(http, url, "Ben")
        game_id = await a_table(http, url, ann, ben)
        ann_tab = await seated(http, url, ann["token"], game_id, 0)
        await ann_tab.wait_for(count_is(0))
        ben_looking_on = await seated(http, url, ben["token"], game_id, "spectator")
        eve, fay = await sign_in(http, url, "Eve"), await sign_in(http, url, "Fay")
        eve_tab = await seated(http, url, eve["token"], game_id, "spectator")
        await ann_tab.wait_for(count_is(1))
        fay_tabs = [await seated(http, url, fay["token"], game_id, "spectator") for _ in range(2)]
        await eve_tab.wait_for(count_is(2))
        _, detail = await call(http, "GET", f"{url}/api/games/{game_id}")
        assert detail["watching"] == 2  # Fay's two tabs are one watcher; Ben is a player
        await eve_tab.ws.close()
        await ann_tab.wait_for(count_is(1), after=len(ann_tab.frames) - 1)
        _, detail = await call(http, "GET", f"{url}/api/games/{game_id}")
        assert detail["watching"] == 1
        for tab in (ann_tab, ben_looking_on, *fay_tabs):
            await tab.ws.close()


async def test_names_are_shown_as_their_people_typed_them(site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        host, guest = await sign_in(http, url, "McAllister"), await sign_in(http, url, "mcALLISTER")
        assert (host["name"], guest["name"]) == ("McAllister", "mcALLISTER")
        game_id = await a_table(http, url, host, guest)
        _, detail = await call(http, "GET", f"{url}/api/games/{game_id}", host["token"])
        names = {s["display_name"] for s in detail["seats"]}
        assert names in ({"McAllister", "mcALLISTER 2"}, {"McAllister 2", "mcALLISTER"})  # told apart
        # case-insensitively (a seat order the table may shuffle), each shown as typed
        tab = await SocketClient.connect(http, url, guest["token"])
        assert (await tab.wait_for(lambda f: f.get("type") == "hello"))["name"] == "mcALLISTER"
        await tab.ws.close()
