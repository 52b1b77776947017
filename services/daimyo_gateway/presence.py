"""Who is at the table: a seat's player counts as present while any gateway holds a socket
subscribed to that seat; one away longer than the grace period is replaced by a bot.

Each gateway heartbeats every seat its sockets hold on `daimyo.presence.<game>.<seat>` (a
third of the grace period apart). When the last local socket of a seat goes, this gateway
listens on that subject for the grace period: a heartbeat (the player is on another gateway) or
a local socket coming back ends the watch; silence hands the seat over (`HandOverSeat`, reason
"disconnected"). Any gateway may do so — the game service ignores a seat already handed over.
A player who never opened a socket, or whose gateway died, is covered by the game's clock.

The table hears of a drop well within the grace (issue 33): when the last local socket of a seat
goes, this gateway says `closed` on `daimyo.connection.<game>` (a gateway still holding a socket of
that seat answers with a beat at once, see `vouch`); still no beat after `drop_after` seconds, it
says `lost`. A blip shorter than that (a reload, a network hiccup) is never told. Whichever
gateway gets the seat's first socket back says `here`. `seat_news.py` turns these into frames.
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
from daimyo_bus.messages import BusMessage, Message, PresenceBeat, SeatConnection
from daimyo_gateway.hub import Hub
from daimyo_gateway.ports import ServiceError

DEFAULT_GRACE_SECONDS = 60.0
MAX_HEARTBEAT_SECONDS = 10.0
MAX_DROP_SECONDS = 3.0  # away this long (at most a quarter of the grace) before the table is told

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
        self.drop_after = min(MAX_DROP_SECONDS, grace_seconds / 4)
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
        if self._local[seat] == 1:
            await self._tell(seat, "here")

    async def vouch(self, game_id: str, message: SeatConnection) -> None:
        """Another gateway says a seat's socket closed there, or that it is lost: if a socket here
        holds it, say so at once (a beat ends that gateway's watch; `here` corrects a `lost`)."""
        seat = (game_id, message.seat, message.player_id)
        if message.state != "here" and seat in self._local:
            await self._announce(seat)
            await self._tell(seat, "here")

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
            await self._tell(seat, "closed")
            if not await _within(seen, self.drop_after) and seat not in self._local:
                await self._tell(seat, "lost")
                await _within(seen, self.grace - self.drop_after)
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

    async def _tell(self, seat: Seat, state: str) -> None:
        game_id, number, player_id = seat
        told = SeatConnection(number, player_id, state, time.time())
        with contextlib.suppress(NatsError, OSError):  # NATS away: the table misses one line
            await self._publish(subjects.connection(game_id), told)


async def _within(event: asyncio.Event, seconds: float) -> bool:
    """Whether `event` is set within `seconds`."""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(event.wait(), max(0.0, seconds))
    return event.is_set()
