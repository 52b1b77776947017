"""The HTTP surface over fake ports: sign-in, queueing as the token's player, who may replay
what, boards, health and metrics, and the web client itself."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app, enqueue_request
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub


class FakeMatchmaking:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []

    async def enqueue(self, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        return {"ticket_id": "t1", "player_id": request["player_id"], "state": "queued"}

    async def cancel(self, ticket_id: str, player_id: str) -> dict[str, Any]:
        return {"ticket_id": ticket_id, "player_id": player_id, "state": "cancelled"}

    async def get_ticket(self, ticket_id: str) -> dict[str, Any]:
        return {"ticket_id": ticket_id, "player_id": "g-alice", "state": "queued", "waited_seconds": 3.0}

    async def leaderboard(self, game: str, limit: int, players: int = 0) -> list[dict[str, Any]]:
        return [{"player_id": "g-alice", "display_name": "Alice", "ordinal": 12.5, "games": 3}]


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    games = FakeGames()
    games.add("g1", ["g-alice", "g-bob"], version=5)
    app = create_app(TokenSigner("k"), games, FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


def auth(player_id: str, name: str = "X") -> dict[str, str]:
    return {"Authorization": f"Bearer {TokenSigner('k').issue(Player(player_id, name))}"}


async def test_a_guest_signs_in_with_a_name_and_gets_a_token(client: TestClient[Any, Any]) -> None:
    response = await client.post("/api/session", json={"name": "  Tomoe "})
    body = await response.json()
    assert body["name"] == "Tomoe" and body["player_id"].startswith("g-") and body["token"]
    me = await client.get("/api/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert (await me.json())["player_id"] == body["player_id"]


async def test_an_empty_name_or_a_missing_token_is_refused(client: TestClient[Any, Any]) -> None:
    assert (await client.post("/api/session", json={"name": " "})).status == 400
    assert (await client.post("/api/queue", json={})).status == 401
    assert (await client.get("/api/me", headers={"Authorization": "Bearer forged.token"})).status == 401


def test_play_bots_becomes_a_bots_only_request_for_the_token_player() -> None:
    form = {"game": "samurai", "player_counts": [3], "mode": "bots", "bot_level": "mcts"}
    request = enqueue_request(Player("g-1", "Ann"), form)
    clock = request.pop("time_control_json")
    assert request == {"player_id": "g-1", "display_name": "Ann", "game": "samurai", "player_counts": [3],
                       "bots_only": True, "bots_welcome": True, "bot_level": "mcts"}
    assert json.loads(clock) == {"type": "live", "initial_seconds": 600, "increment_seconds": 10,
                                 "on_timeout": "bot_move"}
    form = {"game": "samurai", "player_counts": [2, 4], "mode": "people"}
    people = enqueue_request(Player("g-1", "Ann"), form)
    assert not people["bots_only"] and people["bots_welcome"] and people["bot_level"] == ""


def test_allow_bots_after_the_wait_is_on_unless_switched_off() -> None:
    off = enqueue_request(Player("g-1", "Ann"), {"game": "samurai", "mode": "people", "bots_welcome": False})
    assert not off["bots_welcome"]
    with pytest.raises(ServiceError, match="bots_welcome must be true or false"):
        enqueue_request(Player("g-1", "Ann"), {"game": "samurai", "bots_welcome": "yes"})


def test_the_lobby_s_clock_choice_becomes_the_ticket_s_time_control() -> None:
    blitz = enqueue_request(Player("g-1", "Ann"), {"game": "samurai", "time_control": "blitz"})
    slow = enqueue_request(Player("g-1", "Ann"), {"game": "samurai", "time_control": "correspondence"})
    blitz, slow = blitz["time_control_json"], slow["time_control_json"]
    assert json.loads(blitz)["initial_seconds"] == 180 and json.loads(slow)["days_per_move"] == 3


@pytest.mark.parametrize("body", [{"game": "chess"}, {}, {"game": ["samurai"]}, {"player_counts": [5]},
                                  {"player_counts": "2"}, {"mode": "bots", "bot_level": "godlike"},
                                  {"time_control": "bullet"}, {"time_control": ["live"]}])
def test_a_bad_lobby_form_is_malformed(body: dict[str, Any]) -> None:
    form = {"game": "samurai", **body} if body and "game" not in body else body
    with pytest.raises(ServiceError) as caught:
        enqueue_request(Player("g-1", "Ann"), form)
    assert caught.value.code == "malformed"


async def test_a_ticket_is_only_shown_to_its_player(client: TestClient[Any, Any]) -> None:
    assert (await client.get("/api/queue/t1", headers=auth("g-alice"))).status == 200
    assert (await client.get("/api/queue/t1", headers=auth("g-bob"))).status == 404


async def test_a_live_games_seat_is_replayed_only_for_its_owner(client: TestClient[Any, Any]) -> None:
    mine = await client.get("/api/games/g1/replay?at=2&seat=0", headers=auth("g-alice"))
    assert mine.status == 200 and (await mine.json())["view"]["hand"]
    assert (await client.get("/api/games/g1/replay?at=2&seat=0", headers=auth("g-bob"))).status == 403
    assert (await client.get("/api/games/g1/replay?at=2&seat=all", headers=auth("g-alice"))).status == 403
    spectator = await client.get("/api/games/g1/replay?at=2")
    assert "hand" not in (await spectator.json())["view"]


async def test_game_details_hide_other_players_ids(client: TestClient[Any, Any]) -> None:
    body = await (await client.get("/api/games/g1", headers=auth("g-bob"))).json()
    assert body["my_seat"] == 1
    assert [s["mine"] for s in body["seats"]] == [False, True]
    assert "g-alice" not in str(body)


async def test_the_board_geometry_is_served_for_each_player_count(client: TestClient[Any, Any]) -> None:
    for players in (2, 3, 4):
        body = await (await client.get(f"/api/boards/samurai/{players}")).json()
        assert body["players"] == players and body["hexes"] and body["settlements"]
    assert (await client.get("/api/boards/samurai/5")).status == 404


async def test_health_metrics_and_the_web_client_are_served(client: TestClient[Any, Any]) -> None:
    assert (await client.get("/healthz")).status == 200
    assert (await client.get("/readyz")).status == 200
    assert "daimyo_ws_connections" in await (await client.get("/metrics")).text()
    page = await client.get("/")
    assert page.status == 200 and "app.js" in await page.text()
    assert (await client.get("/static/shell/app.js")).status == 200
    assert (await client.get("/static/games/samurai/index.js")).status == 200


async def test_a_socket_url_is_only_for_the_websocket_upgrade(client: TestClient[Any, Any]) -> None:
    assert (await client.get("/ws")).status == 400


async def test_a_plain_request_id_is_echoed_and_an_odd_one_is_replaced(client: TestClient[Any, Any]) -> None:
    plain = await client.get("/api/games/g1", headers={"X-Request-Id": "abc-123.x:y_z"})
    assert plain.status == 200 and plain.headers["X-Request-Id"] == "abc-123.x:y_z"
    for odd in ("ñandú", "a b", "x\u200by", "<script>"):
        response = await client.get("/api/games/g1", headers={"X-Request-Id": odd})
        assert response.status == 200, odd
        assert response.headers["X-Request-Id"] not in ("", odd), odd


def test_a_rating_from_fewer_than_ten_rated_games_is_provisional_and_ranked_after_the_others() -> None:
    from daimyo_gateway.http_api.lists import ranked

    shown = ranked([{"player_id": "a", "display_name": "Ann", "games": 3, "ordinal": 30.0},
                    {"player_id": "b", "display_name": "Ben", "games": 12, "ordinal": 20.0}])
    assert [(r["display_name"], r["provisional"]) for r in shown] == [("Ben", False), ("Ann", True)]
    assert all("player_id" not in r for r in shown)
