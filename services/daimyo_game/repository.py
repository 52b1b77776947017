"""Loading games from the event store: warm cache → snapshot + tail → full replay; and appending.

A cached game is used after the store confirms nothing was appended after it (any replica
may have moved the game on) — or, for a move, unconfirmed (`check=False`): the append's
expected version is the check, and a refusal on a stale copy is retried on a confirmed one
(see `handlers.submit_move`). Snapshots are written every `snapshot_every` events. Whether an
append was a retry is the store's answer (`Appended | Replayed`), never decided here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from daimyo_game.aggregate import GameRecord, GameResolver, Takeover, fold, stream_id
from daimyo_game.clocks import Clock
from daimyo_game.errors import Malformed, NotFound
from daimyo_game.events import created_from_json, created_to_json, from_recorded
from daimyo_kit.lru import LruCache
from daimyo_store.api import (
    Appended,
    AppendResult,
    EventStore,
    NewEvent,
    RecordedEvent,
    Snapshot,
    StreamNotFound,
)

SNAPSHOT_FORMAT = 1
APPENDED_KEPT = 4096  # events; a few seconds of appends at full speed


class GameRepository:
    def __init__(self, store: EventStore, games: GameResolver, cache_size: int = 256,
                 snapshot_every: int = 50) -> None:
        self.store = store
        self.games = games
        self.snapshot_every = snapshot_every
        self._cache: LruCache[str, GameRecord] = LruCache(cache_size)
        # What this process appended, until the relay reads it back from the log: the relay then
        # takes the event from here instead of decoding it again (bounded: a relay that is
        # elsewhere or behind reads the rest from the store).
        self._appended: LruCache[tuple[str, int], RecordedEvent] = LruCache(APPENDED_KEPT)

    async def load(self, game_id: str, check: bool = True) -> GameRecord:
        """The game at its newest version (`check=False`: the cached copy unconfirmed, if any)."""
        cached = self._cache.get(game_id)
        if cached is not None and not check:
            return cached
        if cached is not None and await self.store.stream_version(stream_id(game_id)) == cached.version:
            return cached
        if cached is None:
            record = await self._load_cold(game_id, None)
        else:
            record = self._fold(cached, await self._read(game_id, cached.version), game_id) or cached
        self._cache.put(game_id, record)
        return record

    async def load_at(self, game_id: str, version: int) -> GameRecord:
        """The game as it was at `version` (Malformed if the stream never reached it)."""
        cached = self._cache.get(game_id)
        if cached is not None and cached.version == version:
            return cached
        record = await self._load_cold(game_id, version)
        if record.version != version:
            raise Malformed(
                f"version {version} does not exist; this game is at version {record.version}")
        return record

    async def read_events(self, game_id: str, after_version: int = 0) -> list[RecordedEvent]:
        return await self._read(game_id, after_version)

    async def append(self, before: GameRecord, after: GameRecord, events: list[NewEvent]) -> AppendResult:
        """Append `events` at `before.version` (ConcurrencyError if another writer was first);
        once appended, `after` is the game."""
        answer = await self.store.append(stream_id(before.game_id), before.version, events)
        if isinstance(answer, Appended):
            self._cache.put(after.game_id, after)
            self.hand_over(answer.events)
            await self._maybe_snapshot(before.version, after)
        return answer

    def cached_at(self, game_id: str, version: int) -> GameRecord | None:
        """The game at `version` if this process computed it (appended it, or loaded it) and still
        holds it — so the relay publishes what the handler computed instead of applying it again."""
        cached = self._cache.peek(game_id)
        return cached if cached is not None and cached.version == version else None

    def hand_over(self, recorded: list[RecordedEvent]) -> None:
        """Keep events this process appended (by any path) for the relay's `appended`."""
        for event in recorded:
            self._appended.put((event.stream_id, event.version), event)

    def appended(self, stream: str, version: int) -> RecordedEvent | None:
        """The event this process appended at (`stream`, `version`), handed over once (to the
        relay's `read_all`, as its `known` events)."""
        return self._appended.pop((stream, version))

    def remember(self, record: GameRecord) -> None:
        self._cache.put(record.game_id, record)

    def remember_created(self, game_id: str, recorded: list[RecordedEvent]) -> None:
        """Cache a game this process just created, so its first view, move and relay do not load it
        (not over a copy already held: a retried creation must not roll a game back)."""
        record = self._fold(None, recorded, game_id) if self._cache.peek(game_id) is None else None
        if record is not None:
            self._cache.put(game_id, record)

    async def _load_cold(self, game_id: str, up_to: int | None) -> GameRecord:
        base = await self._snapshot_base(game_id, up_to)
        tail = await self._read(game_id, base.version if base else 0)
        if up_to is not None:
            tail = [e for e in tail if e.version <= up_to]
        record = self._fold(base, tail, game_id)
        if record is None:
            raise NotFound("no such game")
        return record

    async def _read(self, game_id: str, after_version: int) -> list[RecordedEvent]:
        try:
            return await self.store.read_stream(stream_id(game_id), after_version)
        except StreamNotFound as e:
            raise NotFound("no such game") from e

    def _fold(self, base: GameRecord | None, tail: list[RecordedEvent], game_id: str) -> GameRecord | None:
        return fold(base, ((e.version, from_recorded(e)) for e in tail), game_id, self.games)

    async def _snapshot_base(self, game_id: str, up_to: int | None) -> GameRecord | None:
        snapshot = await self.store.load_snapshot(stream_id(game_id)) if self.snapshot_every else None
        if snapshot is None or (up_to is not None and snapshot.version > up_to):
            return None
        return record_from_snapshot(game_id, snapshot, self.games)

    async def _maybe_snapshot(self, before_version: int, after: GameRecord) -> None:
        every = self.snapshot_every
        if every and after.version // every > before_version // every:
            state = snapshot_state(after)
            await self.store.save_snapshot(Snapshot(stream_id(after.game_id), after.version, state))


def snapshot_state(record: GameRecord) -> dict[str, Any]:
    """The snapshot of a game: its creation, the engine's whole state, clocks and takeovers."""
    return {"format": SNAPSHOT_FORMAT, "created": created_to_json(record.created),
            "engine": record.engine.to_json(record.state), "outcome": record.outcome,
            "finished_version": record.finished_version,
            "clock": record.clock.to_json() if record.clock else None,
            "takeovers": {str(seat): vars(t) for seat, t in record.takeovers.items()}}


def record_from_snapshot(game_id: str, snapshot: Snapshot, games: GameResolver) -> GameRecord | None:
    """The game stored in `snapshot`, or None when the snapshot cannot be used (then replay it all)."""
    data = snapshot.state
    if data.get("format") != SNAPSHOT_FORMAT:
        return None
    created = created_from_json(data["created"])
    engine = games(created.game)
    record = GameRecord(game_id, created, engine, engine.from_json(data["engine"]), snapshot.version)
    clock = Clock.from_json(data["clock"]) if data.get("clock") else None
    taken = {int(seat): Takeover(**t) for seat, t in (data.get("takeovers") or {}).items()}
    return replace(record, outcome=data.get("outcome"), finished_version=data.get("finished_version", 0),
                   clock=clock, takeovers=taken)
