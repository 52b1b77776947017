"""The Postgres event store (psycopg 3, async, pooled) behind the `EventStore` port.

Concurrency: the primary key (stream_id, version) admits one event per version, so a racing
append fails with a unique violation and surfaces as ConcurrencyError. Readers of the global
log only see rows whose writing transaction is older than every transaction still running
(`xid < pg_snapshot_xmin(pg_current_snapshot())`), in (xid, position) order: a `bigserial`
position is taken at insert, not commit, so a reader going by position could pass one that
commits later — even one below a row it has read, when two appends run at once (see
`api.LogPosition`). Every transaction that can still commit has an xid above all readable ones.
The price: a write transaction left open anywhere in the cluster holds readers back until it
ends (appends here are single statements, and sessions time out when idle in a transaction).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from psycopg import AsyncConnection, errors
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb, set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool

from daimyo_kit.batches import Batcher
from daimyo_kit.lru import LruCache
from daimyo_kit.retry import POOL_RECONNECT_TIMEOUT
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
from daimyo_store.migrations import DEFAULT_SCHEMA, checked_schema
from daimyo_store.upcasting import Upcasters, upcast

AUTHORS_KEPT = 16384  # versions; a stale retry arrives within moments of the move that passed it

# xid8 as a number (it counts from zero, wraparound epochs included, so it fits a bigint)
_TRANSACTION = "xid::text::bigint AS transaction"
_EVENT_COLUMNS = ("stream_id, version, type, schema_version, data, command_id, actor, recorded_at, position, "
                  + _TRANSACTION)
# What an insert returns: the appender has the rest (reading its data back would decode it again).
_INSERTED_COLUMNS = "stream_id, version, recorded_at, position, " + _TRANSACTION

# One statement, so one round trip: it inserts nothing unless the stream is at the expected
# version; two writers that both saw that version collide on the primary key instead. The
# events travel as one jsonb array (encoded by orjson in one call, not five arrays adapted
# element by element).
_INSERT_EVENTS = f"""
INSERT INTO events (stream_id, version, type, schema_version, data, command_id, actor)
SELECT %(stream_id)s, v.version, v.type, v.schema_version, v.data, v.command_id, v.actor
FROM jsonb_to_recordset(%(events)s::jsonb)
     AS v(n int, version int, type text, schema_version int, data jsonb, command_id text, actor text)
WHERE (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = %(stream_id)s) = %(expected)s
ORDER BY v.n
RETURNING {_INSERTED_COLUMNS}
"""

# The same for appends to several streams in one statement (a group commit): each stream's rows
# go in only if that stream is at its expected version. A conflict on any stream (a racing
# writer, a command id recorded before) fails the whole statement; each append is then retried
# alone, so the group changes how many round trips a move costs, never what an append does.
_INSERT_GROUP = f"""
INSERT INTO events (stream_id, version, type, schema_version, data, command_id, actor)
SELECT v.stream_id, v.version, v.type, v.schema_version, v.data, v.command_id, v.actor
FROM jsonb_to_recordset(%(events)s::jsonb)
     AS v(n int, stream_id text, expected int, version int, type text, schema_version int, data jsonb,
          command_id text, actor text)
WHERE (SELECT coalesce(max(e.version), 0) FROM events e WHERE e.stream_id = v.stream_id) = v.expected
ORDER BY v.n
RETURNING {_INSERTED_COLUMNS}
"""

_FIND_COMMAND = f"""
SELECT {_EVENT_COLUMNS} FROM events
WHERE stream_id = %(stream_id)s
  AND xid = (SELECT xid FROM events
             WHERE stream_id = %(stream_id)s AND actor = %(actor)s AND command_id = %(command_id)s)
