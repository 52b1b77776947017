"""The MatchmakingService gRPC adapter: protobuf in, handler call, protobuf out, errors as status codes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import grpc

from daimyo_kit.text_check import nul_field
from daimyo_matchmaking.domain import (
    InvalidRequest,
    MatchmakingError,
    PlayerBusy,
    PlayerRating,
    QuotaExceeded,
    TicketNotCancellable,
    TicketNotFound,
)
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers, TicketStatus
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2 as pb
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2_grpc

T = TypeVar("T")


def status_for(error: MatchmakingError) -> grpc.StatusCode:
    """The gRPC status of a refused request."""
    if isinstance(error, PlayerBusy):
        return grpc.StatusCode.ALREADY_EXISTS if error.queued else grpc.StatusCode.FAILED_PRECONDITION
    if isinstance(error, TicketNotFound):
        return grpc.StatusCode.NOT_FOUND
    if isinstance(error, QuotaExceeded):
        return grpc.StatusCode.RESOURCE_EXHAUSTED
    if isinstance(error, TicketNotCancellable):
        return grpc.StatusCode.FAILED_PRECONDITION
    if isinstance(error, InvalidRequest):
        return grpc.StatusCode.INVALID_ARGUMENT
    return grpc.StatusCode.UNKNOWN


async def _answer(context: grpc.aio.ServicerContext, request: Any, call: Callable[[], Awaitable[T]]) -> T:
    """The handler's answer to a request that passed the text check; refusals become status codes."""
    try:
        if (field := nul_field(request)) is not None:
            raise InvalidRequest(f"{field} contains a NUL character")
        return await call()
    except MatchmakingError as exc:
        await context.abort(status_for(exc), str(exc))
        raise  # abort raises; this only satisfies the type checker


class MatchmakingServicer(matchmaking_pb2_grpc.MatchmakingServiceServicer):  # type: ignore[misc]
    def __init__(self, handlers: MatchmakingHandlers) -> None:
        self._handlers = handlers

    async def Enqueue(self, request: pb.EnqueueRequest, context: grpc.aio.ServicerContext) -> pb.Ticket:
        command = Enqueue(
            player_id=request.player_id,
            game=request.game,
            player_counts=list(request.player_counts),
            bots_welcome=request.bots_welcome,
            party=list(request.party),
            bot_level=request.bot_level,
            bots_only=request.bots_only,
            display_name=request.display_name,
            time_control_json=request.time_control_json,
        )
        return ticket_pb(await _answer(context, request, lambda: self._handlers.enqueue(command)))

    async def Cancel(self, request: pb.CancelRequest, context: grpc.aio.ServicerContext) -> pb.Ticket:
        call = lambda: self._handlers.cancel(request.ticket_id, request.player_id)  # noqa: E731
        return ticket_pb(await _answer(context, request, call))

    async def GetTicket(self, request: pb.GetTicketRequest, context: grpc.aio.ServicerContext) -> pb.Ticket:
        ticket = await _answer(context, request, lambda: self._handlers.get_ticket(request.ticket_id))
        return ticket_pb(ticket)

    async def Leaderboard(
        self, request: pb.LeaderboardRequest, context: grpc.aio.ServicerContext
    ) -> pb.LeaderboardResponse:
        board = lambda: self._handlers.leaderboard(request.game, request.limit)  # noqa: E731
        ratings = await _answer(context, request, board)
        return pb.LeaderboardResponse(ratings=[rating_pb(r) for r in ratings])

    async def GetRating(self, request: pb.GetRatingRequest, context: grpc.aio.ServicerContext) -> pb.Rating:
        rating = lambda: self._handlers.get_rating(request.player_id, request.game)  # noqa: E731
        return rating_pb(await _answer(context, request, rating))


def ticket_pb(status: TicketStatus) -> pb.Ticket:
    t = status.ticket
    return pb.Ticket(
        ticket_id=t.ticket_id,
        player_id=t.player_id,
        game=t.game,
        state=t.state,
        waited_seconds=status.waited_seconds,
        estimated_wait_seconds=status.estimated_wait_seconds,
        game_id=t.game_id,
        seat=max(t.seat, 0),
        player_counts=list(t.player_counts),
    )


def rating_pb(rating: PlayerRating) -> pb.Rating:
    return pb.Rating(
        player_id=rating.player_id,
        game=rating.game,
        mu=rating.mu,
        sigma=rating.sigma,
        ordinal=rating.ordinal,
        games=rating.games,
        display_name=rating.display_name,
    )
