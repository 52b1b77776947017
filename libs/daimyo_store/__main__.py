"""`python -m daimyo_store migrate --database-url URL [--schema S]`: apply pending migrations."""

from __future__ import annotations

import argparse
import asyncio
import os

from daimyo_store.migrations import DEFAULT_SCHEMA, apply_migrations


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m daimyo_store")
    commands = parser.add_subparsers(dest="command", required=True)
    migrate = commands.add_parser("migrate", help="apply pending SQL migrations")
    migrate.add_argument("--database-url", default=os.environ.get("DAIMYO_DATABASE_URL"))
    migrate.add_argument("--schema", default=os.environ.get("DAIMYO_DB_SCHEMA", DEFAULT_SCHEMA))
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not args.database_url:
        _parser().error("--database-url (or DAIMYO_DATABASE_URL) is required")
    applied = asyncio.run(apply_migrations(args.database_url, args.schema))
    print(f"{args.schema}: applied {', '.join(applied) if applied else 'nothing (up to date)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
