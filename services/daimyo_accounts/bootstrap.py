"""Wiring: settings (daimyo_accounts.settings), Postgres, the password hasher, the gRPC server.

`connected_store` and `accounts_servicer` are also what tests and the benchmark use.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping

import structlog

from daimyo_accounts.grpc_api import AccountsServicer
from daimyo_accounts.handlers import AccountsHandlers
from daimyo_accounts.mail import mailer
from daimyo_accounts.passwords import Passwords
from daimyo_accounts.settings import Settings
from daimyo_accounts.store import DEFAULT_SCHEMA, AccountsStore, migrate, open_pool
from daimyo_kit import logging as kit_logging
from daimyo_kit import shutdown
from daimyo_kit.auth import CallerAuthInterceptor
from daimyo_kit.grpc_server import Servicer, serve
from daimyo_kit.metrics import serve_metrics
from daimyo_proto.daimyo.accounts.v1 import accounts_pb2, accounts_pb2_grpc

log = structlog.get_logger("daimyo_accounts")


@contextlib.asynccontextmanager
async def connected_store(
    database_url: str, schema: str = DEFAULT_SCHEMA, max_size: int = 10
) -> AsyncIterator[AccountsStore]:
    """A migrated store on an open pool, closed when the block ends."""
    pool = open_pool(database_url, schema, max_size)
    await pool.open(wait=True)
    try:
        await migrate(database_url, schema)  # once the pool has waited for Postgres
        yield AccountsStore(pool, schema)
    finally:  # bounded: a pool whose server is gone must not hold up the shutdown
        await shutdown.bounded(pool.close(timeout=shutdown.share(0.15)), shutdown.share(0.2), "pool")


def caller_auth(callers: Mapping[str, str]) -> CallerAuthInterceptor:
    """Only gateways call accounts (they sign players in and ask for names); the notifier may read
    an account (the verified address and language of an email digest), nothing else."""
    return CallerAuthInterceptor(callers, {"GetAccount": frozenset({"gateway", "notifier"}),
                                           "*": frozenset({"gateway"})})


def accounts_servicer(handlers: AccountsHandlers) -> Servicer:
    name = accounts_pb2.DESCRIPTOR.services_by_name["AccountsService"].full_name
    return Servicer(
        accounts_pb2_grpc.add_AccountsServiceServicer_to_server, AccountsServicer(handlers), name
    )


async def run(settings: Settings) -> None:
    """The service until SIGTERM."""
    config = settings.config
    kit_logging.configure("accounts", config.log_level)
    auth = caller_auth(settings.callers)  # before anything starts: no callers configured, no service
    serve_metrics(config.metrics_port, config.bind_host)
    passwords = Passwords(settings.argon2, settings.rules.hash_threads)
    try:
        async with connected_store(config.database_url, config.db_schema) as store:
            handlers = AccountsHandlers(
                store,
                passwords,
                settings.relying_party,
                settings.rules,
                settings.throttle,
                mail=mailer(settings.mail.smtp_url, settings.mail.sender),
                public_url=settings.mail.public_url,
            )
            log.info("accounts_started", rp_id=settings.relying_party.rp_id)
            await serve(
                [accounts_servicer(handlers)],
                config.grpc_port,
                host=config.bind_host,
                interceptors=[auth],
            )
    finally:
        passwords.close()


def main() -> None:
    shutdown.run(run(Settings.from_env()))
