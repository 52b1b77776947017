"""`python -m daimyo_notifier [serve|migrate]`: the notifier (gRPC 50056, metrics 9107 by default);
`migrate` applies its schema's migrations (`migrations/`) and exits — the deploy job's step after
matchmaking's (deploy/docker/entrypoint.sh)."""

from __future__ import annotations

import asyncio
import sys

from daimyo_kit.config import Config
from daimyo_notifier.bootstrap import main
from daimyo_notifier.store import migrate


def migrate_main() -> int:
    config = Config.from_env("notifier")
    applied = asyncio.run(migrate(config.database_url, config.db_schema))
    print(f"{config.db_schema}: applied {', '.join(applied) if applied else 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["migrate"]:
        raise SystemExit(migrate_main())
    if sys.argv[1:] not in ([], ["serve"]):
        raise SystemExit(f"usage: python -m daimyo_notifier [serve|migrate], not {sys.argv[1:]}")
    main()
