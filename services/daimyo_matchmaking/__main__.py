"""`python -m daimyo_matchmaking [migrate]`: the matchmaking service (gRPC 50052, metrics 9102 by
default); `migrate` applies its schema's migrations (`migrations/`) and exits — the deploy
job's step after the game service's (deploy/docker/entrypoint.sh)."""

from __future__ import annotations

from daimyo_kit.service_main import serve_or_migrate
from daimyo_matchmaking.bootstrap import main
from daimyo_matchmaking.store import PostgresStore, open_pool


async def migrate(database_url: str, schema: str) -> list[str]:
    """Its own migrations (the store's own ledger, older than the shared one)."""
    pool = open_pool(database_url, schema, max_size=1)
    await pool.open(wait=True)
    try:
        return await PostgresStore(pool, schema).migrate()
    finally:
        await pool.close()


if __name__ == "__main__":
    serve_or_migrate("matchmaking", main, migrate)
