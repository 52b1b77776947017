"""One NATS subscription per subject per gateway, shared by every socket that needs it.

Sockets register a listener; the first listener of a subject subscribes, the last one to leave
unsubscribes. Listeners are synchronous and must not block (they enqueue), so one slow browser
never delays the others. Core NATS fans a message out to every gateway instance that
subscribed, so any number of gateways can run side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from nats.aio.subscription import Subscription

from daimyo_bus import Bus
from daimyo_bus.bus import ConnectionWatcher
from daimyo_bus.messages import BusMessage, Message

Listener = Callable[[str, BusMessage], None]


class Hub:
    def __init__(self, bus: Bus) -> None:
        self._bus = bus
        self._listeners: dict[str, set[Listener]] = {}
        self._subscriptions: dict[str, Subscription] = {}
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}  # a subject's lock and its users
        self._connection_watchers: set[ConnectionWatcher] = set()
        bus.watch_connection(self._connection_changed)

    def watch_connection(self, watcher: ConnectionWatcher) -> None:
        """`watcher(False)` when NATS drops, `watcher(True)` when it is back (resync then: the
        messages published in between never arrive)."""
        self._connection_watchers.add(watcher)

    def unwatch_connection(self, watcher: ConnectionWatcher) -> None:
        self._connection_watchers.discard(watcher)

    def _connection_changed(self, connected: bool) -> None:
        for watcher in list(self._connection_watchers):
            watcher(connected)

    @property
    def subjects(self) -> int:
        return len(self._subscriptions)

    @contextlib.asynccontextmanager
    async def _locked(self, subject: str) -> AsyncIterator[None]:
        """The subject's lock, forgotten once nobody holds or awaits it (a lock per player ever
        seen would grow with every socket that ever opened)."""
        lock, users = self._locks.get(subject) or (asyncio.Lock(), 0)
        self._locks[subject] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[subject]
            if users == 1:
                del self._locks[subject]
            else:
                self._locks[subject] = (lock, users - 1)

    async def add(self, subject: str, listener: Listener) -> None:
        async with self._locked(subject):
            self._listeners.setdefault(subject, set()).add(listener)
            if subject not in self._subscriptions:
                self._subscriptions[subject] = await self._bus.subscribe(subject, self._deliver)
                with contextlib.suppress(TimeoutError):  # NATS away: sent on reconnection, then resynced
                    await self._bus.flush()  # the subscription is live on the server before we resync

    async def remove(self, subject: str, listener: Listener) -> None:
        async with self._locked(subject):
            listeners = self._listeners.get(subject, set())
            listeners.discard(listener)
            if listeners or subject not in self._subscriptions:
                return
            del self._listeners[subject]
            await self._subscriptions.pop(subject).unsubscribe()

    async def publish(self, subject: str, payload: Message) -> None:
        """Publish on the bus (chat lines go to every gateway whose sockets read that channel)."""
        await self._bus.publish(subject, payload)

    async def _deliver(self, subject: str, message: BusMessage) -> None:
        for listener in list(self._listeners.get(subject, ())):
            listener(subject, message)
