"""Event-store speed on a real Postgres: appends per second (one stream; 20 streams at once)
beside a raw single-row INSERT rate measured in the same run, and the time to load and
replay a 200-event stream with and without a snapshot (a trivial fold; the game service's
benchmark adds engine replay).

Uses DAIMYO_DATABASE_URL, else an embedded pgserver in a temporary directory. Works in a
fresh schema that it drops at the end.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql
from psycopg.types.json import Jsonb

from daimyo_devkit.commands import end_with_starter
from daimyo_store import NewEvent, PostgresEventStore, RecordedEvent, Snapshot, apply_migrations

APPENDS = 1500
STREAMS = 20
REPLAY_EVENTS = 200
REPLAY_RUNS = 40
MOVE = {
    "seat": 1,
    "move": {"kind": "place", "tile": "samurai-3", "hex": [4, 7]},
    "effects": ["captured:rice"],
}


async def raw_insert_rate(url: str, schema: str) -> float:
    """Single-row autocommit INSERTs per second into a bare table: the floor under any append."""
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        table = sql.Identifier(schema, "raw_rows")
        await conn.execute(
            sql.SQL("CREATE TABLE IF NOT EXISTS {} (id bigserial PRIMARY KEY, data jsonb)").format(table)
        )
        insert = sql.SQL("INSERT INTO {} (data) VALUES (%s)").format(table)
        start = time.perf_counter()
        for _ in range(APPENDS):
            await conn.execute(insert, [Jsonb(MOVE)])
        return APPENDS / (time.perf_counter() - start)


async def append_run(store: PostgresEventStore, stream: str, count: int, command_ids: bool = False) -> None:
    for version in range(count):
        command = f"cmd-{version}" if command_ids else None
        await store.append(stream, version, [NewEvent("MovePlayed", MOVE, command_id=command)])


async def rate(work: Callable[[], Awaitable[Any]], count: int) -> float:
    start = time.perf_counter()
    await work()
    return count / (time.perf_counter() - start)


async def concurrent_appends(store: PostgresEventStore) -> float:
    per_stream = APPENDS // STREAMS
    streams = [f"conc-{uuid.uuid4().hex[:8]}" for _ in range(STREAMS)]
    return await rate(
        lambda: asyncio.gather(*(append_run(store, s, per_stream) for s in streams)), per_stream * STREAMS
    )


def fold(state: dict[str, Any], events: list[RecordedEvent]) -> dict[str, Any]:
    moves = state.get("moves", 0)
    for event in events:
        moves += len(event.data["move"])
    return {"moves": moves, "board": state.get("board", {})}


async def load_and_replay_ms(store: PostgresEventStore, stream: str) -> float:
    timings = []
    for _ in range(REPLAY_RUNS):
        start = time.perf_counter()
        snapshot = await store.load_snapshot(stream)
        base, after = (snapshot.state, snapshot.version) if snapshot else ({}, 0)
        fold(base, await store.read_stream(stream, after))
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000


async def replay_figures(store: PostgresEventStore) -> tuple[float, float, float]:
    plain, snapped = f"replay-{uuid.uuid4().hex[:8]}", f"replay-{uuid.uuid4().hex[:8]}"
    for stream in (plain, snapped):
        await store.append(stream, 0, [NewEvent("MovePlayed", MOVE) for _ in range(REPLAY_EVENTS)])
    board = {f"{q},{r}": {"tile": "samurai-3", "owner": q % 4} for q in range(12) for r in range(12)}
    await store.save_snapshot(Snapshot(snapped, REPLAY_EVENTS, {"moves": 0, "board": board}))
    without = await load_and_replay_ms(store, plain)
    with_full = await load_and_replay_ms(store, snapped)
    await store.save_snapshot(Snapshot(snapped, REPLAY_EVENTS, {"moves": 0, "board": board}))
    tail_stream = f"replay-{uuid.uuid4().hex[:8]}"
    await store.append(tail_stream, 0, [NewEvent("MovePlayed", MOVE) for _ in range(REPLAY_EVENTS)])
    await store.save_snapshot(Snapshot(tail_stream, REPLAY_EVENTS - 49, {"moves": 0, "board": board}))
    with_tail = await load_and_replay_ms(store, tail_stream)
    return without, with_full, with_tail


async def run(url: str) -> None:
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    await apply_migrations(url, schema)
    try:
        async with AsyncExitStack() as stack:
            store = await PostgresEventStore.open(url, schema, max_size=STREAMS)
            stack.push_async_callback(store.close)
            await report(url, schema, store)
    finally:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA {} CASCADE").format(sql.Identifier(schema)))


async def report(url: str, schema: str, store: PostgresEventStore) -> None:
    raw_before = await raw_insert_rate(url, schema)
    single = await rate(lambda: append_run(store, f"one-{uuid.uuid4().hex[:8]}", APPENDS), APPENDS)
    with_ids = await rate(lambda: append_run(store, f"cmd-{uuid.uuid4().hex[:8]}", APPENDS, True), APPENDS)
    concurrent = await concurrent_appends(store)
    without, with_full, with_tail = await replay_figures(store)
    raw = (raw_before + await raw_insert_rate(url, schema)) / 2  # before and after: the disk is shared
    rows = [
        ("raw single-row INSERT (autocommit, 1 conn)", f"{raw:,.0f} rows/s (mean of a run before and after)"),
        ("append, 1 stream, 1 event per append", f"{single:,.0f} appends/s  ({single / raw:.0%} of raw)"),
        (
            "append with command id (idempotency check)",
            f"{with_ids:,.0f} appends/s  ({with_ids / raw:.0%} of raw)",
        ),
        (
            f"append, {STREAMS} streams concurrently",
            f"{concurrent:,.0f} appends/s  ({concurrent / raw:.0%} of raw)",
        ),
        (f"load + fold {REPLAY_EVENTS} events, no snapshot", f"{without:.2f} ms (median of {REPLAY_RUNS})"),
        (f"load + fold, snapshot at {REPLAY_EVENTS} (no tail)", f"{with_full:.2f} ms"),
        ("load + fold, snapshot + 49-event tail", f"{with_tail:.2f} ms"),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"event store on {url.split('@')[-1]} ({APPENDS} appends per run)")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


def main() -> None:
    url = os.environ.get("DAIMYO_DATABASE_URL")
    if url:
        asyncio.run(run(url))
        return
    from daimyo_devkit.embedded import start_postgres

    with tempfile.TemporaryDirectory() as directory:
        server = start_postgres(Path(directory) / "pg", die_with_parent=True)
        try:
            asyncio.run(run(server.url))
        finally:
            server.stop()


if __name__ == "__main__":
    end_with_starter()  # a SIGTERM, SIGHUP or a killed starter stops it as Ctrl-C does
    main()
