"""A small async wrapper over nats-py: typed messages, callbacks, and the games JetStream.

Connections reconnect forever (a NATS restart must not take a service down). Core
publish/subscribe serves live views; the `DAIMYO_GAMES` stream lets late subscribers and
the matchmaker consume durably and dedupes republished messages by their message id.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import timedelta
from typing import Any

import nats
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.aio.subscription import Subscription
from nats.errors import Error as NatsError
from nats.js.api import (
    ConsumerConfig,
    DeliverPolicy,
    DiscardPolicy,
    RetentionPolicy,
    StorageType,
    StreamConfig,
)
from nats.js.errors import NotFoundError

from daimyo_bus import messages, subjects
from daimyo_bus.messages import BadMessage, BusMessage, Message
from daimyo_kit import credentials
from daimyo_kit.batches import Batcher
from daimyo_kit.retry import NATS_RECONNECT_WAIT_SECONDS, backoff_delay

Handler = Callable[[str, BusMessage], Awaitable[None]]
"""Called with (subject, the typed message `messages.decode` made of the bytes)."""

BatchHandler = Callable[[list[tuple[str, BusMessage]]], Awaitable[None]]
"""Called with every well-formed (subject, message) of one pulled batch (`Bus.consume_batches`)."""

ConnectionWatcher = Callable[[bool], None]
"""Called with False when the NATS connection drops and True when it is restored."""

_log = logging.getLogger(__name__)

PULL_PAUSE_FLOOR = 0.1  # seconds between failed pulls at the least: a failing server never spins us
CLOSE_TIMEOUT = 5.0


def encode(payload: Message | bytes | Any) -> bytes:
    """A typed message's own encoding; bytes as they are; anything else (tools, tests) as JSON."""
    if isinstance(payload, bytes):
        return payload
    if hasattr(payload, "encode") and not isinstance(payload, str):
        return bytes(payload.encode())
    return messages.dumps(payload)


def decode(subject: str, data: bytes) -> BusMessage:
    return messages.decode(subject, data)


def games_stream_config(max_age: timedelta = timedelta(days=7)) -> StreamConfig:
    """The games stream: only what a durable consumer reads (finished, abandoned), bounded by
    age and messages per subject. Seat views, spectator views and turns are never retained."""
    return StreamConfig(
        name=subjects.GAMES_STREAM,
        subjects=list(subjects.GAMES_STREAM_SUBJECTS),
        retention=RetentionPolicy.LIMITS,
        storage=StorageType.FILE,
        discard=DiscardPolicy.OLD,
        max_age=max_age.total_seconds(),
        max_msgs_per_subject=1000,
        max_bytes=1 << 30,
        duplicate_window=120.0,
    )


