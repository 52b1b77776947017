"""Who at the table lost the connection and who is back, told to every socket on the game that
this gateway serves, whichever gateway served the player (issue 33).

The gateways holding a seat's sockets say `closed`, `lost` and `here` on `daimyo.connection.<game>`
(`presence.py`); every gateway with sockets on the game listens there and turns a `lost` into a
`presence {seat, state: "lost"}` frame and the `here` that ends it into `state: "back"`. Several
gateways may say the same thing: a seat already lost is not told again. A flapping connection is
told once per `QUIET_SECONDS` at most (a drop inside that quiet time, and the return that ends it,
are not told). A `closed` or `lost` about a seat whose socket is here is answered (`Presence.vouch`).
Bounded: games this gateway's sockets are on, seats below `MAX_SEATS`, `MAX_VOUCHES` answers in flight.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from daimyo_bus import subjects
from daimyo_bus.messages import BusMessage, SeatConnection
from daimyo_gateway.hub import Hub
from daimyo_gateway.presence import Presence

State = Literal["lost", "back"]
Tell = Callable[[str, int, State], None]
"""Told (game_id, seat, state); must not block (it enqueues)."""
MAX_SEATS = 16
MAX_VOUCHES = 256
QUIET_SECONDS = 30.0


@dataclass
class _Table:
    """One game's listeners here, its seats lost now (told or not), when each was last told lost."""

    listeners: set[Tell] = field(default_factory=set)
    lost: dict[int, bool] = field(default_factory=dict)
    told_at: dict[int, float] = field(default_factory=dict)


class SeatNews:
    def __init__(self, hub: Hub, presence: Presence | None = None, quiet: float = QUIET_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._hub, self._presence = hub, presence
        self._quiet, self._clock = quiet, clock
        self._tables: dict[str, _Table] = {}
        self._vouches: set[asyncio.Task[None]] = set()

    async def join(self, game_id: str, tell: Tell) -> None:
        """A socket on `game_id`: it hears the seats lost now, then each change."""
        table = self._tables.get(game_id)
        if table is None:
            table = self._tables[game_id] = _Table()
            await self._hub.add(subjects.connection(game_id), self._heard)
        table.listeners.add(tell)
        for seat, told in sorted(table.lost.items()):
            if told:
                tell(game_id, seat, "lost")

    async def leave(self, game_id: str, tell: Tell) -> None:
        table = self._tables.get(game_id)
        if table is None:
            return
        table.listeners.discard(tell)
        if not table.listeners:
            del self._tables[game_id]
            await self._hub.remove(subjects.connection(game_id), self._heard)

    def _heard(self, subject: str, message: BusMessage) -> None:
        game_id = subject.rsplit(".", 1)[-1]
        table = self._tables.get(game_id)
        if table is None or not isinstance(message, SeatConnection) or message.seat >= MAX_SEATS:
            return
        if message.state == "lost":
            self._lost(game_id, table, message.seat)
        elif message.state == "here":
            self._back(game_id, table, message.seat)
        if message.state != "here" and self._presence is not None and len(self._vouches) < MAX_VOUCHES:
            task = asyncio.get_running_loop().create_task(self._presence.vouch(game_id, message))
            self._vouches.add(task)
            task.add_done_callback(self._vouches.discard)

    def _lost(self, game_id: str, table: _Table, seat: int) -> None:
        if seat in table.lost:
            return  # said by another gateway too
        now = self._clock()
        told = now - table.told_at.get(seat, float("-inf")) >= self._quiet
        table.lost[seat] = told
        if told:
            table.told_at[seat] = now
            self._tell(game_id, table, seat, "lost")

    def _back(self, game_id: str, table: _Table, seat: int) -> None:
        if table.lost.pop(seat, False):
            self._tell(game_id, table, seat, "back")

    @staticmethod
    def _tell(game_id: str, table: _Table, seat: int, state: State) -> None:
        for tell in list(table.listeners):
            tell(game_id, seat, state)

    def start(self) -> None:
        """Nothing runs in the background: the news comes with the bus."""

    async def stop(self) -> None:
        for task in list(self._vouches):
            task.cancel()
