"""The Postgres event store against a real server: late commits, replicas racing, isolation."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import AsyncIterator, Callable

import psycopg
import pytest
from psycopg import sql

from daimyo_store import (
    LOG_START,
    Appended,
    AppendResult,
    ConcurrencyError,
    LogPosition,
    NewEvent,
    PostgresEventStore,
    RecordedEvent,
    Replayed,
)
from tests.support.event_rows import connect, insert_uncommitted

pytestmark = pytest.mark.integration


def appended_now(answer: AppendResult) -> list[RecordedEvent]:
    """The events an append recorded now (failing the test if it was answered as a replay)."""
    assert isinstance(answer, Appended), answer
    return answer.events


@pytest.fixture
async def store(database_url: str, fresh_schema: str) -> AsyncIterator[PostgresEventStore]:
    opened = await PostgresEventStore.open(database_url, fresh_schema, max_size=4)
    yield opened
    await opened.close()


async def test_read_all_waits_for_an_earlier_position_that_commits_late(
    store: PostgresEventStore, database_url: str, fresh_schema: str
) -> None:
    slow = await connect(database_url, fresh_schema)
    try:
        slow_position = await insert_uncommitted(slow, "slow")
        (fast,) = appended_now(await store.append("fast", 0, [NewEvent("Fast", {})]))
        assert fast.position > slow_position

        naive = await _positions_after(database_url, fresh_schema, 0)
        assert naive == [fast.position]  # a plain `position >` reader would pass the slow one here
        assert await store.read_all(LOG_START) == []  # ours does not

        await slow.commit()
    finally:
        await slow.close()
    events = await _read_all_until(store, LOG_START, 2)
    assert [(e.stream_id, e.position) for e in events] == [("slow", slow_position), ("fast", fast.position)]


async def test_a_reader_never_passes_rows_of_a_younger_transaction_that_took_lower_positions(
    store: PostgresEventStore, database_url: str, fresh_schema: str
) -> None:
    older, younger = await connect(database_url, fresh_schema), await connect(database_url, fresh_schema)
    try:
        await older.execute("SELECT pg_current_xact_id()")  # the older transaction id, nothing written yet
        low = await insert_uncommitted(younger, "younger")  # a newer id takes the lower position
        high = await insert_uncommitted(older, "older")
        await older.commit()
        assert high > low
        first = await _read_all_until(store, LOG_START, 1)
        assert [e.stream_id for e in first] == ["older"]  # readable: older than every open transaction
        await younger.commit()
    finally:
        await older.close()
        await younger.close()
    rest = await _read_all_until(store, LogPosition.of(first[-1]), 1)
    assert [(e.stream_id, e.position) for e in rest] == [("younger", low)]  # by position it was passed


async def test_a_tailing_reader_sees_every_commit_once_while_writers_commit_out_of_order(
    store: PostgresEventStore, database_url: str, fresh_schema: str
) -> None:
    stop = asyncio.Event()
    seen: list[int] = []
    reader = asyncio.create_task(_tail(store, seen, stop))
    outcomes = await asyncio.gather(*(_slow_writer(database_url, fresh_schema, n) for n in range(24)))
    committed = sorted(p for p, kept in outcomes if kept)
    await _wait_for(lambda: len(seen) >= len(committed))
    stop.set()
    await reader
    assert sorted(seen) == committed and len(set(seen)) == len(seen)  # every commit once, no rollback


async def _slow_writer(database_url: str, schema: str, n: int) -> tuple[int, bool]:
    rng = random.Random(n)
    conn = await connect(database_url, schema)
    try:
        position = await insert_uncommitted(conn, f"writer-{n}")
        await asyncio.sleep(rng.uniform(0, 0.2))
        keep = n % 5 != 0
        await (conn.commit() if keep else conn.rollback())
        return position, keep
    finally:
        await conn.close()


async def _tail(store: PostgresEventStore, seen: list[int], stop: asyncio.Event) -> None:
    checkpoint = LOG_START
    while not stop.is_set():
        for event in await store.read_all(checkpoint, limit=5):
            seen.append(event.position)
            checkpoint = LogPosition.of(event)
        await asyncio.sleep(0.005)


async def _positions_after(database_url: str, schema: str, after: int) -> list[int]:
    conn = await connect(database_url, schema)
    try:
        cursor = await conn.execute(
            "SELECT position FROM events WHERE position > %s ORDER BY position", [after]
        )
        return [row[0] for row in await cursor.fetchall()]
    finally:
        await conn.close()


async def _read_all_until(
    store: PostgresEventStore, after: LogPosition, count: int, timeout: float = 10.0
) -> list[RecordedEvent]:
    deadline = time.monotonic() + timeout
    events = await store.read_all(after)
    while len(events) < count and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        events = await store.read_all(after)
    return events


async def _wait_for(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        await asyncio.sleep(0.02)


async def test_two_replicas_racing_on_one_game_accept_one_move_per_version(
    database_url: str, fresh_schema: str
) -> None:
    replicas = [await PostgresEventStore.open(database_url, fresh_schema, max_size=3) for _ in range(2)]
    try:
        await replicas[0].append("race", 0, [NewEvent("GameCreated", {})])
        accepted = 0
        for version in range(1, 21):
            moves = [
                r.append("race", version, [NewEvent("Moved", {"by": i})]) for i, r in enumerate(replicas)
            ]
            results = await asyncio.gather(*moves, return_exceptions=True)
            assert sum(isinstance(r, ConcurrencyError) for r in results) == 1
            accepted += 1
        assert [e.version for e in await replicas[1].read_stream("race")] == list(range(1, accepted + 2))
    finally:
        for replica in replicas:
            await replica.close()


async def test_upcasting_never_rewrites_the_stored_event(database_url: str, fresh_schema: str) -> None:
    upcasting = await PostgresEventStore.open(
        database_url, fresh_schema, {("Dealt", 1): lambda d: {"tiles": d["hand"]}}, max_size=2
    )
    plain = await PostgresEventStore.open(database_url, fresh_schema, max_size=2)
    try:
        await plain.append("old", 0, [NewEvent("Dealt", {"hand": [3]})])
        (upcast,) = await upcasting.read_stream("old")
        (stored,) = await plain.read_stream("old")
        assert (upcast.schema_version, upcast.data) == (2, {"tiles": [3]})
        assert (stored.schema_version, stored.data) == (1, {"hand": [3]})
    finally:
        await upcasting.close()
        await plain.close()


async def test_each_schema_is_its_own_store(database_url: str, fresh_schema: str) -> None:
    from daimyo_store import apply_migrations

    other_schema = f"test_{uuid.uuid4().hex[:12]}"
    await apply_migrations(database_url, other_schema)
    one = await PostgresEventStore.open(database_url, fresh_schema, max_size=2)
    other = await PostgresEventStore.open(database_url, other_schema, max_size=2)
    try:
        await one.append("shared-name", 0, [NewEvent("A", {})])
        assert await other.stream_version("shared-name") == 0
    finally:
        await one.close()
        await other.close()
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(other_schema)))


async def test_appends_to_many_streams_at_once_share_statements_and_each_lands_at_its_version(
    store: PostgresEventStore,
) -> None:
    streams = [f"game-{n}" for n in range(40)]
    await asyncio.gather(*(store.append(s, 0, [NewEvent("Created", {})]) for s in streams))
    before = store.group_commit.groups
    moved = await asyncio.gather(*(store.append(s, 1, [NewEvent("Moved", {"n": n}), NewEvent("Scored", {})])
                                   for n, s in enumerate(streams)))
    assert store.group_commit.groups - before < len(streams)
    for n, (stream, answer) in enumerate(zip(streams, moved, strict=True)):
        assert isinstance(answer, Appended)
        recorded = answer.events
        assert [(e.stream_id, e.version, e.type) for e in recorded] == [
            (stream, 2, "Moved"), (stream, 3, "Scored")]
        assert recorded[0].data == {"n": n}
        assert [e.version for e in await store.read_stream(stream)] == [1, 2, 3]


@pytest.fixture
async def one_group_at_a_time(database_url: str, fresh_schema: str) -> AsyncIterator[PostgresEventStore]:
    """A store sending one group at a time: appends made together go out as one group."""
    opened = await PostgresEventStore.open(database_url, fresh_schema, max_size=4, max_groups_in_flight=1)
    yield opened
    await opened.close()


async def test_a_stale_append_in_a_group_fails_alone(one_group_at_a_time: PostgresEventStore) -> None:
    store = one_group_at_a_time
    await asyncio.gather(*(store.append(s, 0, [NewEvent("Created", {})]) for s in ("a", "b", "c")))
    outcomes = await asyncio.gather(store.append("a", 1, [NewEvent("Moved", {})]),
                                    store.append("b", 0, [NewEvent("Moved", {})]),  # stale
                                    store.append("c", 1, [NewEvent("Moved", {})]),
                                    return_exceptions=True)
    assert isinstance(outcomes[1], ConcurrencyError)
    assert not isinstance(outcomes[0], BaseException) and not isinstance(outcomes[2], BaseException)
    assert [await store.stream_version(s) for s in ("a", "b", "c")] == [2, 1, 2]


async def test_a_retried_command_in_a_group_gets_its_first_events_and_the_others_are_appended(
    one_group_at_a_time: PostgresEventStore,
) -> None:
    store = one_group_at_a_time
    await asyncio.gather(*(store.append(s, 0, [NewEvent("Created", {})]) for s in ("a", "b", "c")))
    retried = NewEvent("Moved", {"x": 1}, command_id="move-1", actor="p")
    (first,) = appended_now(await store.append("b", 1, [retried]))
    groups = store.group_commit.groups
    outcomes = await asyncio.gather(
        store.append("a", 1, [NewEvent("Moved", {})]),
        # the retry, at the stream's version: it passes the version check and hits the command id
        store.append("b", 2, [retried]),
        store.append("c", 1, [NewEvent("Moved", {})]),
    )
    assert outcomes[1] == Replayed([first])
    assert isinstance(outcomes[0], Appended) and isinstance(outcomes[2], Appended)
    assert store.group_commit.groups - groups == 1  # one statement for all three, then each alone
    assert [await store.stream_version(s) for s in ("a", "b", "c")] == [2, 2, 2]


async def test_read_all_hands_back_the_events_its_caller_holds_without_reading_them_again(
    store: PostgresEventStore,
) -> None:
    start = LogPosition.of(appended_now(await store.append("probe", 0, [NewEvent("Probe", {})]))[-1])
    held = appended_now(await store.append("held", 0, [NewEvent("A", {}), NewEvent("B", {})]))
    appended = {e.version: e for e in held}
    await _wait_for_visible(store, start, 2)
    events = await store.read_all(start, known=lambda s, v: appended.get(v) if s == "held" else None)
    assert [e is appended[e.version] for e in events] == [True, True]


async def _wait_for_visible(store: PostgresEventStore, after: LogPosition, count: int) -> None:
    deadline = time.monotonic() + 10
    while len(await store.read_all(after)) < count and time.monotonic() < deadline:
        await asyncio.sleep(0.02)


async def test_a_command_stale_behind_a_version_this_store_appended_for_another_is_no_retry_without_a_query(
    store: PostgresEventStore,
) -> None:
    await store.append("g", 0, [NewEvent("Moved", {}, command_id="m1", actor="player:ann")])
    await store.append("g", 1, [NewEvent("Moved", {}, command_id="m2", actor="driver")])
    asked = store.pool.get_stats()["requests_num"]
    assert await store.previous("g", "m3", "player:ann", expected_version=1) is None
    assert await store.previous("g", "m2", "player:ann", expected_version=1) is None  # another actor's id
    assert store.pool.get_stats()["requests_num"] == asked
    assert isinstance(await store.previous("g", "m2", "driver", expected_version=1), Replayed)  # read


async def test_another_replica_asks_postgres_whether_a_stale_command_was_recorded(
    database_url: str, fresh_schema: str
) -> None:
    replicas = [await PostgresEventStore.open(database_url, fresh_schema, max_size=2) for _ in range(2)]
    try:
        first_move = NewEvent("Moved", {"n": 1}, command_id="m1", actor="player:ann")
        (first,) = appended_now(await replicas[0].append("g", 0, [first_move]))
        assert await replicas[1].previous("g", "m1", "player:ann", expected_version=0) == Replayed([first])
        assert await replicas[1].previous("g", "m1", "player:bob", expected_version=0) is None
    finally:
        for replica in replicas:
            await replica.close()
