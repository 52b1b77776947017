"""Bots play whole games through the real services: game service on Postgres with its NATS
relay, the bot service over gRPC, and the driver listening to turn notices. A bot service
that dies mid-game does not stall the game: the driver falls back to random legal moves."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from prometheus_client import REGISTRY

from daimyo_bot.bootstrap import BotApp, start_grpc
from daimyo_bot.driver import QUEUE_GROUP, Driver
from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_bus import Bus, subjects
from daimyo_game.testing import RunningGameService, game_service, settings_for, spectator
from daimyo_kit.grpc_server import RunningServer
from daimyo_proto.daimyo.bot.v1 import bot_pb2_grpc
from daimyo_proto.daimyo.game.v1 import game_pb2

pytestmark = pytest.mark.integration


@dataclass
class Table:
    """The game service, a bot service and a driver subscribed to every turn notice."""

    game: RunningGameService
    bot_server: RunningServer
    driver: Driver


@pytest.fixture
async def table(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Table]:
    pool = SearchPool(1)
    await pool.warm_up()
    bot_server = await start_grpc(BotApp(pool, BotHandlers(build_levels(pool))), 0, "127.0.0.1")
    bot_channel = grpc.aio.insecure_channel(f"127.0.0.1:{bot_server.port}")
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as game:
        bus = await Bus.connect(nats_url, name="test-bot-driver")
        driver = Driver(game.stub, bot_pb2_grpc.BotServiceStub(bot_channel), deadline_s=0.2)
        await bus.subscribe(subjects.ALL_TURNS, driver.on_turn, queue=QUEUE_GROUP)
        try:
            yield Table(game, bot_server, driver)
        finally:
            await bus.close()
            await driver.drain()
            await bot_channel.close()
            with contextlib.suppress(Exception):
                await bot_server.stop(0)
            pool.close()


async def create_bot_game(stub: Any, levels: list[str]) -> str:
    request = game_pb2.CreateGameRequest(
        game="samurai", config_json=json.dumps({"players": len(levels)}), command_id=uuid.uuid4().hex,
        seats=[game_pb2.Seat(bot_level=level) for level in levels])
    return str((await stub.CreateGame(request)).game_id)


async def current(stub: Any, game_id: str) -> Any:
    return await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))


async def wait_until(stub: Any, game_id: str, done: Any, timeout: float) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        view = await current(stub, game_id)
        if done(view):
            return view
        assert asyncio.get_running_loop().time() < deadline, f"stuck at version {view.version}"
        await asyncio.sleep(0.1)


async def test_a_game_of_only_bots_plays_to_the_end(table: Table) -> None:
    game_id = await create_bot_game(table.game.stub, ["greedy", "random", "mcts"])
    final = await wait_until(table.game.stub, game_id, lambda v: v.finished, timeout=240)
    outcome = json.loads(final.view_json)["outcome"]
    assert outcome["winners"]


async def test_a_killed_bot_service_does_not_stall_the_game(table: Table) -> None:
    game_id = await create_bot_game(table.game.stub, ["greedy", "random"])
    await wait_until(table.game.stub, game_id, lambda v: v.version >= 6, timeout=60)
    await table.bot_server.stop(0)
    fallbacks_before = fallback_moves()
    final = await wait_until(table.game.stub, game_id, lambda v: v.finished, timeout=240)
    assert final.version > 6
    assert fallback_moves() > fallbacks_before


def fallback_moves() -> float:
    return REGISTRY.get_sample_value("daimyo_bot_driver_moves_total",
                                     {"source": "fallback", "result": "accepted"}) or 0.0
