"""Friends online (issue 29): two gateway replicas in front of a real accounts service and NATS.
A player following another sees them online while they hold a socket on any replica, and no
longer once it closes; a block, either way, hides them — a blocked player cannot see you online."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import pytest

from daimyo_accounts.bootstrap import accounts_servicer
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.testing import scratch_store
from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import SocketClient, sign_in, start_test_gateway
from daimyo_kit.grpc_server import start_server

pytestmark = pytest.mark.integration


@dataclass
class Site:
    one: RunningGateway
    two: RunningGateway
    accounts: AccountsHandlers
    http: aiohttp.ClientSession


@pytest.fixture
async def site(database_url: str, nats_url: str) -> AsyncIterator[Site]:
    passwords = Passwords()
    async with scratch_store(database_url) as store:
        handlers = AccountsHandlers(store, passwords, RelyingParty())
        server = await start_server([accounts_servicer(handlers)], port=0, host="127.0.0.1")
        address = f"127.0.0.1:{server.port}"
        one = await start_test_gateway(nats_url, "127.0.0.1:1", accounts_addr=address)
        two = await start_test_gateway(nats_url, "127.0.0.1:1", accounts_addr=address)
        async with aiohttp.ClientSession() as http:
            yield Site(one, two, handlers, http)
        await one.stop()
        await two.stop()
        await server.stop(grace=0)
    passwords.close()


async def member(site: Site, url: str, name: str) -> dict[str, Any]:
    """A guest signed in through a gateway, then upgraded to an account named `name`."""
    guest = await sign_in(site.http, url, "guest")
    await site.accounts.upgrade_with_password(guest["player_id"], name, "correct horse battery staple")
    return guest


async def friends_online(site: Site, token: str) -> dict[str, Any]:
    async with site.http.get(f"{site.one.url}/api/account/friends-online",
                             headers={"Authorization": f"Bearer {token}"}) as response:
        assert response.status == 200, await response.text()
        body: dict[str, Any] = await response.json()
        return body


async def until_friends(site: Site, token: str, expected: list[str]) -> None:
    started = time.monotonic()
    while (await friends_online(site, token))["friends"] != expected:
        assert time.monotonic() - started < 5, f"friends online never became {expected}"
        await asyncio.sleep(0.05)


async def test_a_followed_player_shows_online_while_a_socket_is_open_on_any_replica(site: Site) -> None:
    ann, ben = await member(site, site.one.url, "Ann"), await member(site, site.two.url, "Ben")
    await site.accounts.follow(ann["player_id"], ben["player_id"])
    assert await friends_online(site, ann["token"]) == {"friends": [], "more": 0}
    socket = await SocketClient.connect(site.http, site.two.url, ben["token"])
    await socket.wait_for(lambda f: f["type"] == "hello")
    await until_friends(site, ann["token"], ["Ben"])
    await socket.ws.close()
    await until_friends(site, ann["token"], [])


async def test_a_block_either_way_hides_a_player_online(site: Site) -> None:
    ann, ben = await member(site, site.one.url, "Ann"), await member(site, site.two.url, "Ben")
    await site.accounts.follow(ann["player_id"], ben["player_id"])
    socket = await SocketClient.connect(site.http, site.two.url, ben["token"])
    await socket.wait_for(lambda f: f["type"] == "hello")
    await until_friends(site, ann["token"], ["Ben"])
    await site.accounts.block(ben["player_id"], ann["player_id"])  # Ben blocks his follower
    assert await friends_online(site, ann["token"]) == {"friends": [], "more": 0}
    await site.accounts.unblock(ben["player_id"], ann["player_id"])
    await site.accounts.block(ann["player_id"], ben["player_id"])
    assert await friends_online(site, ann["token"]) == {"friends": [], "more": 0}
    await socket.ws.close()
