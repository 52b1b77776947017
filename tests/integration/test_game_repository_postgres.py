"""The game repository's "did I write this?" check against what Postgres hands back from jsonb."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daimyo_game.repository import appended_these
from daimyo_store import NewEvent, PostgresEventStore

pytestmark = pytest.mark.integration

MOVE_DATA = {"seat": 1, "move": {"type": "place", "tile": "samurai2", "hex": "h118"},
             "effects": {"captured": [{"city": "Edo", "figure": "rice"}], "score": 0.5, "note": "é ✓"},
             "clock": {"left_ms": 599_000, "bank": None}, "chance": [3, 1, 4]}


@pytest.fixture
async def store(database_url: str, fresh_schema: str) -> AsyncIterator[PostgresEventStore]:
    opened = await PostgresEventStore.open(database_url, fresh_schema, max_size=2)
    yield opened
    await opened.close()


async def test_a_fresh_append_read_back_from_jsonb_is_recognised_as_this_writers(
        store: PostgresEventStore) -> None:
    events = [NewEvent("MoveMade", MOVE_DATA, command_id="c1")]
    recorded = await store.append("game-a", 0, events)
    assert appended_these(recorded, events, 1)


async def test_another_move_under_the_same_command_id_is_not_this_writers(store: PostgresEventStore) -> None:
    await store.append("game-b", 0, [NewEvent("MoveMade", MOVE_DATA, command_id="c1")])
    other = [NewEvent("MoveMade", {**MOVE_DATA, "move": {"type": "pass"}}, command_id="c1")]
    recorded = await store.append("game-b", 0, other)  # the store answers with the first append
    assert recorded[-1].version == 1 and not appended_these(recorded, other, 1)
