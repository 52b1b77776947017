"""Migrations: applied once per schema, safely by services starting together, and by a command."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from daimyo_store import PostgresEventStore, apply_migrations
from daimyo_store.migrations import migration_files
from tests.support.event_rows import connect, insert_uncommitted

pytestmark = pytest.mark.integration


@pytest.fixture
async def empty_schema(database_url: str) -> AsyncIterator[str]:
    schema = f"test_{uuid.uuid4().hex[:12]}"
    yield schema
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


async def applied_numbers(database_url: str, schema: str) -> list[int]:
    async with await psycopg.AsyncConnection.connect(database_url) as conn:
        query = sql.SQL("SELECT number FROM {}.schema_migrations ORDER BY number").format(
            sql.Identifier(schema)
        )
        cursor = await conn.execute(query)
        return [row[0] for row in await cursor.fetchall()]


async def test_services_starting_together_apply_each_migration_once(
    database_url: str, empty_schema: str
) -> None:
    results = await asyncio.gather(*(apply_migrations(database_url, empty_schema) for _ in range(5)))
    every_file = [path.name for _, path in migration_files()]
    assert sorted(results, key=len) == [[], [], [], [], every_file]
    assert await applied_numbers(database_url, empty_schema) == [n for n, _ in migration_files()]


async def test_applying_again_changes_nothing(database_url: str, empty_schema: str) -> None:
    await apply_migrations(database_url, empty_schema)
    assert await apply_migrations(database_url, empty_schema) == []


async def test_a_schema_name_that_is_not_plain_is_refused(database_url: str) -> None:
    with pytest.raises(ValueError):
        await apply_migrations(database_url, "x; DROP TABLE events")


def test_the_migrate_command_applies_pending_migrations(database_url: str, empty_schema: str) -> None:
    command = [
        sys.executable,
        "-m",
        "daimyo_store",
        "migrate",
        "--database-url",
        database_url,
        "--schema",
        empty_schema,
    ]
    first = subprocess.run(command, capture_output=True, text=True, check=True)
    second = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "0001_event_store.sql" in first.stdout
    assert "up to date" in second.stdout


async def test_a_checkpoint_saved_by_position_skips_nothing_after_the_log_order_migration(
    database_url: str, empty_schema: str, tmp_path: Path
) -> None:
    for number, path in migration_files():
        if number < 5:
            shutil.copy(path, tmp_path / path.name)
    await apply_migrations(database_url, empty_schema, tmp_path)  # the schema before 0005
    older = await connect(database_url, empty_schema)
    try:
        await older.execute("SELECT pg_current_xact_id()")  # a transaction id older than the checkpoint's
        checkpoint = await _insert(database_url, empty_schema, "read")
        after = await insert_uncommitted(older, "older")  # a higher position, an older transaction
        await older.commit()
    finally:
        await older.close()
    async with await connect(database_url, empty_schema) as conn:
        await conn.execute("INSERT INTO tracking (name, position) VALUES ('relay', %s)", [checkpoint])
        await conn.commit()
    await apply_migrations(database_url, empty_schema)
    store = await PostgresEventStore.open(database_url, empty_schema, max_size=1)
    try:
        events = await store.read_all(await store.get_checkpoint("relay"))
    finally:
        await store.close()
    assert after in [e.position for e in events]


async def _insert(database_url: str, schema: str, stream: str) -> int:
    conn = await connect(database_url, schema)
    try:
        position = await insert_uncommitted(conn, stream)
        await conn.commit()
    finally:
        await conn.close()
    return position
