"""The `GameCreator` port over gRPC: `GameService.CreateGame`, with its errors sorted into
"retry later" (the service is down or slow) and "never" (it refused the table)."""

from __future__ import annotations

import json

import grpc

from daimyo_matchmaking.domain import SeatSpec
from daimyo_matchmaking.ports import GameCreationRejected, GameServiceUnavailable, NewGame
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc

_PERMANENT = {
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.PERMISSION_DENIED,
    grpc.StatusCode.UNIMPLEMENTED,
}


class GrpcGameCreator:
    def __init__(self, channel: grpc.aio.Channel, timeout: float = 5.0) -> None:
        self._stub = game_pb2_grpc.GameServiceStub(channel)
        self._timeout = timeout

    async def create_game(self, request: NewGame) -> str:
        try:
            response = await self._stub.CreateGame(_create_request(request), timeout=self._timeout)
        except grpc.aio.AioRpcError as exc:
            reason = f"CreateGame failed: {exc.code().name}: {exc.details()}"
            if exc.code() in _PERMANENT:
                raise GameCreationRejected(reason) from exc
            raise GameServiceUnavailable(reason) from exc
        return str(response.game_id)


def _create_request(request: NewGame) -> game_pb2.CreateGameRequest:
    return game_pb2.CreateGameRequest(
        game=request.game,
        config_json=json.dumps(request.config),
        seats=[_seat(s) for s in request.seats],
        command_id=request.command_id,
        time_control_json=request.time_control_json,
        unlisted=not request.listed,
        **({"seed": request.seed} if request.seed is not None else {}),
    )


def _seat(seat: SeatSpec) -> game_pb2.Seat:
    if seat.is_bot:
        return game_pb2.Seat(bot_level=seat.bot_level, display_name=seat.display_name)
    return game_pb2.Seat(player_id=seat.player_id, display_name=seat.display_name)
