"""The ports of `ports.py` over gRPC (GameService, MatchmakingService).

Status codes become `ServiceError` codes; nothing else about gRPC leaks past this module.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import grpc
import orjson

from daimyo_gateway import frames
from daimyo_gateway.ports import GameInfo, MoveRecord, SeatInfo, ServiceError, Viewer, ViewSnapshot
from daimyo_kit.affinity import Affinity, on_replica_or_any
from daimyo_kit.batches import Batcher
from daimyo_kit.grpc_client import status_code
from daimyo_kit.lru import LruCache
from daimyo_proto.daimyo.analysis.v1 import analysis_pb2, analysis_pb2_grpc
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
MAX_MOVES_PER_CALL = 256  # the game service's limit


OWN_CODES = frozenset({"account_needed", "left_too_often"})
"""Refusals a service names itself at the start of its details ("account_needed: …"): the browser
gets that code rather than the status's (accounts.ACCOUNT_STATUS gives their HTTP status)."""


async def _call(awaitable: Awaitable[T]) -> T:
    try:
        return await awaitable
    except grpc.aio.AioRpcError as e:
        details = e.details() or e.code().name
        own = details.partition(":")[0]
        code = own if own in OWN_CODES else STATUS_CODES.get(e.code(), "unavailable")
        raise ServiceError(code, details) from e


def _move_result(outcome: Any) -> int | BaseException:
    """A SubmitMoves outcome as SubmitMove would have ended: its version, or its ServiceError."""
    if outcome.code == grpc.StatusCode.OK.value[0]:
        return int(outcome.version)
    code = status_code(outcome.code)
    return ServiceError(STATUS_CODES.get(code, "unavailable"), outcome.message or code.name)


def _viewer(viewer: Viewer) -> Any:
    return game_pb2.Viewer(spectator=True) if viewer is None else game_pb2.Viewer(seat=viewer)


def _snapshot(response: Any) -> ViewSnapshot:
    clock = orjson.loads(response.clock_json) if response.clock_json else None
    takeovers = {str(t.seat): {"level": t.bot_level, "reason": t.reason, "until": t.until}
                 for t in response.takeovers}
    return ViewSnapshot(response.game_id, response.game, response.version, orjson.loads(response.view_json),
                        list(response.to_act), response.finished, clock, takeovers, list(response.winners),
                        list(response.abandoned))


def _seat(seat: Any) -> SeatInfo:
    which = seat.WhichOneof("occupant")
    return SeatInfo(seat.display_name, seat.player_id if which == "player_id" else None,
                    seat.bot_level if which == "bot_level" else None)


def _game_info(summary: Any, time_control: str = "") -> GameInfo:
    return GameInfo(summary.game_id, summary.game, [_seat(s) for s in summary.seats], summary.version,
                    summary.finished, list(summary.winners), summary.created_at, summary.listed, time_control)


def _move_record(event: Any) -> MoveRecord:
    data = json.loads(event.data_json) if event.data_json else {}
    return MoveRecord(event.version, event.type, data.get("seat"), data.get("move"), data.get("effects"))


class _Replica:
    """Where a game's calls go: one replica's channel (affinity), or the channel spreading calls
    over all; moves to it from every socket share SubmitMoves calls (under load a call carries
    many moves, so its fixed cost, both sides' gRPC machinery, is paid per call, not per move)."""

    def __init__(self, games: GrpcGames, channel: grpc.aio.Channel, moves_in_flight: int) -> None:
        self.channel = channel
        self.stub = game_pb2_grpc.GameServiceStub(channel)
        self.moves: Batcher[Any, int] = Batcher(lambda requests: games._submit_moves(self, requests),
                                                max_in_flight=moves_in_flight, max_group=MAX_MOVES_PER_CALL,
                                                name="moves_to_game_service")


