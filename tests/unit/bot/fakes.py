"""In-memory stand-ins for the game and bot gRPC stubs, for fast driver tests (no network)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import grpc

from daimyo_bot.legal_json import random_legal_move
from daimyo_bus.messages import TurnNotice, TurnSeat
from daimyo_proto.daimyo.bot.v1 import bot_pb2
from daimyo_proto.daimyo.game.v1 import game_pb2
from daimyo_rules.core import Rng
from tests.unit.bot.positions import ENGINE


def rpc_error(code: grpc.StatusCode, details: str) -> grpc.aio.AioRpcError:
    return grpc.aio.AioRpcError(code, grpc.aio.Metadata(), grpc.aio.Metadata(), details)


@dataclass
class FakeGame:
    """One game held in memory; SubmitMove checks versions and replays known command ids."""

    state: Any
    engine: Any = ENGINE
    game_id: str = "g1"
    version: int = 1
    commands: dict[str, int] = field(default_factory=dict)
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    async def GetView(self, request: Any, timeout: float | None = None) -> Any:
        await asyncio.sleep(0)  # let concurrent callers interleave, as over a network
        viewer = request.viewer
        seat = viewer.seat if viewer.WhichOneof("who") == "seat" else None
        view = self.engine.view(self.state, seat)
        return game_pb2.ViewResponse(
            game_id=self.game_id, version=self.version, view_json=json.dumps(view),
            to_act=self.engine.to_act(self.state), finished=not self.engine.to_act(self.state),
            game=self.engine.name)

    async def SubmitMove(self, request: Any, timeout: float | None = None) -> Any:
        if request.command_id in self.commands:
            return game_pb2.SubmitMoveResponse(version=self.commands[request.command_id])
        if request.expected_version != self.version:
            raise rpc_error(grpc.StatusCode.ABORTED, "stale version")
        move = json.loads(request.move_json)
        self.state = self.engine.apply(self.state, request.seat, move)
        self.version += 1
        self.commands[request.command_id] = self.version
        self.moves.append((request.seat, move))
        return game_pb2.SubmitMoveResponse(version=self.version)

    async def ListGames(self, request: Any, timeout: float | None = None) -> Any:
        seats = [game_pb2.Seat(bot_level="random") for _ in range(self.state.players)]
        summary = game_pb2.GameSummary(game_id=self.game_id, game=self.engine.name, seats=seats,
                                       version=self.version, finished=not self.engine.to_act(self.state))
        return game_pb2.ListGamesResponse(games=[summary])

    def notice(self, level: str = "random") -> TurnNotice:
        to_act = self.engine.to_act(self.state)
        return TurnNotice(self.game_id, self.version, self.engine.name, tuple(to_act), tuple(
            TurnSeat(n, level) for n in range(self.state.players)), not to_act)


@dataclass
class RecordingBot:
    """Answers with a random legal move from the view and keeps every request it got."""

    requests: list[Any] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(1))

    async def SuggestMove(self, request: Any, timeout: float | None = None) -> Any:
        self.requests.append(request)
        move = random_legal_move(json.loads(request.view_json)["legal"], self.rng)
        return bot_pb2.SuggestMoveResponse(move_json=json.dumps(move))


class DownBot:
    """A bot service that is not there."""

    async def SuggestMove(self, request: Any, timeout: float | None = None) -> Any:
        raise rpc_error(grpc.StatusCode.UNAVAILABLE, "connection refused")


class RefusingBot:
    """A bot service without that game or level."""

    async def SuggestMove(self, request: Any, timeout: float | None = None) -> Any:
        raise rpc_error(grpc.StatusCode.INVALID_ARGUMENT, f"unknown level {request.level!r}")
