"""Issue 32's quota findings, replayed as a hostile guest would through the public edge (REST and
the socket of a real gateway, matchmaking, game service, bot driver, Postgres and NATS): every
route that could start a game asks matchmaking's one decider (`allowance.py`), so

- private tables with bots + "fill now" + leave give one game with bots at a time, not five;
- "same settings again" counts as a queue join (it skipped the queue quota: 1,153 cycles in 10 s);
- leave and reclaim are rate-limited per player (144 in 10 s), and a left live seat keeps its
  slot until its game ends (a leave freed it, so one guest held two live games).

Each refusal is a 4xx with a stable code, or an error frame, and changes nothing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from tests.integration.platform import Platform, call, eventually, platform

pytestmark = pytest.mark.integration

SLOW = "correspondence"


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        yield running


async def online(http: aiohttp.ClientSession, url: str, token: str) -> SocketClient:
    socket = await SocketClient.connect(http, url, token)
    await socket.wait_for(lambda f: f.get("type") == "hello")
    return socket


async def table_with_bots(http: aiohttp.ClientSession, url: str, token: str,
                          clock: str) -> tuple[int, dict[str, Any]]:
    """A 2-seat private table with a bot in the empty seat (it starts at once): the last answer."""
    status, table = await call(http, "POST", f"{url}/api/tables", token,
                               {"game": "samurai", "seats": 2, "time_control": clock})
    if status != 200:
        return status, table
    bots = {"bot_levels": ["random"]}
    return await call(http, "POST", f"{url}/api/tables/{table['code']}/bots", token, bots)


async def bot_games_of(site: Platform, player_id: str) -> int:
    return (await site.matchmaking.store.holdings(player_id, 0.0)).bot_games


async def test_tables_with_bots_fill_now_and_leave_give_one_game_with_bots_at_a_time(site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        eve = await sign_in(http, url, "Eve")
        tab = await online(http, url, eve["token"])
        status, first = await table_with_bots(http, url, eve["token"], "live")
        assert status == 200 and first["state"] == "started", first
        await tab.send({"type": "leave", "game_id": first["game_id"], "ref": 1})
        left = await tab.wait_for(lambda f: f.get("ref") == 1)
        assert left["type"] == "seat" and left["action"] == "left"

        refusals = []
        for clock in ("live", SLOW):
            refusals.append(await table_with_bots(http, url, eve["token"], clock))
        refusals.append(await call(http, "POST", f"{url}/api/queue", eve["token"],
                                   {"game": "samurai", "mode": "bots", "time_control": SLOW}))
        status, ticket = await call(http, "POST", f"{url}/api/queue", eve["token"],
                                    {"game": "samurai", "player_counts": [2], "time_control": SLOW})
        assert status == 200 and ticket["bots_welcome"] is False  # at the quota: people only
        refusals.append(await call(http, "POST", f"{url}/api/queue/{ticket['ticket_id']}/bots", eve["token"]))

        assert [(s, r["error"]) for s, r in refusals] == [
            (409, "illegal_move"),  # a second live table: the left seat keeps the live slot
            (429, "rate_limited"), (429, "rate_limited"), (429, "rate_limited")]  # games with bots: 1
        assert "a seat left to a bot stays yours" in refusals[0][1]["message"]
        assert all("at most 1 game against bots" in r["message"] for _, r in refusals[1:])
        _, after = await call(http, "GET", f"{url}/api/queue/{ticket['ticket_id']}", eve["token"])
        assert after["state"] == "queued" and not after["fill_now"]  # the refused fill changed nothing
        assert await bot_games_of(site, eve["player_id"]) == 1
        _, mine = await call(http, "GET", f"{url}/api/my-games", eve["token"])
        assert [g["game_id"] for g in mine["games"]] == [first["game_id"]]
        await tab.close()


async def test_five_tables_seating_bots_at_once_start_one_game_with_bots(site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        eve = await sign_in(http, url, "Eve")
        codes = []
        for _ in range(5):  # the most open tables one host may keep
            _, table = await call(http, "POST", f"{url}/api/tables", eve["token"],
                                  {"game": "samurai", "seats": 2, "time_control": SLOW})
            codes.append(table["code"])
        answers = await asyncio.gather(*(call(http, "POST", f"{url}/api/tables/{code}/bots", eve["token"],
                                              {"bot_levels": ["random"]}) for code in codes))
        assert sorted(status for status, _ in answers) == [200, 429, 429, 429, 429]
        assert [r["state"] for status, r in answers if status == 200] == ["started"]
        assert await bot_games_of(site, eve["player_id"]) == 1


async def test_same_settings_again_is_a_queue_join_like_any_other(site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann, ben = await sign_in(http, url, "Ann"), await sign_in(http, url, "Ben")
        _, table = await call(http, "POST", f"{url}/api/tables", ann["token"],
                              {"game": "samurai", "seats": 2, "time_control": "live"})
        _, joined = await call(http, "POST", f"{url}/api/tables/{table['code']}/join", ben["token"])
        game_id = joined["game_id"]
        tabs = [await online(http, url, who["token"]) for who in (ann, ben)]
        for tab in tabs:
            await tab.send({"type": "leave", "game_id": game_id})  # the bots finish it quickly
        await eventually(lambda: _finished(site, game_id), timeout=60)

        started, answers = time.monotonic(), list[int]()
        while time.monotonic() - started < 10 and len(answers) < 100:
            status, again = await call(http, "POST", f"{url}/api/games/{game_id}/again", ann["token"])
            answers.append(status)
            if status != 200:
                break
            await call(http, "DELETE", f"{url}/api/queue/{again['ticket_id']}", ann["token"])
        print(f"\n'same settings again' + cancel cycles before the refusal: {answers.count(200)}")
        assert answers.count(200) == 10 and answers[-1] == 429, again  # 10 queue joins a minute
        assert again["error"] == "rate_limited" and "queue requests a minute" in again["message"]
        status, refusal = await call(http, "POST", f"{url}/api/queue", ann["token"],
                                     {"game": "samurai", "player_counts": [2]})
        assert (status, refusal["error"]) == (429, "rate_limited")  # the same count, whatever the route
        for tab in tabs:
            await tab.close()


async def test_leave_and_reclaim_are_rate_limited_and_the_left_seat_keeps_the_live_slot(
        site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        cid, dan = await sign_in(http, url, "Cid"), await sign_in(http, url, "Dan")
        _, table = await call(http, "POST", f"{url}/api/tables", cid["token"],
                              {"game": "samurai", "seats": 2, "time_control": "live"})
        _, joined = await call(http, "POST", f"{url}/api/tables/{table['code']}/join", dan["token"])
        game_id = joined["game_id"]
        tab = await online(http, url, cid["token"])
        await tab.send({"type": "leave", "game_id": game_id, "ref": "first"})
        assert (await tab.wait_for(lambda f: f.get("ref") == "first"))["type"] == "seat"
        status, refusal = await call(http, "POST", f"{url}/api/queue", cid["token"],
                                     {"game": "samurai", "player_counts": [2], "time_control": "live"})
        assert (status, refusal["error"]) == (409, "illegal_move")  # the left seat keeps the live slot
        status, refusal = await call(http, "POST", f"{url}/api/tables", cid["token"],
                                     {"game": "samurai", "seats": 2, "time_control": "live"})
        assert status == 409 and "a seat left to a bot stays yours" in refusal["message"]

        started, answers = time.monotonic(), []
        for n in range(40):
            await tab.send({"type": "reclaim" if n % 2 == 0 else "leave", "game_id": game_id, "ref": n})
            answers.append(await tab.wait_for(lambda f, n=n: f.get("ref") == n))  # type: ignore[misc]
        elapsed = time.monotonic() - started
        changes = [a for a in answers if a["type"] == "seat"]
        refused = [a for a in answers if a["type"] == "error"]
        print(f"\nleave/reclaim: {1 + len(changes)} seat changes of 41 asked in {elapsed:.1f} s")
        assert len(changes) == 5 and {a["code"] for a in refused} == {"rate_limited"}  # 6 a minute
        assert "at most 6 seat changes" in refused[0]["message"]
        await tab.close()


async def _finished(site: Platform, game_id: str) -> bool:
    match = await site.matchmaking.store.match_by_game(game_id)
    return match is not None and match.state == "finished"
