"""The bot service over real gRPC: answers, level lists, and INVALID_ARGUMENT for bad requests."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest

from daimyo_bot.bootstrap import BotApp, start_grpc
from daimyo_bot.handlers import BotHandlers
from daimyo_proto.daimyo.bot.v1 import bot_pb2, bot_pb2_grpc
from tests.unit.bot.positions import ENGINE, positions


@pytest.fixture(scope="module")
async def stub(bot_handlers: BotHandlers) -> AsyncIterator[Any]:
    app = BotApp(pool=None, handlers=bot_handlers)  # type: ignore[arg-type]
    server = await start_grpc(app, 0, "127.0.0.1")
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{server.port}")
    yield bot_pb2_grpc.BotServiceStub(channel)
    await channel.close()
    await server.stop(0)


def request(level: str = "greedy", **fields: Any) -> Any:
    state, seat = next(positions(2, games=1, seed=1))
    base = {"game": "samurai", "seat": seat, "view_json": json.dumps(ENGINE.view(state, seat)),
            "level": level, "deadline_ms": 300}
    return bot_pb2.SuggestMoveRequest(**{**base, **fields})


async def test_a_suggested_move_is_a_legal_json_move(stub: Any) -> None:
    reply = await stub.SuggestMove(request("mcts", deadline_ms=1000))
    state, seat = next(positions(2, games=1, seed=1))
    ENGINE.apply(state, seat, json.loads(reply.move_json))
    assert reply.iterations > 0 and reply.elapsed_ms < 1000


async def test_levels_are_listed_with_descriptions(stub: Any) -> None:
    reply = await stub.ListLevels(bot_pb2.ListLevelsRequest(game="samurai"))
    assert [level.name for level in reply.levels] == ["random", "greedy", "mcts", "expert"]
    assert all(level.description for level in reply.levels)


@pytest.mark.parametrize("fields", [
    {"game": "chess"}, {"level": "grandmaster"}, {"view_json": "{not json"}, {"view_json": "[]"},
    {"seat": 1}, {"view_json": json.dumps({"seat": 0, "legal": {"place": {}}})},
])
async def test_bad_requests_are_invalid_arguments(stub: Any, fields: dict[str, Any]) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await stub.SuggestMove(request(**fields))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_levels_of_an_unknown_game_are_an_invalid_argument(stub: Any) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as caught:
        await stub.ListLevels(bot_pb2.ListLevelsRequest(game="go"))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
