"""The public edge over HTTP, tried as a hostile guest would: malformed input is a 400 naming
what is wrong (never a 500), quotas answer 429, tokens stay out of URLs and expire, replays
that reveal everything are computed once, and every response hardens the browser."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.limits import Limits
from daimyo_gateway.ports import GameInfo, Viewer, ViewSnapshot
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking, auth


class FinishedGames(FakeGames):
    """Every game is finished; counts reveal-all folds and remembers the limit asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.replays = 0
        self.limits: list[int] = []

    async def get_view(self, game_id: str, viewer: Viewer) -> ViewSnapshot:
        snapshot = await super().get_view(game_id, viewer)
        return ViewSnapshot(snapshot.game_id, snapshot.game, snapshot.version, snapshot.view, [], True)

    async def reveal_all(self, game_id: str, at_version: int) -> ViewSnapshot:
        self.replays += 1
        return await super().reveal_all(game_id, at_version)

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameInfo]:
        self.limits.append(limit)
        return await super().list_games(player_id, live, finished, limit)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def games() -> FinishedGames:
    games = FinishedGames()
    games.add("g1", ["g-alice", "g-bob"], version=5)
    return games


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def client(games: FinishedGames, clock: Clock) -> AsyncIterator[TestClient[Any, Any]]:
    limits = Limits(guest_signins_per_minute=3, enqueues_per_minute=2)
    app = create_app(TokenSigner("k"), games, FakeMatchmaking(), FakeHub(),  # type: ignore[arg-type]
                     limits=limits, clock=clock)
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


# -- malformed input ------------------------------------------------------------------------


async def test_a_token_with_a_non_ascii_signature_is_a_401_not_a_500(client: TestClient[Any, Any]) -> None:
    body = TokenSigner("k").issue(Player("g-alice", "Alice")).split(".")[0]
    response = await client.get("/api/me", headers={"Authorization": f"Bearer {body}.sïgnature"})
    assert response.status == 401
    assert "ASCII" in (await response.json())["message"]


async def test_a_deeply_nested_json_body_is_a_400(client: TestClient[Any, Any]) -> None:
    nested = "[" * 30_000 + "]" * 30_000
    response = await client.post("/api/session", data=nested, headers={"Content-Type": "application/json"})
    assert response.status == 400
    assert (await response.json())["message"] == "the body is nested too deeply"


async def test_a_body_larger_than_64_kb_is_refused_before_it_is_parsed(client: TestClient[Any, Any]) -> None:
    response = await client.post("/api/session", data=json.dumps({"name": "x" * 100_000}))
    assert response.status == 413


@pytest.mark.parametrize("query", ["limit=99999999999999999999", "limit=-1", "limit=0", "limit=1e3",
                                   "limit=%D9%A3"])
async def test_a_limit_that_is_not_a_small_whole_number_is_a_400(client: TestClient[Any, Any],
                                                                 query: str) -> None:
    response = await client.get(f"/api/games?{query}")
    assert response.status == 400
    assert "limit must be a whole number from 1 to" in (await response.json())["message"]


async def test_a_large_limit_is_capped(client: TestClient[Any, Any], games: FinishedGames) -> None:
    assert (await client.get("/api/games?limit=1000000")).status == 200
    assert (await client.get("/api/leaderboard/samurai?limit=1000000")).status == 200
    assert games.limits == [100]


async def test_a_replay_version_beyond_int64_is_a_400(client: TestClient[Any, Any]) -> None:
    response = await client.get(f"/api/games/g1/replay?at={2**63}")
    assert response.status == 400
    assert (await response.json())["message"] == "at must be a whole number from 0 to 9223372036854775807"


# -- unbounded work -------------------------------------------------------------------------


async def test_a_reveal_all_replay_is_folded_once_per_game_and_version(
        client: TestClient[Any, Any], games: FinishedGames) -> None:
    first = await (await client.get("/api/games/g1/replay?at=3&seat=all")).json()
    for _ in range(5):
        again = await (await client.get("/api/games/g1/replay?at=3&seat=all")).json()
        assert again == first
    assert games.replays == 1
    await client.get("/api/games/g1/replay?at=4&seat=all")
    assert games.replays == 2


# -- quotas ---------------------------------------------------------------------------------


