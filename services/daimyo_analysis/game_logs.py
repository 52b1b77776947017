"""A finished game's log, read from the game service (`ListEvents`; never its tables).

Once a game is over its events come unredacted — the seed, every secret move and chance — which
is what replaying it through the engine needs. A game still running is refused: its secrets are
not for the review yet.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import grpc

from daimyo_analysis.evaluate import GameLog
from daimyo_analysis.handlers import NotFound
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc


class GameNotFound(LookupError):
    """No game has this id."""


class GameNotFinished(Exception):
    """The game is still running."""


class GameServiceUnavailable(Exception):
    """The game service did not answer (retry later)."""


def log_from_events(events: Iterable[tuple[str, dict[str, Any]]]) -> GameLog:
    """The engine's log of a finished game's (type, data) events; GameNotFinished without an end."""
    created: dict[str, Any] | None = None
    moves: list[tuple[int, Any]] = []
    finished = False
    for kind, data in events:
        if kind == "GameCreated":
            created = data
        elif kind == "MoveMade":
            moves.append((int(data["seat"]), data["move"]))
        elif kind == "GameFinished":
            finished = True
    if created is None:
        raise GameNotFound("the stream has no GameCreated")
    if not finished:
        raise GameNotFinished("the game is still running")
    return GameLog(str(created["game"]), created["config"], int(created["seed"]), tuple(moves))


class GrpcGameLogs:
    def __init__(self, channel: grpc.aio.Channel, timeout: float = 10.0) -> None:
        self._stub = game_pb2_grpc.GameServiceStub(channel)
        self._timeout = timeout

    async def finished_log(self, game_id: str) -> GameLog:
        request = game_pb2.ListEventsRequest(game_id=game_id, from_version=0,
                                             viewer=game_pb2.Viewer(spectator=True))
        try:
            response = await self._stub.ListEvents(request, timeout=self._timeout)
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.NOT_FOUND:
                raise GameNotFound(game_id) from exc
            raise GameServiceUnavailable(f"ListEvents: {exc.code().name}") from exc
        return log_from_events((e.type, json.loads(e.data_json)) for e in response.events)

    async def game_of(self, game_id: str) -> tuple[str, bool]:
        """(game type, finished) of a game (`handlers.Games`); NotFound when there is none."""
        try:
            request = game_pb2.GetGameRequest(game_id=game_id)
            response = await self._stub.GetGame(request, timeout=self._timeout)
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.NOT_FOUND:
                raise NotFound(f"no game {game_id}") from exc
            raise GameServiceUnavailable(f"GetGame: {exc.code().name}") from exc
        return response.game.game, response.status == "finished"
