"""Shogun through the gateway's HTTP surface: its board data and queueing for 3-5 players, both
taken from the rules registry, and a finished game's replay revealed as the game service says."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app, enqueue_request
from daimyo_gateway.ports import GameInfo, ServiceError, Viewer, ViewSnapshot
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking


class FinishedShogun(FakeGames):
    """A finished 3-player Shogun game whose seat views each hold that seat's plan."""

    def add(self, game_id: str, owners: list[str | None], version: int = 1) -> None:
        super().add(game_id, owners, version)
        self.games[game_id] = GameInfo(game_id, "shogun", self.games[game_id].seats)

    def view(self, game_id: str, viewer: Viewer, version: int) -> dict[str, Any]:
        plan = {"actions": {"castle": f"province-of-{viewer}"}, "bid": None} if viewer is not None else None
        return {"version": version, "seat": viewer, "your_plan": plan, "players": 3}

    async def get_view(self, game_id: str, viewer: Viewer) -> ViewSnapshot:
        return ViewSnapshot(game_id, "shogun", 9, self.view(game_id, viewer, 9), [], True)

    async def replay(self, game_id: str, at_version: int, viewer: Viewer) -> ViewSnapshot:
        return ViewSnapshot(game_id, "shogun", at_version, self.view(game_id, viewer, at_version), [], False)

    async def reveal_all(self, game_id: str, at_version: int) -> ViewSnapshot:
        plans = {str(s): self.view(game_id, s, at_version)["your_plan"] for s in range(3)}
        view = {**self.view(game_id, None, at_version), "plans": plans}
        return ViewSnapshot(game_id, "shogun", at_version, view, [], True)


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    games = FinishedShogun()
    games.add("s1", ["g-alice", None, None], version=9)
    app = create_app(TokenSigner("k"), games, FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


async def test_the_shogun_board_is_served_for_three_to_five_players(client: TestClient[Any, Any]) -> None:
    for players in (3, 4, 5):
        body = await (await client.get(f"/api/boards/shogun/{players}")).json()
        assert body["players"] == players and len(body["provinces"]) == 45
    assert (await client.get("/api/boards/shogun/2")).status == 404
    assert (await client.get("/api/boards/samurai/5")).status == 404


def test_shogun_is_queued_for_three_to_five_players_only() -> None:
    form = {"game": "shogun", "player_counts": [3, 5], "mode": "bots"}
    request = enqueue_request(Player("g-1", "Ann"), form)
    assert request["game"] == "shogun" and request["player_counts"] == [3, 5]
    assert enqueue_request(Player("g-1", "Ann"), {"game": "shogun"})["player_counts"] == [3]
    with pytest.raises(ServiceError):
        enqueue_request(Player("g-1", "Ann"), {"game": "shogun", "player_counts": [2]})


async def test_a_finished_shogun_replay_shows_what_the_game_service_reveals(
        client: TestClient[Any, Any]) -> None:
    body = await (await client.get("/api/games/s1/replay?at=4&seat=all")).json()
    assert body["revealed"] is True and body["version"] == 4
    plans = body["view"]["plans"]
    assert {s: p["actions"]["castle"] for s, p in plans.items()} == {
        "0": "province-of-0", "1": "province-of-1", "2": "province-of-2"}
    assert "hands" not in body["view"]


async def test_the_shogun_client_modules_are_served(client: TestClient[Any, Any]) -> None:
    for path in ("index.js", "map.js", "layout.js", "panels.js", "screen.js", "replay.js", "style.css"):
        assert (await client.get(f"/static/games/shogun/{path}")).status == 200, path
