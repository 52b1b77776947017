"""Raw rows in a Postgres event store's `events` table, written beside the store: appends whose
transactions stay open, to show what a reader of the log may and may not pass."""

from __future__ import annotations

import psycopg
from psycopg import sql


async def connect(database_url: str, schema: str) -> psycopg.AsyncConnection:
    """A connection of its own (not the store's pool), its search path on `schema`."""
    conn = await psycopg.AsyncConnection.connect(database_url)
    await conn.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
    await conn.commit()
    return conn


async def insert_uncommitted(conn: psycopg.AsyncConnection, stream: str) -> int:
    """An append whose transaction stays open: its position is taken, its commit comes later."""
    cursor = await conn.execute(
        "INSERT INTO events (stream_id, version, type, data) VALUES (%s, 1, 'Slow', '{}') RETURNING position",
        [stream],
    )
    row = await cursor.fetchone()
    assert row is not None
    return int(row[0])
