"""`python -m daimyo_analysis [serve|migrate]`: the analysis service (gRPC 50054, metrics 9105 by
default); `migrate` applies its schema's migrations and exits — the deploy job's step after
matchmaking's (deploy/docker/entrypoint.sh)."""

from __future__ import annotations

import asyncio
import sys

from daimyo_analysis.bootstrap import connected_store, main
from daimyo_kit.config import Config


async def migrate(config: Config) -> None:
    async with connected_store(config.database_url, config.db_schema):
        pass


def migrate_main() -> int:
    config = Config.from_env("analysis")
    asyncio.run(migrate(config))
    print(f"{config.db_schema}: migrated")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["migrate"]:
        raise SystemExit(migrate_main())
    if sys.argv[1:] not in ([], ["serve"]):
        raise SystemExit(f"usage: python -m daimyo_analysis [serve|migrate], not {sys.argv[1:]}")
    main()
