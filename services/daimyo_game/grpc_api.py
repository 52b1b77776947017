"""The gRPC adapter: proto → command → handler → proto, and typed errors → status codes.

Nothing here decides anything about a game; bad input is refused before it reaches a handler
or by the handler's typed errors, never by a crash.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import grpc

from daimyo_game import errors
from daimyo_game.access import Caller
from daimyo_game.catalogue import GameSummary
from daimyo_game.chat import Chat, ChatMessage
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.handlers import EventView, GameDetails, GameHandlers, ViewResult
from daimyo_game.metrics import MOVES, SUBMIT_SECONDS
from daimyo_game.my_games import MyGame
from daimyo_game.visibility import Viewer
from daimyo_kit import logging as log
from daimyo_kit.auth import current_role
from daimyo_kit.grpc_client import status_code
from daimyo_kit.grpc_server import DATABASE_UNAVAILABLE, is_outage, log_outage
from daimyo_kit.text_check import json_loads, nul_field
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc

T = TypeVar("T")
MAX_MOVES_PER_CALL = 256
MOVES_ACCEPTED, MOVES_REPLAYED = MOVES.labels("accepted", "ok"), MOVES.labels("replayed", "ok")
_log = log.get_logger("daimyo_game.grpc")

STATUS = {
    errors.NotFound: grpc.StatusCode.NOT_FOUND,
    errors.PermissionDenied: grpc.StatusCode.PERMISSION_DENIED,
    errors.Stale: grpc.StatusCode.ABORTED,
    errors.Illegal: grpc.StatusCode.FAILED_PRECONDITION,
    errors.Malformed: grpc.StatusCode.INVALID_ARGUMENT,
    errors.DuplicateCommand: grpc.StatusCode.ALREADY_EXISTS,
    errors.RateLimited: grpc.StatusCode.RESOURCE_EXHAUSTED,
}


class GameServicer(game_pb2_grpc.GameServiceServicer):  # type: ignore[misc,unused-ignore]
    def __init__(self, handlers: GameHandlers) -> None:
        self.handlers = handlers

    async def CreateGame(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        log.bind(command_id=request.command_id or None)
        game_id, version = await _run(context, self._create(request), request)
        _log.info("game_created", game_id=game_id, game=request.game)
        return game_pb2.CreateGameResponse(game_id=game_id, version=version)

    async def SubmitMove(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        outcome = await self._move_outcome(request)
        if outcome.code:
            await context.abort(status_code(outcome.code), outcome.message)
        return game_pb2.SubmitMoveResponse(version=outcome.version)

    async def SubmitMoves(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        if len(request.moves) > MAX_MOVES_PER_CALL:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                                f"at most {MAX_MOVES_PER_CALL} moves per call, not {len(request.moves)}")
        outcomes = await asyncio.gather(*(self._move_outcome(move) for move in request.moves))
        return game_pb2.SubmitMovesResponse(outcomes=outcomes)

    async def _move_outcome(self, request: Any) -> Any:
        """One move's outcome (SubmitMove's answer, or a SubmitMoves item) in its own log context."""
        log.bind(game_id=request.game_id, seat=request.seat, command_id=request.command_id or None)
        started = time.perf_counter()
        try:
            result = await self.handlers.submit_move(_submit_command(request))
        except errors.GameError as e:
            MOVES.labels("rejected", e.reason).inc()
            _log.info("move_rejected", reason=e.reason, detail=str(e))
            outcome = _failed(STATUS[type(e)], str(e))
        except Exception as e:
            if not is_outage(e):
                raise
            log_outage(e)
            outcome = _failed(grpc.StatusCode.UNAVAILABLE, DATABASE_UNAVAILABLE)
        else:
            (MOVES_REPLAYED if result.replayed else MOVES_ACCEPTED).inc()
            _log.debug("move_accepted", version=result.version, replayed=result.replayed)
            outcome = game_pb2.MoveOutcome(version=result.version)
        finally:
            SUBMIT_SECONDS.observe(time.perf_counter() - started)
        return outcome

    async def GetView(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        call = self.handlers.get_view(request.game_id, _viewer(request.viewer), _caller(request.viewer))
        return _view_response(await _run(context, call, request))

    async def ListEvents(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        call = self.handlers.list_events(request.game_id, request.from_version, _viewer(request.viewer),
                                         _caller(request.viewer))
        events, version = await _run(context, call, request)
        return game_pb2.ListEventsResponse(version=version, events=[_event(e) for e in events])

    async def Replay(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        call = self.handlers.replay(request.game_id, request.at_version, _viewer(request.viewer),
                                    request.reveal_all, _caller(request.viewer))
        return _view_response(await _run(context, call, request))

    async def ListGames(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        call = self.handlers.list_games(request.player_id, request.live, request.finished, request.limit)
        return game_pb2.ListGamesResponse(games=[_summary(g) for g in await _run(context, call, request)])

    async def GetGame(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        details = await _run(context, self._get_game(request), request)
        game = details.summary
        return game_pb2.GetGameResponse(game=_summary(game), status="finished" if game.finished else "live",
                                        players=len(game.seats), options_json=_dumps(details.options),
                                        time_control=details.time_control)

    async def HandOverSeat(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        log.bind(game_id=request.game_id, seat=request.seat)
        call = self.handlers.hand_over_seat(_game_id(request), request.seat, request.player_id,
                                            request.reason, request.command_id)
        change = await _run(context, call, request)
        _log.info("seat_handed_over", reason=request.reason, changed=change.changed, version=change.version)
        return game_pb2.SeatChangeResponse(version=change.version, changed=change.changed)

    async def ReclaimSeat(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        log.bind(game_id=request.game_id, seat=request.seat)
        call = self.handlers.reclaim_seat(_game_id(request), request.seat, request.player_id,
                                          request.command_id)
        change = await _run(context, call, request)
        _log.info("seat_reclaimed", changed=change.changed, version=change.version)
        return game_pb2.SeatChangeResponse(version=change.version, changed=change.changed)

    async def _get_game(self, request: Any) -> GameDetails:
        return await self.handlers.get_game(_game_id(request))
    async def ListMyGames(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        call = self.handlers.list_my_games(request.player_id, request.include_finished, request.limit)
        games = await _run(context, call, request)
        return game_pb2.ListMyGamesResponse(games=[_my_game(g) for g in games], now_ms=self.handlers.now_ms())

    async def TakeVacation(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        taken = await _run(context, self.handlers.take_vacation(request.player_id, request.days), request)
        return game_pb2.Vacation(until_ms=taken.until_ms, days_left=taken.days_left,
                                 days_per_year=taken.days_per_year)

    async def GetVacation(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        found = await _run(context, self.handlers.vacation(request.player_id), request)
        return game_pb2.Vacation(until_ms=found.until_ms, days_left=found.days_left,
                                 days_per_year=found.days_per_year)

    async def PostChat(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        async def post() -> ChatMessage:
            return await self._chat().post(_game_id(request), request.player_id, request.display_name,
                                           request.channel, request.text)
        return _chat_message(await _run(context, post(), request))

    async def ListChat(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        async def read() -> list[ChatMessage]:
            return await self._chat().read(_game_id(request), request.player_id, request.channel,
                                           request.after_id, request.limit)
        messages = await _run(context, read(), request)
        return game_pb2.ListChatResponse(messages=[_chat_message(m) for m in messages])

    def _chat(self) -> Chat:
        if self.handlers.chat is None:
            raise errors.Illegal("table chat is not available on this server")
        return self.handlers.chat

    async def _create(self, request: Any) -> tuple[str, int]:
        return await self.handlers.create_game(_create_command(request))


async def _run(context: grpc.aio.ServicerContext, call: Awaitable[T], request: Any = None) -> T:
    """Await a handler (once `request` passed the text check); a typed refusal becomes its
    status code and message."""
    try:
        if request is not None:
            _refuse_nul(request)
        return await call
    except errors.GameError as e:
        await context.abort(STATUS[type(e)], str(e))
        raise  # abort raises; this line only tells type checkers so
    finally:
        if inspect.iscoroutine(call):
            call.close()  # a no-op once awaited; quiets a call never started because of a refusal


def _failed(code: grpc.StatusCode, message: str) -> Any:
    return game_pb2.MoveOutcome(code=code.value[0], message=message)


def _refuse_nul(message: Any) -> None:
    """Postgres text and jsonb cannot hold NUL: a request carrying one is malformed, not a crash."""
    field = nul_field(message)
    if field is not None:
        raise errors.Malformed(f"{field} contains a NUL character")


def _refuse_nul_in_json(value: Any, field: str) -> Any:
    pending = [value]  # a loop, not recursion: JSON may nest as deep as the parser allows
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending += list(item) + list(item.values())
        elif isinstance(item, list):
            pending += item
        elif isinstance(item, str) and "\x00" in item:
            raise errors.Malformed(f"{field} contains a NUL character")
    return value


def _create_command(request: Any) -> CreateGame:
    seats = tuple(_seat_spec(s) for s in request.seats)
    seed = request.seed if request.HasField("seed") else None
    return CreateGame(request.game, _json_object(request.config_json, "config_json"), seats, seed,
                      request.command_id, _json_object(request.time_control_json, "time_control_json"),
                      listed=not request.unlisted)


def _game_id(request: Any) -> str:
    if not request.game_id:
        raise errors.Malformed("game_id is required")
    return str(request.game_id)


def _submit_command(request: Any) -> SubmitMove:
    if not request.game_id:
        raise errors.Malformed("game_id is required")
    _refuse_nul(request)
    move = _json(request.move_json, "move_json")
    return SubmitMove(request.game_id, request.seat, move, request.expected_version, request.command_id,
                      request.player_id, current_role())


def _seat_spec(seat: Any) -> SeatSpec:
    which = seat.WhichOneof("occupant")
    return SeatSpec(seat.player_id if which == "player_id" else None,
                    seat.bot_level if which == "bot_level" else None, seat.display_name)


def _viewer(viewer: Any) -> Viewer:
    return viewer.seat if viewer.WhichOneof("who") == "seat" else None


def _caller(viewer: Any) -> Caller:
    """Who asks: the authenticated role, and the player the gateway asserts."""
    return Caller(current_role(), viewer.player_id)


def _json(text: str, field: str) -> Any:
    try:
        value = json_loads(text)
    except (ValueError, RecursionError) as e:  # RecursionError: nested too deep to parse
        raise errors.Malformed(f"{field} is not valid JSON: {e}") from e
    return _refuse_nul_in_json(value, field)


def _json_object(text: str, field: str) -> dict[str, Any]:
    value = _json(text, field) if text.strip() else {}
    if not isinstance(value, dict):
        raise errors.Malformed(f"{field} must be a JSON object, got {type(value).__name__}")
    return value


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _event(event: EventView) -> Any:
    return game_pb2.Event(version=event.version, type=event.type, data_json=_dumps(event.data),
                          recorded_at=event.recorded_at)


def _view_response(view: ViewResult) -> Any:
    takeovers = [game_pb2.Takeover(seat=seat, bot_level=t.level, reason=t.reason, until=t.until)
                 for seat, t in sorted(view.takeovers.items())]
    return game_pb2.ViewResponse(game_id=view.game_id, version=view.version, view_json=_dumps(view.view),
                                 to_act=view.to_act, finished=view.finished, game=view.game,
                                 clock_json=_dumps(view.clock) if view.clock else "", takeovers=takeovers,
                                 winners=view.winners, abandoned=view.abandoned)


def _summary(game: GameSummary) -> Any:
    fields = ("player_id", "bot_level", "display_name", "acting_bot_level")
    seats = [game_pb2.Seat(**{k: v for k, v in s.items() if k in fields}) for s in game.seats]
    created = game.created_at.isoformat() if game.created_at else ""
    return game_pb2.GameSummary(game_id=game.game_id, game=game.game, seats=seats, version=game.version,
                                finished=game.finished, winners=game.winners, created_at=created,
                                listed=game.listed)


_SEAT_FIELDS = ("player_id", "bot_level", "display_name", "acting_bot_level")


def _my_game(game: MyGame) -> Any:
    seats = [game_pb2.Seat(**{k: v for k, v in s.items() if k in _SEAT_FIELDS}) for s in game.seats]
    return game_pb2.MyGame(game_id=game.game_id, game=game.game, status=game.status, seat=game.seat,
                           to_act=game.to_act, your_turn=game.your_turn, time_left_ms=game.time_left_ms,
                           deadline_ms=game.deadline_ms, time_control=game.time_control,
                           version=game.version, seats=seats, winners=game.winners)


def _chat_message(message: ChatMessage) -> Any:
    return game_pb2.ChatMessage(id=message.message_id, game_id=message.game_id, channel=message.channel,
                                seat=-1 if message.seat is None else message.seat,
                                author_name=message.author_name, text=message.text,
                                sent_at=message.sent_at.isoformat())
