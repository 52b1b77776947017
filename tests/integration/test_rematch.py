"""Rematch and "new game with the same settings" end to end (real game service, matchmaking,
NATS, two gateways): a rematch seats the same people with the seats rotated once all accept;
a refusal closes it precisely; "again" queues with the same settings. (An offer nobody answers
expires: tests/unit/matchmaking/test_handlers.py.)"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from daimyo_gateway.testing import SocketClient, sign_in
from tests.integration.platform import Platform, call, eventually, platform

pytestmark = pytest.mark.integration

PEOPLE = {"game": "samurai", "player_counts": [2], "mode": "people", "bots_welcome": False,
          "time_control": "blitz"}


@pytest.fixture
async def site(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Platform]:
    async with platform(database_url, nats_url, fresh_schema) as running:
        yield running


async def finished_pair(site: Platform, http: aiohttp.ClientSession, names: tuple[str, str],
                        ) -> tuple[list[dict[str, Any]], list[SocketClient], str, list[int]]:
    """Two people matched in a blitz game that bots finished after both left; their seats."""
    first, second = site.gateways
    people = [await sign_in(http, g.url, n) for g, n in zip((first, second), names, strict=True)]
    sockets = [await SocketClient.connect(http, g.url, p["token"]) for g, p in zip((first, second), people,
                                                                                   strict=True)]
    for person in people:
        await call(http, "POST", f"{first.url}/api/queue", person["token"], PEOPLE)
    found = [await s.wait_for_notice("match_found") for s in sockets]
    game_id = found[0]["game_id"]
    for socket in sockets:
        await socket.send({"type": "leave", "game_id": game_id})
        await socket.wait_for(lambda f: f.get("type") in ("seat", "error") and f.get("game_id") == game_id)

    async def finished() -> bool:
        match = await site.matchmaking.store.match_by_game(game_id)
        return match is not None and match.state == "finished"

    await eventually(finished, timeout=60)
    return people, sockets, game_id, [f["seat"] for f in found]


async def test_a_rematch_starts_with_seats_rotated_once_everyone_accepts(site: Platform) -> None:
    await site.gateway()
    await site.gateway()
    first, second = site.gateways
    async with aiohttp.ClientSession() as http:
        (ann, ben), (ann_tab, ben_tab), game_id, seats = await finished_pair(site, http, ("Ann", "Ben"))
        status, offer = await call(http, "POST", f"{first.url}/api/games/{game_id}/rematch", ann["token"])
        assert status == 200 and offer["state"] == "open" and 55 < offer["expires_in_seconds"] <= 60
        offered = await ben_tab.wait_for_notice("rematch_offered")
        assert offered["by"] == "Ann" and offered["rematch_id"] == offer["rematch_id"]
        assert "player_id" not in str(offer)

        status, started = await call(http, "POST", f"{second.url}/api/rematches/{offer['rematch_id']}",
                                     ben["token"], {"accept": True})
        assert status == 200 and started["state"] == "started" and started["new_game_id"]
        found = await ann_tab.wait_for_notice("match_found",
                                              lambda a: a["game_id"] == started["new_game_id"])
        assert found["seat"] == (seats[0] + 1) % 2  # every seat moved one place on

        status, again = await call(http, "POST", f"{first.url}/api/rematches/{offer['rematch_id']}",
                                   ann["token"], {"accept": "yes"})
        assert status == 400 and again["message"] == "accept must be true or false"
        for socket in (ann_tab, ben_tab):
            await socket.close()


async def test_a_declined_rematch_is_closed_and_again_queues_with_the_same_settings(site: Platform) -> None:
    await site.gateway()
    await site.gateway()
    first, _ = site.gateways
    async with aiohttp.ClientSession() as http:
        (cid, dan), (cid_tab, dan_tab), game_id, _ = await finished_pair(site, http, ("Cid", "Dan"))
        _, offer = await call(http, "POST", f"{first.url}/api/games/{game_id}/rematch", cid["token"])
        _, declined = await call(http, "POST", f"{first.url}/api/rematches/{offer['rematch_id']}",
                                 dan["token"], {"accept": False})
        assert declined["state"] == "refused" and declined["reason"] == "Dan declined"
        told = await cid_tab.wait_for_notice("rematch_refused")
        assert told["reason"] == "Dan declined"
        status, late = await call(http, "POST", f"{first.url}/api/games/{game_id}/rematch", cid["token"])
        assert status == 409 and late["message"] == "this rematch offer is refused: Dan declined"

        stranger = await sign_in(http, first.url, "Eve")
        status, refusal = await call(http, "POST", f"{first.url}/api/games/{game_id}/rematch",
                                     stranger["token"])
        assert status == 403 and "only the players" in refusal["message"]

        status, ticket = await call(http, "POST", f"{first.url}/api/games/{game_id}/again", cid["token"])
        assert status == 200 and ticket["state"] == "queued" and ticket["player_counts"] == [2]
        stored = (await site.matchmaking.get_ticket(ticket["ticket_id"])).ticket
        assert '"initial_seconds": 180' in stored.time_control_json and not stored.bots_welcome
        for socket in (cid_tab, dan_tab):
            await socket.close()
