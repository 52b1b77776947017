"""The MatchmakingService gRPC adapter: protobuf in, handler call, protobuf out, errors as status codes."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar

import grpc

from daimyo_kit.text_check import json_loads, nul_field
from daimyo_matchmaking.domain import (
    InvalidRequest,
    MatchmakingError,
    NotAllowed,
    NotFound,
    PlayerBusy,
    PlayerRating,
    QuotaExceeded,
    Refused,
    TicketNotCancellable,
    TicketNotFound,
)
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers, TicketStatus
from daimyo_matchmaking.rematch import Rematch
from daimyo_matchmaking.tables import NewTable, Table
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2 as pb
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2_grpc

T = TypeVar("T")


def status_for(error: MatchmakingError) -> grpc.StatusCode:
    """The gRPC status of a refused request."""
    if isinstance(error, PlayerBusy):
        return grpc.StatusCode.ALREADY_EXISTS if error.queued else grpc.StatusCode.FAILED_PRECONDITION
    if isinstance(error, TicketNotFound | NotFound):
        return grpc.StatusCode.NOT_FOUND
    if isinstance(error, NotAllowed):
        return grpc.StatusCode.PERMISSION_DENIED
    if isinstance(error, QuotaExceeded):
        return grpc.StatusCode.RESOURCE_EXHAUSTED
    if isinstance(error, TicketNotCancellable | Refused):
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
            casual=request.casual,
        )
        return ticket_pb(await _answer(context, request, lambda: self._handlers.enqueue(command)))

    async def Cancel(self, request: pb.CancelRequest, context: grpc.aio.ServicerContext) -> pb.Ticket:
        call = lambda: self._handlers.cancel(request.ticket_id, request.player_id)  # noqa: E731
        return ticket_pb(await _answer(context, request, call))

    async def GetTicket(self, request: pb.GetTicketRequest, context: grpc.aio.ServicerContext) -> pb.Ticket:
        ticket = await _answer(context, request, lambda: self._handlers.get_ticket(request.ticket_id))
        return ticket_pb(ticket)

    async def FillWithBots(
        self, request: pb.FillWithBotsRequest, context: grpc.aio.ServicerContext
    ) -> pb.Ticket:
        call = lambda: self._handlers.fill_with_bots(request.ticket_id, request.player_id)  # noqa: E731
        return ticket_pb(await _answer(context, request, call))

    async def OfferRematch(
        self, request: pb.OfferRematchRequest, context: grpc.aio.ServicerContext
    ) -> pb.Rematch:
        call = lambda: self._handlers.rematches.offer(request.game_id, request.player_id)  # noqa: E731
        return self._rematch_pb(await _answer(context, request, call))

    async def AnswerRematch(
        self, request: pb.AnswerRematchRequest, context: grpc.aio.ServicerContext
    ) -> pb.Rematch:
        rematches = self._handlers.rematches
        call = lambda: rematches.answer(request.rematch_id, request.player_id, request.accept)  # noqa: E731
        return self._rematch_pb(await _answer(context, request, call))

    async def GetRematch(
        self, request: pb.GetRematchRequest, context: grpc.aio.ServicerContext
    ) -> pb.Rematch:
        call = lambda: self._handlers.rematches.get(request.rematch_id, request.player_id)  # noqa: E731
        return self._rematch_pb(await _answer(context, request, call))

    async def PlayAgain(self, request: pb.PlayAgainRequest, context: grpc.aio.ServicerContext) -> pb.Ticket:
        call = lambda: self._handlers.play_again(  # noqa: E731
            request.game_id, request.player_id, request.display_name)
        return ticket_pb(await _answer(context, request, call))

    async def CreateTable(self, request: pb.CreateTableRequest, context: grpc.aio.ServicerContext) -> Any:
        table = NewTable(request.player_id, request.display_name, request.game, request.seats,
                         {}, request.time_control_json, request.rated and not request.casual,
                         request.spectators, tuple(request.invited))

        async def create() -> Table:
            options = _json_object(request.options_json, "options_json")
            return await self._handlers.create_table(replace(table, options=options))

        return self._table_pb(await _answer(context, request, create))

    async def GetTable(self, request: pb.GetTableRequest, context: grpc.aio.ServicerContext) -> Any:
        return self._table_pb(await _answer(context, request, lambda: self._handlers.get_table(request.code)))

    async def JoinTable(self, request: pb.JoinTableRequest, context: grpc.aio.ServicerContext) -> Any:
        call = lambda: self._handlers.join_table(  # noqa: E731
            request.code, request.player_id, request.display_name, request.casual)
        return self._table_pb(await _answer(context, request, call))

    async def SeatTableBots(self, request: pb.SeatTableBotsRequest, context: grpc.aio.ServicerContext) -> Any:
        call = lambda: self._handlers.seat_table_bots(  # noqa: E731
            request.code, request.player_id, list(request.bot_levels))
        return self._table_pb(await _answer(context, request, call))

    async def LeaveTable(self, request: pb.LeaveTableRequest, context: grpc.aio.ServicerContext) -> Any:
        call = lambda: self._handlers.leave_table(request.code, request.player_id)  # noqa: E731
        return self._table_pb(await _answer(context, request, call))

    def _table_pb(self, table: Table) -> pb.PrivateTable:
        return table_pb(table, self._handlers.clock.now())

    def _rematch_pb(self, rematch: Rematch) -> pb.Rematch:
        return rematch_pb(rematch, self._handlers.clock.now())

    async def Leaderboard(
        self, request: pb.LeaderboardRequest, context: grpc.aio.ServicerContext
    ) -> pb.LeaderboardResponse:
        board = lambda: self._handlers.leaderboard(request.game, request.limit, request.players)  # noqa: E731
        ratings = await _answer(context, request, board)
        return pb.LeaderboardResponse(ratings=[rating_pb(r) for r in ratings])

    async def GetRating(self, request: pb.GetRatingRequest, context: grpc.aio.ServicerContext) -> pb.Rating:
        rating = lambda: self._handlers.get_rating(request.player_id, request.game)  # noqa: E731
        return rating_pb(await _answer(context, request, rating))

    async def RatingHistory(self, request: pb.RatingHistoryRequest, context: grpc.aio.ServicerContext) -> Any:
        call = lambda: self._handlers.rating_history(request.player_id, request.game, request.limit)  # noqa: E731
        points = await _answer(context, request, call)
        return pb.RatingHistoryResponse(points=[
            pb.RatingPoint(game_id=p.game_id, mu=p.mu, sigma=p.sigma, ordinal=p.ordinal) for p in points])


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
        bots_welcome=t.bots_welcome,
        bots_in_seconds=status.bots_in_seconds,
        fill_now=t.fill_now,
    )


def rematch_pb(rematch: Rematch, now: float) -> pb.Rematch:
    seats = [pb.RematchSeat(player_id=s.player_id, bot_level=s.bot_level, display_name=s.display_name,
                            accepted=s.is_bot or s.player_id in rematch.accepted) for s in rematch.seats]
    return pb.Rematch(rematch_id=rematch.rematch_id, game_id=rematch.game_id, state=rematch.state,
                      seats=seats,
                      expires_in_seconds=rematch.expires_in(now), new_game_id=rematch.new_game_id,
                      reason=rematch.reason)


def table_pb(table: Table, now: float) -> pb.PrivateTable:
    seats = [pb.TableSeat(empty=True) if s is None else
             pb.TableSeat(player_id=s.player_id, bot_level=s.bot_level, display_name=s.display_name)
             for s in table.seats]
    left = max(0.0, table.expires_at - now) if table.state == "open" else 0.0
    return pb.PrivateTable(code=table.code, game=table.game, host_player_id=table.host_id, seats=seats,
                           options_json=json.dumps(table.options), config_json=json.dumps(table.config),
                           time_control_json=table.time_control_json, rated=table.rated,
                           spectators=table.spectators, state=table.state, expires_in_seconds=left,
                           game_id=table.game_id)


def _json_object(text: str, field: str) -> dict[str, Any]:
    try:
        value = json_loads(text) if text.strip() else {}
    except ValueError as exc:
        raise InvalidRequest(f"{field} is not valid JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise InvalidRequest(f"{field} must be a JSON object")
    return value


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
