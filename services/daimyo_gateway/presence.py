"""Who is at the table: a seat's player counts as present while any gateway holds a socket
subscribed to that seat; one away longer than the grace period is replaced by a bot.

Each gateway heartbeats every seat its sockets hold on `daimyo.presence.<game>.<seat>` (a
third of the grace period apart). When the last local socket of a seat goes, this gateway
listens on that subject for the grace period: a heartbeat (the player is on another gateway) or
a local socket coming back ends the watch; silence hands the seat over (`HandOverSeat`, reason
"disconnected"). Any gateway may do so — the game service ignores a seat already handed over.
A player who never opened a socket, or whose gateway died, is covered by the game's clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from nats.errors import Error as NatsError

from daimyo_bus import subjects
from daimyo_bus.messages import BusMessage, Message, PresenceBeat
from daimyo_gateway.hub import Hub
from daimyo_gateway.ports import ServiceError

DEFAULT_GRACE_SECONDS = 60.0
MAX_HEARTBEAT_SECONDS = 10.0

Seat = tuple[str, int, str]  # game id, seat, player id
Publish = Callable[[str, Message], Awaitable[None]]
HandOver = Callable[[str, int, str, str], Awaitable[Any]]
_log = structlog.get_logger("daimyo_gateway.presence")


class Presence:
    def __init__(self, hub: Hub, publish: Publish, hand_over: HandOver, grace_seconds: float) -> None:
        self._hub = hub
        self._publish = publish
        self._hand_over = hand_over
        self.grace = grace_seconds
        self.heartbeat = min(MAX_HEARTBEAT_SECONDS, grace_seconds / 3)
        self._local: Counter[Seat] = Counter()
        self._watches: dict[Seat, asyncio.Task[None]] = {}
        self._beating: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._beating = asyncio.create_task(self._beat_forever(), name="presence-heartbeat")

    async def stop(self) -> None:
        tasks = [t for t in [self._beating, *self._watches.values()] if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def attach(self, seat: Seat) -> None:
        """A local socket holds `seat`: it is present (and tells the other gateways at once)."""
        self._local[seat] += 1
        watch = self._watches.pop(seat, None)
        if watch is not None:
            watch.cancel()
        await self._announce(seat)

    def detach(self, seat: Seat, watch_absence: bool = True) -> None:
        """A local socket let `seat` go; the last one starts the absence watch (not for a game
        that has ended: there is no seat left to hand over)."""
        self._local[seat] -= 1
        if self._local[seat] > 0:
            return
        del self._local[seat]
        if watch_absence and seat not in self._watches:
            task = asyncio.create_task(self._watch_absence(seat), name=f"absence:{seat[0]}:{seat[1]}")
            self._watches[seat] = task
            task.add_done_callback(lambda _: self._forget_watch(seat, task))

    def _forget_watch(self, seat: Seat, task: asyncio.Task[None]) -> None:
        if self._watches.get(seat) is task:
            del self._watches[seat]

    async def _watch_absence(self, seat: Seat) -> None:
        game_id, number, player_id = seat
        seen = asyncio.Event()
        subject = subjects.presence(game_id, number)

        def heard(_subject: str, beat: BusMessage) -> None:
            if isinstance(beat, PresenceBeat) and beat.player_id == player_id:
                seen.set()

        await self._hub.add(subject, heard)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(seen.wait(), self.grace)
        finally:
            await self._hub.remove(subject, heard)
        if not seen.is_set() and seat not in self._local:
            await self._give_seat_away(seat)

    async def _give_seat_away(self, seat: Seat) -> None:
        game_id, number, player_id = seat
        try:
            await self._hand_over(game_id, number, player_id, "disconnected")
            _log.info("seat_handed_over", game_id=game_id, seat=number, grace=self.grace)
        except ServiceError as e:  # e.g. the game ended meanwhile
            _log.info("seat_hand_over_refused", game_id=game_id, seat=number, code=e.code)

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            for seat in list(self._local):
                await self._announce(seat)

    async def _announce(self, seat: Seat) -> None:
        game_id, number, player_id = seat
        beat = PresenceBeat(player_id, time.time())
        with contextlib.suppress(NatsError, OSError):  # NATS away: the next beat tries again
            await self._publish(subjects.presence(game_id, number), beat)
