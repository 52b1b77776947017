"""Wiring: settings, Postgres, NATS (the games stream's notices and friends' challenges, durably),
the sender, gRPC.

`connected` is also what the tests and the bench use: a migrated store and the handlers and sender
around it, with the push transport given.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import replace

import aiohttp
import grpc
import structlog

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import BusMessage, GameNotices, TableChallenge
from daimyo_kit import grpc_client, shutdown
from daimyo_kit import logging as kit_logging
from daimyo_kit.auth import CallerAuthInterceptor
from daimyo_kit.grpc_server import Servicer, serve
from daimyo_kit.metrics import serve_metrics
from daimyo_notifier.accounts_client import AccountAddresses
from daimyo_notifier.digest import DigestConfig, Digests, SmtpMailer
from daimyo_notifier.grpc_api import NotifierServicer
from daimyo_notifier.handlers import NotifierHandlers, Policy
from daimyo_notifier.metrics import NOTICES_KEPT
from daimyo_notifier.push import PushSender, public_key, vapid_from_key
from daimyo_notifier.sender import Send, Sender, SenderConfig
from daimyo_notifier.settings import Settings
from daimyo_notifier.store import DEFAULT_SCHEMA, NotifierStore, migrate, open_pool
from daimyo_proto.daimyo.notifier.v1 import notifier_pb2, notifier_pb2_grpc

log = structlog.get_logger("daimyo_notifier")
CONSUMER = "daimyo-notifier"
CHALLENGES_CONSUMER = "daimyo-notifier-challenges"


def wall_clock_ms() -> int:
    return int(time.time() * 1000)


class MissingVapidKey(RuntimeError):
    """No DAIMYO_VAPID_PRIVATE_KEY: browsers could not trust anything this notifier sends."""


@contextlib.asynccontextmanager
async def connected(
    database_url: str,
    policy: Policy,
    send: Send,
    sender_config: SenderConfig | None = None,
    schema: str = DEFAULT_SCHEMA,
    pool_size: int = 10,
    now_ms: Callable[[], int] = wall_clock_ms,
) -> AsyncIterator[tuple[NotifierHandlers, Sender]]:
    """The handlers and the sender over a migrated store, closed when the block ends."""
    await migrate(database_url, schema)
    pool = open_pool(database_url, schema, pool_size)
    await pool.open(wait=True)
    try:
        store = NotifierStore(pool)
        sender = Sender(store, send, now_ms, sender_config or SenderConfig())
        yield NotifierHandlers(store, policy, now_ms, on_notice=sender.wake), sender
    finally:
        await shutdown.bounded(pool.close(timeout=shutdown.share(0.15)), shutdown.share(0.2), "pool")


async def follow_notices(bus: Bus, handlers: NotifierHandlers, durable: str = CONSUMER) -> asyncio.Task[None]:
    """Every `daimyo.game.*.notices`, durably, a pulled batch per transaction: acked once its
    notices are committed, so a crash means a redelivery, which the notices' keys make a no-op."""

    async def on_batch(batch: list[tuple[str, BusMessage]]) -> None:
        notices = [m for _, m in batch if isinstance(m, GameNotices)]
        for subject, message in batch:
            if not isinstance(message, GameNotices):
                log.error("notices_message_dropped", subject=subject, error="not game notices")
        if notices:
            NOTICES_KEPT.inc(await handlers.ingest(*notices))

    await bus.wait_for_games_stream(keeping=subjects.ALL_NOTICES)  # the relay creates it
    return await bus.consume_batches(subjects.ALL_NOTICES, durable, on_batch)