class GrpcGames:
    """GamePort over GameService; who sits where never changes, so it is cached per game.

    With `replicas_of` (the game service's target) and `connect` (a channel to one address), a
    game's moves, views and seat changes go to the replica its id hashes to, which then holds it
    warm (`daimyo_kit.affinity`); a replica that does not answer is gone round through the
    spreading `channel`."""

    def __init__(self, channel: grpc.aio.Channel, moves_in_flight: int = 4, replicas_of: str | None = None,
                 connect: Callable[[str], grpc.aio.Channel] | None = None) -> None:
        self._everywhere = _Replica(self, channel, moves_in_flight)
        self._stub = self._everywhere.stub
        self.moves = self._everywhere.moves
        self._affinity: Affinity[_Replica] | None = None
        if replicas_of is not None and connect is not None:
            def one_replica(address: str) -> _Replica:
                return _Replica(self, connect(address), moves_in_flight)
            self._affinity = Affinity(replicas_of, one_replica, lambda replica: replica.channel.close())
        self._seats: LruCache[str, GameInfo] = LruCache(SEAT_CACHE_SIZE)
        self._loading: dict[str, asyncio.Future[GameInfo]] = {}

    async def close(self) -> None:
        """Close the per-replica channels (the spreading one is its creator's)."""
        if self._affinity is not None:
            await self._affinity.close()

    async def _replica_for(self, game_id: str) -> _Replica:
        found = await self._affinity.client_for(game_id) if self._affinity is not None else None
        return found[1] if found is not None else self._everywhere

    async def _on_replica(self, game_id: str, call: Callable[[Any], Awaitable[T]]) -> T:
        """`call(stub)` on the game's replica; if that replica does not answer, on any."""
        return await self._through(await self._replica_for(game_id), call)

    async def _through(self, replica: _Replica, call: Callable[[Any], Awaitable[T]]) -> T:
        return await _call(on_replica_or_any(call, replica.stub, self._stub))

    async def _asserted(self, game_id: str, viewer: Viewer) -> Any:
        """The viewer, naming the seat's player: callers checked the socket's player holds it
        (sessions._authorize, http_api.games.replay_viewer); the game service checks it again."""
        message = _viewer(viewer)
        if viewer is not None:
            seats = (await self.game_info(game_id)).seats
            message.player_id = (seats[viewer].player_id or "") if 0 <= viewer < len(seats) else ""
        return message

    async def get_view(self, game_id: str, viewer: Viewer) -> ViewSnapshot:
        request = game_pb2.GetViewRequest(game_id=game_id, viewer=await self._asserted(game_id, viewer))
        view = await self._on_replica(game_id, lambda stub: stub.GetView(request, timeout=CALL_TIMEOUT))
        return _snapshot(view)

    async def submit_move(self, game_id: str, seat: int, move: Any, expected_version: int,
                          command_id: str, player_id: str) -> int:
        request = game_pb2.SubmitMoveRequest(  # the standard library: a NaN stays NaN (orjson wrote
            game_id=game_id, seat=seat, move_json=json.dumps(move),  # null), refused by name there
            expected_version=expected_version, command_id=command_id, player_id=player_id)
        replica = await self._replica_for(game_id)
        return await replica.moves.submit(game_id, request)  # one move per game in a call: in order

    async def _submit_moves(self, replica: _Replica, requests: Sequence[Any]) -> list[int | BaseException]:
        batch = game_pb2.SubmitMovesRequest(moves=requests)

        def submit(stub: Any) -> Any:
            return stub.SubmitMoves(batch, timeout=CALL_TIMEOUT)
        # sent again elsewhere if its replica did not answer: a move applied already answers as before
        response = await self._through(replica, submit)
        return [_move_result(outcome) for outcome in response.outcomes]

    async def game_info(self, game_id: str, fresh: bool = False) -> GameInfo:
        kept = self._seats.get(game_id)
        if kept is not None and (kept.finished or not fresh):
            return kept
        info = await (self._load_info(game_id) if fresh else self._shared_load(game_id))
        self._seats.put(game_id, info)
        return info

    async def _shared_load(self, game_id: str) -> GameInfo:
        """Every seat of a new game asks at once: one GetGame for them all (a fresh ask makes its
        own, as one begun earlier may have read the game before it finished)."""
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.ensure_future(self._load_info(game_id))
            loading.add_done_callback(lambda _done: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)  # a caller that gives up does not cancel the others

    async def _load_info(self, game_id: str) -> GameInfo:
        request = game_pb2.GetGameRequest(game_id=game_id)
        response = await self._on_replica(game_id, lambda stub: stub.GetGame(request, timeout=CALL_TIMEOUT))
        return _game_info(response.game, response.time_control)

    async def events_since(self, game_id: str, from_version: int, viewer: Viewer) -> list[MoveRecord]:
        request = game_pb2.ListEventsRequest(game_id=game_id, from_version=from_version,
                                             viewer=await self._asserted(game_id, viewer))
        response = await self._on_replica(game_id,
                                          lambda stub: stub.ListEvents(request, timeout=CALL_TIMEOUT))
        return [_move_record(e) for e in response.events]

    async def hand_over_seat(self, game_id: str, seat: int, player_id: str, reason: str) -> int:
        request = game_pb2.HandOverSeatRequest(game_id=game_id, seat=seat, player_id=player_id, reason=reason)
        return int((await self._on_replica(
            game_id, lambda stub: stub.HandOverSeat(request, timeout=CALL_TIMEOUT))).version)

    async def reclaim_seat(self, game_id: str, seat: int, player_id: str) -> int:
        request = game_pb2.ReclaimSeatRequest(game_id=game_id, seat=seat, player_id=player_id)
        return int((await self._on_replica(
            game_id, lambda stub: stub.ReclaimSeat(request, timeout=CALL_TIMEOUT))).version)

    async def replay(self, game_id: str, at_version: int, viewer: Viewer) -> ViewSnapshot:
        request = game_pb2.ReplayRequest(game_id=game_id, at_version=at_version,
                                         viewer=await self._asserted(game_id, viewer))
        return _snapshot(await _call(self._stub.Replay(request, timeout=CALL_TIMEOUT)))

    async def my_games(self, player_id: str, include_finished: bool, limit: int) -> list[dict[str, Any]]:
        request = game_pb2.ListMyGamesRequest(player_id=player_id, include_finished=include_finished,
                                              limit=limit)
        response = await _call(self._stub.ListMyGames(request, timeout=CALL_TIMEOUT))
        return [my_game_json(g, response.now_ms) for g in response.games]

    async def post_chat(self, game_id: str, player_id: str, name: str, channel: str,
                        text: str) -> dict[str, Any]:
        request = game_pb2.PostChatRequest(game_id=game_id, player_id=player_id, display_name=name,
                                           channel=channel, text=text)
        return chat_json(await _call(self._stub.PostChat(request, timeout=CALL_TIMEOUT)))

    async def list_chat(self, game_id: str, player_id: str, channel: str, after_id: int,
                        limit: int) -> list[dict[str, Any]]:
        request = game_pb2.ListChatRequest(game_id=game_id, player_id=player_id, channel=channel,
                                           after_id=after_id, limit=limit)
        response = await _call(self._stub.ListChat(request, timeout=CALL_TIMEOUT))
        return [chat_json(m) for m in response.messages]

    async def reveal_all(self, game_id: str, at_version: int) -> ViewSnapshot:
        request = game_pb2.ReplayRequest(game_id=game_id, at_version=at_version, viewer=_viewer(None),
                                         reveal_all=True)
        return _snapshot(await _call(self._stub.Replay(request, timeout=CALL_TIMEOUT)))

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameInfo]:
        request = game_pb2.ListGamesRequest(player_id=player_id, live=live, finished=finished, limit=limit)
        response = await _call(self._stub.ListGames(request, timeout=CALL_TIMEOUT))
        return [_game_info(g) for g in response.games]


