"""The analysis service end to end on real Postgres and NATS: a game played to its end through the
game service is queued by the finished-games consumer, reviewed by a worker (in its low-priority
process) and stored; a redelivered `finished` message and a second run change nothing."""

from __future__ import annotations

import asyncio
import os
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import grpc
import psycopg
import pytest
from psycopg import sql

from daimyo_analysis.bootstrap import analysis_servicer, caller_auth, connected_store
from daimyo_analysis.evaluate import Budget
from daimyo_analysis.game_logs import GrpcGameLogs
from daimyo_analysis.handlers import AnalysisHandlers, NotFinished, NotFound
from daimyo_analysis.messaging import consume_finished_games
from daimyo_analysis.settings import Settings
from daimyo_analysis.store import AnalysisStore, QueueFull
from daimyo_analysis.worker import Workers
from daimyo_bus import Bus, subjects
from daimyo_bus.messages import GameResult
from daimyo_kit import credentials, grpc_client
from daimyo_kit.config import Config
from daimyo_kit.grpc_server import start_server
from daimyo_proto.daimyo.analysis.v1 import analysis_pb2, analysis_pb2_grpc
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


class OnlyTheseGames:
    """The test's consumer shares the games stream with whatever else runs on this NATS server
    (seen: another process's game finishing mid-test); it queues only the games the test made."""

    def __init__(self, handlers: AnalysisHandlers) -> None:
        self.handlers = handlers
        self.games: set[str] = set()

    async def game_finished(self, game_id: str, game: str) -> Any:
        return await self.handlers.game_finished(game_id, game) if game_id in self.games else None


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
            only_ours = OnlyTheseGames(handlers)
            await consume_finished_games(bus, only_ours, durable, only_new=True)  # type: ignore[arg-type]
            game_id = await create_samurai(service.stub, players=2, seed=5)
            only_ours.games.add(game_id)
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


class OneGame:
    """The game service as the handlers see it: one finished game, one running."""

    async def game_of(self, game_id: str) -> tuple[str, bool]:
        if game_id not in ("done", "live"):
            raise NotFound(f"no game {game_id}")
        return "samurai", game_id == "done"


async def test_bad_requests_get_stable_codes_over_grpc_and_change_nothing(store: AnalysisStore) -> None:
    handlers = AnalysisHandlers(store, OneGame(), queue_limit=1)
    server = await start_server([analysis_servicer(handlers)], 0, host="127.0.0.1",
                                interceptors=[caller_auth(credentials.grpc_callers(os.environ))])
    channel = grpc_client.channel(f"127.0.0.1:{server.port}", role="gateway")
    stub = analysis_pb2_grpc.AnalysisServiceStub(channel)  # type: ignore[no-untyped-call,unused-ignore]
    try:
        async def code(call: Any) -> grpc.StatusCode:
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await call
            return refused.value.code()

        assert await code(stub.GetAnalysis(analysis_pb2.GetAnalysisRequest(game_id="no such id!"))) \
            == grpc.StatusCode.INVALID_ARGUMENT
        assert await code(stub.GetAnalysis(analysis_pb2.GetAnalysisRequest(game_id="done"))) \
            == grpc.StatusCode.NOT_FOUND
        assert await code(stub.RequestAnalysis(analysis_pb2.RequestAnalysisRequest(game_id="live"))) \
            == grpc.StatusCode.FAILED_PRECONDITION
        assert await code(stub.RequestAnalysis(analysis_pb2.RequestAnalysisRequest(game_id="gone"))) \
            == grpc.StatusCode.NOT_FOUND
        assert await store.waiting() == 0
        ask = analysis_pb2.RequestAnalysisRequest(game_id="done")
        queued = await stub.RequestAnalysis(ask)
        assert queued.status == "queued" and queued.analysis_json == ""
        assert (await stub.RequestAnalysis(ask)).status == "queued"  # asked again: the same job
        await store.enqueue("other", "samurai", 0, 10)
        with pytest.raises(QueueFull):  # the queue holds its limit: a new game is refused
            await handlers.store.enqueue("third", "samurai", 1, 2)
        assert await store.waiting() == 2
    finally:
        await channel.close()
        await server.stop(0.1)


async def test_a_job_whose_worker_vanished_is_taken_again_and_failures_end_after_the_attempts(
        store: AnalysisStore) -> None:
    await store.enqueue("g-late", "samurai", 0, 10)
    await store.enqueue("g-asked", "samurai", 1, 10)
    first = await store.claim(lease_seconds=0.2, max_attempts=2)
    assert first is not None and first.game_id == "g-asked"  # a player's request goes first
    second = await store.claim(lease_seconds=60, max_attempts=2)
    assert second is not None and second.game_id == "g-late"
    assert await store.claim(lease_seconds=60, max_attempts=2) is None  # both leased
    await asyncio.sleep(0.3)
    again = await store.claim(lease_seconds=60, max_attempts=2)  # the first worker never came back
    assert again is not None and again.game_id == "g-asked" and again.attempts == 2
    await store.fail(again, "Boom", max_attempts=2)
    status = await store.status("g-asked")
    assert status is not None and status.state == "failed" and status.error == "Boom"
    await store.fail(second, "Hiccup", max_attempts=2)  # a first failure: queued again
    retried = await store.claim(lease_seconds=60, max_attempts=2)
    assert retried is not None and retried.game_id == "g-late" and retried.attempts == 2
