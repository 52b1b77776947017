"""`POST /api/learn` over a fake matchmaking: the tutorial table's shape (fewest seats, easiest bots,
correspondence, unrated, unwatched, the tutorial flag), and a refusal of its bots closes the table
it opened, so a refused tutorial leaves nothing behind."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub


class TutorialMatchmaking:
    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.refuse_bots = False

    async def create_table(self, fields: dict[str, Any]) -> dict[str, Any]:
        self.calls.append(("create", fields))
        return {"code": "c1", "game_id": None}

    async def seat_table_bots(self, code: str, player_id: str, levels: list[str]) -> dict[str, Any]:
        self.calls.append(("bots", levels))
        if self.refuse_bots:
            raise ServiceError("rate_limited", "at most 1 game against bots in progress at a time")
        return {"code": code, "game_id": "g-tutorial"}

    async def leave_table(self, code: str, player_id: str) -> dict[str, Any]:
        self.calls.append(("leave", code))
        return {"code": code}


@pytest.fixture
def matchmaking() -> TutorialMatchmaking:
    return TutorialMatchmaking()


@pytest.fixture
async def client(matchmaking: TutorialMatchmaking) -> AsyncIterator[TestClient[Any, Any]]:
    app = create_app(TokenSigner("k"), FakeGames(), matchmaking, FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


AUTH = {"Authorization": f"Bearer {TokenSigner('k').issue(Player('g-ann', 'Ann'))}"}


async def test_a_tutorial_is_an_unrated_unwatched_table_of_the_fewest_seats_with_the_easiest_bots(
        client: TestClient[Any, Any], matchmaking: TutorialMatchmaking) -> None:
    response = await client.post("/api/learn", json={"game": "shogun"}, headers=AUTH)
    assert response.status == 200 and await response.json() == {"game_id": "g-tutorial", "game": "shogun"}
    (_, fields), (_, levels) = matchmaking.calls
    assert json.loads(fields["options_json"]) == {"tutorial": True}
    assert (fields["rated"], fields["spectators"]) == (False, False)
    assert json.loads(fields["time_control_json"])["type"] == "correspondence"
    assert levels == ["random"] * (fields["seats"] - 1)


async def test_a_refused_tutorial_closes_the_table_it_opened(
        client: TestClient[Any, Any], matchmaking: TutorialMatchmaking) -> None:
    matchmaking.refuse_bots = True
    response = await client.post("/api/learn", json={"game": "samurai"}, headers=AUTH)
    assert response.status == 429 and (await response.json())["error"] == "rate_limited"
    assert [kind for kind, _ in matchmaking.calls] == ["create", "bots", "leave"]


async def test_an_unknown_game_or_no_sign_in_is_refused_before_any_table(
        client: TestClient[Any, Any], matchmaking: TutorialMatchmaking) -> None:
    unknown = await client.post("/api/learn", json={"game": "chess"}, headers=AUTH)
    anonymous = await client.post("/api/learn", json={"game": "samurai"})
    assert (unknown.status, (await unknown.json())["error"]) == (400, "malformed")
    assert anonymous.status == 401 and matchmaking.calls == []
