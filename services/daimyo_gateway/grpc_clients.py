"""The ports of `ports.py` over gRPC (GameService, MatchmakingService).

Status codes become `ServiceError` codes; nothing else about gRPC leaks past this module.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Awaitable
from typing import Any, TypeVar

import grpc

from daimyo_gateway.ports import GameInfo, MoveRecord, SeatInfo, ServiceError, Viewer, ViewSnapshot
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2, matchmaking_pb2_grpc

T = TypeVar("T")
CALL_TIMEOUT = 10.0
SEAT_CACHE_SIZE = 4096

STATUS_CODES = {
    grpc.StatusCode.INVALID_ARGUMENT: "malformed",
    grpc.StatusCode.FAILED_PRECONDITION: "illegal_move",
    grpc.StatusCode.ABORTED: "stale",
    grpc.StatusCode.NOT_FOUND: "not_found",
    grpc.StatusCode.PERMISSION_DENIED: "forbidden",
    grpc.StatusCode.ALREADY_EXISTS: "duplicate",
    grpc.StatusCode.UNAVAILABLE: "unavailable",
    grpc.StatusCode.DEADLINE_EXCEEDED: "unavailable",
    grpc.StatusCode.RESOURCE_EXHAUSTED: "rate_limited",
}


async def _call(awaitable: Awaitable[T]) -> T:
    try:
        return await awaitable
    except grpc.aio.AioRpcError as e:
        raise ServiceError(STATUS_CODES.get(e.code(), "unavailable"), e.details() or e.code().name) from e


def _viewer(viewer: Viewer) -> Any:
    return game_pb2.Viewer(spectator=True) if viewer is None else game_pb2.Viewer(seat=viewer)


def _snapshot(response: Any) -> ViewSnapshot:
    clock = json.loads(response.clock_json) if response.clock_json else None
    takeovers = {str(t.seat): {"level": t.bot_level, "reason": t.reason, "until": t.until}
                 for t in response.takeovers}
    return ViewSnapshot(response.game_id, response.game, response.version, json.loads(response.view_json),
                        list(response.to_act), response.finished, clock, takeovers)


def _seat(seat: Any) -> SeatInfo:
    which = seat.WhichOneof("occupant")
    return SeatInfo(seat.display_name, seat.player_id if which == "player_id" else None,
                    seat.bot_level if which == "bot_level" else None)


def _game_info(summary: Any) -> GameInfo:
    return GameInfo(summary.game_id, summary.game, [_seat(s) for s in summary.seats], summary.version,
                    summary.finished, list(summary.winners), summary.created_at)


def _move_record(event: Any) -> MoveRecord:
    data = json.loads(event.data_json) if event.data_json else {}
    return MoveRecord(event.version, event.type, data.get("seat"), data.get("move"), data.get("effects"))


class GrpcGames:
    """GamePort over GameService; who sits where never changes, so it is cached per game."""

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = game_pb2_grpc.GameServiceStub(channel)
        self._seats: OrderedDict[str, GameInfo] = OrderedDict()

    async def get_view(self, game_id: str, viewer: Viewer) -> ViewSnapshot:
        request = game_pb2.GetViewRequest(game_id=game_id, viewer=_viewer(viewer))
        return _snapshot(await _call(self._stub.GetView(request, timeout=CALL_TIMEOUT)))

    async def submit_move(self, game_id: str, seat: int, move: Any, expected_version: int,
                          command_id: str, player_id: str) -> int:
        request = game_pb2.SubmitMoveRequest(
            game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=expected_version,
            command_id=command_id, player_id=player_id)
        response = await _call(self._stub.SubmitMove(request, timeout=CALL_TIMEOUT))
        return int(response.version)

    async def game_info(self, game_id: str) -> GameInfo:
        if game_id in self._seats:
            self._seats.move_to_end(game_id)
            return self._seats[game_id]
        info = await self._load_info(game_id)
        self._seats[game_id] = info
        if len(self._seats) > SEAT_CACHE_SIZE:
            self._seats.popitem(last=False)
        return info

    async def _load_info(self, game_id: str) -> GameInfo:
        request = game_pb2.GetGameRequest(game_id=game_id)
        return _game_info((await _call(self._stub.GetGame(request, timeout=CALL_TIMEOUT))).game)

    async def events_since(self, game_id: str, from_version: int, viewer: Viewer) -> list[MoveRecord]:
        request = game_pb2.ListEventsRequest(game_id=game_id, from_version=from_version,
                                             viewer=_viewer(viewer))
        response = await _call(self._stub.ListEvents(request, timeout=CALL_TIMEOUT))
        return [_move_record(e) for e in response.events]

    async def hand_over_seat(self, game_id: str, seat: int, player_id: str, reason: str) -> int:
        request = game_pb2.HandOverSeatRequest(game_id=game_id, seat=seat, player_id=player_id, reason=reason)
        return int((await _call(self._stub.HandOverSeat(request, timeout=CALL_TIMEOUT))).version)

    async def reclaim_seat(self, game_id: str, seat: int, player_id: str) -> int:
        request = game_pb2.ReclaimSeatRequest(game_id=game_id, seat=seat, player_id=player_id)
        return int((await _call(self._stub.ReclaimSeat(request, timeout=CALL_TIMEOUT))).version)

    async def replay(self, game_id: str, at_version: int, viewer: Viewer) -> ViewSnapshot:
        request = game_pb2.ReplayRequest(game_id=game_id, at_version=at_version, viewer=_viewer(viewer))
        return _snapshot(await _call(self._stub.Replay(request, timeout=CALL_TIMEOUT)))

    async def reveal_all(self, game_id: str, at_version: int) -> ViewSnapshot:
        request = game_pb2.ReplayRequest(game_id=game_id, at_version=at_version, viewer=_viewer(None),
                                         reveal_all=True)
        return _snapshot(await _call(self._stub.Replay(request, timeout=CALL_TIMEOUT)))

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameInfo]:
        request = game_pb2.ListGamesRequest(player_id=player_id, live=live, finished=finished, limit=limit)
        response = await _call(self._stub.ListGames(request, timeout=CALL_TIMEOUT))
        return [_game_info(g) for g in response.games]


def _ticket(ticket: Any) -> dict[str, Any]:
    return {"ticket_id": ticket.ticket_id, "game": ticket.game, "state": ticket.state,
            "waited_seconds": ticket.waited_seconds,
            "estimated_wait_seconds": ticket.estimated_wait_seconds,
            "game_id": ticket.game_id or None, "seat": ticket.seat if ticket.game_id else None,
            "player_counts": list(ticket.player_counts), "player_id": ticket.player_id}


class GrpcMatchmaking:
    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)

    async def enqueue(self, request: dict[str, Any]) -> dict[str, Any]:
        message = matchmaking_pb2.EnqueueRequest(**request)
        return _ticket(await _call(self._stub.Enqueue(message, timeout=CALL_TIMEOUT)))

    async def cancel(self, ticket_id: str, player_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.CancelRequest(ticket_id=ticket_id, player_id=player_id)
        return _ticket(await _call(self._stub.Cancel(message, timeout=CALL_TIMEOUT)))

    async def get_ticket(self, ticket_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.GetTicketRequest(ticket_id=ticket_id)
        return _ticket(await _call(self._stub.GetTicket(message, timeout=CALL_TIMEOUT)))

    async def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        message = matchmaking_pb2.LeaderboardRequest(game=game, limit=limit)
        response = await _call(self._stub.Leaderboard(message, timeout=CALL_TIMEOUT))
        return [{"player_id": r.player_id, "display_name": r.display_name, "mu": r.mu, "sigma": r.sigma,
                 "ordinal": r.ordinal, "games": r.games} for r in response.ratings]
