"""A service's pool on its own schema: connections that work inside the schema (search path),
answer rows as dicts and reconnect with the capped wait every service uses. One way to open them,
so a service's store says only its schema and its size."""

from __future__ import annotations

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from daimyo_kit.retry import POOL_RECONNECT_TIMEOUT


def schema_pool(database_url: str, schema: str, max_size: int) -> AsyncConnectionPool:
    """A pool (not yet opened) whose connections work inside `schema`, rows as dicts."""
    return AsyncConnectionPool(database_url, min_size=1, max_size=max_size, open=False,
                               kwargs={"options": f"-c search_path={schema}",
                                       "row_factory": dict_row},
                               reconnect_timeout=POOL_RECONNECT_TIMEOUT)
