"""The event store: the port (`api`), a Postgres and an in-memory implementation, migrations."""

from daimyo_store.api import (
    LOG_START,
    Appended,
    AppendResult,
    ConcurrencyError,
    EventStore,
    LogPosition,
    NewEvent,
    RecordedEvent,
    Replayed,
    Snapshot,
    StreamNotFound,
)
from daimyo_store.memory import InMemoryEventStore
from daimyo_store.migrations import DEFAULT_SCHEMA, apply_migrations
from daimyo_store.postgres import PostgresEventStore
from daimyo_store.upcasting import Upcaster, Upcasters, upcast

__all__ = [
    "DEFAULT_SCHEMA",
    "LOG_START",
    "AppendResult",
    "Appended",
    "ConcurrencyError",
    "EventStore",
    "InMemoryEventStore",
    "LogPosition",
    "NewEvent",
    "PostgresEventStore",
    "RecordedEvent",
    "Replayed",
    "Snapshot",
    "StreamNotFound",
    "Upcaster",
    "Upcasters",
    "apply_migrations",
    "upcast",
]
