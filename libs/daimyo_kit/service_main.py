"""The command line every service with a schema of its own shares: `python -m daimyo_<service>
[serve|migrate]`. `serve` (the default) runs the service; `migrate` applies its schema's
migrations under its own settings (DAIMYO_<SERVICE>_DATABASE_URL, else the shared URL) and exits —
the deploy job's step (deploy/docker/entrypoint.sh). One place, so the services' entry points
cannot drift apart."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from daimyo_kit.config import Config

Migrate = Callable[[str, str], Coroutine[Any, Any, list[str]]]  # (database URL, schema) → names applied now


def serve_or_migrate(service: str, serve: Callable[[], None], migrate: Migrate,
                     argv: Sequence[str] | None = None) -> None:
    """Run `service` as its arguments (`argv`, else the process's) ask; exits on a wrong one."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["migrate"]:
        config = Config.from_env(service)
        applied = asyncio.run(migrate(config.database_url, config.db_schema))
        print(f"{config.db_schema}: applied {', '.join(applied) if applied else 'nothing (up to date)'}")
        return
    if args not in ([], ["serve"]):
        raise SystemExit(f"usage: python -m daimyo_{service} [serve|migrate], not {args}")
    serve()
