"""Who has a socket open: while any local socket of a player is connected, this gateway
heartbeats `daimyo.online.<player>` (every `DAIMYO_ONLINE_HEARTBEAT_SECONDS`, default 2), and
when the last one closes it says `gone` once. Matchmaking keeps a queued ticket alive only
while it hears a heartbeat from some gateway, so a closed tab stops getting anyone matched.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from nats.errors import Error as NatsError

from daimyo_bus import subjects
from daimyo_bus.messages import OnlineBeat

DEFAULT_HEARTBEAT_SECONDS = 2.0
Publish = Callable[[str, Any], Awaitable[None]]


class Online:
    def __init__(self, publish: Publish, heartbeat_seconds: float = DEFAULT_HEARTBEAT_SECONDS) -> None:
        self._publish = publish
        self.heartbeat = heartbeat_seconds
        self._sockets: Counter[str] = Counter()
        self._beating: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._beating = asyncio.create_task(self._beat_forever(), name="online-heartbeat")

    async def stop(self) -> None:
        if self._beating is not None:
            self._beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beating

    async def connected(self, player_id: str) -> None:
        self._sockets[player_id] += 1
        await self.seen(player_id)

    async def disconnected(self, player_id: str) -> None:
        self._sockets[player_id] -= 1
        if self._sockets[player_id] > 0:
            return
        del self._sockets[player_id]
        await self._say(player_id, gone=True)

    async def seen(self, player_id: str) -> None:
        """The player is here now (a socket opened, or they asked about their ticket)."""
        await self._say(player_id, gone=False)

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            for player_id in list(self._sockets):
                await self._say(player_id, gone=False)

    async def _say(self, player_id: str, gone: bool) -> None:
        beat = OnlineBeat(player_id, time.time(), gone)
        with contextlib.suppress(NatsError, OSError, ValueError):  # NATS away: the next beat tries again
            await self._publish(subjects.online(player_id), beat)
