"""The analysis service end to end on real Postgres and NATS: a game played to its end through the
game service is queued by the finished-games consumer, reviewed by a worker (in its low-priority
process) and stored; a redelivered `finished` message and a second run change nothing."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest
from psycopg import sql

from daimyo_analysis.bootstrap import connected_store
from daimyo_analysis.evaluate import Budget
from daimyo_analysis.game_logs import GrpcGameLogs
from daimyo_analysis.handlers import AnalysisHandlers, NotFinished
from daimyo_analysis.messaging import consume_finished_games
from daimyo_analysis.settings import Settings
from daimyo_analysis.store import AnalysisStore
from daimyo_analysis.worker import Workers
from daimyo_bus import Bus, subjects
from daimyo_bus.messages import GameResult
from daimyo_kit import grpc_client
from daimyo_kit.config import Config
from tests.support.game_service import create_samurai, game_service, play_random_move, settings_for

pytestmark = pytest.mark.integration

TINY = Budget(ahead_playouts=2, decision_worlds=2, candidates=1, sampled_moves=1, search_iterations=10)


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[AnalysisStore]:
    schema = f"analysis_test_{uuid.uuid4().hex[:12]}"
    try:
        async with connected_store(database_url, schema) as opened:
            yield opened
    finally:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


async def eventually(check: Any, timeout: float = 30.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while not (found := await check()):
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.1)
    return found


async def test_a_finished_game_gets_its_analysis_once_however_often_it_is_delivered(
        store: AnalysisStore, database_url: str, nats_url: str, fresh_schema: str) -> None:
    settings = Settings(Config.from_env("analysis", {"DAIMYO_DATABASE_URL": database_url}), TINY,
                        poll_seconds=0.1)
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as service:
        channel = grpc_client.channel(f"127.0.0.1:{service.server.port}", role="analysis")
        logs = GrpcGameLogs(channel)
        handlers = AnalysisHandlers(store, logs, queue_limit=100)
        bus = await Bus.connect(nats_url, name="analysis-test")
        durable = f"analysis-test-{uuid.uuid4().hex[:8]}"
        workers = Workers(store, logs, settings)
        try:
            await bus.ensure_games_stream()
            await consume_finished_games(bus, handlers, durable, only_new=True)
            game_id = await create_samurai(service.stub, players=2, seed=5)
            rng = random.Random(5)
            await play_random_move(service.stub, game_id, rng)
            with pytest.raises(NotFinished):
                await handlers.request(game_id)  # still running: nothing queued
            while await play_random_move(service.stub, game_id, rng) is not None:
                pass
            queued = await eventually(lambda: store.status(game_id))
            assert queued.state == "queued"
            assert await workers.work_once()
            done = await store.status(game_id)
            assert done is not None and done.state == "done" and done.progress == 1.0
            assert done.result is not None and len(done.result["ahead"]) == len(done.result["moves"]) + 1

            again = GameResult(game_id, "samurai", 1, {}, (), ())
            await bus.publish_durable(subjects.finished(game_id), again)  # a redelivery
            await asyncio.sleep(1.0)
            assert (await handlers.request(game_id)).state == "done"  # a player's request: no new job
            assert not await workers.work_once()
            assert not await store.complete(game_id, 1, {"other": True}, 0.0)  # a second run stores nothing
            assert (await store.status(game_id)).result == done.result  # type: ignore[union-attr]
            assert await store.waiting() == 0
        finally:
            workers.close()
            await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)
            await bus.close()
            await channel.close()