async def test_guest_sign_ins_from_one_address_are_limited_per_minute(
        client: TestClient[Any, Any], clock: Clock) -> None:
    statuses = [(await client.post("/api/session", json={"name": f"G{n}"})).status for n in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = await client.post("/api/session", json={"name": "G5"})
    body = await refused.json()
    assert refused.status == 429 and body["error"] == "rate_limited" and "a minute" in body["message"]
    assert int(refused.headers["Retry-After"]) >= 1
    clock.now += 20  # one sign-in back every 20 s
    assert (await client.post("/api/session", json={"name": "G6"})).status == 200


async def test_enqueues_are_limited_per_player_per_minute(client: TestClient[Any, Any]) -> None:
    alice = [(await client.post("/api/queue", json={"game": "samurai"}, headers=auth("g-alice"))).status
             for _ in range(3)]
    assert alice == [200, 200, 429]
    assert (await client.post("/api/queue", json={"game": "samurai"}, headers=auth("g-bob"))).status == 200


# -- tokens ---------------------------------------------------------------------------------


async def test_a_token_in_the_url_is_not_accepted(client: TestClient[Any, Any]) -> None:
    token = TokenSigner("k").issue(Player("g-alice", "Alice"))
    response = await client.get(f"/api/me?token={token}")
    assert response.status == 401
    assert "Authorization header, not in the URL" in (await response.json())["message"]


async def test_a_token_lives_a_day_and_is_reissued_past_half_its_life(client: TestClient[Any, Any]) -> None:
    signer = TokenSigner("k")
    fresh = signer.issue(Player("g-alice", "Alice"))
    unchanged = await client.get("/api/me", headers={"Authorization": f"Bearer {fresh}"})
    assert "X-Daimyo-Token" not in unchanged.headers
    old = signer.issue(Player("g-alice", "Alice"), now=_now() - 13 * 3600)
    response = await client.get("/api/me", headers={"Authorization": f"Bearer {old}"})
    rotated = response.headers["X-Daimyo-Token"]
    assert signer.verify(rotated) == Player("g-alice", "Alice") and _expiry(rotated) > _expiry(old)
    expired = signer.issue(Player("g-alice", "Alice"), now=_now() - 25 * 3600)
    assert (await client.get("/api/me", headers={"Authorization": f"Bearer {expired}"})).status == 401


async def test_a_signed_in_guest_can_refresh_their_token(client: TestClient[Any, Any]) -> None:
    response = await client.post("/api/session/refresh", headers=auth("g-alice", "Alice"))
    body = await response.json()
    assert body["player_id"] == "g-alice" and TokenSigner("k").verify(body["token"]).name == "Alice"
    assert (await client.post("/api/session/refresh")).status == 401


def _now() -> float:
    import time

    return time.time()


def _expiry(token: str) -> int:
    body = token.split(".")[0]
    return int(json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))["exp"])


# -- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Bot (mcts)", "bot", "B0T", "Bot_1", "Alice (greedy)", "Ｂｏｔ (mcts)"])
async def test_a_guest_cannot_take_a_name_that_passes_for_a_bot(client: TestClient[Any, Any],
                                                                name: str) -> None:
    response = await client.post("/api/session", json={"name": name})
    assert response.status == 400
    assert "kept for the computer players" in (await response.json())["message"]


@pytest.mark.parametrize(("raw", "shown"), [("Ａｌｉｃｅ", "Alice"), ("Al\u200bice", "Alice"),
                                            ("\u202eecilA", "ecilA"), ("Alice\u0301\x07", "Alicé")])
async def test_names_that_look_alike_become_the_same_name(client: TestClient[Any, Any], raw: str,
                                                          shown: str) -> None:
    assert (await (await client.post("/api/session", json={"name": raw})).json())["name"] == shown


async def test_a_name_mixing_latin_and_cyrillic_letters_is_refused(client: TestClient[Any, Any]) -> None:
    response = await client.post("/api/session", json={"name": "\u0410lice"})  # Cyrillic A
    assert response.status == 400 and "mix" in (await response.json())["message"]


# -- browser headers ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/js/api.js", "/healthz"])
async def test_every_response_carries_the_browser_hardening_headers(client: TestClient[Any, Any],
                                                                    path: str) -> None:
    headers = (await client.get(path)).headers
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
