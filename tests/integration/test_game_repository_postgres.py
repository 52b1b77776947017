"""The store's answer to a game's append, as Postgres hands it back from jsonb: `Appended` for a
fresh append, `Replayed` with the first move for a command id its actor used before — even for
another move (two bot replicas searching the same turn) — and never another actor's."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from daimyo_store import Appended, NewEvent, PostgresEventStore, Replayed

pytestmark = pytest.mark.integration

def move(data: dict[str, object], actor: str = "driver") -> NewEvent:
    return NewEvent("MoveMade", data, command_id="c1", actor=actor)


MOVE_DATA = {"seat": 1, "move": {"type": "place", "tile": "samurai2", "hex": "h118"},
             "effects": {"captured": [{"city": "Edo", "figure": "rice"}], "score": 0.5, "note": "é ✓"},
             "clock": {"left_ms": 599_000, "bank": None}, "chance": [3, 1, 4]}


@pytest.fixture
async def store(database_url: str, fresh_schema: str) -> AsyncIterator[PostgresEventStore]:
    opened = await PostgresEventStore.open(database_url, fresh_schema, max_size=2)
    yield opened
    await opened.close()


async def test_a_fresh_append_is_answered_as_appended(store: PostgresEventStore) -> None:
    answer = await store.append("game-a", 0, [move(MOVE_DATA)])
    assert isinstance(answer, Appended) and answer.version == 1 and answer.events[0].data == MOVE_DATA


async def test_another_move_under_the_same_command_id_is_replayed_with_the_first(
        store: PostgresEventStore) -> None:
    await store.append("game-b", 0, [move(MOVE_DATA)])
    answer = await store.append("game-b", 0, [move({**MOVE_DATA, "move": {"type": "pass"}})])
    assert isinstance(answer, Replayed) and answer.version == 1 and answer.previous[0].data == MOVE_DATA


async def test_the_same_command_id_of_another_actor_is_appended(store: PostgresEventStore) -> None:
    await store.append("game-c", 0, [move(MOVE_DATA, actor="player:ann")])
    answer = await store.append("game-c", 1, [move(MOVE_DATA)])
    assert isinstance(answer, Appended) and answer.version == 2