async def follow_challenges(bus: Bus, handlers: NotifierHandlers,
                            durable: str = CHALLENGES_CONSUMER) -> asyncio.Task[None]:
    """Every `daimyo.table.*.challenge` matchmaking kept, durably and as `follow_notices` does:
    acked once the friends' notices are committed; a redelivery is a no-op by their keys."""

    async def on_batch(batch: list[tuple[str, BusMessage]]) -> None:
        challenges = [m for _, m in batch if isinstance(m, TableChallenge)]
        for subject, message in batch:
            if not isinstance(message, TableChallenge):
                log.error("challenge_message_dropped", subject=subject, error="not a table challenge")
        if challenges:
            NOTICES_KEPT.inc(await handlers.ingest(*challenges))

    await bus.wait_for_games_stream(keeping=subjects.ALL_CHALLENGES)  # the relay creates it
    return await bus.consume_batches(subjects.ALL_CHALLENGES, durable, on_batch)


def caller_auth(callers: Mapping[str, str]) -> CallerAuthInterceptor:
    """Only gateways call the notifier (for the players they authenticated)."""
    return CallerAuthInterceptor(callers, {"*": frozenset({"gateway"})})


def notifier_servicer(handlers: NotifierHandlers, push_key: str) -> Servicer:
    name = notifier_pb2.DESCRIPTOR.services_by_name["NotifierService"].full_name
    add = notifier_pb2_grpc.add_NotifierServiceServicer_to_server
    return Servicer(add, NotifierServicer(handlers, push_key), name)


def digests_for(settings: Settings, handlers: NotifierHandlers, accounts: grpc.aio.Channel) -> Digests:
    """Email digests through `DAIMYO_SMTP_URL`, to the addresses the accounts service verified."""
    config = DigestConfig(settings.public_url, settings.digest_from, settings.digest_hours * 3_600_000,
                          settings.policy.unsubscribe_secret)
    return Digests(handlers.store, AccountAddresses(accounts), SmtpMailer(settings.smtp_url), config,
                   handlers.now_ms)


async def run(settings: Settings) -> None:
    """The service until SIGTERM: gRPC, the notices consumer, the sender and (with SMTP) digests."""
    config = settings.config
    kit_logging.configure("notifier", config.log_level)
    auth = caller_auth(settings.callers)
    if not settings.vapid_private_key:
        raise MissingVapidKey("DAIMYO_VAPID_PRIVATE_KEY is not set (deploy/OPERATIONS.md)")
    vapid = vapid_from_key(settings.vapid_private_key)
    serve_metrics(config.metrics_port, config.bind_host)
    bus = await Bus.connect(config.nats_url, name="daimyo-notifier", role="notifier")
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=settings.sender.concurrency))
    push = PushSender(vapid, settings.vapid_subject, session, settings.push_ttl_seconds)
    email = bool(settings.smtp_url)
    accounts = grpc_client.channel(config.accounts_addr, role="notifier") if email else None
    try:
        async with connected(config.database_url, settings.policy, push.send,
                             replace(settings.sender, email=email), config.db_schema) as (handlers, sender):
            await follow_notices(bus, handlers, settings.consumer)
            await follow_challenges(bus, handlers, f"{settings.consumer}-challenges")
            tasks = [asyncio.create_task(sender.run(), name="sender")]
            if accounts is not None:
                digests = digests_for(settings, handlers, accounts)
                tasks.append(asyncio.create_task(digests.run(), name="digests"))
            log.info("notifier_started", push_services=len(settings.policy.push_origins), email=email)
            try:
                await serve([notifier_servicer(handlers, public_key(vapid))], config.grpc_port,
                            host=config.bind_host, interceptors=[auth])
            finally:
                for task in tasks:
                    task.cancel()
                await shutdown.bounded(asyncio.gather(*tasks, return_exceptions=True), shutdown.share(0.1),
                                       "sender")
    finally:
        await bus.close(timeout=shutdown.share(0.15))
        await shutdown.bounded(session.close(), shutdown.share(0.05), "push_session")
        if accounts is not None:
            await shutdown.bounded(accounts.close(), shutdown.share(0.05), "accounts_channel")


def main() -> None:
    shutdown.run(run(Settings.from_env()))
