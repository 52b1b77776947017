"""The gateway's game catalogue is the rules registry's: every registered game with its seat
counts, table options and boards, so a new game needs no change to the gateway."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.tokens import TokenSigner
from daimyo_rules.registry import game_names, get_game
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


async def test_the_catalog_lists_every_registered_game_with_its_counts_and_options(
        client: TestClient[Any, Any]) -> None:
    body = await (await client.get("/api/catalog")).json()
    assert [g["name"] for g in body["games"]] == game_names()
    for entry in body["games"]:
        engine = get_game(entry["name"])
        assert entry["player_counts"] == list(engine.player_counts())
        assert entry["options"] == engine.table_options()


async def test_a_board_is_served_for_each_registered_game_and_seat_count(
        client: TestClient[Any, Any]) -> None:
    for name in game_names():
        for players in get_game(name).player_counts():
            response = await client.get(f"/api/boards/{name}/{players}")
            assert response.status == 200, (name, players)
            assert await response.json() == get_game(name).client_board({"players": players})


@pytest.mark.parametrize("path", ["/api/boards/chess/2", "/api/boards/samurai/9", "/api/boards/samurai/x"])
async def test_no_board_is_served_for_an_unknown_game_or_seat_count(client: TestClient[Any, Any],
                                                                    path: str) -> None:
    response = await client.get(path)
    assert response.status == 404 and (await response.json())["error"] == "not_found"
