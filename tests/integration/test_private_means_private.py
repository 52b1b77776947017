"""Issue 32's privacy and chat findings, replayed through the public edge (REST and the socket of
real gateways, matchmaking, game service, bot driver, Postgres and NATS):

- a private table without spectators is readable (detail, replay, events, chat) only by its
  seats' players, during the game and after it; an invitation code says nothing without a token;
- chat is rate-limited per author across games, a line that shows nothing is refused, the
  spectators' channel closes with the game, and each channel reaches only its audience: a seated
  player watching as a spectator still reads the players' channel, and REST chat needs a token.

Every refusal is a 4xx or an error frame with a stable code."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from tests.integration.platform import Platform, call, eventually, platform

pytestmark = pytest.mark.integration

READS = ("", "/replay", "/replay?seat=0", "/events", "/chat", "/chat?channel=spectators")


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        yield running


async def table_game(http: aiohttp.ClientSession, url: str, host: dict[str, Any], guest: dict[str, Any],
                     **form: Any) -> tuple[dict[str, Any], str]:
    """A 2-seat table `host` creates and `guest` joins (it starts): the table and its game's id."""
    _, table = await call(http, "POST", f"{url}/api/tables", host["token"],
                          {"game": "samurai", "seats": 2, **form})
    _, joined = await call(http, "POST", f"{url}/api/tables/{table['code']}/join", guest["token"])
    return table, joined["game_id"]


async def statuses(http: aiohttp.ClientSession, url: str, game_id: str, token: str) -> list[int]:
    return [(await call(http, "GET", f"{url}/api/games/{game_id}{path}", token))[0] for path in READS]


async def finish(site: Platform, url: str, http: aiohttp.ClientSession, game_id: str,
                 *players: dict[str, Any]) -> None:
    """Every player leaves the seat to a bot; the bots play to the end."""
    for who in players:
        tab = await SocketClient.connect(http, url, who["token"])
        await tab.send({"type": "leave", "game_id": game_id, "ref": 1})
        await tab.wait_for(lambda f: f.get("ref") == 1)
        await tab.close()

    async def over() -> bool:
        match = await site.matchmaking.store.match_by_game(game_id)
        return match is not None and match.state == "finished"

    await eventually(over, timeout=60)


async def test_a_table_without_spectators_is_read_only_by_its_seats_during_and_after_the_game(
        site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann, ben, eve = [await sign_in(http, url, name) for name in ("Ann", "Ben", "Eve")]
        table, game_id = await table_game(http, url, ann, ben, spectators=False, time_control="live")
        status, anonymous = await call(http, "GET", f"{url}/api/tables/{table['code']}")
        assert status == 401 and anonymous["error"] == "unauthenticated" and game_id not in str(anonymous)

        assert await statuses(http, url, game_id, eve["token"]) == [403] * len(READS)
        assert await statuses(http, url, game_id, "") == [403, 403, 403, 403, 401, 401]
        assert (await statuses(http, url, game_id, ann["token"]))[:5] == [200] * 5
        _, refusal = await call(http, "GET", f"{url}/api/games/{game_id}/events", eve["token"])
        assert refusal == {"error": "forbidden", "args": {},
                           "message": "the host of this private table allows no spectators"}

        await finish(site, url, http, game_id, ann, ben)
        assert await statuses(http, url, game_id, eve["token"]) == [403] * len(READS)  # still private
        assert await statuses(http, url, game_id, ben["token"]) == [200] * len(READS)
        status, _ = await call(http, "GET", f"{url}/api/games/{game_id}/replay?seat=all", ben["token"])
        assert status == 200


async def test_chat_is_rate_limited_per_author_across_games(site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, url, "Ann"), await sign_in(http, url, "Ben")
        games = [(await table_game(http, url, ann, ben, time_control="correspondence"))[1] for _ in range(2)]
        tab = await SocketClient.connect(http, url, ann["token"])
        for n in range(6):  # five lines in the first game, the sixth in the second
            await tab.send({"type": "chat", "game_id": games[n // 5], "text": f"line {n}", "ref": n})
        answers = [await tab.wait_for(lambda f, n=n: f.get("ref") == n) for n in range(6)]  # type: ignore[misc]
        assert [a["type"] for a in answers] == ["chat_sent"] * 5 + ["error"]
        assert answers[-1]["code"] == "rate_limited"
        _, log = await call(http, "GET", f"{url}/api/games/{games[1]}/chat", ben["token"])
        assert log["messages"] == []
        await tab.close()


@pytest.mark.parametrize("text", ["\u200b", "\u200b\u200d\u2060", "\u3164\u3164", "\u2800", " \ufeff "])
async def test_a_line_that_shows_nothing_is_refused(site: Platform, text: str) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, url, "Ann"), await sign_in(http, url, "Ben")
        _, game_id = await table_game(http, url, ann, ben, time_control="correspondence")
        tab = await SocketClient.connect(http, url, ann["token"])
        await tab.send({"type": "chat", "game_id": game_id, "text": text, "ref": 1})
        refusal = await tab.wait_for(lambda f: f.get("ref") == 1)
        assert (refusal["type"], refusal["code"]) == ("error", "malformed") and "empty" in refusal["message"]
        _, log = await call(http, "GET", f"{url}/api/games/{game_id}/chat", ben["token"])
        assert log["messages"] == []
        await tab.close()


async def test_each_channel_reaches_only_its_audience_and_the_spectators_close_with_the_game(
        site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann, ben, eve = [await sign_in(http, url, name) for name in ("Ann", "Ben", "Eve")]
        _, game_id = await table_game(http, url, ann, ben, time_control="live")
        ann_watching = await SocketClient.connect(http, url, ann["token"])  # a player, as a spectator
        await ann_watching.send({"type": "subscribe", "game_id": game_id, "as": "spectator"})
        await ann_watching.wait_for(lambda f: f.get("type") == "resynced")
        eve_tab = await SocketClient.connect(http, url, eve["token"])
        await eve_tab.send({"type": "subscribe", "game_id": game_id, "as": "spectator"})
        await eve_tab.wait_for(lambda f: f.get("type") == "resynced")

        await eve_tab.send({"type": "chat", "game_id": game_id, "text": "Ann blundered", "ref": 1})
        assert (await eve_tab.wait_for(lambda f: f.get("ref") == 1))["type"] == "chat_sent"
        await ann_watching.send({"type": "chat", "game_id": game_id, "text": "gl", "ref": 2})
        sent = await ann_watching.wait_for(lambda f: f.get("ref") == 2)
        assert sent["type"] == "chat_sent" and sent["channel"] == "players"  # she writes as a player
        await asyncio.sleep(0.5)
        assert [f["text"] for f in ann_watching.of_type("chat")] == ["gl"]  # never the spectators' aside

        spectators = f"{url}/api/games/{game_id}/chat?channel=spectators"
        status, refusal = await call(http, "GET", spectators)
        assert (status, refusal["error"]) == (401, "unauthenticated")
        status, _ = await call(http, "GET", spectators, ann["token"])
        assert status == 403

        await finish(site, url, http, game_id, ann, ben)
        await eve_tab.send({"type": "chat", "game_id": game_id, "text": "gg", "ref": 3})
        closed = await eve_tab.wait_for(lambda f: f.get("ref") == 3)
        assert (closed["type"], closed["code"]) == ("error", "forbidden") and "closed" in closed["message"]
        _, log = await call(http, "GET", spectators, eve["token"])
        assert [m["text"] for m in log["messages"]] == ["Ann blundered"]
        for socket in (ann_watching, eve_tab):
            await socket.close()
