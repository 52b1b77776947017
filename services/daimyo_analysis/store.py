"""The analysis queue and results in Postgres (the service's own schema).

Why a Postgres queue, fed by a JetStream consumer of finished games, rather than a JetStream
work-queue stream: an analysis runs for a minute or more and reports its progress, players may
ask for one game ahead of the rest, and the answer must be idempotent by (game, analyser
version) — a table keyed by exactly that gives all three (claims with `FOR UPDATE SKIP LOCKED`
and a lease, a priority column, a progress column, `ON CONFLICT DO NOTHING`), and its depth is
one query for the autoscaler. The JetStream consumer only inserts and acks, so a redelivered
`finished` message, a retried request or a re-run job all land on the same row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from daimyo_store.migrations import apply_migrations
from daimyo_store.pools import schema_pool

MIGRATIONS = Path(__file__).parent / "migrations"
LEDGER = "analysis_migrations"  # the shared numbered ledger (daimyo_store.migrations)
DEFAULT_SCHEMA = "daimyo_analysis"


class QueueFull(Exception):
    """The queue holds its limit of waiting jobs."""


@dataclass(frozen=True)
class Job:
    game_id: str
    game: str
    attempts: int


@dataclass(frozen=True)
class Status:
    game_id: str
    state: str
    progress: float
    error: str
    result: dict[str, Any] | None


async def migrate(database_url: str, schema: str = DEFAULT_SCHEMA) -> list[str]:
    """Apply this service's migrations not applied yet (idempotent; concurrent starts wait on a lock)."""
    return await apply_migrations(database_url, schema, MIGRATIONS, LEDGER)


def open_pool(database_url: str, schema: str = DEFAULT_SCHEMA, max_size: int = 4) -> AsyncConnectionPool:
    """A pool (not yet opened) whose connections work inside `schema`."""
    return schema_pool(database_url, schema, max_size)


class AnalysisStore:
    def __init__(self, pool: AsyncConnectionPool, version: int, schema: str = DEFAULT_SCHEMA) -> None:
        self._pool, self._version, self._schema = pool, version, schema


    async def enqueue(self, game_id: str, game: str, priority: int, limit: int) -> Status:
        """Queue a game (a no-op when it is queued or done: a higher priority is kept); QueueFull."""
        async with self._pool.connection() as conn, conn.transaction():
            known = await self._status(conn, game_id)
            if known is None and await self._waiting(conn) >= limit:
                raise QueueFull(f"{limit} analyses are waiting")
            await conn.execute(
                "INSERT INTO analysis_jobs (game_id, analyser_version, game, priority) "
                "VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (game_id, analyser_version) DO UPDATE "
                "SET priority = greatest(analysis_jobs.priority, excluded.priority)",
                (game_id, self._version, game, priority))
            status = await self._status(conn, game_id)
            assert status is not None
            return status

    async def status(self, game_id: str) -> Status | None:
        async with self._pool.connection() as conn:
            return await self._status(conn, game_id)

    async def waiting(self) -> int:
        """Jobs queued or running (the autoscaler's queue depth)."""
        async with self._pool.connection() as conn:
            return await self._waiting(conn)

    async def claim(self, lease_seconds: float, max_attempts: int) -> Job | None:
        """The most urgent waiting job (or one whose worker's lease ran out), leased to the caller."""
        async with self._pool.connection() as conn, conn.transaction():
            rows = await _rows(conn, """
                UPDATE analysis_jobs j SET state = 'running', attempts = j.attempts + 1,
                       lease_until = now() + make_interval(secs => %(lease)s), progress = 0
                FROM (SELECT game_id FROM analysis_jobs
                      WHERE analyser_version = %(v)s AND attempts < %(max)s
                        AND (state = 'queued' OR (state = 'running' AND lease_until < now()))
                      ORDER BY priority DESC, enqueued_at LIMIT 1 FOR UPDATE SKIP LOCKED) next
                WHERE j.game_id = next.game_id AND j.analyser_version = %(v)s
                RETURNING j.game_id, j.game, j.attempts""",
                {"lease": lease_seconds, "v": self._version, "max": max_attempts})
            return Job(rows[0]["game_id"], rows[0]["game"], rows[0]["attempts"]) if rows else None

    async def progress(self, game_id: str, share: float, lease_seconds: float) -> None:
        """The running job's progress, and its lease renewed."""
        async with self._pool.connection() as conn:
            await conn.execute(
                "UPDATE analysis_jobs SET progress = %s, lease_until = now() + make_interval(secs => %s) "
                "WHERE game_id = %s AND analyser_version = %s AND state = 'running'",
                (share, lease_seconds, game_id, self._version))

    async def complete(self, game_id: str, seed: int, result: dict[str, Any], cpu_seconds: float) -> bool:
        """Store the result and close the job in one transaction; False if it was stored before."""
        async with self._pool.connection() as conn, conn.transaction():
            cursor = await conn.execute(
                "INSERT INTO analyses (game_id, analyser_version, seed, result, cpu_seconds) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (game_id, analyser_version) DO NOTHING",
                (game_id, self._version, seed, json.dumps(result), cpu_seconds))
            await conn.execute(
                "UPDATE analysis_jobs SET state = 'done', progress = 1, error = '', finished_at = now() "
                "WHERE game_id = %s AND analyser_version = %s", (game_id, self._version))
            return cursor.rowcount == 1

    async def fail(self, job: Job, error: str, max_attempts: int) -> None:
        """A failed attempt: queued again, or failed for good after `max_attempts`."""
        state = "failed" if job.attempts >= max_attempts else "queued"
        async with self._pool.connection() as conn:
            await conn.execute(
                "UPDATE analysis_jobs SET state = %s, error = %s, lease_until = NULL "
                "WHERE game_id = %s AND analyser_version = %s",
                (state, error[:200], job.game_id, self._version))

    async def _status(self, conn: AsyncConnection[Any], game_id: str) -> Status | None:
        rows = await _rows(conn, """
            SELECT j.state, j.progress, j.error, a.result FROM analysis_jobs j
            LEFT JOIN analyses a USING (game_id, analyser_version)
            WHERE j.game_id = %s AND j.analyser_version = %s""", (game_id, self._version))
        if not rows:
            return None
        row = rows[0]
        return Status(game_id, row["state"], float(row["progress"]), row["error"], row["result"])

    async def _waiting(self, conn: AsyncConnection[Any]) -> int:
        rows = await _rows(conn, "SELECT count(*) AS n FROM analysis_jobs WHERE analyser_version = %s "
                                 "AND state IN ('queued', 'running')", (self._version,))
        return int(rows[0]["n"])


async def _rows(conn: AsyncConnection[Any], query: str, params: Any = None) -> list[dict[str, Any]]:
    cursor = await conn.execute(query.encode() if isinstance(query, str) else query, params)
    return list(await cursor.fetchall()) if cursor.description else []
