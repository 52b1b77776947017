"""`python -m daimyo_matchmaking [migrate]`: the matchmaking service (gRPC 50052, metrics 9102 by
default); `migrate` applies its schema's migrations (`migrations/`) and exits — the deploy
job's step after the game service's (deploy/docker/entrypoint.sh)."""

from __future__ import annotations

import asyncio
import sys

from daimyo_kit.config import Config
from daimyo_matchmaking.bootstrap import main
from daimyo_matchmaking.store import PostgresStore, open_pool


async def migrate(config: Config) -> list[str]:
    """Its own migrations, under its own settings (DAIMYO_MATCHMAKING_DATABASE_URL, else the shared URL)."""
    pool = open_pool(config.database_url, config.db_schema, max_size=1)
    await pool.open(wait=True)
    try:
        return await PostgresStore(pool, config.db_schema).migrate()
    finally:
        await pool.close()


def migrate_main() -> int:
    config = Config.from_env("matchmaking")
    applied = asyncio.run(migrate(config))
    print(f"{config.db_schema}: applied {', '.join(applied) if applied else 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["migrate"]:
        raise SystemExit(migrate_main())
    if sys.argv[1:] not in ([], ["serve"]):
        raise SystemExit(f"usage: python -m daimyo_matchmaking [serve|migrate], not {sys.argv[1:]}")
    main()
