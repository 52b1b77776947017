"""What a table hears of its people when they are spread over two gateways (issue 33), with the
real game service, matchmaking and NATS: "n watching" sums the watchers of both gateways; a
player whose last socket closes on one gateway is told lost to the players and watchers on the
other within the grace, and back when they return there; a socket reopened at once is no news."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from tests.integration.platform import Platform, call, platform

pytestmark = pytest.mark.integration
GRACE = 4.0  # a drop is told after a second (a quarter of it), the seat handed over after four


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway(grace_seconds=GRACE)
        await running.gateway(grace_seconds=GRACE)
        yield running


async def a_game(http: aiohttp.ClientSession, site: Platform) -> tuple[str, list[dict[str, Any]]]:
    """A two-seat private table: Ann (signed in on the first gateway) and Ben (on the second)."""
    first, second = site.gateways
    ann, ben = await sign_in(http, first.url, "Ann"), await sign_in(http, second.url, "Ben")
    _, table = await call(http, "POST", f"{first.url}/api/tables", ann["token"], {
        "game": "samurai", "seats": 2, "options": {}, "time_control": "live"})
    _, joined = await call(http, "POST", f"{second.url}/api/tables/{table['code']}/join", ben["token"])
    return joined["game_id"], [ann, ben]


async def at_table(http: aiohttp.ClientSession, url: str, token: str, game_id: str,
                   seat: Any) -> SocketClient:
    socket = await SocketClient.connect(http, url, token)
    await socket.send({"type": "subscribe", "game_id": game_id, "as": seat})
    await socket.wait_for(lambda f: f.get("type") == "resynced")
    return socket


def watching(count: int) -> Any:
    return lambda f: f.get("type") == "watching" and f["count"] == count


def presence(seat: int, state: str) -> Any:
    return lambda f: f.get("type") == "presence" and (f["seat"], f["state"]) == (seat, state)


def told(socket: SocketClient) -> list[tuple[int, str]]:
    return [(f["seat"], f["state"]) for f in socket.of_type("presence")]


async def test_the_watchers_of_both_gateways_are_counted_and_a_departure_reaches_both(site: Platform) -> None:
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        game_id, (ann, _) = await a_game(http, site)
        ann_tab = await at_table(http, first.url, ann["token"], game_id, 0)
        eve, fay = await sign_in(http, second.url, "Eve"), await sign_in(http, first.url, "Fay")
        eve_tab = await at_table(http, second.url, eve["token"], game_id, "spectator")
        fay_tab = await at_table(http, first.url, fay["token"], game_id, "spectator")
        for socket in (ann_tab, eve_tab, fay_tab):
            await socket.wait_for(watching(2))
        _, listed = await call(http, "GET", f"{first.url}/api/games/{game_id}", ann["token"])
        assert listed["watching"] == 2
        await eve_tab.close()
        after = len(ann_tab.frames)
        await ann_tab.wait_for(watching(1), after=after)
        await fay_tab.wait_for(watching(1))
        for socket in (ann_tab, fay_tab):
            await socket.close()


async def test_a_drop_and_a_return_on_the_other_gateway_are_told_and_no_bot_takes_it(site: Platform) -> None:
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        game_id, (ann, ben) = await a_game(http, site)
        ann_tab = await at_table(http, first.url, ann["token"], game_id, 0)
        ben_tab = await at_table(http, second.url, ben["token"], game_id, 1)
        eve = await sign_in(http, second.url, "Eve")
        eve_tab = await at_table(http, second.url, eve["token"], game_id, "spectator")
        await ann_tab.close()
        for socket in (ben_tab, eve_tab):
            await socket.wait_for(presence(0, "lost"), timeout=GRACE)
        ann_again = await at_table(http, second.url, ann["token"], game_id, 0)
        for socket in (ben_tab, eve_tab):
            await socket.wait_for(presence(0, "back"), timeout=GRACE)
        await asyncio.sleep(GRACE)
        assert told(ben_tab) == told(eve_tab) == [(0, "lost"), (0, "back")]  # each told once
        view = await ann_again.wait_for(lambda f: f.get("type") == "view")
        assert "0" not in view["takeovers"]  # back within the grace: no bot took the seat
        for socket in (ann_again, ben_tab, eve_tab):
            await socket.close()


async def test_a_socket_reopened_at_once_is_no_news(site: Platform) -> None:
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        game_id, (ann, ben) = await a_game(http, site)
        ann_tab = await at_table(http, first.url, ann["token"], game_id, 0)
        ben_tab = await at_table(http, second.url, ben["token"], game_id, 1)
        await ann_tab.close()
        ann_again = await at_table(http, first.url, ann["token"], game_id, 0)
        await asyncio.sleep(GRACE / 2)
        assert told(ben_tab) == []
        for socket in (ann_again, ben_tab):
            await socket.close()


