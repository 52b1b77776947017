"""`python -m daimyo_accounts [migrate]`: the accounts service (gRPC 50055, metrics 9106 by default);
`migrate` applies its schema's migrations (`migrations/`) and exits — the deploy job's step after
matchmaking's (deploy/docker/entrypoint.sh)."""

from __future__ import annotations

import asyncio
import sys

from daimyo_accounts.bootstrap import main
from daimyo_accounts.store import AccountsStore, open_pool
from daimyo_kit.config import Config


async def migrate(config: Config) -> list[str]:
    """Its own migrations, under its own settings (DAIMYO_ACCOUNTS_DATABASE_URL, else the shared URL)."""
    pool = open_pool(config.database_url, config.db_schema, max_size=1)
    await pool.open(wait=True)
    try:
        return await AccountsStore(pool, config.db_schema).migrate()
    finally:
        await pool.close()


def migrate_main() -> int:
    config = Config.from_env("accounts")
    applied = asyncio.run(migrate(config))
    print(f"{config.db_schema}: applied {', '.join(applied) if applied else 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["migrate"]:
        raise SystemExit(migrate_main())
    if sys.argv[1:] not in ([], ["serve"]):
        raise SystemExit(f"usage: python -m daimyo_accounts [serve|migrate], not {sys.argv[1:]}")
    main()
