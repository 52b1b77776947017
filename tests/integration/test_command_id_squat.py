"""A player cannot freeze a game by using up the bot driver's command ids.

On the real services (game service on Postgres with its NATS relay, the bot service, the
driver listening to turn notices), a player sends every move with the command id the driver
will use if that move hands it the turn (`bot:<game>:<version>:<seat>`, sometimes the
driver's retry id). Command ids are kept per actor, so the bot's moves still go
through and the game is played to its end; the player's own retries stay idempotent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daimyo_bot.bootstrap import BotApp, Settings, run_driver, start_grpc
from daimyo_bot.driver import command_id as driver_command_id
from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import (
    RunningGameService,
    game_service,
    moves_from_legal,
    seat_viewer,
    settings_for,
    spectator,
)

pytestmark = pytest.mark.integration
PLAYER = "squatter"


@pytest.fixture
async def table(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[RunningGameService]:
    pool = SearchPool(1)
    await pool.warm_up()
    bot_server = await start_grpc(BotApp(pool, BotHandlers(build_levels(pool))), 0, "127.0.0.1")
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as game:
        settings = Settings(grpc_port=0, metrics_port=0, nats_url=nats_url, game_addr=game.address,
                            bot_addr=f"127.0.0.1:{bot_server.port}", driver_deadline_ms=100,
                            sweep_seconds=1.0)
        driver = asyncio.create_task(run_driver(settings))
        try:
            yield game
        finally:
            driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await driver
            await bot_server.stop(0)
            pool.close()


async def create_game(stub: Any) -> str:
    seats = [game_pb2.Seat(player_id=PLAYER, display_name="Squatter"), game_pb2.Seat(bot_level="random")]
    request = game_pb2.CreateGameRequest(game="samurai", seats=seats, command_id=uuid.uuid4().hex,
                                         config_json=json.dumps({"players": 2, "random_setup": True}))
    return str((await stub.CreateGame(request)).game_id)


def squatted_id(game_id: str, version: int, turn: int) -> str:
    """The id the driver uses if this move hands the turn to the bot (at version + 1); every
    fifth move takes the driver's first retry id instead."""
    return driver_command_id(game_id, version + 1, 1, 1 if turn % 5 == 4 else 0)


async def squat_once(stub: Any, game_id: str, rng: random.Random, turn: int) -> int | None:
    """One move of the player's with a squatted id (and its retry) when it is the player's turn;
    the game's version before it (None once the game ended)."""
    state = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))
    if state.finished:
        return None
    if 0 not in state.to_act:
        await asyncio.sleep(0.05)
        return int(state.version)
    view = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(0, PLAYER)))
    move = rng.choice(moves_from_legal(json.loads(view.view_json)["legal"], rng))
    request = game_pb2.SubmitMoveRequest(game_id=game_id, seat=0, move_json=json.dumps(move),
                                         expected_version=view.version, player_id=PLAYER,
                                         command_id=squatted_id(game_id, view.version, turn))
    first = await stub.SubmitMove(request)
    assert (await stub.SubmitMove(request)).version == first.version  # a retry: same result
    return int(state.version)


async def test_a_player_squatting_the_drivers_ids_cannot_stall_the_game(table: RunningGameService) -> None:
    game_id = await create_game(table.stub)
    rng, turn, last, moved_at = random.Random(12), 0, -1, asyncio.get_running_loop().time()
    while (version := await squat_once(table.stub, game_id, rng, turn)) is not None:
        now = asyncio.get_running_loop().time()
        if version != last:
            last, moved_at, turn = version, now, turn + 1
        assert now - moved_at < 20, f"the game stalled at version {version} (the bot never moved)"
    final = await table.stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))
    assert final.finished and json.loads(final.view_json)["outcome"]["winners"] is not None
    assert turn > 10
