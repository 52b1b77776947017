"""The durable consumer of finished games (`daimyo.game.*.finished` on DAIMYO_GAMES): each one is
queued for its review and acked after the insert commits, so a crash means a redelivery, which
the (game, analyser version) key turns into a no-op."""

from __future__ import annotations

import asyncio

import structlog

from daimyo_analysis.handlers import AnalysisHandlers
from daimyo_bus import Bus, subjects
from daimyo_bus.messages import BusMessage, GameResult

log = structlog.get_logger("daimyo_analysis")
FINISHED_CONSUMER = "daimyo-analysis-finished"


async def consume_finished_games(bus: Bus, handlers: AnalysisHandlers, durable: str = FINISHED_CONSUMER,
                                 only_new: bool = False) -> asyncio.Task[None]:
    """Queue every finished game's review, durably (replicas share the consumer)."""

    async def on_finished(subject: str, message: BusMessage) -> None:
        if not isinstance(message, GameResult):
            log.error("finished_message_dropped", subject=subject, error="not a game result")
            return
        queued = await handlers.game_finished(message.game_id, message.game)
        log.info("analysis_queued" if queued else "analysis_not_queued", game_id=message.game_id)

    await bus.wait_for_games_stream()  # the relay creates it
    task: asyncio.Task[None] = await bus.consume(subjects.ALL_FINISHED, durable, on_finished,
                                                 only_new=only_new)
    return task
