"""How many people watch a game, so its table can say "3 watching" (issue 33).

Every socket subscribed to a game tells this gateway's `Audience` so; one watching as a spectator
counts its player once (two tabs of one spectator are one watcher; a seated player who looks on as a
spectator is a player, not a watcher). When a game's count changes, every socket on that game on
this gateway hears a `watching` frame — the count only, never who.

The count is the sum over gateway replicas. Each gateway publishes its own count of a game on
`daimyo.audience.<game>` when it changes and every `heartbeat` seconds while it is above zero; a
gateway with sockets on the game listens there and keeps the latest count per other replica, which
expires after `FRESH_BEATS` heartbeats unheard (a replica that died). One that starts serving a game
asks (`ask`), and the others answer at once, so a new table is right within a round trip. One person
watching through two replicas counts twice. Memory is bounded: counts are kept only for games this
gateway's sockets are on (their `MAX_SUBSCRIPTIONS`), at most `MAX_REPLICAS` replicas each.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable

from nats.errors import Error as NatsError

from daimyo_bus import subjects
from daimyo_bus.messages import AudienceCount, BusMessage, Message
from daimyo_gateway.hub import Hub

Notify = Callable[[str, int], None]
"""Told (game_id, count) when the game's count changes; must not block (it enqueues)."""
Publish = Callable[[str, Message], Awaitable[None]]
MAX_SHOWN = 999  # a count above this is shown as this: the table says "999 watching"
HEARTBEAT_SECONDS = 5.0
FRESH_BEATS = 3  # another replica's count unheard for this many heartbeats is forgotten
MAX_REPLICAS = 64  # other replicas' counts kept per game
MAX_ANSWERS = 256  # answers to asks in flight at once; beyond, the asker waits for a heartbeat


class Audience:
    def __init__(self, hub: Hub | None = None, publish: Publish | None = None, replica: str | None = None,
                 heartbeat: float = HEARTBEAT_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self._hub, self._publish = hub, publish
        self.replica = replica or uuid.uuid4().hex[:12]
        self.heartbeat, self._clock = heartbeat, clock
        self._watchers: dict[str, Counter[str]] = {}  # game → spectator player → sockets
        self._listeners: dict[str, set[Notify]] = {}
        self._remote: dict[str, dict[str, tuple[int, float]]] = {}  # game → replica → (count, heard at)
        self._shared: dict[str, int] = {}  # game → this replica's count as last published (above 0)
        self._answers: set[asyncio.Task[None]] = set()
        self._beating: asyncio.Task[None] | None = None

    def count(self, game_id: str) -> int:
        remote = sum(n for n, _ in self._remote.get(game_id, {}).values())
        return min(self.local(game_id) + remote, MAX_SHOWN)

    def local(self, game_id: str) -> int:
        """The watchers this replica serves."""
        return len(self._watchers.get(game_id, ()))

    def start(self) -> None:
        self._beating = asyncio.create_task(self._beat_forever(), name="audience-heartbeat")

    async def stop(self) -> None:
        for task in [t for t in [self._beating, *self._answers] if t is not None]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def join(self, game_id: str, notify: Notify, spectator: str | None = None) -> None:
        """A socket on `game_id`; `spectator`: its player, when it watches as a spectator."""
        first = game_id not in self._listeners
        before = self.count(game_id)
        self._listeners.setdefault(game_id, set()).add(notify)
        if spectator is not None:
            self._watchers.setdefault(game_id, Counter())[spectator] += 1
        self._tell(game_id, before, always=notify)
        ask = first and self._hub is not None
        if ask and self._hub is not None:
            await self._hub.add(subjects.audience(game_id), self._heard)
        await self._share(game_id, ask)

    async def leave(self, game_id: str, notify: Notify, spectator: str | None = None) -> None:
        before = self.count(game_id)
        listeners = self._listeners.get(game_id, set())
        listeners.discard(notify)
        last = not listeners and self._listeners.pop(game_id, None) is not None
        watchers = self._watchers.get(game_id)
        if spectator is not None and watchers is not None and watchers[spectator] > 0:
            watchers[spectator] -= 1
            if watchers[spectator] == 0:
                del watchers[spectator]
            if not watchers:
                del self._watchers[game_id]
        if last:
            self._remote.pop(game_id, None)  # nobody here to tell: what others count is not needed
        self._tell(game_id, before)
        await self._share(game_id)
        if last and self._hub is not None:
            await self._hub.remove(subjects.audience(game_id), self._heard)

    def _tell(self, game_id: str, before: int, always: Notify | None = None) -> None:
        """Everyone on the game when its count changed; `always` (a newcomer) in any case."""
        now = self.count(game_id)
        for notify in list(self._listeners.get(game_id, ())):
            if now != before or notify is always:
                notify(game_id, now)

    # -- between replicas ----------------------------------------------------------------------

    def _heard(self, subject: str, message: BusMessage) -> None:
        """Another replica's count of a game this one serves."""
        game_id = subject.rsplit(".", 1)[-1]
        if (not isinstance(message, AudienceCount) or message.replica == self.replica
                or game_id not in self._listeners):
            return
        before = self.count(game_id)
        table = self._remote.setdefault(game_id, {})
        if message.count == 0:
            table.pop(message.replica, None)
        elif message.replica in table or len(table) < MAX_REPLICAS:
            table[message.replica] = (min(message.count, MAX_SHOWN), self._clock())
        if not table:
            del self._remote[game_id]
        self._tell(game_id, before)
        if message.ask and self.local(game_id) and len(self._answers) < MAX_ANSWERS:
            task = asyncio.get_running_loop().create_task(self._say(game_id))
            self._answers.add(task)
            task.add_done_callback(self._answers.discard)

    async def _share(self, game_id: str, ask: bool = False) -> None:
        """Publish this replica's count if it changed since it was last published (or to ask)."""
        now = self.local(game_id)
        if now == self._shared.get(game_id, 0) and not ask:
            return
        if now:
            self._shared[game_id] = now
        else:
            self._shared.pop(game_id, None)
        await self._say(game_id, ask)

    async def _say(self, game_id: str, ask: bool = False) -> None:
        if self._publish is None:
            return
        message = AudienceCount(self.replica, self.local(game_id), time.time(), ask)
        with contextlib.suppress(NatsError, OSError):  # NATS away: the next heartbeat tells it
            await self._publish(subjects.audience(game_id), message)

    async def _beat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            for game_id in list(self._shared):
                await self._say(game_id)
            self.expire()

    def expire(self) -> None:
        """Forget the counts of replicas not heard for `FRESH_BEATS` heartbeats (they died)."""
        since = self._clock() - FRESH_BEATS * self.heartbeat
        for game_id, table in list(self._remote.items()):
            before = self.count(game_id)
            for replica, (_, heard) in list(table.items()):
                if heard < since:
                    del table[replica]
            if not table:
                del self._remote[game_id]
            self._tell(game_id, before)