ORDER BY version
"""

_AFTER = """
WHERE (xid, position) > (%s::text::xid8, %s) AND xid < pg_snapshot_xmin(pg_current_snapshot())
ORDER BY xid, position
LIMIT %s
"""
_READ_ALL = f"SELECT {_EVENT_COLUMNS} FROM events" + _AFTER

# The log's order without the events' data: the relay holds most events already (its process
# appended them), so only the others are read in full (`_READ_AT`), saving their decoding.
_READ_ALL_POSITIONS = "SELECT stream_id, version, position FROM events" + _AFTER

_READ_AT = f"SELECT {_EVENT_COLUMNS} FROM events WHERE position = ANY(%s)"


class PostgresEventStore:
    """One schema's event store over a pool of autocommit connections whose search_path is the
    schema: every method is a single statement (or two reads), each its own transaction."""

    def __init__(self, pool: AsyncConnectionPool, upcasters: Upcasters | None = None,
                 max_groups_in_flight: int = 2) -> None:
        self._pool = pool
        self._upcasters = upcasters or {}
        # (actor, command id) of each version this store appended lately: a command's events
        # follow the version it was decided on, so when this store appended that next version for
        # another command, a stale command is known to be no retry without a round trip.
        self._authors: LruCache[tuple[str, int], tuple[str, str | None]] = LruCache(AUTHORS_KEPT)
        self.group_commit: Batcher[_Append, list[dict[str, Any]]] = Batcher(
            self._insert_group, max_in_flight=max_groups_in_flight, name="event_appends")

    @classmethod
    async def open(
        cls,
        database_url: str,
        schema: str = DEFAULT_SCHEMA,
        upcasters: Upcasters | None = None,
        min_size: int = 1,
        max_size: int = 10,
        max_groups_in_flight: int = 2,
    ) -> PostgresEventStore:
        """A store with its own pool; the schema's migrations must be applied already."""
        pool = AsyncConnectionPool(
            database_url,
            min_size=min_size,
            max_size=max_size,
            kwargs={"options": _session_options(schema), "autocommit": True},
            configure=_use_fast_json,
            open=False,
            reconnect_timeout=POOL_RECONNECT_TIMEOUT,
        )
        await pool.open(wait=True)
        return cls(pool, upcasters, max_groups_in_flight)

    async def close(self, timeout: float = 5.0) -> None:
        """Close the pool, waiting at most `timeout` seconds for connections in use."""
        await self.group_commit.close()
        await self._pool.close(timeout=timeout)

    @property
    def pool(self) -> AsyncConnectionPool:
        return self._pool

    async def append(self, stream_id: str, expected_version: int, events: list[NewEvent]) -> AppendResult:
        # No lookup before the insert: a command id already recorded either fails the expected
        # version (the stream moved past it) or the unique index; both lead to the lookup below.
        key = command_of(events)
        try:
            recorded = await self._insert(stream_id, expected_version, events)
        except (ConcurrencyError, errors.UniqueViolation) as conflict:
            already = await self._find_command(stream_id, key[1], key[0]) if key else []
            if not already:
                raise ConcurrencyError(f"{stream_id} is not at version {expected_version}") from conflict
            return Replayed(already)  # a retry, or the same command racing itself
        else:
            for event in recorded:
                self._authors.put((stream_id, event.version), (event.actor, event.command_id))
            return Appended(expected_version + len(events), recorded)

    async def previous(self, stream_id: str, command_id: str, actor: str = "",
                       expected_version: int = 0) -> Replayed | None:
        author = self._authors.peek((stream_id, expected_version + 1)) if expected_version else None
        if not command_id or (author is not None and author != (actor, command_id)):
            return None
        already = await self._find_command(stream_id, command_id, actor)
        return Replayed(already) if already else None

    async def _insert(
        self, stream_id: str, expected_version: int, events: list[NewEvent]
    ) -> list[RecordedEvent]:
        if not events:
            await self._check_version(stream_id, expected_version)
            return []
        rows = await self.group_commit.submit(stream_id, _Append(stream_id, expected_version, events))
        if not rows:
            raise ConcurrencyError(f"{stream_id}: not at the expected version")
        by_version = {row["version"]: row for row in rows}
        return [self._inserted(by_version[expected_version + n], event) for n, event in enumerate(events, 1)]

    async def _insert_group(self, appends: Sequence[_Append]) -> list[list[dict[str, Any]] | BaseException]:
        """Each append's inserted rows (none: its stream was not at the expected version), in one
        statement; after a conflict, each append alone with its own outcome."""
        if len(appends) == 1:
            return [await self._insert_alone(appends[0])]
        try:
            async with self._pool.connection() as conn:
                rows = await _fetch(conn, _INSERT_GROUP, _group_params(appends))
        except errors.UniqueViolation:
            alone = (self._insert_alone(a) for a in appends)
            return list(await asyncio.gather(*alone, return_exceptions=True))
        by_stream: dict[str, list[dict[str, Any]]] = {a.stream_id: [] for a in appends}
        for row in rows:
            by_stream[row["stream_id"]].append(row)
        return [by_stream[a.stream_id] for a in appends]

    async def _insert_alone(self, append: _Append) -> list[dict[str, Any]]:
        async with self._pool.connection() as conn:
            return await _fetch(conn, _INSERT_EVENTS, _insert_params(append))

    async def _check_version(self, stream_id: str, expected_version: int) -> None:
        current = await self.stream_version(stream_id)
        if current != expected_version:
            raise ConcurrencyError(f"{stream_id}: expected version {expected_version}, is {current}")

    async def read_stream(self, stream_id: str, after_version: int = 0) -> list[RecordedEvent]:
        async with self._pool.connection() as conn:
            rows = await _fetch(
                conn,
                f"SELECT {_EVENT_COLUMNS} FROM events WHERE stream_id = %s AND version > %s ORDER BY version",
                [stream_id, after_version],
            )
            if not rows and await _stream_version(conn, stream_id) == 0:
                raise StreamNotFound(stream_id)
        return [self._event(row) for row in rows]

    async def stream_version(self, stream_id: str) -> int:
        async with self._pool.connection() as conn:
            return await _stream_version(conn, stream_id)

    async def _find_command(self, stream_id: str, command_id: str, actor: str) -> list[RecordedEvent]:
        async with self._pool.connection() as conn:
            rows = await _fetch(conn, _FIND_COMMAND,
                                {"stream_id": stream_id, "command_id": command_id, "actor": actor})
        return [self._event(row) for row in rows]

    async def read_all(self, after: LogPosition, limit: int = 500,
                       known: KnownEvents | None = None) -> list[RecordedEvent]:
        params = [str(after.transaction), after.position, limit]
        if known is None:
            async with self._pool.connection() as conn:
                rows = await _fetch(conn, _READ_ALL, params)
            return [self._event(row) for row in rows]
        async with self._pool.connection() as conn:
            headers = await _fetch(conn, _READ_ALL_POSITIONS, params)
            events: dict[int, RecordedEvent] = {}
            for row in headers:
                event = known(row["stream_id"], row["version"])
                if event is not None and event.position == row["position"]:
                    events[row["position"]] = event
            missing = [row["position"] for row in headers if row["position"] not in events]
            if missing:
                rows = await _fetch(conn, _READ_AT, [missing])
                events.update((row["position"], self._event(row)) for row in rows)
        return [events[row["position"]] for row in headers]

    async def save_snapshot(self, snapshot: Snapshot) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                "INSERT INTO snapshots (stream_id, version, state) VALUES (%s, %s, %s)"
                " ON CONFLICT (stream_id) DO UPDATE"
                " SET version = excluded.version, state = excluded.state, recorded_at = now()"
                " WHERE snapshots.version <= excluded.version",
                [snapshot.stream_id, snapshot.version, Jsonb(snapshot.state)],
            )

    async def load_snapshot(self, stream_id: str) -> Snapshot | None:
        async with self._pool.connection() as conn:
            rows = await _fetch(
                conn, "SELECT version, state FROM snapshots WHERE stream_id = %s", [stream_id]
            )
        if not rows:
            return None
        return Snapshot(stream_id=stream_id, version=rows[0]["version"], state=rows[0]["state"])

    async def get_checkpoint(self, name: str) -> LogPosition:
        async with self._pool.connection() as conn:
            rows = await _fetch(conn, f"SELECT {_TRANSACTION}, position FROM tracking WHERE name = %s",
                                [name])
        return LogPosition(int(rows[0]["transaction"]), int(rows[0]["position"])) if rows else LOG_START

    async def set_checkpoint(self, name: str, at: LogPosition) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                "INSERT INTO tracking (name, xid, position) VALUES (%s, %s::text::xid8, %s)"
                " ON CONFLICT (name) DO UPDATE SET xid = excluded.xid, position = excluded.position",
                [name, str(at.transaction), at.position],
            )

    def _inserted(self, row: dict[str, Any], event: NewEvent) -> RecordedEvent:
        """`event` as recorded in `row`, as `read_stream` would return it (its own data object)."""
        schema_version, data = upcast(self._upcasters, event.type, event.schema_version, event.data)
        return RecordedEvent(stream_id=row["stream_id"], version=row["version"], type=event.type, data=data,
                             schema_version=schema_version, position=row["position"],
                             recorded_at=row["recorded_at"], command_id=event.command_id, actor=event.actor,
                             transaction=row["transaction"])

    def _event(self, row: dict[str, Any]) -> RecordedEvent:
        schema_version, data = upcast(self._upcasters, row["type"], row["schema_version"], row["data"])
        return RecordedEvent(
            stream_id=row["stream_id"],
            version=row["version"],
            type=row["type"],
            data=data,
            schema_version=schema_version,
            position=row["position"],
            recorded_at=row["recorded_at"],
            command_id=row["command_id"],
            actor=row["actor"],
            transaction=row["transaction"],
        )


