"""Batching: requests that arrive while earlier ones are on their way go together in the next.

Under load a call costs far more in fixed overhead (a Postgres statement's round trip and
commit, a gRPC call's setup and Python glue) than in what it carries: a hundred games each
appending one move should not pay a hundred of them. `Batcher.submit` sends its item at once
when fewer than `max_in_flight` batches are on their way (so a quiet service adds no latency);
otherwise it waits for the next batch, which takes everything queued by then. Each caller gets
its own item's result or exception.

A batch holds at most one item per key: e.g. two appends to one stream in one statement would
both pass the version check and collide on the primary key, failing the whole batch.
Uses: the event store's group commit, the gateway's moves to the game service.

The queue is bounded by its callers, each waiting for its own item: a gateway's by its sockets
(each sends its next move after the last one's answer), a store's by the calls its server
handles at once (`daimyo_kit.grpc_server.MAX_CONCURRENT_CALLS`).
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from prometheus_client import Histogram

BATCH_ITEMS = Histogram("daimyo_batch_items", "Items per batch sent (group commits, shared calls)",
                        ["batcher"], buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256))

Item = TypeVar("Item")
Result = TypeVar("Result")


@dataclass
class _Waiting(Generic[Item, Result]):
    key: Hashable
    item: Item
    future: asyncio.Future[Result]


class Batcher(Generic[Item, Result]):
    """Runs `commit(items)` for batches of queued items; `commit` returns one outcome (a result or
    an exception) per item, in order, and raises only when the whole batch failed alike."""

    def __init__(self, commit: Callable[[Sequence[Item]], Awaitable[Sequence[Result | BaseException]]],
                 max_in_flight: int = 2, max_group: int = 256, name: str = "batch") -> None:
        self._commit = commit
        self._sizes = BATCH_ITEMS.labels(name)
        self._max_in_flight = max_in_flight
        self._max_group = max_group
        self._queue: list[_Waiting[Item, Result]] = []
        self._running: set[asyncio.Task[None]] = set()
        self._closed = False
        self._starting = False  # a batch is started but has not taken its items yet
        self.groups = 0  # committed so far, for tests and benchmarks
        self.items = 0

    async def submit(self, key: Hashable, item: Item) -> Result:
        """`item`'s outcome once its group committed (or failed)."""
        if self._closed:
            raise RuntimeError("closed")
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._queue.append(_Waiting(key, item, future))
        self._start_groups()
        return await future

    async def close(self) -> None:
        """Stop: queued callers and groups on their way are cancelled."""
        self._closed = True
        for waiting in self._queue:
            waiting.future.cancel()
        self._queue.clear()
        for task in list(self._running):
            task.cancel()
        await asyncio.gather(*self._running, return_exceptions=True)

    def _start_groups(self) -> None:
        """Start a batch when there is room; it takes its items when it first runs, so whatever
        is queued in the same turn of the event loop goes with it."""
        if self._closed or self._starting or not self._queue or len(self._running) >= self._max_in_flight:
            return
        self._starting = True
        # A context of its own: the batch serves many callers, not the one whose submit started it
        # (whose request id would otherwise label everybody's call).
        task = asyncio.get_running_loop().create_task(self._run(), context=contextvars.Context())
        self._running.add(task)
        task.add_done_callback(self._finished)

    def _take_group(self) -> list[_Waiting[Item, Result]]:
        group: list[_Waiting[Item, Result]] = []
        later: list[_Waiting[Item, Result]] = []
        keys: set[Hashable] = set()
        for waiting in self._queue:
            if waiting.future.done():  # its caller was cancelled before it went out
                continue
            if waiting.key in keys or len(group) >= self._max_group:
                later.append(waiting)
            else:
                keys.add(waiting.key)
                group.append(waiting)
        self._queue = later
        return group

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._start_groups()

    async def _run(self) -> None:
        self._starting = False
        group = self._take_group()
        self._start_groups()  # what this batch left (a second item for a key) may go beside it
        if not group:
            return
        try:
            outcomes: Sequence[Result | BaseException] = await self._commit([w.item for w in group])
        except asyncio.CancelledError:
            for waiting in group:
                waiting.future.cancel()
            raise
        except Exception as failure:  # the whole group failed alike (e.g. the database is gone)
            outcomes = [failure] * len(group)
        self.groups += 1
        self.items += len(group)
        self._sizes.observe(len(group))
        for waiting, outcome in zip(group, outcomes, strict=True):
            if waiting.future.done():
                continue
            if isinstance(outcome, BaseException):
                waiting.future.set_exception(outcome)
            else:
                waiting.future.set_result(outcome)
