"""The page's last hint for its language before English is the Accept-Language header, which
only the gateway sees: /api/languages gives its tags, most wanted first (issue 30)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from daimyo_gateway.http_api import create_app
from daimyo_gateway.http_api.ops import MAX_LANGUAGES, accept_languages
from daimyo_gateway.tokens import TokenSigner
from tests.unit.gateway.fakes import FakeGames, FakeHub
from tests.unit.gateway.test_http_api import FakeMatchmaking


@pytest.fixture
async def client() -> AsyncIterator[TestClient[Any, Any]]:
    app = create_app(TokenSigner("k"), FakeGames(), FakeMatchmaking(), FakeHub())  # type: ignore[arg-type]
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


def test_tags_come_most_wanted_first_by_weight_then_by_order() -> None:
    assert accept_languages("en;q=0.5, pt-BR, zh-CN;q=0.9, es") == ["pt-BR", "es", "zh-CN", "en"]


def test_malformed_refused_and_wildcard_parts_are_dropped_and_the_list_is_bounded() -> None:
    assert accept_languages("*, <script>, fr;q=0, de;q=x.y, es") == ["es"]
    assert accept_languages("*, <script>, fr;q=0, es") == ["es"]
    assert len(accept_languages(",".join(["en"] * 500))) == MAX_LANGUAGES
    assert accept_languages("") == []


async def test_the_gateway_answers_with_the_header_it_was_sent(client: TestClient[Any, Any]) -> None:
    response = await client.get("/api/languages", headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"})
    assert response.status == 200
    assert await response.json() == {"accept_language": ["zh-CN", "zh", "en"]}