def chat_json(message: Any) -> dict[str, Any]:
    """A chat line as the browser gets it (the author by name and seat, never by id)."""
    return dict(frames.chat(message.game_id, message.channel, message.id,
                            message.seat if message.seat >= 0 else None, message.author_name, message.text,
                            message.sent_at))


def my_game_json(game: Any, now_ms: int) -> dict[str, Any]:
    """One of a player's games; the seats' `player_id`s are for `names.rename_rows`, which drops
    them before the browser sees them (other players' ids stay private)."""
    seats = [{"seat": n, "display_name": s.display_name,
              "player_id": s.player_id if s.WhichOneof("occupant") == "player_id" else None,
              "bot_level": s.bot_level if s.WhichOneof("occupant") == "bot_level" else None,
              "acting_bot_level": s.acting_bot_level or None} for n, s in enumerate(game.seats)]
    return {"game_id": game.game_id, "game": game.game, "status": game.status, "seat": game.seat,
            "to_act": list(game.to_act), "your_turn": game.your_turn,
            "time_left_ms": game.time_left_ms if game.time_left_ms >= 0 else None,
            "deadline_ms": game.deadline_ms or None, "time_control": game.time_control or None,
            "version": game.version, "seats": seats, "winners": list(game.winners), "now_ms": now_ms}


