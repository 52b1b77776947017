"""Wiring: settings (daimyo_matchmaking.settings), Postgres, NATS, the game client, the loop, the servers.

`connected_store` is also what tests and the benchmark use, with fakes for the outside world.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping

import structlog

from daimyo_bus import Bus
from daimyo_kit import grpc_client, shutdown
from daimyo_kit import logging as kit_logging
from daimyo_kit.auth import CallerAuthInterceptor
from daimyo_kit.grpc_server import Servicer, serve
from daimyo_kit.metrics import serve_metrics
from daimyo_matchmaking.game_client import GrpcGameCreator
from daimyo_matchmaking.grpc_api import MatchmakingServicer
from daimyo_matchmaking.handlers import MatchmakingHandlers
from daimyo_matchmaking.loop import MatchmakerLoop
from daimyo_matchmaking.messaging import (
    NatsPlayerNotifier,
    consume_abandoned_seats,
    consume_finished_games,
    listen_online,
)
from daimyo_matchmaking.metrics import PrometheusMatchMetrics
from daimyo_matchmaking.ports import RulesCatalog, SystemClock
from daimyo_matchmaking.settings import Settings
from daimyo_matchmaking.store import DEFAULT_SCHEMA, PostgresStore, open_pool
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2, matchmaking_pb2_grpc

log = structlog.get_logger("daimyo_matchmaking")


@contextlib.asynccontextmanager
async def connected_store(
    database_url: str, schema: str = DEFAULT_SCHEMA, max_size: int = 10
) -> AsyncIterator[PostgresStore]:
    """A migrated store on an open pool, closed when the block ends."""
    pool = open_pool(database_url, schema, max_size)
    await pool.open(wait=True)
    try:
        store = PostgresStore(pool, schema)
        await store.migrate()
        yield store
    finally:  # bounded: a pool whose server is gone must not hold up the shutdown
        await shutdown.bounded(pool.close(timeout=shutdown.share(0.15)), shutdown.share(0.2), "pool")


def caller_auth(callers: Mapping[str, str]) -> CallerAuthInterceptor:
    """Only gateways call matchmaking (they assert the players they serve)."""
    return CallerAuthInterceptor(callers, {"*": frozenset({"gateway"})})


def matchmaking_servicer(handlers: MatchmakingHandlers) -> Servicer:
    name = matchmaking_pb2.DESCRIPTOR.services_by_name["MatchmakingService"].full_name
    add = matchmaking_pb2_grpc.add_MatchmakingServiceServicer_to_server
    return Servicer(add, MatchmakingServicer(handlers), name)


async def run(settings: Settings) -> None:
    """The service until SIGTERM: gRPC, the matching loop and the finished-games consumer."""
    config, policy = settings.config, settings.policy
    kit_logging.configure("matchmaking", config.log_level)
    auth = caller_auth(settings.callers)  # before anything starts: no callers configured, no service
    serve_metrics(config.metrics_port, config.bind_host)
    bus = await Bus.connect(config.nats_url, name="daimyo-matchmaking", role="matchmaking")
    channel = grpc_client.channel(config.game_addr, role="matchmaking")
    try:
        async with connected_store(config.database_url, config.db_schema) as store:
            handlers = MatchmakingHandlers(
                store,
                GrpcGameCreator(channel),
                NatsPlayerNotifier(bus),
                RulesCatalog(),
                SystemClock(),
                policy,
                metrics=PrometheusMatchMetrics(),
                bot_games_per_player=settings.bot_games_per_player,
                queue_joins_per_minute=settings.queue_joins_per_minute,
            )
            matcher = MatchmakerLoop(handlers, settings.interval_seconds)
            handlers.on_enqueue = matcher.wake
            await consume_finished_games(bus, handlers)
            await consume_abandoned_seats(bus, handlers)
            await listen_online(bus, handlers)
            loop_task = asyncio.create_task(matcher.run(), name="matchmaker")
            log.info(
                "matchmaking_started", backfill_seconds=policy.backfill_seconds, game_addr=config.game_addr
            )
            try:
                await serve([matchmaking_servicer(handlers)], config.grpc_port, host=config.bind_host,
                            interceptors=[auth])
            finally:
                loop_task.cancel()
                await shutdown.bounded(asyncio.gather(loop_task, return_exceptions=True),
                                       shutdown.share(0.1), "matchmaker_loop")
    finally:
        await bus.close(timeout=shutdown.share(0.15))
        await shutdown.bounded(channel.close(), shutdown.share(0.05), "game_channel")


def main() -> None:
    shutdown.run(run(Settings.from_env()))
