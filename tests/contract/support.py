"""Helpers shared by the contract tests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from daimyo_store import RecordedEvent
from daimyo_store.api import EventStore, LogPosition

StoreFactory = Callable[..., Awaitable[EventStore]]


async def read_all_settled(
    store: EventStore, after: LogPosition, expected: int, timeout: float = 10.0
) -> list[RecordedEvent]:
    """`read_all` once `expected` events are visible: a write transaction elsewhere on a shared
    server holds back what Postgres readers may see (on purpose), briefly."""
    deadline = time.monotonic() + timeout
    while True:
        events = await store.read_all(after, limit=expected + 100)
        if len(events) >= expected or time.monotonic() > deadline:
            return events
        await asyncio.sleep(0.05)