def _ticket(ticket: Any) -> dict[str, Any]:
    return {"ticket_id": ticket.ticket_id, "game": ticket.game, "state": ticket.state,
            "waited_seconds": ticket.waited_seconds,
            "estimated_wait_seconds": ticket.estimated_wait_seconds,
            "game_id": ticket.game_id or None, "seat": ticket.seat if ticket.game_id else None,
            "player_counts": list(ticket.player_counts), "player_id": ticket.player_id,
            "bots_welcome": ticket.bots_welcome,
            "bots_in_seconds": ticket.bots_in_seconds if ticket.bots_in_seconds >= 0 else None,
            "fill_now": ticket.fill_now}


def rematch_json(rematch: Any, me: str) -> dict[str, Any]:
    """A rematch offer for the browser: seats by name, whether each accepted, which is mine."""
    seats = [{"seat": n, "display_name": s.display_name, "bot_level": s.bot_level or None,
              "accepted": s.accepted, "mine": bool(s.player_id) and s.player_id == me}
             for n, s in enumerate(rematch.seats)]
    return {"rematch_id": rematch.rematch_id, "game_id": rematch.game_id, "state": rematch.state,
            "seats": seats, "expires_in_seconds": rematch.expires_in_seconds,
            "new_game_id": rematch.new_game_id or None, "reason": rematch.reason or None}


def _table(table: Any) -> dict[str, Any]:
    """A private table as plain data (ids included: the caller decides what the browser sees)."""
    seats = [{"empty": s.empty, "player_id": s.player_id, "bot_level": s.bot_level,
              "display_name": s.display_name} for s in table.seats]
    return {"code": table.code, "game": table.game, "host_player_id": table.host_player_id, "seats": seats,
            "options": json.loads(table.options_json or "{}"),
            "config": json.loads(table.config_json or "{}"),
            "time_control": json.loads(table.time_control_json or "{}"), "rated": table.rated,
            "spectators": table.spectators, "state": table.state,
            "expires_in_seconds": table.expires_in_seconds, "game_id": table.game_id or None}


