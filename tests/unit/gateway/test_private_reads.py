"""Private means private at the gateway, over fake ports (issue 32): a table without spectators
is read only by its seats' players on every REST path; an invitation code and the chat need a
signed-in player; a player watching as a spectator reads the players' channel."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.http_api.games import check_readable
from daimyo_gateway.ports import GameInfo, SeatInfo, ServiceError
from daimyo_gateway.table_chat import reader_seat
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub

PRIVATE = GameInfo("g1", "samurai", [SeatInfo("Ann", "g-ann"), SeatInfo("Bot", None, "random")], listed=False)


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    games = FakeGames()
    games.add("g1", ["g-ann", None], version=3)
    games.games["g1"] = replace(games.games["g1"], listed=False)
    app = create_app(TokenSigner("k"), games, object(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


def auth(player_id: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {TokenSigner('k').issue(Player(player_id, 'X'))}"}


def test_only_a_seats_player_may_read_an_unlisted_game() -> None:
    check_readable(PRIVATE, Player("g-ann", "Ann"))
    check_readable(replace(PRIVATE, listed=True), None)
    for who in (None, Player("g-eve", "Eve")):
        with pytest.raises(ServiceError) as refused:
            check_readable(PRIVATE, who)
        assert refused.value.code == "forbidden"


@pytest.mark.parametrize("path", ["", "/replay", "/replay?seat=0", "/events"])
async def test_every_rest_read_of_a_private_table_refuses_a_stranger(client: TestClient[Any, Any],
                                                                    path: str) -> None:
    for headers in ({}, auth("g-eve")):
        response = await client.get(f"/api/games/g1{path}", headers=headers)
        assert response.status == 403 and (await response.json())["error"] == "forbidden"
    assert (await client.get(f"/api/games/g1{path}", headers=auth("g-ann"))).status == 200


async def test_chat_and_invitation_codes_need_a_signed_in_player(client: TestClient[Any, Any]) -> None:
    for path in ("/api/games/g1/chat?channel=spectators", "/api/tables/abcdefghijklmnop"):
        response = await client.get(path)
        assert response.status == 401 and (await response.json())["error"] == "unauthenticated"


def test_a_player_watching_as_a_spectator_reads_the_players_channel() -> None:
    assert reader_seat(PRIVATE, "g-ann", None) == 0
    assert reader_seat(PRIVATE, "g-eve", None) is None
    assert reader_seat(PRIVATE, "g-ann", 0) == 0
