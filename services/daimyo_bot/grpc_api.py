"""The gRPC adapter of the bot service: proto → handler → proto; bad requests → INVALID_ARGUMENT."""

from __future__ import annotations

import json
from typing import Any

import grpc

from daimyo_bot.handlers import BadRequest, BotHandlers, SuggestMove
from daimyo_bot.metrics import DEADLINE_MISSES, SEARCH_ITERATIONS, SUGGEST_SECONDS
from daimyo_kit import logging as log
from daimyo_proto.daimyo.bot.v1 import bot_pb2, bot_pb2_grpc

_log = log.get_logger("daimyo_bot.grpc")


class BotServicer(bot_pb2_grpc.BotServiceServicer):  # type: ignore[misc,unused-ignore]
    def __init__(self, handlers: BotHandlers) -> None:
        self.handlers = handlers

    async def SuggestMove(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            suggestion = await self.handlers.suggest_move(_command(request))
        except BadRequest as e:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(e))
        _observe(request, suggestion.elapsed_s, suggestion.iterations, suggestion.missed_deadline)
        return bot_pb2.SuggestMoveResponse(move_json=json.dumps(suggestion.move),
                                           iterations=suggestion.iterations,
                                           elapsed_ms=round(suggestion.elapsed_s * 1000))

    async def ListLevels(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            levels = self.handlers.list_levels(request.game)
        except BadRequest as e:
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(e))
        return bot_pb2.ListLevelsResponse(
            levels=[bot_pb2.Level(name=lv.name, description=lv.description) for lv in levels])


def _command(request: Any) -> SuggestMove:
    return SuggestMove(game=request.game, seat=request.seat, view_json=request.view_json,
                       level=request.level, deadline_ms=request.deadline_ms, seed=request.seed,
                       max_iterations=request.max_iterations)


def _observe(request: Any, elapsed_s: float, iterations: int, missed: bool) -> None:
    SUGGEST_SECONDS.labels(request.game, request.level).observe(elapsed_s)
    SEARCH_ITERATIONS.labels(request.game, request.level).inc(iterations)
    if missed:
        DEADLINE_MISSES.labels(request.game, request.level).inc()
        _log.warning("deadline_missed", level=request.level, elapsed_ms=round(elapsed_s * 1000),
                     deadline_ms=request.deadline_ms)
