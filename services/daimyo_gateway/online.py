"""Who has a socket open: while any local socket of a player is connected, this gateway
heartbeats `daimyo.online.<player>` (every `DAIMYO_ONLINE_HEARTBEAT_SECONDS`, default 2), and
when the last one closes it says `gone` once. Matchmaking keeps a queued ticket alive only
while it hears a heartbeat from some gateway, so a closed tab stops getting anyone matched.

Every gateway also hears every gateway's beats (`heard`), so it can tell who is online anywhere:
a player whose last beat is under `FRESH_BEATS` heartbeats old and who did not say `gone`. That
is what a lobby's "friends online" reads. The players heard are bounded (`KNOWN_PLAYERS`, the
least recently heard forgotten first); a beat costs a dictionary write.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from nats.errors import Error as NatsError

from daimyo_bus import subjects
from daimyo_bus.messages import BusMessage, OnlineBeat
from daimyo_kit.lru import LruCache

DEFAULT_HEARTBEAT_SECONDS = 2.0
FRESH_BEATS = 3  # a player missing this many beats in a row is offline (a gateway died, say)
KNOWN_PLAYERS = 100_000
Publish = Callable[[str, Any], Awaitable[None]]


class Online:
    def __init__(self, publish: Publish, heartbeat_seconds: float = DEFAULT_HEARTBEAT_SECONDS,
                 clock: Callable[[], float] = time.monotonic, known: int = KNOWN_PLAYERS) -> None:
        self._publish = publish
        self.heartbeat = heartbeat_seconds
        self._clock = clock
        self._last_heard: LruCache[str, float] = LruCache(known)
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

    async def heard(self, _subject: str, message: BusMessage) -> None:
        """A beat from any gateway (this one included): `daimyo.online.*`."""
        if not isinstance(message, OnlineBeat):
            return
        if message.gone:
            self._last_heard.pop(message.player_id)
        else:
            self._last_heard.put(message.player_id, self._clock())

    def among(self, player_ids: Iterable[str]) -> list[str]:
        """Those of these players online now on some gateway, in the order given."""
        since = self._clock() - FRESH_BEATS * self.heartbeat
        return [p for p in player_ids if (self._last_heard.peek(p) or -1e18) >= since]
