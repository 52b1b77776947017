"""The relay: publishes every appended event's views to NATS, in position order, at least once.

It reads the store's global log after its checkpoint (the store never returns a position
before an earlier one has committed), takes each game's state at that event — the one the
handler of this process computed when it appended it, else one fold step from its own cache,
else a load — publishes, flushes, and only then moves the checkpoint (with the catalogue's rows,
at most every `catalog_seconds` under load). A restart therefore republishes, never skips;
consumers dedupe by (game, version). Only the holder of the lease
runs; the timekeeper (clocks running out) runs inside its loop, so it too is active in one
replica only.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from daimyo_bus import subjects
from daimyo_bus.messages import (
    GameNotices,
    GameResult,
    Message,
    PlayerNotice,
    SeatAbandoned,
    SeatView,
    TurnNotice,
    WatchView,
)
from daimyo_game.aggregate import GameRecord, evolve, game_id_of
from daimyo_game.catalogue import GameCatalog
from daimyo_game.events import from_recorded
from daimyo_game.fanout import messages_for
from daimyo_game.handlers import summary_of, wall_clock_ms
from daimyo_game.metrics import GAMES_ACTIVE, RELAY_LAG, RELAY_PUBLISHED, RELAY_SKIPPED
from daimyo_game.repository import GameRepository
from daimyo_game.timekeeper import Timekeeper
from daimyo_kit import logging as log
from daimyo_kit.batches import BATCH_ITEMS
from daimyo_kit.lru import LruCache
from daimyo_kit.metrics import Children
from daimyo_rules.core import RuleError
from daimyo_store.api import LOG_START, EventStore, LogPosition, RecordedEvent

CHECKPOINT = "relay"
CATALOG_SECONDS = 0.5  # under load, how often the catalogue's versions and the checkpoint are saved
_PUBLISHED_OF = Children(RELAY_PUBLISHED)  # by the subject's kind, a fixed set
_KINDS: dict[type, str] = {SeatView: "seat", WatchView: "watch", TurnNotice: "turn", PlayerNotice: "player",
                           GameResult: "finished", SeatAbandoned: "abandoned",
                           GameNotices: "notices"}  # without parsing the subject
RELAY_BATCH = BATCH_ITEMS.labels("relay_events")  # events per batch the relay read and published
_log = log.get_logger("daimyo_game.relay")


class Publisher(Protocol):
    async def publish(self, subject: str, payload: Message) -> None: ...

    async def publish_durable(self, subject: str, payload: Message, message_id: str | None = None) -> int: ...

    async def flush(self, timeout: int = 2) -> None: ...


class Lease(Protocol):
    async def acquire(self) -> None: ...

    async def check(self) -> None: ...

    async def release(self) -> None: ...


class HandedOver(Protocol):
    """What the handlers of this process computed and appended (their repository), so the relay
    neither applies a move again nor decodes an event it could take from memory."""

    def cached_at(self, game_id: str, version: int) -> GameRecord | None: ...

    def appended(self, stream: str, version: int) -> RecordedEvent | None: ...


@dataclass(frozen=True)
class RelayConfig:
    """How the relay paces itself, and its clocks (tests pass their own)."""

    batch: int = 200  # events read and published per batch at most
    poll_seconds: float = 0.05  # how long an idle relay waits for a wakeup before reading again
    gather_seconds: float = 0.004  # after a part batch, how long the next appends may gather
    catalog_seconds: float = CATALOG_SECONDS
    now_ms: Callable[[], int] = wall_clock_ms  # the games' clock (what a published view shows)
    clock: Callable[[], float] = time.monotonic  # the relay's own pace


class Relay:
    def __init__(self, repository: GameRepository, publisher: Publisher, lease: Lease,
                 config: RelayConfig = RelayConfig(), *, catalog: GameCatalog | None = None,
                 timekeeper: Timekeeper | None = None, handed_over: HandedOver | None = None,
                 wakeup: asyncio.Event | None = None) -> None:
        """`repository` loads what nobody handed over (`handed_over`: by default what it holds itself)."""
        self.repository = repository
        self.store: EventStore = repository.store
        self.publisher = publisher
        self.lease = lease
        self.config = config
        self.catalog = catalog
        self.timekeeper = timekeeper
        self._handed_over = handed_over or repository
        self._wake = wakeup or asyncio.Event()
        self._games: LruCache[str, GameRecord] = LruCache(1024)
        self._position = LOG_START
        self._uncatalogued: dict[str, GameRecord] = {}  # games relayed since the last checkpoint
        self._saved_position = LOG_START
        self._saved_at = config.clock()

    def wake(self) -> None:
        """Something was appended in this process: look now rather than at the next poll."""
        self._wake.set()

    async def run(self) -> None:
        """Wait for the lease, then relay until cancelled."""
        await self.lease.acquire()
        _log.info("relay_lease_acquired")
        try:
            self._position = self._saved_position = await self.store.get_checkpoint(CHECKPOINT)
            if self.timekeeper is not None and self.catalog is not None:
                await self.timekeeper.seed(self.catalog)
            await asyncio.gather(self._relay_forever(), self._count_active_games())
        finally:
            await self.lease.release()

    async def run_once(self) -> int:
        """Publish every event after the checkpoint now; how many were published."""
        self._position = self._saved_position = await self.store.get_checkpoint(CHECKPOINT)
        total = 0
        while count := await self._relay_batch():
            total += count
        return total

    async def _relay_forever(self) -> None:
        last_check = time.monotonic()
        while True:
            relayed = await self._relay_batch()
            expired = await self._keep_time()  # also under load: a busy relay must not stop the clocks
            if not relayed:
                RELAY_LAG.set(0)
                if not expired:
                    await self._idle()
            elif relayed < self.config.batch:
                await self._gather()
            if time.monotonic() - last_check > 1.0:
                await self.lease.check()
                last_check = time.monotonic()

    async def _keep_time(self) -> int:
        return await self.timekeeper.expire_due() if self.timekeeper is not None else 0

    async def _gather(self) -> None:
        """After a part batch, let the next few appends arrive: each batch costs a read and a
        flush whatever its size, so under load larger batches cost less per move. The first event
        after a quiet spell still goes out at once."""
        await asyncio.sleep(self.config.gather_seconds)

    async def _idle(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), self.config.poll_seconds)
        self._wake.clear()

    async def _relay_batch(self) -> int:
        known = self._handed_over.appended
        events = await self.store.read_all(self._position, self.config.batch, known=known)
        touched: dict[str, GameRecord] = {}
        for recorded in events:
            record = await self._relay_event(recorded)
            if record is not None:
                touched[record.game_id] = record
        if not events:
            await self._save_progress(force=True)  # caught up: catalogue and checkpoint exactly current
            return 0
        RELAY_BATCH.observe(len(events))
        for record in touched.values():
            if self.timekeeper is not None:
                self.timekeeper.observe(record)
        await self.publisher.flush()
        self._uncatalogued.update(touched)
        self._position = LogPosition.of(events[-1])
        await self._save_progress(force=False)
        RELAY_LAG.set(max(0.0, time.time() - events[-1].recorded_at.timestamp()))
        return len(events)

    async def _relay_event(self, recorded: RecordedEvent) -> GameRecord | None:
        game_id = game_id_of(recorded.stream_id)
        if game_id is None:
            return None
        try:
            record = await self._game_at(game_id, recorded)
        except (KeyError, RuleError, ValueError) as e:  # an engine that is gone or changed its rules
            _log.error("relay_skipped_event", game_id=game_id, version=recorded.version, error=str(e))
            RELAY_SKIPPED.inc()
            return None
        for subject, payload in messages_for(record, from_recorded(recorded), self.config.now_ms()):
            await self._publish(subject, payload, recorded)
        return record

    async def _save_progress(self, force: bool) -> None:
        """The catalogue's rows of the games relayed since the last save, at their newest versions
        (never regresses) in one round trip, then the checkpoint: under load every
        `catalog_seconds`, at once (`force`) when the relay has caught up. What the catalogue must
        show at once — a new game, a seat changing hands, an end — the handlers wrote when they
        appended it; here only a version moves on (a lobby's "move 31" may lag by that much, and a
        restart republishes that much more), and rows the handlers failed to write catch up."""
        if self._position == self._saved_position:
            return
        if not force and self.config.clock() - self._saved_at < self.config.catalog_seconds:
            return
        records = list(self._uncatalogued.values())
        if self.catalog is not None and records:
            await self.catalog.upsert_game_summaries(
                [summary_of(r.game_id, r.created, r.version, r.outcome, r.takeovers) for r in records])
        await self.store.set_checkpoint(CHECKPOINT, self._position)
        self._uncatalogued.clear()
        self._saved_position, self._saved_at = self._position, self.config.clock()

    async def _publish(self, subject: str, message: Message, recorded: RecordedEvent) -> None:
        if isinstance(message, GameResult | SeatAbandoned):  # consumed durably; dedupe on republish
            await self.publisher.publish_durable(subject, message, f"{recorded.stream_id}:{recorded.version}")
        elif isinstance(message, GameNotices):  # its own id: a game's end also carries its result
            await self.publisher.publish_durable(subject, message,
                                                 f"{recorded.stream_id}:{recorded.version}:notices")
        else:
            await self.publisher.publish(subject, message)
        _PUBLISHED_OF(_KINDS.get(type(message)) or subjects.kind_of(subject)).inc()

    async def _game_at(self, game_id: str, recorded: RecordedEvent) -> GameRecord:
        """The game right after `recorded`: as the handler computed it, else one fold step from the
        cache, else a load."""
        cached = self._handed_over.cached_at(game_id, recorded.version) or self._games.get(game_id)
        if cached is not None and cached.version == recorded.version:
            record = cached
        elif cached is not None and cached.version == recorded.version - 1:
            record = evolve(cached, from_recorded(recorded), recorded.version, game_id, self.repository.games)
        else:
            record = await self.repository.load_at(game_id, recorded.version)
        self._games.put(game_id, record)
        return record

    async def _count_active_games(self) -> None:
        while self.catalog is not None:
            live = await self.catalog.list_games(None, live=True, finished=False, limit=100_000)
            GAMES_ACTIVE.set(len(live))
            await asyncio.sleep(10)
        await asyncio.Event().wait()
