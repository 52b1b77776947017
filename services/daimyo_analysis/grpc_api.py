"""The thin gRPC adapter of `handlers.AnalysisHandlers` (errors → status codes, JSON in strings)."""

from __future__ import annotations

import json
from typing import Any

import grpc

from daimyo_analysis.evaluate import ANALYSER_VERSION
from daimyo_analysis.handlers import AnalysisHandlers, BadRequest, Busy, NotFinished, NotFound
from daimyo_analysis.store import Status
from daimyo_proto.daimyo.analysis.v1 import analysis_pb2

_CODES: tuple[tuple[type[Exception], grpc.StatusCode], ...] = (
    (BadRequest, grpc.StatusCode.INVALID_ARGUMENT), (NotFound, grpc.StatusCode.NOT_FOUND),
    (NotFinished, grpc.StatusCode.FAILED_PRECONDITION), (Busy, grpc.StatusCode.RESOURCE_EXHAUSTED),
)


class AnalysisServicer:
    def __init__(self, handlers: AnalysisHandlers) -> None:
        self.handlers = handlers

    async def GetAnalysis(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            return response(await self.handlers.get(request.game_id))
        except Exception as e:
            await _abort(context, e)
            raise

    async def RequestAnalysis(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            return response(await self.handlers.request(request.game_id))
        except Exception as e:
            await _abort(context, e)
            raise


async def _abort(context: grpc.aio.ServicerContext, error: Exception) -> None:
    for kind, code in _CODES:
        if isinstance(error, kind):
            await context.abort(code, str(error))


def response(status: Status) -> Any:
    return analysis_pb2.AnalysisResponse(
        game_id=status.game_id, status=status.state, progress=status.progress,
        analyser_version=ANALYSER_VERSION, error=status.error,
        analysis_json=json.dumps(status.result, separators=(",", ":")) if status.result else "")