async def _fetch(conn: AsyncConnection, query: str, params: Any) -> list[dict[str, Any]]:
    cursor = conn.cursor(row_factory=dict_row)
    await cursor.execute(query, params)
    return await cursor.fetchall()


async def _stream_version(conn: AsyncConnection, stream_id: str) -> int:
    rows = await _fetch(
        conn, "SELECT coalesce(max(version), 0) AS v FROM events WHERE stream_id = %s", [stream_id]
    )
    return int(rows[0]["v"])


@dataclass(frozen=True)
class _Append:
    stream_id: str
    expected_version: int
    events: list[NewEvent]


def _group_params(appends: Sequence[_Append]) -> dict[str, Any]:
    return {"events": Jsonb(_event_rows(appends))}


def _insert_params(append: _Append) -> dict[str, Any]:
    return {"stream_id": append.stream_id, "expected": append.expected_version,
            "events": Jsonb(_event_rows([append]))}


def _event_rows(appends: Sequence[_Append]) -> list[dict[str, Any]]:
    """The appends' events as the statements' record set, numbered in order (`n`), each at its
    version (one append's statement ignores the stream and expected-version columns)."""
    rows = [{"stream_id": a.stream_id, "expected": a.expected_version, "version": a.expected_version + k,
             "type": e.type, "schema_version": e.schema_version, "data": e.data,
             "command_id": e.command_id, "actor": e.actor}
            for a in appends for k, e in enumerate(a.events, 1)]
    for n, row in enumerate(rows, 1):
        row["n"] = n
    return rows


async def _use_fast_json(conn: AsyncConnection) -> None:
    """jsonb in and out through orjson (several times quicker than the standard library)."""
    set_json_dumps(_dumps, conn)
    set_json_loads(_loads, conn)


def _dumps(value: Any) -> bytes:
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # e.g. an integer wider than 64 bits: the standard library takes it
        return json.dumps(value, separators=(",", ":"), allow_nan=False).encode()  # jsonb has no NaN


_LONG_DIGITS = re.compile(rb"\d{20}")


def _loads(data: bytes | str) -> Any:
    """orjson, except where a number may be wider than 64 bits (orjson would round it to a float)."""
    raw = data.encode() if isinstance(data, str) else bytes(data)
    return json.loads(raw) if _LONG_DIGITS.search(raw) else orjson.loads(raw)


def _session_options(schema: str) -> str:
    """The pool's session settings: the schema, and no transaction left idle for long (an open
    write transaction anywhere holds back every `read_all` reader, see the module docstring)."""
    return f"-c search_path={checked_schema(schema)} -c idle_in_transaction_session_timeout=30000"
