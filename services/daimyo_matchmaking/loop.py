"""The matchmaker loop: a matching round every interval, and at once when a ticket arrives; each
round also relays the challenges a table's creation could not announce (the outbox)."""

from __future__ import annotations

import asyncio
import contextlib

import structlog

from daimyo_matchmaking.handlers import MatchmakingHandlers

log = structlog.get_logger("daimyo_matchmaking")


class MatchmakerLoop:
    def __init__(self, handlers: MatchmakingHandlers, interval: float = 0.5) -> None:
        self._handlers = handlers
        self._interval = interval
        self._wake = asyncio.Event()

    def wake(self, game: str = "") -> None:
        """Run the next round now (called after every enqueue)."""
        self._wake.set()

    async def run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._interval)
            self._wake.clear()
            await self._round()

    async def _round(self) -> None:
        try:
            await self._handlers.match_all()
            await self._handlers.relay_challenges()
        except Exception:  # a database blip must not stop matchmaking; the next round retries
            log.exception("matching_round_failed")
            await asyncio.sleep(self._interval)
