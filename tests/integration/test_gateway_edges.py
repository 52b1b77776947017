"""Bad numbers through a real gateway and game service: values gRPC cannot carry (beyond int64)
are a 400 naming the parameter, not a 500 from the protobuf encoder, and `limit` is capped."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator

import aiohttp
import pytest

from daimyo_gateway.testing import start_test_gateway
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import game_service, settings_for

pytestmark = pytest.mark.integration


@pytest.fixture
async def gateway_url(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[str]:
    """A gateway before a game service holding one game, `g` in the paths below."""
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as game:
        seats = [game_pb2.Seat(player_id=p, display_name=p) for p in ("g-a", "g-b")]
        created = await game.stub.CreateGame(game_pb2.CreateGameRequest(
            game="samurai", seats=seats, command_id=uuid.uuid4().hex, seed=7,
            config_json=json.dumps({"players": 2, "random_setup": True})))
        gateway = await start_test_gateway(nats_url, f"127.0.0.1:{game.server.port}")
        try:
            yield f"{gateway.url}|{created.game_id}"
        finally:
            await gateway.stop()


@pytest.mark.parametrize(("path", "name"), [
    (f"/api/games?limit={2**63}", "limit"),
    (f"/api/games?limit={10**30}", "limit"),
    (f"/api/games/g/replay?at={2**64}", "at"),
    ("/api/games/g/replay?at=-1", "at"),
])
async def test_numbers_beyond_int64_are_a_400_naming_the_parameter(gateway_url: str, path: str,
                                                                   name: str) -> None:
    url, game_id = gateway_url.split("|")
    path = path.replace("/g/", f"/{game_id}/")
    async with aiohttp.ClientSession() as http, http.get(url + path) as response:
        assert response.status == 400, await response.text()
        body = await response.json()
    assert body["error"] == "malformed" and body["message"].startswith(f"{name} must be a whole number")


async def test_a_huge_limit_is_capped_and_answered(gateway_url: str) -> None:
    url = gateway_url.split("|")[0]
    async with aiohttp.ClientSession() as http, http.get(f"{url}/api/games?limit=100000") as response:
        assert response.status == 200
        assert len((await response.json())["games"]) == 1
