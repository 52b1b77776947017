"""A service's pool on its own schema: not opened yet, its connections inside the schema with rows
as dicts, reconnecting with the capped wait."""

from __future__ import annotations

from psycopg.rows import dict_row

from daimyo_kit.retry import POOL_RECONNECT_TIMEOUT
from daimyo_store.pools import schema_pool


def test_a_schema_pool_is_closed_until_opened_and_works_inside_its_schema() -> None:
    pool = schema_pool("postgresql://db.test/daimyo", "daimyo_accounts", max_size=3)
    assert pool.closed
    assert (pool.min_size, pool.max_size) == (1, 3)
    assert pool.kwargs == {"options": "-c search_path=daimyo_accounts", "row_factory": dict_row}
    assert pool.reconnect_timeout == POOL_RECONNECT_TIMEOUT
