"""The review routes over fake ports: a finished game's review is read by anyone, asked for by a
signed-in player within their quota, and refused while the game runs."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.http_api.common import GAME_PORT
from daimyo_gateway.limits import Limits
from daimyo_gateway.ports import GameInfo, ServiceError, ViewSnapshot
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking


class SomeFinished(FakeGames):
    """Games finished since the gateway first asked about them: a kept answer says they run, a
    fresh one (and the view) that they are over. Counts what the routes ask."""

    def __init__(self, finished: set[str]) -> None:
        super().__init__()
        self.finished = finished
        self.asked: list[str] = []

    async def game_info(self, game_id: str, fresh: bool = False) -> GameInfo:
        self.asked.append("fresh game_info" if fresh else "game_info")
        info = await super().game_info(game_id)
        return replace(info, finished=fresh and game_id in self.finished)

    async def get_view(self, game_id: str, viewer: Any) -> ViewSnapshot:
        self.asked.append("get_view")
        return replace(await super().get_view(game_id, viewer), finished=game_id in self.finished)


class FakeAnalysis:
    def __init__(self) -> None:
        self.requested: list[str] = []

    async def get_analysis(self, game_id: str) -> dict[str, Any]:
        if game_id in self.requested:
            return {"game_id": game_id, "status": "running", "progress": 0.4, "analysis": None}
        return {"game_id": game_id, "status": "none", "progress": 0.0, "analysis": None}

    async def request_analysis(self, game_id: str) -> dict[str, Any]:
        if game_id == "full":
            raise ServiceError("rate_limited", "10000 analyses are waiting")
        self.requested.append(game_id)
        return {"game_id": game_id, "status": "queued", "progress": 0.0, "analysis": None}


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    games = SomeFinished({"done", "full"})
    for game_id in ("done", "live", "full"):
        games.add(game_id, ["g-alice", "g-bob"], version=9)
    app = create_app(TokenSigner("k"), games, FakeMatchmaking(), FakeHub(),  # type: ignore[arg-type]
                     limits=Limits(analysis_requests_per_minute=2), analysis_port=FakeAnalysis())
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


def auth(player_id: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {TokenSigner('k').issue(Player(player_id, 'X'))}"}


async def test_anyone_reads_a_finished_games_review_and_a_player_asks_for_one(
        client: TestClient[Any, Any]) -> None:
    assert (await (await client.get("/api/games/done/analysis")).json())["status"] == "none"
    asked = await client.post("/api/games/done/analysis", headers=auth("g-carol"))
    assert asked.status == 202 and (await asked.json())["status"] == "queued"
    body = await (await client.get("/api/games/done/analysis")).json()
    assert body["status"] == "running" and body["progress"] == 0.4


async def test_a_review_asks_the_game_service_once_for_the_games_seats_and_status_now(
        client: TestClient[Any, Any]) -> None:
    games = client.app[GAME_PORT]
    games.asked.clear()
    assert (await client.get("/api/games/done/analysis")).status == 200
    assert (await client.post("/api/games/done/analysis", headers=auth("g-carol"))).status == 202
    assert games.asked == ["fresh game_info"] * 2


async def test_a_running_game_has_no_review_for_anyone(client: TestClient[Any, Any]) -> None:
    read = await client.get("/api/games/live/analysis", headers=auth("g-alice"))
    assert read.status == 403 and (await read.json())["error"] == "forbidden"
    assert (await client.post("/api/games/live/analysis", headers=auth("g-alice"))).status == 403


async def test_asking_needs_a_player_and_is_rate_limited_per_player(client: TestClient[Any, Any]) -> None:
    assert (await client.post("/api/games/done/analysis")).status == 401
    dan = auth("g-dan")
    statuses = [(await client.post("/api/games/done/analysis", headers=dan)).status for _ in range(3)]
    assert statuses == [202, 202, 429]
    assert (await client.post("/api/games/done/analysis", headers=auth("g-eve"))).status == 202


async def test_a_full_queue_and_an_unknown_game_are_clear_refusals(client: TestClient[Any, Any]) -> None:
    assert (await client.post("/api/games/full/analysis", headers=auth("g-fay"))).status == 429
    unknown = await client.get("/api/games/nope/analysis")
    assert unknown.status == 404 and (await unknown.json())["error"] == "not_found"


async def test_a_private_tables_review_is_its_seats_own(client: TestClient[Any, Any]) -> None:
    games = client.app[GAME_PORT]
    games.games["done"] = replace(games.games["done"], listed=False)
    assert (await client.get("/api/games/done/analysis")).status == 403
    stranger = await client.post("/api/games/done/analysis", headers=auth("g-carol"))
    assert stranger.status == 403 and (await stranger.json())["error"] == "forbidden"
    assert (await client.get("/api/games/done/analysis", headers=auth("g-alice"))).status == 200
