"""Internal gRPC knows its caller: no credentials, no answer; a live seat's view and moves
belong to its player (asserted by the gateway) or, while a bot plays it, to the bot driver."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from daimyo_kit.auth import CallerAuthInterceptor, MissingCallers
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from tests.support.game_service import (
    RunningGameService,
    game_service,
    role_stub,
    seat_viewer,
    settings_for,
    spectator,
)

pytestmark = pytest.mark.integration


@pytest.fixture
async def service(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[RunningGameService]:
    async with game_service(settings_for(database_url, nats_url, fresh_schema), relay=False) as s:
        yield s


@pytest.fixture
async def game_id(service: RunningGameService) -> str:
    seats = [game_pb2.Seat(player_id="ann"), game_pb2.Seat(bot_level="random")]
    request = game_pb2.CreateGameRequest(game="samurai", seats=seats, command_id=uuid.uuid4().hex,
                                         config_json=json.dumps({"players": 2, "random_setup": True}))
    return str((await service.stub.CreateGame(request)).game_id)


async def as_role(service: RunningGameService, role: str) -> Any:
    channel, stub = role_stub(service.address, role)
    service.channels.append(channel)
    return stub


async def code_of(call: Any) -> grpc.StatusCode:
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await call
    return refused.value.code()


def view(game_id: str, seat: int | None, player: str = "") -> Any:
    viewer = spectator() if seat is None else seat_viewer(seat, player)
    return game_pb2.GetViewRequest(game_id=game_id, viewer=viewer)


def a_move(game_id: str, seat: int, player: str = "") -> Any:
    return game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_json='{"type": "end_turn"}',
                                      command_id=uuid.uuid4().hex, player_id=player)


async def test_a_caller_without_credentials_gets_no_answer(service: RunningGameService, game_id: str) -> None:
    async with grpc.aio.insecure_channel(service.address) as channel:
        anonymous = game_pb2_grpc.GameServiceStub(channel)
        assert await code_of(anonymous.GetView(view(game_id, None))) == grpc.StatusCode.UNAUTHENTICATED
        assert await code_of(anonymous.SubmitMove(a_move(game_id, 0))) == grpc.StatusCode.UNAUTHENTICATED
        listing = anonymous.ListGames(game_pb2.ListGamesRequest())
        assert await code_of(listing) == grpc.StatusCode.UNAUTHENTICATED


async def test_a_wrong_token_is_refused(service: RunningGameService, game_id: str) -> None:
    forged = (("x-daimyo-caller", "driver"), ("x-daimyo-token", "guessed"))
    async with grpc.aio.insecure_channel(service.address) as channel:
        stub = game_pb2_grpc.GameServiceStub(channel)
        code = await code_of(stub.GetView(view(game_id, 1), metadata=forged))
    assert code == grpc.StatusCode.UNAUTHENTICATED


async def test_health_checks_need_no_credentials(service: RunningGameService) -> None:
    async with grpc.aio.insecure_channel(service.address) as channel:
        reply = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
    assert reply.status == health_pb2.HealthCheckResponse.SERVING


async def test_an_empty_player_id_acts_for_no_players_seat(service: RunningGameService, game_id: str) -> None:
    gateway, driver = await as_role(service, "gateway"), await as_role(service, "driver")
    assert await code_of(gateway.SubmitMove(a_move(game_id, 0))) == grpc.StatusCode.PERMISSION_DENIED
    assert await code_of(driver.SubmitMove(a_move(game_id, 0))) == grpc.StatusCode.PERMISSION_DENIED


async def test_a_live_seat_is_shown_only_to_its_player_or_the_driver_of_a_bot_seat(
        service: RunningGameService, game_id: str) -> None:
    gateway, driver = await as_role(service, "gateway"), await as_role(service, "driver")
    matchmaking = await as_role(service, "matchmaking")
    denied = grpc.StatusCode.PERMISSION_DENIED
    assert await code_of(gateway.GetView(view(game_id, 0))) == denied
    assert await code_of(gateway.GetView(view(game_id, 0, "bob"))) == denied
    assert await code_of(driver.GetView(view(game_id, 0))) == denied
    assert await code_of(matchmaking.GetView(view(game_id, 1))) == denied
    replay = game_pb2.ReplayRequest(game_id=game_id, viewer=seat_viewer(1))
    assert await code_of(gateway.Replay(replay)) == denied
    events = game_pb2.ListEventsRequest(game_id=game_id, viewer=seat_viewer(0, "bob"))
    assert await code_of(gateway.ListEvents(events)) == denied
    assert (await gateway.GetView(view(game_id, 0, "ann"))).game_id == game_id
    assert (await driver.GetView(view(game_id, 1))).game_id == game_id
    assert (await matchmaking.GetView(view(game_id, None))).game_id == game_id


async def test_each_role_calls_only_its_methods(service: RunningGameService, game_id: str) -> None:
    gateway, matchmaking = await as_role(service, "gateway"), await as_role(service, "matchmaking")
    create = game_pb2.CreateGameRequest(game="samurai", seats=[game_pb2.Seat(player_id="x")] * 2,
                                        config_json="{}")
    assert await code_of(gateway.CreateGame(create)) == grpc.StatusCode.PERMISSION_DENIED
    move = matchmaking.SubmitMove(a_move(game_id, 0, "ann"))
    assert await code_of(move) == grpc.StatusCode.PERMISSION_DENIED


def test_a_server_without_configured_callers_refuses_to_start() -> None:
    with pytest.raises(MissingCallers):
        CallerAuthInterceptor({})
