"""The notices routes over a fake notifier: only the token's player is ever passed on, bad bodies
are refused before the notifier sees them, changes are rate-limited per player, and the service
worker is served from the site's root."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.http_api.notices import WRITES_PER_MINUTE
from daimyo_gateway.ports import ServiceError
from daimyo_gateway.tokens import Player, TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking

ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc"


class FakeNotifier:
    def __init__(self) -> None:
        self.devices: dict[str, tuple[str, str, str, str]] = {}
        self.prefs: dict[str, dict[str, Any]] = {}

    async def push_key(self) -> str:
        return "BKEY"

    async def subscribe(self, player_id: str, endpoint: str, p256dh: str, auth: str, locale: str) -> None:
        if not endpoint.startswith("https://"):
            raise ServiceError("malformed", "not an allowed push service")
        self.devices[endpoint] = (player_id, p256dh, auth, locale)

    async def unsubscribe(self, player_id: str, endpoint: str) -> bool:
        return self.devices.pop(endpoint, ("",))[0] == player_id

    async def preferences(self, player_id: str) -> dict[str, Any]:
        devices = sum(1 for d in self.devices.values() if d[0] == player_id)
        return {**self.prefs.get(player_id, {"muted": [], "time_zone": "", "quiet_start_minute": 0,
                                             "quiet_end_minute": 0}), "devices": devices}

    async def set_preferences(self, player_id: str, prefs: dict[str, Any]) -> dict[str, Any]:
        self.prefs[player_id] = prefs
        return await self.preferences(player_id)

    async def unsubscribe_email(self, player_id: str, token: str) -> bool:
        if token != f"signed-{player_id}":
            raise ServiceError("malformed", "this unsubscribe link is not valid")
        self.prefs[player_id] = {"muted": [{"kind": "your_turn", "channel": "email"}], "time_zone": "",
                                 "quiet_start_minute": 0, "quiet_end_minute": 0}
        return True


class FakeVacations:
    def __init__(self) -> None:
        self.taken: list[tuple[str, int]] = []

    async def vacation(self, player_id: str) -> dict[str, Any]:
        return {"until_ms": 0, "days_left": 21 - sum(d for p, d in self.taken if p == player_id),
                "days_per_year": 21}

    async def take_vacation(self, player_id: str, days: int) -> dict[str, Any]:
        self.taken.append((player_id, days))
        return {**await self.vacation(player_id), "until_ms": 86_400_000 * days}


@pytest.fixture
async def client() -> AsyncIterator[tuple[TestClient[Any, Any], FakeNotifier]]:
    notifier = FakeNotifier()
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub(),  # type: ignore[arg-type]
                     notifier=notifier, vacations=FakeVacations())
    async with TestClient(TestServer(app)) as test_client:
        yield test_client, notifier


def auth(player_id: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {TokenSigner('k').issue(Player(player_id, 'X'))}"}


async def test_a_device_is_subscribed_for_the_tokens_player_only(
        client: tuple[TestClient[Any, Any], FakeNotifier]) -> None:
    http, notifier = client
    body = {"endpoint": ENDPOINT, "keys": {"p256dh": "P", "auth": "A"}, "locale": "es",
            "player_id": "g-mallory"}
    assert (await http.post("/api/notices/devices", json=body, headers=auth("g-ann"))).status == 200
    assert notifier.devices[ENDPOINT] == ("g-ann", "P", "A", "es")
    prefs = await (await http.get("/api/notices/preferences", headers=auth("g-ann"))).json()
    assert prefs["devices"] == 1
    gone = await http.delete("/api/notices/devices", json={"endpoint": ENDPOINT}, headers=auth("g-ann"))
    assert (await gone.json()) == {"removed": True}


async def test_notices_need_a_signed_in_player_and_well_formed_bodies(
        client: tuple[TestClient[Any, Any], FakeNotifier]) -> None:
    http, notifier = client
    assert (await http.get("/api/notices/push-key")).status == 401
    key = await http.get("/api/notices/push-key", headers=auth("g-ann"))
    assert (await key.json()) == {"public_key": "BKEY"}
    bad = {"muted": "everything", "time_zone": "UTC"}
    assert (await http.put("/api/notices/preferences", json=bad, headers=auth("g-ann"))).status == 400
    late = {"muted": [], "time_zone": "UTC", "quiet_start_minute": "22:00"}
    assert (await http.put("/api/notices/preferences", json=late, headers=auth("g-ann"))).status == 400
    elsewhere = {"endpoint": "http://10.0.0.1/", "keys": {"p256dh": "P", "auth": "A"}}
    assert (await http.post("/api/notices/devices", json=elsewhere, headers=auth("g-ann"))).status == 400
    assert notifier.prefs == {} and notifier.devices == {}


async def test_changes_to_notices_are_rate_limited_per_player(
        client: tuple[TestClient[Any, Any], FakeNotifier]) -> None:
    http, _ = client
    body = {"muted": [{"kind": "time_low", "channel": "push"}], "time_zone": "Asia/Tokyo",
            "quiet_start_minute": 1320, "quiet_end_minute": 420}
    for _ in range(WRITES_PER_MINUTE):
        assert (await http.put("/api/notices/preferences", json=body, headers=auth("g-ann"))).status == 200
    refused = await http.put("/api/notices/preferences", json=body, headers=auth("g-ann"))
    assert refused.status == 429 and (await refused.json())["error"] == "rate_limited"
    assert (await http.put("/api/notices/preferences", json=body, headers=auth("g-bob"))).status == 200


async def test_a_vacation_is_taken_for_the_tokens_player_in_whole_days(
        client: tuple[TestClient[Any, Any], FakeNotifier]) -> None:
    http, _ = client
    body = {"days": 3, "player_id": "g-mallory"}
    taken = await http.post("/api/vacation", json=body, headers=auth("g-ann"))
    assert (await taken.json())["days_left"] == 18
    assert (await (await http.get("/api/vacation", headers=auth("g-bob"))).json())["days_left"] == 21
    for days in (0, 1.5, "3", True):
        assert (await http.post("/api/vacation", json={"days": days}, headers=auth("g-ann"))).status == 400


async def test_a_digests_one_click_link_unsubscribes_without_a_session(
        client: tuple[TestClient[Any, Any], FakeNotifier]) -> None:
    http, notifier = client
    done = await http.post("/api/notices/unsubscribe?player=g-ann&token=signed-g-ann")
    assert (await done.json()) == {"unsubscribed": True} and "g-ann" in notifier.prefs
    assert (await http.post("/api/notices/unsubscribe?player=g-bob&token=forged")).status == 400
    assert (await http.post("/api/notices/unsubscribe")).status == 400


async def test_the_service_worker_is_served_from_the_root_and_never_cached_stale(
        client: tuple[TestClient[Any, Any], FakeNotifier]) -> None:
    http, _ = client
    response = await http.get("/sw.js")
    assert response.status == 200 and response.headers["Content-Type"].startswith("text/javascript")
    assert response.headers["Cache-Control"] == "no-cache"
    assert "showNotification" in await response.text()


async def test_without_a_notifier_the_routes_say_notices_are_unavailable() -> None:
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as http:
        response = await http.get("/api/notices/preferences", headers=auth("g-ann"))
        assert response.status == 503 and (await response.json())["error"] == "unavailable"
