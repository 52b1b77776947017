"""An in-memory event store: the fast fake for unit tests, held to the same contract as Postgres."""

from __future__ import annotations

import copy
from collections import defaultdict
from dataclasses import replace
from datetime import UTC, datetime

from daimyo_store.api import (
    LOG_START,
    Appended,
    AppendResult,
    ConcurrencyError,
    KnownEvents,
    LogPosition,
    NewEvent,
    RecordedEvent,
    Replayed,
    Snapshot,
    StreamNotFound,
)
from daimyo_store.commands import command_of
from daimyo_store.upcasting import Upcasters, upcast


class InMemoryEventStore:
    """Every append commits at once, so `read_all` never has an in-flight position to wait for."""

    def __init__(self, upcasters: Upcasters | None = None) -> None:
        self._upcasters = upcasters or {}
        self._streams: dict[str, list[RecordedEvent]] = {}
        self._log: list[RecordedEvent] = []
        self._snapshots: dict[str, Snapshot] = {}
        self._checkpoints: dict[str, LogPosition] = {}
        self._appends: defaultdict[str, list[int]] = defaultdict(list)  # per event: its append's id

    async def append(self, stream_id: str, expected_version: int, events: list[NewEvent]) -> AppendResult:
        key = command_of(events)
        already = self._find_command(stream_id, key[1], key[0]) if key else []
        if already:
            return Replayed(already)
        stream = self._streams.setdefault(stream_id, [])
        if len(stream) != expected_version:
            raise ConcurrencyError(f"{stream_id}: expected version {expected_version}, is {len(stream)}")
        recorded = [
            self._record(stream_id, expected_version + i, len(self._log) + i, e)
            for i, e in enumerate(events, start=1)
        ]
        stream.extend(recorded)
        self._appends[stream_id].extend([len(self._log)] * len(recorded))
        self._log.extend(recorded)
        return Appended(expected_version + len(events), [self._upcast(e) for e in recorded])

    @staticmethod
    def _record(stream_id: str, version: int, position: int, event: NewEvent) -> RecordedEvent:
        return RecordedEvent(
            stream_id=stream_id,
            version=version,
            type=event.type,
            data=copy.deepcopy(event.data),
            schema_version=event.schema_version,
            position=position,
            recorded_at=datetime.now(UTC),
            command_id=event.command_id,
            actor=event.actor,
        )

    def _upcast(self, event: RecordedEvent) -> RecordedEvent:
        schema_version, data = upcast(
            self._upcasters, event.type, event.schema_version, copy.deepcopy(event.data)
        )
        return replace(event, schema_version=schema_version, data=data)

    async def read_stream(self, stream_id: str, after_version: int = 0) -> list[RecordedEvent]:
        if stream_id not in self._streams or not self._streams[stream_id]:
            raise StreamNotFound(stream_id)
        return [self._upcast(e) for e in self._streams[stream_id][after_version:]]

    async def stream_version(self, stream_id: str) -> int:
        return len(self._streams.get(stream_id, []))

    async def previous(self, stream_id: str, command_id: str, actor: str = "",
                       expected_version: int = 0) -> Replayed | None:
        already = self._find_command(stream_id, command_id, actor) if command_id else []
        return Replayed(already) if already else None

    def _find_command(self, stream_id: str, command_id: str, actor: str) -> list[RecordedEvent]:
        stream = self._streams.get(stream_id, [])
        carrier = next((i for i, e in enumerate(stream) if (e.command_id, e.actor) == (command_id, actor)),
                       None)
        if carrier is None:
            return []
        append_id = self._appends[stream_id][carrier]
        return [
            self._upcast(e) for e, a in zip(stream, self._appends[stream_id], strict=True) if a == append_id
        ]

    async def read_all(self, after: LogPosition, limit: int = 500,
                       known: KnownEvents | None = None) -> list[RecordedEvent]:
        # One transaction order here (every append commits at once): positions alone order the
        # log. `known` saves a Postgres store decoding what its caller holds; nothing is decoded here.
        return [self._upcast(e) for e in self._log[after.position : after.position + limit]]

    async def save_snapshot(self, snapshot: Snapshot) -> None:
        current = self._snapshots.get(snapshot.stream_id)
        if current is None or current.version <= snapshot.version:
            self._snapshots[snapshot.stream_id] = copy.deepcopy(snapshot)

    async def load_snapshot(self, stream_id: str) -> Snapshot | None:
        return copy.deepcopy(self._snapshots.get(stream_id))

    async def get_checkpoint(self, name: str) -> LogPosition:
        return self._checkpoints.get(name, LOG_START)

    async def set_checkpoint(self, name: str, at: LogPosition) -> None:
        self._checkpoints[name] = at

    async def close(self) -> None:
        """Nothing to release; present so both stores can be closed alike."""
