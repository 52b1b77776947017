"""The game service's small side pools (the catalogue, chat): one way to open them, so each has
the capped reconnect and the search path of the service's schema."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from daimyo_kit.retry import POOL_RECONNECT_TIMEOUT
from daimyo_store.migrations import checked_schema


async def open_side_pool(database_url: str, schema: str, max_size: int) -> AsyncConnectionPool:
    """An autocommit pool on `schema`, open and answering."""
    pool = AsyncConnectionPool(database_url, min_size=1, max_size=max_size, open=False,
                               reconnect_timeout=POOL_RECONNECT_TIMEOUT, kwargs={
        "options": f"-c search_path={checked_schema(schema)}", "autocommit": True})
    await pool.open(wait=True)
    return pool
