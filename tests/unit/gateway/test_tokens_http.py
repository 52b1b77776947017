"""Through the gateway's HTTP edge: a guest whose name is blank-looking or passes for a bot gets
a 400 whose message starts with the name check's stable code (issue 32, names)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.tokens import TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


@pytest.mark.parametrize(("name", "code"), [("Вот", "name_reserved"), ("ΒΟΤ", "name_reserved"),
                                            ("Bøt", "name_reserved"), ("ㅤ", "name_blank"),
                                            ("⠀", "name_blank")])
async def test_a_blank_or_confusable_guest_name_is_a_400_with_its_code(client: TestClient[Any, Any],
                                                                       name: str, code: str) -> None:
    response = await client.post("/api/session", json={"name": name})
    body = await response.json()
    assert response.status == 400 and body["error"] == "malformed"
    assert body["args"] == {"field": "name", "reason": code}


async def test_an_ordinary_name_still_signs_in(client: TestClient[Any, Any]) -> None:
    response = await client.post("/api/session", json={"name": "Иван"})
    assert response.status == 200 and (await response.json())["name"] == "Иван"
