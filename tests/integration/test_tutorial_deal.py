"""The guided first game on a fixed deal (issue 33), over the real gateway, matchmaking and game
service: two newcomers who ask to learn a game meet the same deal, and a second tutorial while one
is running is refused by the bot games quota, as "play bots" would be, and starts nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from daimyo_gateway.testing import sign_in
from tests.integration.platform import Platform, call, platform

pytestmark = pytest.mark.integration


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        await running.gateway()
        yield running


@pytest.mark.parametrize("game", ["samurai", "shogun"])
async def test_two_newcomers_learning_a_game_meet_the_same_deal(site: Platform, game: str) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        deals = []
        for name in ("Ann", "Ben"):
            who = await sign_in(http, url, name)
            status, started = await call(http, "POST", f"{url}/api/learn", who["token"], {"game": game})
            assert status == 200, started
            _, detail = await call(http, "GET", f"{url}/api/games/{started['game_id']}", who["token"])
            assert detail["my_seat"] == 0 and [s["bot_level"] for s in detail["seats"]][1:] == ["random"] * (
                len(detail["seats"]) - 1)
            _, first = await call(http, "GET", f"{url}/api/games/{started['game_id']}/replay?at=1&seat=0",
                                  who["token"])
            deals.append(first["view"])
        assert deals[0] == deals[1]


async def test_a_second_tutorial_at_the_bot_games_quota_is_refused_and_leaves_nothing(site: Platform) -> None:
    url = site.gateways[0].url
    async with aiohttp.ClientSession() as http:
        ann = await sign_in(http, url, "Ann")
        assert (await call(http, "POST", f"{url}/api/learn", ann["token"], {"game": "samurai"}))[0] == 200
        status, refused = await call(http, "POST", f"{url}/api/learn", ann["token"], {"game": "samurai"})
        assert status == 429 and refused["error"] == "rate_limited", refused
        status, bad = await call(http, "POST", f"{url}/api/learn", ann["token"], {"game": "chess"})
        assert status == 400 and bad["error"] == "malformed"
        _, mine = await call(http, "GET", f"{url}/api/games?mine=1", ann["token"])
        assert len(mine["games"]) == 1  # the refused tutorial started no game
