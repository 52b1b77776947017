"""The game service's own schema: its migrations create table chat on a new database, and adopt
the table (with its messages) that the event store's migrations created before the game service
owned it; chat is reached through its own pool, not the event store's."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import psycopg
import pytest
from psycopg import sql

from daimyo_game.catalogue import migrate_catalogue
from daimyo_game.chat import ChatStore
from daimyo_store import apply_migrations

pytestmark = pytest.mark.integration

# The table chat as the event store's 0003 created it before the game service took it over.
CHAT_AS_THE_STORE_MADE_IT = """
CREATE TABLE chat_messages (
    message_id bigserial PRIMARY KEY, game_id text NOT NULL, channel text NOT NULL,
    author_id text NOT NULL, author_name text NOT NULL, seat integer, body text NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX chat_by_game ON chat_messages (game_id, channel, message_id);
CREATE INDEX chat_by_author ON chat_messages (game_id, author_id, sent_at DESC);
INSERT INTO chat_messages (game_id, channel, author_id, author_name, seat, body)
    VALUES ('g-old', 'players', 'ann', 'Ann', 0, 'good game');
"""


@pytest.fixture
async def schema(database_url: str) -> AsyncIterator[str]:
    name = f"test_{uuid.uuid4().hex[:12]}"
    yield name
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


async def run_in(database_url: str, schema: str, statements: str) -> None:
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
        await conn.execute(statements.encode())


async def test_a_new_schema_gets_table_chat_from_the_game_services_migrations(
    database_url: str, schema: str
) -> None:
    await apply_migrations(database_url, schema)
    assert "0003_table_chat.sql" in await migrate_catalogue(database_url, schema)
    chat = await ChatStore.open(database_url, schema, max_size=1)
    try:
        posted = await chat.post("g-new", "players", "bea", "Bea", 1, "hello")
        assert [m.text for m in await chat.read("g-new", "players", 0, 10)] == ["hello"]
        assert posted.seat == 1
    finally:
        await chat.close()


async def test_a_deployment_whose_chat_the_event_store_made_keeps_its_messages(
    database_url: str, schema: str
) -> None:
    await apply_migrations(database_url, schema)
    await run_in(database_url, schema, CHAT_AS_THE_STORE_MADE_IT)
    assert "0003_table_chat.sql" in await migrate_catalogue(database_url, schema)
    chat = await ChatStore.open(database_url, schema, max_size=1)
    try:
        await chat.post("g-old", "players", "ann", "Ann", 0, "again?")
        assert [m.text for m in await chat.read("g-old", "players", 0, 10)] == ["good game", "again?"]
    finally:
        await chat.close()
