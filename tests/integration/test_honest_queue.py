"""An honest queue, end to end (real game service, matchmaking, NATS, two gateways): a ticket
lives while its player's socket heartbeats on any gateway; a closed tab cancels it (the latency
is measured and printed) so nobody is matched with a ghost; a lone player asks for bots now and
is seated with them; a ticket says how long it may still wait."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from daimyo_matchmaking.matching import Policy
from tests.integration.platform import Platform, call, eventually, platform

pytestmark = pytest.mark.integration

PEOPLE = {"game": "samurai", "player_counts": [2], "mode": "people", "time_control": "live"}


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema, Policy(presence_seconds=10.0)) as running:
        yield running


async def online(http: aiohttp.ClientSession, url: str, token: str) -> SocketClient:
    socket = await SocketClient.connect(http, url, token)
    await socket.wait_for(lambda f: f.get("type") == "hello")
    return socket


async def state_of(site: Platform, ticket_id: str) -> str:
    return (await site.matchmaking.get_ticket(ticket_id)).ticket.state


async def test_a_closed_tab_cancels_its_ticket_and_nobody_is_matched_with_it(site: Platform) -> None:
    first, second = await site.gateway(), await site.gateway()
    async with aiohttp.ClientSession() as http:
        ann = await sign_in(http, first.url, "Ann")
        tab = await online(http, second.url, ann["token"])  # her socket is on the other gateway
        status, ticket = await call(http, "POST", f"{first.url}/api/queue", ann["token"],
                                    {**PEOPLE, "bots_welcome": False})
        assert status == 200 and ticket["state"] == "queued" and ticket["bots_welcome"] is False
        await asyncio.sleep(0.5)
        closed_at = time.monotonic()
        await tab.close()

        async def cancelled() -> bool:
            return await state_of(site, ticket["ticket_id"]) == "cancelled"

        await eventually(cancelled, timeout=12, every=0.05)
        latency = time.monotonic() - closed_at
        print(f"\nticket cancel latency after the tab closed: {latency:.2f} s")
        assert latency < 10.0

        ben = await sign_in(http, first.url, "Ben")
        ben_tab = await online(http, first.url, ben["token"])
        _, bens = await call(http, "POST", f"{first.url}/api/queue", ben["token"],
                             {**PEOPLE, "bots_welcome": False})
        await asyncio.sleep(1.0)
        assert await state_of(site, bens["ticket_id"]) == "queued"  # Ann's ghost seated nobody
        await ben_tab.close()


async def test_a_ticket_whose_socket_stays_open_outlives_the_presence_window(
        database_url: str, nats_url: str, fresh_schema: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DAIMYO_ONLINE_HEARTBEAT_SECONDS", "0.3")
    policy = Policy(presence_seconds=1.5, gone_confirm_seconds=0.6)
    async with (platform(database_url, nats_url, fresh_schema, policy) as site,
                aiohttp.ClientSession() as http):
        gateway = await site.gateway()
        cid = await sign_in(http, gateway.url, "Cid")
        tab = await online(http, gateway.url, cid["token"])
        _, ticket = await call(http, "POST", f"{gateway.url}/api/queue", cid["token"],
                               {**PEOPLE, "bots_welcome": False})
        await asyncio.sleep(3.0)
        assert await state_of(site, ticket["ticket_id"]) == "queued"
        await tab.close()
        await eventually(lambda: _is(site, ticket["ticket_id"], "cancelled"), timeout=5)


async def _is(site: Platform, ticket_id: str, state: str) -> bool:
    return await state_of(site, ticket_id) == state


async def test_a_lone_player_fills_the_table_with_bots_now(site: Platform) -> None:
    gateway = await site.gateway()
    async with aiohttp.ClientSession() as http:
        dana = await sign_in(http, gateway.url, "Dana")
        tab = await online(http, gateway.url, dana["token"])
        _, ticket = await call(http, "POST", f"{gateway.url}/api/queue", dana["token"], PEOPLE)
        assert ticket["bots_welcome"] is True and ticket["bots_in_seconds"] > 10
        assert ticket["estimated_wait_seconds"] > 0
        status, filled = await call(http, "POST", f"{gateway.url}/api/queue/{ticket['ticket_id']}/bots",
                                    dana["token"])
        assert status == 200 and filled["fill_now"] is True
        found = await tab.wait_for_notice("match_found")
        _, after = await call(http, "GET", f"{gateway.url}/api/queue/{ticket['ticket_id']}", dana["token"])
        assert after["state"] == "matched" and after["game_id"] == found["game_id"]

        again, refusal = await call(http, "POST", f"{gateway.url}/api/queue/{ticket['ticket_id']}/bots",
                                    dana["token"])
        assert again == 409 and "too late" in refusal["message"]
        stranger = await sign_in(http, gateway.url, "Eve")
        status, refusal = await call(http, "POST", f"{gateway.url}/api/queue/{ticket['ticket_id']}/bots",
                                     stranger["token"])
        assert status == 404 and refusal["message"] == "no such ticket"
        await tab.close()
