"""A block keeps a player from chatting to the one who blocked them (issue 29): a private table
played through a gateway in front of the real accounts, game and matchmaking services. Once a
block stands between two seated players, a line from either is refused with `blocked` and
reaches nobody; lifting it lets chat through again. (Presence: tests/integration/
test_friends_online.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import aiohttp
import pytest

from daimyo_accounts.bootstrap import accounts_servicer
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.passkeys import RelyingParty
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.testing import scratch_store
from daimyo_gateway.bootstrap import RunningGateway
from daimyo_gateway.testing import Frame, SocketClient, sign_in
from daimyo_kit.grpc_server import start_server
from tests.integration.platform import call, platform

pytestmark = pytest.mark.integration


@dataclass
class Site:
    gateway: RunningGateway
    accounts: AccountsHandlers


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Site]:
    passwords = Passwords()
    async with (scratch_store(database_url) as store,
                platform(database_url, nats_url, fresh_schema) as running):
        handlers = AccountsHandlers(store, passwords, RelyingParty())
        server = await start_server([accounts_servicer(handlers)], port=0, host="127.0.0.1")
        gateway = await running.gateway(accounts_addr=f"127.0.0.1:{server.port}")
        yield Site(gateway, handlers)
        await server.stop(grace=0)
    passwords.close()


async def seated(http: aiohttp.ClientSession, url: str, token: str, game_id: str, seat: int) -> SocketClient:
    socket = await SocketClient.connect(http, url, token)
    await socket.send({"type": "subscribe", "game_id": game_id, "as": seat})
    await socket.wait_for(lambda f: f.get("type") == "resynced")
    return socket


def refusal_of(ref: int) -> Callable[[Frame], bool]:
    return lambda f: f.get("type") == "error" and f.get("ref") == ref


async def test_a_blocked_player_cannot_chat_to_the_one_who_blocked_them(site: Site) -> None:
    url = site.gateway.url
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, url, "Ann"), await sign_in(http, url, "Ben")
        _, table = await call(http, "POST", f"{url}/api/tables", ann["token"], {
            "game": "samurai", "seats": 2, "time_control": "correspondence"})
        _, joined = await call(http, "POST", f"{url}/api/tables/{table['code']}/join", ben["token"])
        game_id = joined["game_id"]
        ann_tab, ben_tab = (await seated(http, url, ann["token"], game_id, 0),
                            await seated(http, url, ben["token"], game_id, 1))
        await site.accounts.block(ann["player_id"], ben["player_id"])

        for tab, ref in ((ben_tab, 1), (ann_tab, 2)):  # the block stands either way
            await tab.send({"type": "chat", "game_id": game_id, "text": "hello", "ref": ref})
            refusal = await tab.wait_for(refusal_of(ref))
            assert refusal["code"] == "blocked", refusal
        await asyncio.sleep(0.3)
        assert ann_tab.of_type("chat") == [] and ben_tab.of_type("chat") == []
        _, log = await call(http, "GET", f"{url}/api/games/{game_id}/chat?channel=players", ann["token"])
        assert log["messages"] == []

        await site.accounts.unblock(ann["player_id"], ben["player_id"])
        await ben_tab.send({"type": "chat", "game_id": game_id, "text": "thanks", "ref": 3})
        assert (await ann_tab.wait_for(lambda f: f.get("type") == "chat"))["text"] == "thanks"
