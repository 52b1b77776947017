"""The event store's port: what the game service needs from any store (Postgres or in-memory).

Both implementations pass the same contract suite (tests/contract/). Events are immutable
records; an old event shape is upcast on read, never rewritten.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


class ConcurrencyError(Exception):
    """Another writer appended at the expected version first (optimistic concurrency)."""


class StreamNotFound(Exception):
    """No event exists for this stream."""


@dataclass(frozen=True)
class NewEvent:
    """An event to append: past-tense `type`, JSON `data`, optional idempotency key.

    A command id is unique per (stream, actor): `actor` names who sent the command (e.g.
    "player:p1" or "driver"), so no actor can use up, or answer for, another actor's id."""

    type: str
    data: dict[str, Any]
    schema_version: int = 1
    command_id: str | None = None
    actor: str = ""


@dataclass(frozen=True)
class RecordedEvent:
    """An event as stored: its stream version (1-based) and global position."""

    stream_id: str
    version: int
    type: str
    data: dict[str, Any]
    schema_version: int
    position: int
    recorded_at: datetime
    command_id: str | None = None
    actor: str = ""


@dataclass(frozen=True)
class Snapshot:
    stream_id: str
    version: int
    state: dict[str, Any] = field(default_factory=dict)


class EventStore(Protocol):
    async def append(
        self, stream_id: str, expected_version: int, events: list[NewEvent]
    ) -> list[RecordedEvent]:
        """Append after `expected_version` (0 for a new stream) atomically; ConcurrencyError if
        the stream's version differs. An event whose command_id that actor already used in this
        stream is not appended again: the originally recorded events of that command are returned.
        (A command id may appear on one event of an append only — ValueError otherwise; the
        "events of that command" are every event of the append that carried it.)"""

    async def read_stream(self, stream_id: str, after_version: int = 0) -> list[RecordedEvent]:
        """The stream's events with version > after_version, in order (upcast); StreamNotFound
        when the stream has no event at all."""

    async def stream_version(self, stream_id: str) -> int:
        """The last version of the stream (0 if it does not exist)."""

    async def find_command(self, stream_id: str, command_id: str, actor: str = "") -> list[RecordedEvent]:
        """The events recorded for `actor`'s `command_id` in that stream: the whole append that
        carried it, in version order ([] if none)."""

    async def read_all(self, after_position: int, limit: int = 500) -> list[RecordedEvent]:
        """Events with position > after_position in position order, never skipping one whose
        transaction commits late (only positions below every in-flight append are returned)."""

    async def save_snapshot(self, snapshot: Snapshot) -> None: ...

    async def load_snapshot(self, stream_id: str) -> Snapshot | None: ...

    async def get_checkpoint(self, name: str) -> int:
        """A tracking checkpoint (0 when none)."""

    async def set_checkpoint(self, name: str, position: int) -> None: ...


# --- Extensions (beyond the original port) -------------------------------------------------


@dataclass(frozen=True)
class GameSummary:
    """One row of the games catalogue: what a lobby lists, kept beside the event stream.

    `seats` holds one JSON object per seat, e.g. {"player_id": "p1", "display_name": "Ann"} or
    {"bot_level": "greedy"}. The catalogue is a read model: the event stream stays the truth.
    """

    game_id: str
    game: str
    seats: list[dict[str, Any]]
    version: int = 0
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    created_at: datetime | None = None
    listed: bool = True  # False: a private table without spectators (kept out of public lists)


class GameCatalog(Protocol):
    async def upsert_game_summary(self, summary: GameSummary) -> None:
        """Insert or update a game's row; an older `version` never overwrites a newer one.
        `created_at` is set on first insert (now when None) and kept afterwards."""

    async def upsert_game_summaries(self, summaries: list[GameSummary]) -> None:
        """`upsert_game_summary` for each, in one round trip (at most one summary per game)."""

    async def get_game_summary(self, game_id: str) -> GameSummary | None: ...

    async def list_games(
        self, player_id: str | None = None, live: bool = True, finished: bool = True, limit: int = 50,
        listed_only: bool = False,
    ) -> list[GameSummary]:
        """Newest first; only games seating `player_id` when given. `live`/`finished` select
        running and finished games; both False means both (like an unset proto filter);
        `listed_only` leaves out unlisted (private, no spectators) games."""
