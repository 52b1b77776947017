"""Schema migrations: numbered SQL files applied once each, in order, inside one schema.

The event store's own files sit beside this module (`0001_event_store.sql`, ...), shipped
with the package. Its user (the game service) calls `apply_migrations` at start and in its
`migrate` command; replicas starting together are serialised by a transaction-scoped advisory
lock, and a ledger table (`schema_migrations` for the event store's files) records what was
applied. A service keeping its own tables in the same schema passes its own directory and
ledger, so the two numberings never collide.
"""

from __future__ import annotations

import re
from pathlib import Path

import psycopg
from psycopg import sql

DEFAULT_SCHEMA = "daimyo_game"
_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_MIGRATION_FILE = re.compile(r"^(\d+)_[\w-]+\.sql$")
DEFAULT_LEDGER = "schema_migrations"


def migrations_dir() -> Path:
    """The event store's own migrations: this package's folder."""
    return Path(__file__).resolve().parent


def checked_schema(schema: str) -> str:
    if not _SCHEMA_NAME.match(schema):
        raise ValueError(f"not a plain lower-case schema name: {schema!r}")
    return schema


def migration_files(directory: Path | None = None) -> list[tuple[int, Path]]:
    """(number, path) of every migration, in order."""
    found = []
    for path in (directory or migrations_dir()).iterdir():
        match = _MIGRATION_FILE.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


async def apply_migrations(
    database_url: str, schema: str = DEFAULT_SCHEMA, directory: Path | None = None,
    ledger: str = DEFAULT_LEDGER,
) -> list[str]:
    """Apply the migrations of `directory` that `ledger` in `schema` lacks; returns the names
    of those applied now."""
    schema, table = checked_schema(schema), sql.Identifier(checked_schema(ledger))
    async with await psycopg.AsyncConnection.connect(database_url) as conn, conn.transaction():
        await _lock_schema(conn, schema)
        await _prepare(conn, schema, table)
        done = await _applied(conn, table)
        applied = []
        for number, path in migration_files(directory):
            if number not in done:
                await _apply_one(conn, table, number, path)
                applied.append(path.name)
        return applied


async def _lock_schema(conn: psycopg.AsyncConnection, schema: str) -> None:
    await conn.execute("SELECT pg_advisory_xact_lock(hashtext('daimyo_migrations:' || %s))", [schema])


async def _prepare(conn: psycopg.AsyncConnection, schema: str, table: sql.Identifier) -> None:
    await conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
    await conn.execute(sql.SQL("SET LOCAL search_path TO {}").format(sql.Identifier(schema)))
    await conn.execute(sql.SQL(
        "CREATE TABLE IF NOT EXISTS {} ("
        " number integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
    ).format(table))


async def _applied(conn: psycopg.AsyncConnection, table: sql.Identifier) -> set[int]:
    cursor = await conn.execute(sql.SQL("SELECT number FROM {}").format(table))
    return {row[0] for row in await cursor.fetchall()}


async def _apply_one(conn: psycopg.AsyncConnection, table: sql.Identifier, number: int, path: Path) -> None:
    await conn.execute(path.read_text())  # trusted files from the repository
    await conn.execute(sql.SQL("INSERT INTO {} (number, name) VALUES (%s, %s)").format(table),
                       [number, path.name])