class GrpcMatchmaking:
    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)

    async def enqueue(self, request: dict[str, Any]) -> dict[str, Any]:
        message = matchmaking_pb2.EnqueueRequest(**request)
        return _ticket(await _call(self._stub.Enqueue(message, timeout=CALL_TIMEOUT)))

    async def cancel(self, ticket_id: str, player_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.CancelRequest(ticket_id=ticket_id, player_id=player_id)
        return _ticket(await _call(self._stub.Cancel(message, timeout=CALL_TIMEOUT)))

    async def fill_with_bots(self, ticket_id: str, player_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.FillWithBotsRequest(ticket_id=ticket_id, player_id=player_id)
        return _ticket(await _call(self._stub.FillWithBots(message, timeout=CALL_TIMEOUT)))

    async def get_ticket(self, ticket_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.GetTicketRequest(ticket_id=ticket_id)
        return _ticket(await _call(self._stub.GetTicket(message, timeout=CALL_TIMEOUT)))

    async def offer_rematch(self, game_id: str, player_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.OfferRematchRequest(game_id=game_id, player_id=player_id)
        return rematch_json(await _call(self._stub.OfferRematch(message, timeout=CALL_TIMEOUT)), player_id)

    async def answer_rematch(self, rematch_id: str, player_id: str, accept: bool) -> dict[str, Any]:
        message = matchmaking_pb2.AnswerRematchRequest(rematch_id=rematch_id, player_id=player_id,
                                                       accept=accept)
        return rematch_json(await _call(self._stub.AnswerRematch(message, timeout=CALL_TIMEOUT)), player_id)

    async def get_rematch(self, rematch_id: str, player_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.GetRematchRequest(rematch_id=rematch_id, player_id=player_id)
        return rematch_json(await _call(self._stub.GetRematch(message, timeout=CALL_TIMEOUT)), player_id)

    async def play_again(self, game_id: str, player_id: str, display_name: str) -> dict[str, Any]:
        message = matchmaking_pb2.PlayAgainRequest(game_id=game_id, player_id=player_id,
                                                   display_name=display_name)
        return _ticket(await _call(self._stub.PlayAgain(message, timeout=CALL_TIMEOUT)))

    async def create_table(self, fields: dict[str, Any]) -> dict[str, Any]:
        message = matchmaking_pb2.CreateTableRequest(**fields)
        return _table(await _call(self._stub.CreateTable(message, timeout=CALL_TIMEOUT)))

    async def get_table(self, code: str) -> dict[str, Any]:
        message = matchmaking_pb2.GetTableRequest(code=code)
        return _table(await _call(self._stub.GetTable(message, timeout=CALL_TIMEOUT)))

    async def join_table(self, code: str, player_id: str, display_name: str,
                         casual: bool = False) -> dict[str, Any]:
        message = matchmaking_pb2.JoinTableRequest(code=code, player_id=player_id, display_name=display_name,
                                                   casual=casual)
        return _table(await _call(self._stub.JoinTable(message, timeout=CALL_TIMEOUT)))

    async def seat_table_bots(self, code: str, player_id: str, levels: list[str]) -> dict[str, Any]:
        message = matchmaking_pb2.SeatTableBotsRequest(code=code, player_id=player_id, bot_levels=levels)
        return _table(await _call(self._stub.SeatTableBots(message, timeout=CALL_TIMEOUT)))

    async def leave_table(self, code: str, player_id: str) -> dict[str, Any]:
        message = matchmaking_pb2.LeaveTableRequest(code=code, player_id=player_id)
        return _table(await _call(self._stub.LeaveTable(message, timeout=CALL_TIMEOUT)))

    async def leaderboard(self, game: str, limit: int, players: int = 0) -> list[dict[str, Any]]:
        message = matchmaking_pb2.LeaderboardRequest(game=game, limit=limit, players=players)
        response = await _call(self._stub.Leaderboard(message, timeout=CALL_TIMEOUT))
        return [{"player_id": r.player_id, "display_name": r.display_name, "mu": r.mu, "sigma": r.sigma,
                 "ordinal": r.ordinal, "games": r.games} for r in response.ratings]

    async def rating(self, player_id: str, game: str) -> dict[str, Any]:
        message = matchmaking_pb2.GetRatingRequest(player_id=player_id, game=game)
        r = await _call(self._stub.GetRating(message, timeout=CALL_TIMEOUT))
        return {"game": game, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal, "games": r.games}

    async def rating_history(self, player_id: str, game: str, limit: int) -> list[dict[str, Any]]:
        message = matchmaking_pb2.RatingHistoryRequest(player_id=player_id, game=game, limit=limit)
        response = await _call(self._stub.RatingHistory(message, timeout=CALL_TIMEOUT))
        return [{"game_id": p.game_id, "ordinal": p.ordinal, "mu": p.mu} for p in response.points]

class GrpcAnalysis:
    """The analysis service's two calls; a game never queued reads as status "none"."""

    def __init__(self, channel: grpc.aio.Channel) -> None:
        self._stub = analysis_pb2_grpc.AnalysisServiceStub(channel)

    async def get_analysis(self, game_id: str) -> dict[str, Any]:
        message = analysis_pb2.GetAnalysisRequest(game_id=game_id)
        try:
            return _analysis(await _call(self._stub.GetAnalysis(message, timeout=CALL_TIMEOUT)))
        except ServiceError as e:
            if e.code != "not_found":
                raise
            return {"game_id": game_id, "status": "none", "progress": 0.0, "analysis": None}

    async def request_analysis(self, game_id: str) -> dict[str, Any]:
        message = analysis_pb2.RequestAnalysisRequest(game_id=game_id)
        return _analysis(await _call(self._stub.RequestAnalysis(message, timeout=CALL_TIMEOUT)))


def _analysis(response: Any) -> dict[str, Any]:
    return {"game_id": response.game_id, "status": response.status, "progress": round(response.progress, 3),
            "analyser_version": response.analyser_version, "error": response.error or None,
            "analysis": json.loads(response.analysis_json) if response.analysis_json else None}
