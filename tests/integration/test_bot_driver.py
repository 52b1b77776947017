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

import pytest
from prometheus_client import REGISTRY

from daimyo_bot.bootstrap import BotApp, Settings, run_driver, start_grpc
from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_kit.grpc_server import RunningServer
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import RunningGameService, game_service, settings_for, spectator

pytestmark = pytest.mark.integration


@dataclass
class Table:
    """The game service, a bot service and the driver as `python -m daimyo_bot` wires it."""

    game: RunningGameService
    bot_server: RunningServer


@pytest.fixture
async def table(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[Table]:
    pool = SearchPool(1)
    await pool.warm_up()
    bot_server = await start_grpc(BotApp(pool, BotHandlers(build_levels(pool))), 0, "127.0.0.1")
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as game:
        settings = Settings(grpc_port=0, metrics_port=0, nats_url=nats_url,
                            game_addr=f"127.0.0.1:{game.server.port}",
                            bot_addr=f"127.0.0.1:{bot_server.port}",
                            driver_deadline_ms=200, sweep_seconds=1.0)
        driver = asyncio.create_task(run_driver(settings))
        try:
            yield Table(game, bot_server)
        finally:
            driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await driver
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
