"""Every bad request gets its status code and a clear message, and leaves the stream unchanged."""

from __future__ import annotations

import json
import uuid
from typing import Any

import grpc
import pytest

from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import (
    RunningGameService,
    create_samurai,
    game_service,
    seat_viewer,
    settings_for,
)

pytestmark = pytest.mark.integration


@pytest.fixture
async def service(database_url: str, nats_url: str, fresh_schema: str) -> Any:
    async with game_service(settings_for(database_url, nats_url, fresh_schema), relay=False) as s:
        yield s


async def seat_view(service: RunningGameService, game_id: str, seat: int) -> dict[str, Any]:
    request = game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(seat, f"p{seat}"))
    response = await service.stub.GetView(request)
    return dict(json.loads(response.view_json))


async def stream_of(service: RunningGameService, game_id: str) -> list[tuple[int, str, str]]:
    response = await service.stub.ListEvents(game_pb2.ListEventsRequest(game_id=game_id))
    return [(e.version, e.type, e.data_json) for e in response.events]


async def a_legal_move(service: RunningGameService, game_id: str) -> dict[str, Any]:
    tile, hexes = next(iter((await seat_view(service, game_id, 0))["legal"]["place"].items()))
    return {"type": "place", "tile": tile, "hex": hexes[0]}


def submit(game_id: str, move: Any, seat: int = 0, version: int = 1, **kw: Any) -> Any:
    move_json = move if isinstance(move, str) else json.dumps(move)
    command_id = kw.pop("command_id", uuid.uuid4().hex)
    kw.setdefault("player_id", f"p{seat}")  # the gateway's player (create_samurai seats p0, p1, ...)
    return game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_json=move_json,
                                      expected_version=version, command_id=command_id, **kw)


async def refused(service: RunningGameService, request: Any) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as error:
        await service.stub.SubmitMove(request)
    return error.value


async def assert_refused(service: RunningGameService, game_id: str, request: Any,
                         code: grpc.StatusCode, message: str) -> None:
    before = await stream_of(service, game_id)
    error = await refused(service, request)
    assert (error.code(), message in (error.details() or "")) == (code, True), error.details()
    assert await stream_of(service, game_id) == before


async def test_malformed_json_is_an_invalid_argument(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await assert_refused(service, game_id, submit(game_id, "{place h57"), grpc.StatusCode.INVALID_ARGUMENT,
                         "move_json is not valid JSON")


async def test_nan_and_infinity_are_not_json_numbers(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await assert_refused(service, game_id, submit(game_id, '{"type": "end_turn", "x": NaN}'),
                         grpc.StatusCode.INVALID_ARGUMENT, "NaN is not a JSON number")
    config = '{"0": Infinity, "": [-9223372036854775809]}'  # the wide number took the stdlib's encoder
    create = game_pb2.CreateGameRequest(game="samurai", config_json=config,
                                        seats=[game_pb2.Seat(player_id="a"), game_pb2.Seat(player_id="b")])
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await service.stub.CreateGame(create)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "Infinity is not a JSON number" in (refused.value.details() or "")


async def test_a_move_of_unknown_shape_is_an_invalid_argument(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await assert_refused(service, game_id, submit(game_id, {"type": "teleport"}),
                         grpc.StatusCode.INVALID_ARGUMENT, "move rejected:")


async def test_an_unknown_game_is_not_found(service: RunningGameService) -> None:
    error = await refused(service, submit("no-such-game", {"type": "end_turn"}))
    assert (error.code(), error.details()) == (grpc.StatusCode.NOT_FOUND, "no such game")


async def test_a_seat_that_does_not_exist_is_an_invalid_argument(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await assert_refused(service, game_id, submit(game_id, {"type": "end_turn"}, seat=7),
                         grpc.StatusCode.INVALID_ARGUMENT, "seat 7 does not exist")


async def test_another_players_seat_is_permission_denied(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    move = await a_legal_move(service, game_id)
    await assert_refused(service, game_id, submit(game_id, move, player_id="p1"),
                         grpc.StatusCode.PERMISSION_DENIED, "you do not hold seat 0")


async def test_a_move_out_of_turn_is_a_failed_precondition(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await assert_refused(service, game_id, submit(game_id, {"type": "end_turn"}, seat=1),
                         grpc.StatusCode.FAILED_PRECONDITION, "seat 1 may not act now (out of turn)")


async def test_a_stale_version_is_aborted(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await service.stub.SubmitMove(submit(game_id, await a_legal_move(service, game_id)))
    await assert_refused(service, game_id, submit(game_id, {"type": "end_turn"}, version=1),
                         grpc.StatusCode.ABORTED, "you saw version 1, the game is at 2")


async def test_an_illegal_move_is_a_failed_precondition_naming_the_rule(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    view = await seat_view(service, game_id, 0)
    settlement = next(iter(view["figures"]))
    tile = view["hand"][0]
    before = await stream_of(service, game_id)
    error = await refused(service, submit(game_id, {"type": "place", "tile": tile, "hex": settlement}))
    assert error.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert (error.details() or "").startswith("move rejected: ") and settlement in (error.details() or "")
    assert await stream_of(service, game_id) == before


async def test_a_retried_command_id_returns_the_first_result_and_appends_nothing(
    service: RunningGameService,
) -> None:
    game_id = await create_samurai(service.stub)
    request = submit(game_id, await a_legal_move(service, game_id), command_id="retry-me")
    first = await service.stub.SubmitMove(request)
    before = await stream_of(service, game_id)
    again = await service.stub.SubmitMove(request)
    assert again.version == first.version
    assert await stream_of(service, game_id) == before


async def test_a_command_id_reused_for_another_move_is_refused(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    await service.stub.SubmitMove(submit(game_id, await a_legal_move(service, game_id), command_id="once"))
    reuse = submit(game_id, {"type": "end_turn"}, version=2, command_id="once")
    await assert_refused(service, game_id, reuse, grpc.StatusCode.ALREADY_EXISTS, "'once' was already used")


async def test_a_bad_create_game_is_an_invalid_argument(service: RunningGameService) -> None:
    two = [game_pb2.Seat(player_id="a"), game_pb2.Seat(bot_level="random")]
    cases = [
        game_pb2.CreateGameRequest(game="chess", seats=two),
        game_pb2.CreateGameRequest(game="samurai", config_json="[1,", seats=two),
        game_pb2.CreateGameRequest(game="samurai", seats=two[:1]),
        game_pb2.CreateGameRequest(game="samurai", config_json='{"players": 3}', seats=two),
    ]
    messages = []
    for request in cases:
        with pytest.raises(grpc.aio.AioRpcError) as error:
            await service.stub.CreateGame(request)
        assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        messages.append(error.value.details())
    assert messages[0].startswith("unknown game 'chess'; known games: samurai")
    assert messages[1:] == [
        "config_json is not valid JSON: Expecting value: line 1 column 4 (char 3)",
        "samurai seats 2 to 4 players, not 1",
        "config says 3 players but 2 seats were given",
    ]
