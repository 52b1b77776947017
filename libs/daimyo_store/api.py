"""The event store's port: what the game service needs from any store (Postgres or in-memory).

Both implementations pass the same contract suite (tests/contract/). Events are immutable
records; an old event shape is upcast on read, never rewritten.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple, Protocol


class ConcurrencyError(Exception):
    """Another writer appended at the expected version first (optimistic concurrency)."""


class StreamNotFound(Exception):
    """No event exists for this stream."""


@dataclass(frozen=True)
class NewEvent:
    """An event to append: past-tense `type`, JSON `data`, optional idempotency key (on one
    event of an append at most: the command's key is the whole append's).

    A command id is unique per (stream, actor): `actor` names who sent the command (e.g.
    "player:p1" or "driver"), so no actor can use up, or answer for, another actor's id."""

    type: str
    data: dict[str, Any]
    schema_version: int = 1
    command_id: str | None = None
    actor: str = ""


@dataclass(frozen=True)
class RecordedEvent:
    """An event as stored: its stream version (1-based), global position and the transaction
    that wrote it (the log's reading order, see `LogPosition`)."""

    stream_id: str
    version: int
    type: str
    data: dict[str, Any]
    schema_version: int
    position: int
    recorded_at: datetime
    command_id: str | None = None
    actor: str = ""
    transaction: int = 0


class LogPosition(NamedTuple):
    """Where a reader of the whole log stands: after the event at (`transaction`, `position`).

    The log is read in (transaction, position) order, not by position alone: a position is drawn
    when a row is inserted, not when its transaction commits, so an append whose transaction is
    older can hold higher positions than a concurrent one's. A reader that passed those positions
    would never see the other append's rows once they commit; every transaction that can still
    commit sorts after everything already readable (see `EventStore.read_all`)."""

    transaction: int = 0
    position: int = 0

    @classmethod
    def of(cls, event: RecordedEvent) -> LogPosition:
        return cls(event.transaction, event.position)


LOG_START = LogPosition()


@dataclass(frozen=True)
class Snapshot:
    stream_id: str
    version: int
    state: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Appended:
    """The append was recorded now: the stream is at `version`, `events` as recorded."""

    version: int
    events: list[RecordedEvent]


@dataclass(frozen=True)
class Replayed:
    """The append carried a command its actor had sent before: nothing was appended, and
    `previous` is what that command's first append recorded (the whole append, in order)."""

    previous: list[RecordedEvent]

    @property
    def version(self) -> int:
        return self.previous[-1].version


AppendResult = Appended | Replayed
"""The store's one answer to an append; every caller matches both."""


KnownEvents = Callable[[str, int], RecordedEvent | None]
"""(stream_id, version) → the recorded event if the caller holds it (see `EventStore.read_all`)."""


class EventStore(Protocol):
    async def append(self, stream_id: str, expected_version: int, events: list[NewEvent]) -> AppendResult:
        """Append after `expected_version` (0 for a new stream) atomically: `Appended`, or
        ConcurrencyError if the stream's version differs. Idempotency is decided here and nowhere
        else: an append carrying a command id its actor already used in this stream appends
        nothing and answers `Replayed` with that command's first append, whatever the version.
        (One event of an append at most may carry a command id — ValueError otherwise.)"""

    async def read_stream(self, stream_id: str, after_version: int = 0) -> list[RecordedEvent]:
        """The stream's events with version > after_version, in order (upcast); StreamNotFound
        when the stream has no event at all."""

    async def stream_version(self, stream_id: str) -> int:
        """The last version of the stream (0 if it does not exist)."""

    async def previous(self, stream_id: str, command_id: str, actor: str = "",
                       expected_version: int = 0) -> Replayed | None:
        """What an append of `actor`'s `command_id` would answer now if it was recorded before
        (None if not): for a command refused before it could be appended (a retry arriving
        stale). `expected_version` (0: unknown) is the version the command was decided on, so
        its events would follow it: a store that appended that next version itself, for another
        command, may answer None without reading."""

    async def read_all(self, after: LogPosition, limit: int = 500,
                       known: KnownEvents | None = None) -> list[RecordedEvent]:
        """Events after `after` in log order, never skipping one whose transaction commits late
        (only transactions older than every one still running are read; see `LogPosition`).
        A stream's events come in version order. `known(stream_id, version)` may supply events the
        caller already holds (those it appended), which the store then need not read back; it
        must return the event as recorded (its position is checked) or None."""

    async def save_snapshot(self, snapshot: Snapshot) -> None: ...

    async def load_snapshot(self, stream_id: str) -> Snapshot | None: ...

    async def get_checkpoint(self, name: str) -> LogPosition:
        """A reader's saved place in the log (`LOG_START` when none)."""

    async def set_checkpoint(self, name: str, at: LogPosition) -> None: ...
