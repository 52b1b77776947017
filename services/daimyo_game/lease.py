"""A lease held as a session-level Postgres advisory lock: one active relay across replicas.

The lock lives as long as its connection; if the holder dies, Postgres frees it and a waiting
replica takes over.
"""

from __future__ import annotations

import asyncio

import psycopg


class AdvisoryLease:
    def __init__(self, database_url: str, name: str, retry_seconds: float = 1.0) -> None:
        self._url = database_url
        self._name = name
        self._retry = retry_seconds
        self._conn: psycopg.AsyncConnection | None = None

    async def acquire(self) -> None:
        """Wait until this process holds the lease."""
        self._conn = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        while not await self._try_lock():
            await asyncio.sleep(self._retry)

    async def check(self) -> None:
        """Raises when the lease's connection is gone (the lock went with it)."""
        if self._conn is None:
            raise RuntimeError(f"lease {self._name} is not held")
        await self._conn.execute("SELECT 1")

    async def release(self) -> None:
        if self._conn is None or self._conn.closed:
            return
        try:
            await self._conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", [self._name])
        finally:
            await self._conn.close()
            self._conn = None

    async def _try_lock(self) -> bool:
        assert self._conn is not None
        cursor = await self._conn.execute("SELECT pg_try_advisory_lock(hashtext(%s))", [self._name])
        row = await cursor.fetchone()
        return bool(row and row[0])


class LocalLease:
    """No lock at all: for a single process (unit tests, the in-memory store)."""

    async def acquire(self) -> None: ...

    async def check(self) -> None: ...

    async def release(self) -> None: ...
