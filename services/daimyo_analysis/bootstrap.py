"""Wiring: settings (daimyo_analysis.settings), Postgres, NATS, the game client, workers, gRPC."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Mapping

import structlog

from daimyo_analysis.evaluate import ANALYSER_VERSION
from daimyo_analysis.game_logs import GrpcGameLogs
from daimyo_analysis.grpc_api import AnalysisServicer
from daimyo_analysis.handlers import AnalysisHandlers
from daimyo_analysis.messaging import consume_finished_games
from daimyo_analysis.settings import Settings
from daimyo_analysis.store import DEFAULT_SCHEMA, AnalysisStore, migrate, open_pool
from daimyo_analysis.worker import Workers
from daimyo_bus import Bus
from daimyo_kit import grpc_client, shutdown
from daimyo_kit import logging as kit_logging
from daimyo_kit.auth import CallerAuthInterceptor
from daimyo_kit.grpc_server import Servicer, serve
from daimyo_kit.metrics import serve_metrics
from daimyo_proto.daimyo.analysis.v1 import analysis_pb2, analysis_pb2_grpc

log = structlog.get_logger("daimyo_analysis")


@contextlib.asynccontextmanager
async def connected_store(database_url: str, schema: str = DEFAULT_SCHEMA) -> AsyncIterator[AnalysisStore]:
    """A migrated store on an open pool, closed when the block ends."""
    pool = open_pool(database_url, schema)
    await pool.open(wait=True)
    try:
        await migrate(database_url, schema)  # once the pool has waited for Postgres
        yield AnalysisStore(pool, ANALYSER_VERSION, schema)
    finally:
        await shutdown.bounded(pool.close(timeout=shutdown.share(0.15)), shutdown.share(0.2), "pool")


def caller_auth(callers: Mapping[str, str]) -> CallerAuthInterceptor:
    """Only gateways call the analysis service (they check who may see a game)."""
    return CallerAuthInterceptor(callers, {"*": frozenset({"gateway"})})


def analysis_servicer(handlers: AnalysisHandlers) -> Servicer:
    name = analysis_pb2.DESCRIPTOR.services_by_name["AnalysisService"].full_name
    return Servicer(analysis_pb2_grpc.add_AnalysisServiceServicer_to_server, AnalysisServicer(handlers), name)


async def run(settings: Settings) -> None:
    """The service until SIGTERM: gRPC, the finished-games consumer and the workers."""
    config = settings.config
    kit_logging.configure("analysis", config.log_level)
    auth = caller_auth(settings.callers)
    serve_metrics(config.metrics_port, config.bind_host)
    bus = await Bus.connect(config.nats_url, name="daimyo-analysis", role="analysis")
    channel = grpc_client.channel(config.game_addr, role="analysis")
    games = GrpcGameLogs(channel)
    try:
        async with connected_store(config.database_url, config.db_schema) as store:
            handlers = AnalysisHandlers(store, games, settings.queue_limit)
            if settings.auto:
                await consume_finished_games(bus, handlers)
            workers = Workers(store, games, settings)
            task = asyncio.create_task(workers.run(), name="analysis-workers")
            log.info("analysis_started", workers=settings.workers, budget=vars(settings.budget))
            try:
                await serve([analysis_servicer(handlers)], config.grpc_port, host=config.bind_host,
                            interceptors=[auth])
            finally:
                task.cancel()
                await shutdown.bounded(asyncio.gather(task, return_exceptions=True), shutdown.share(0.1),
                                       "workers")
                workers.close()
    finally:
        await bus.close(timeout=shutdown.share(0.15))
        await shutdown.bounded(channel.close(), shutdown.share(0.05), "game_channel")


def main() -> None:
    shutdown.run(run(Settings.from_env()))