class Bus:
    """One NATS connection; close it with `close()` (drains subscriptions)."""

    def __init__(self, client: Client, watchers: list[ConnectionWatcher] | None = None) -> None:
        self._nc = client
        self._js = client.jetstream()
        self._tasks: set[asyncio.Task[None]] = set()
        self._pull_subs: list[Any] = []
        self._watchers = watchers if watchers is not None else []
        self._closing = False
        # Callers that flush while a flush is out share the next one: each flush is a PING and a
        # wait for its PONG, and every socket subscribing to a game asks for one.
        self._flushes: Batcher[int, None] = Batcher(self._flush_together, max_in_flight=1,
                                                       max_group=1024, name="nats_flushes")
        self._flush_callers = itertools.count()
        _absorb_late_pongs(client)

    @classmethod
    async def connect(cls, url: str, name: str = "daimyo", role: str | None = None,
                      env: Mapping[str, str] | None = None) -> Bus:
        """Connect as `role` (daimyo_kit.credentials: its user and inbox prefix) when its
        credentials are configured, else anonymously (a NATS without authentication); no role:
        the operator login when configured (tests, tools)."""
        watchers: list[ConnectionWatcher] = []
        login = credentials.nats_login(role, os.environ if env is None else env)
        auth = {"user": login[0], "password": login[1]} if login else {}

        async def disconnected() -> None:
            _tell(watchers, False)

        async def reconnected() -> None:
            _tell(watchers, True)

        client = await nats.connect(
            servers=[url],
            name=name,
            max_reconnect_attempts=-1,
            reconnect_time_wait=NATS_RECONNECT_WAIT_SECONDS,
            allow_reconnect=True,
            disconnected_cb=disconnected,
            reconnected_cb=reconnected,
            inbox_prefix=credentials.inbox_prefix(role),
            **auth,
        )
        return cls(client, watchers)

    def watch_connection(self, watcher: ConnectionWatcher) -> None:
        """Call `watcher(False)` when the connection drops and `watcher(True)` once it is back
        (subscriptions are restored by then; what was published meanwhile is not)."""
        self._watchers.append(watcher)

    @property
    def client(self) -> Client:
        return self._nc

    @property
    def is_connected(self) -> bool:
        return bool(self._nc.is_connected)

    async def publish(self, subject: str, payload: Message | bytes) -> None:
        """Fire and forget over core NATS (subscribers that are not connected miss it). nats-py
        buffers publishes until its flusher runs, so a burst leaves in few socket writes."""
        await self._nc.publish(subject, encode(payload))

    async def flush(self, timeout: int = 2) -> None:
        """Wait until the server has everything sent before this call (a PING after it answered)."""
        await self._flushes.submit(next(self._flush_callers), timeout)

    async def _flush_together(self, timeouts: Sequence[int]) -> list[None]:
        await self._nc.flush(timeout=max(timeouts))
        return [None] * len(timeouts)

    async def subscribe(self, subject: str, handler: Handler, queue: str = "") -> Subscription:
        """Call `handler` for each message on `subject` (wildcards allowed; a queue group shares)."""

        async def on_message(msg: Msg) -> None:
            await _dispatch(handler, msg)

        return await self._nc.subscribe(subject, queue=queue, cb=on_message)

    async def ensure_games_stream(self, config: StreamConfig | None = None) -> None:
        """Create or update the `DAIMYO_GAMES` stream (idempotent; the relay's job). What an
        older configuration retained beyond the kept subjects (seat views) is purged."""
        config = config or games_stream_config()
        name = config.name or subjects.GAMES_STREAM
        try:
            info = await self._js.stream_info(name)
        except NotFoundError:
            await self._js.add_stream(config)
            return
        kept = set(config.subjects or ())
        for dropped in set(info.config.subjects or ()) - kept:
            await self._js.purge_stream(name, subject=dropped)
        await self._js.update_stream(config)

    async def wait_for_games_stream(self, every_s: float = 0.5, keeping: str | None = None) -> None:
        """Wait until the relay has created the games stream (consumers may not create it) and,
        with `keeping`, until it keeps that subject (a relay of an older release, still running
        during an upgrade, keeps fewer, and a consumer filtering on more is refused)."""
        while True:
            try:
                info = await self._js.stream_info(subjects.GAMES_STREAM)
                if keeping is None or keeping in (info.config.subjects or ()):
                    return
            except NotFoundError:
                pass
            await asyncio.sleep(every_s)

    async def publish_durable(self, subject: str, payload: Message | bytes,
                              message_id: str | None = None) -> int:
        """Publish into the games stream and wait for its ack; the stream's sequence number.
        A repeated `message_id` within the duplicate window is stored once."""
        headers = {"Nats-Msg-Id": message_id} if message_id else None
        ack = await self._js.publish(subject, encode(payload), headers=headers)
        return int(ack.seq)

    async def consume(
        self, subject_filter: str, durable: str, handler: Handler, batch: int = 50,
        only_new: bool = False,
    ) -> asyncio.Task[None]:
        """Consume the games stream durably (replicas sharing `durable` share the work).
        A message is acked after `handler` returns and redelivered if it raises. A new durable
        starts at the oldest kept message, or with `only_new` at the next one published."""
        return await self._start_pulling(subject_filter, durable, only_new,
                                         lambda sub: _pull_once(sub, handler, batch))

    async def consume_batches(
        self, subject_filter: str, durable: str, handler: BatchHandler, batch: int = 200,
        only_new: bool = False,
    ) -> asyncio.Task[None]:
        """`consume`, a pulled batch at a time: `handler` gets the batch's well-formed messages
        (a consumer that commits them in one transaction), all acked once it returns and all
        redelivered if it raises; malformed ones are acked and dropped."""
        return await self._start_pulling(subject_filter, durable, only_new,
                                         lambda sub: _pull_batch_once(sub, handler, batch))

    async def _start_pulling(self, subject_filter: str, durable: str, only_new: bool,
                             pull: Callable[[Any], Awaitable[None]]) -> asyncio.Task[None]:
        policy = DeliverPolicy.NEW if only_new else DeliverPolicy.ALL
        sub = await self._js.pull_subscribe(subject_filter, durable=durable, stream=subjects.GAMES_STREAM,
                                            config=ConsumerConfig(deliver_policy=policy))
        self._pull_subs.append(sub)
        task = asyncio.create_task(self._pull_loop(sub, pull), name=f"consume:{durable}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _pull_loop(self, sub: Any, pull: Callable[[Any], Awaitable[None]]) -> None:
        """Fetch and handle until cancelled or closed; a NATS outage pauses it (the consumer
        and its unacked messages live on the server), it never ends it. Failed pulls back off
        (never under PULL_PAUSE_FLOOR) and are logged once per outage, not once per pull."""
        failures = 0
        while not self._stopping():
            try:
                await pull(sub)
                failures = 0
            except TimeoutError:  # nothing new, or no answer while NATS is away
                continue
            except NatsError as e:  # nats-py turns a cancelled fetch on a closed connection into one
                if self._stopping():
                    return
                failures += 1
                if failures == 1 or failures % 20 == 0:
                    _log.warning("pull from the games stream failed %d time(s) (%s); retrying",
                                 failures, type(e).__name__)
                await asyncio.sleep(PULL_PAUSE_FLOOR + backoff_delay(failures, 0.2, 5.0))

    def _stopping(self) -> bool:
        task = asyncio.current_task()
        return self._closing or (task is not None and task.cancelling() > 0)

    async def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Stop the consumers and drain the connection within about `timeout` seconds,
        whether or not the server answers (then the connection is simply closed)."""
        self._closing = True
        await self._flushes.close()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=timeout * 0.3)
        for sub in self._pull_subs:
            with contextlib.suppress(Exception):  # already gone when the connection dropped
                await asyncio.wait_for(sub.unsubscribe(), timeout * 0.1)
        await self._drain_or_close(timeout * 0.5)

    async def _drain_or_close(self, timeout: float) -> None:
        if self._nc.is_closed:
            return
        if self._nc.is_connected:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._nc.drain(), timeout)
        if not self._nc.is_closed:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._nc.close(), 1.0)


def _absorb_late_pongs(client: Client) -> None:
    """Work around nats-py: a flush that timed out leaves its cancelled future first in line,
    and the late PONG then raises InvalidStateError in the read loop, which ends it; the
    connection stays "connected" but receives nothing more (seen right after a NATS restart).
    Here such a PONG retires its own cancelled future instead."""
    process_pong = client._process_pong

    async def tolerant_process_pong() -> None:
        pongs = client._pongs
        if pongs and pongs[0].done():
            pongs.pop(0)
            client._pings_outstanding = 0
            return
        await process_pong()

    client._process_pong = tolerant_process_pong  # type: ignore[method-assign]


def _tell(watchers: list[ConnectionWatcher], connected: bool) -> None:
    for watcher in list(watchers):
        watcher(connected)


async def _pull_once(sub: Any, handler: Handler, batch: int) -> None:
    for msg in await sub.fetch(batch, timeout=1.0):
        await _handle_and_ack(handler, msg)


async def _pull_batch_once(sub: Any, handler: BatchHandler, batch: int) -> None:
    msgs = await sub.fetch(batch, timeout=1.0)
    decoded = []
    for msg in msgs:
        try:
            decoded.append((msg.subject, decode(msg.subject, msg.data)))
        except BadMessage as e:  # redelivering it would fail forever: drop it
            _log.error("malformed message on %s dropped: %s", msg.subject, e)
    try:
        await handler(decoded)
    except Exception:
        _log.exception("durable batch handler failed for %d messages; redelivering", len(decoded))
        await asyncio.gather(*(msg.nak(delay=1.0) for msg in msgs))
        return
    await asyncio.gather(*(msg.ack() for msg in msgs))


async def _dispatch(handler: Handler, msg: Msg) -> None:
    try:
        await handler(msg.subject, decode(msg.subject, msg.data))
    except Exception:  # a subscriber's failure must not kill the connection's reader
        _log.exception("handler failed for %s", msg.subject)


async def _handle_and_ack(handler: Handler, msg: Msg) -> None:
    try:
        message = decode(msg.subject, msg.data)
    except BadMessage as e:  # redelivering it would fail forever: drop it
        _log.error("malformed message on %s dropped: %s", msg.subject, e)
        await msg.ack()
        return
    try:
        await handler(msg.subject, message)
    except Exception:
        _log.exception("durable handler failed for %s; redelivering", msg.subject)
        await msg.nak(delay=1.0)
        return
    await msg.ack()
