"""SubmitMoves: each move of a call answered as SubmitMove would, bad ones changing nothing."""

from __future__ import annotations

import uuid
from typing import Any

import grpc
import pytest

from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.integration.test_game_bad_input import a_legal_move, stream_of, submit
from tests.support.game_service import (
    RunningGameService,
    create_samurai,
    game_service,
    role_stub,
    settings_for,
)

pytestmark = pytest.mark.integration


@pytest.fixture
async def service(database_url: str, nats_url: str, fresh_schema: str) -> Any:
    async with game_service(settings_for(database_url, nats_url, fresh_schema), relay=False) as s:
        yield s


def batch(*moves: Any) -> Any:
    return game_pb2.SubmitMovesRequest(moves=list(moves))


def outcome(code: grpc.StatusCode, version: int = 0) -> tuple[grpc.StatusCode, int]:
    return (code, version)


def outcomes_of(response: Any) -> list[tuple[grpc.StatusCode, int]]:
    codes = {code.value[0]: code for code in grpc.StatusCode}
    return [(codes[o.code], o.version) for o in response.outcomes]


async def test_each_move_of_a_call_is_accepted_or_refused_on_its_own(service: RunningGameService) -> None:
    games = [await create_samurai(service.stub) for _ in range(5)]
    legal = [await a_legal_move(service, game_id) for game_id in games]
    before = {game_id: await stream_of(service, game_id) for game_id in games[1:]}
    response = await service.stub.SubmitMoves(batch(
        submit(games[0], legal[0]),
        submit(games[1], "{place h57"),
        submit(games[2], legal[2], player_id="p1"),
        submit(games[3], {"type": "end_turn"}, seat=1),
        submit(games[4], legal[4], version=7),
    ))
    assert outcomes_of(response) == [
        outcome(grpc.StatusCode.OK, 2),
        outcome(grpc.StatusCode.INVALID_ARGUMENT),
        outcome(grpc.StatusCode.PERMISSION_DENIED),
        outcome(grpc.StatusCode.FAILED_PRECONDITION),
        outcome(grpc.StatusCode.ABORTED),
    ]
    messages = [o.message for o in response.outcomes]
    assert "move_json is not valid JSON" in messages[1]
    assert "you do not hold seat 0" in messages[2]
    assert "seat 1 may not act now" in messages[3]
    assert {game_id: await stream_of(service, game_id) for game_id in games[1:]} == before
    assert len(await stream_of(service, games[0])) == 2


async def test_a_retried_call_returns_the_first_versions_and_appends_nothing(
    service: RunningGameService,
) -> None:
    games = [await create_samurai(service.stub) for _ in range(3)]
    request = batch(*[submit(game_id, await a_legal_move(service, game_id), command_id=f"move-{n}")
                      for n, game_id in enumerate(games)])
    first = outcomes_of(await service.stub.SubmitMoves(request))
    streams = [await stream_of(service, game_id) for game_id in games]
    again = outcomes_of(await service.stub.SubmitMoves(request))
    assert again == first == [outcome(grpc.StatusCode.OK, 2)] * 3
    assert [await stream_of(service, game_id) for game_id in games] == streams


async def test_two_moves_for_one_game_in_one_call_give_one_version_each_or_stale(
    service: RunningGameService,
) -> None:
    game_id = await create_samurai(service.stub)
    move = await a_legal_move(service, game_id)
    response = await service.stub.SubmitMoves(batch(submit(game_id, move), submit(game_id, move)))
    assert sorted(outcomes_of(response), key=str) == sorted(
        [outcome(grpc.StatusCode.OK, 2), outcome(grpc.StatusCode.ABORTED)], key=str)
    assert len(await stream_of(service, game_id)) == 2


async def test_more_than_256_moves_in_a_call_are_refused_whole(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    move = await a_legal_move(service, game_id)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await service.stub.SubmitMoves(batch(*[submit(game_id, move) for _ in range(257)]))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "at most 256 moves per call" in (refused.value.details() or "")
    assert len(await stream_of(service, game_id)) == 1


async def test_only_the_gateway_and_the_bot_driver_may_submit_moves(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    channel, matchmaker = role_stub(service.address, "matchmaking")
    service.channels.append(channel)
    request = batch(submit(game_id, await a_legal_move(service, game_id), command_id=uuid.uuid4().hex))
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await matchmaker.SubmitMoves(request)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    assert [event for _version, event, _data in await stream_of(service, game_id)] == ["GameCreated"]
