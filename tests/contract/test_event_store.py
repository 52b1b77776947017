"""The contract of the `EventStore` port, held by both the in-memory and the Postgres store."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import replace
from typing import Any

import pytest

from daimyo_store import (
    LOG_START,
    Appended,
    AppendResult,
    ConcurrencyError,
    LogPosition,
    NewEvent,
    RecordedEvent,
    Replayed,
    Snapshot,
    StreamNotFound,
)
from daimyo_store.api import EventStore
from tests.contract.support import StoreFactory, read_all_settled


def new_stream() -> str:
    return f"game-{uuid.uuid4().hex[:10]}"


def appended(answer: AppendResult) -> list[RecordedEvent]:
    """The events an append recorded now (failing the test if it was answered as a replay)."""
    assert isinstance(answer, Appended), answer
    assert answer.version == answer.events[-1].version
    return answer.events


def moves(*numbers: int, command_id: str | None = None) -> list[NewEvent]:
    return [
        NewEvent("MovePlayed", {"n": n}, command_id=command_id if i == 0 else None)
        for i, n in enumerate(numbers)
    ]


async def test_a_new_stream_starts_at_version_one(store: EventStore) -> None:
    stream = new_stream()
    recorded = appended(await store.append(stream, 0, [NewEvent("GameCreated", {"game": "samurai"})]))
    assert [(e.stream_id, e.version, e.type, e.data) for e in recorded] == [
        (stream, 1, "GameCreated", {"game": "samurai"})
    ]
    assert await store.stream_version(stream) == 1


async def test_an_append_records_versions_positions_and_times_in_order(store: EventStore) -> None:
    answer = await store.append(new_stream(), 0, moves(1, 2, 3))
    recorded = appended(answer)
    assert [e.version for e in recorded] == [1, 2, 3] and answer.version == 3
    positions = [e.position for e in recorded]
    assert positions == sorted(positions) and len(set(positions)) == 3
    assert all(e.recorded_at.tzinfo is not None for e in recorded)


async def test_a_stale_expected_version_is_refused_and_appends_nothing(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(1, 2))
    with pytest.raises(ConcurrencyError):
        await store.append(stream, 1, moves(3))
    assert [e.data["n"] for e in await store.read_stream(stream)] == [1, 2]


async def test_an_expected_version_beyond_the_stream_is_refused(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(1))
    with pytest.raises(ConcurrencyError):
        await store.append(stream, 5, moves(2))
    assert await store.stream_version(stream) == 1


async def test_a_new_stream_must_be_expected_at_version_zero(store: EventStore) -> None:
    with pytest.raises(ConcurrencyError):
        await store.append(new_stream(), 1, moves(1))


async def test_reading_after_a_version_returns_only_the_later_events(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(1, 2, 3, 4))
    assert [e.version for e in await store.read_stream(stream, after_version=2)] == [3, 4]
    assert await store.read_stream(stream, after_version=4) == []


async def test_reading_an_unknown_stream_raises_stream_not_found(store: EventStore) -> None:
    with pytest.raises(StreamNotFound):
        await store.read_stream(new_stream())


async def test_an_unknown_stream_is_at_version_zero(store: EventStore) -> None:
    assert await store.stream_version(new_stream()) == 0


async def test_a_retried_command_is_replayed_with_the_first_result_and_appends_nothing(
        store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(1))
    first = appended(await store.append(stream, 1, moves(2, command_id="cmd-1")))
    retried = await store.append(stream, 1, moves(2, command_id="cmd-1"))
    assert retried == Replayed(first) and retried.version == 2
    assert await store.stream_version(stream) == 2


async def test_a_retried_command_wins_over_a_stale_expected_version(store: EventStore) -> None:
    stream = new_stream()
    first = appended(await store.append(stream, 0, moves(1, command_id="cmd-1")))
    await store.append(stream, 1, moves(2))
    assert await store.append(stream, 0, moves(1, command_id="cmd-1")) == Replayed(first)


async def test_a_retry_of_another_request_under_the_same_command_id_is_replayed_with_the_first(
        store: EventStore) -> None:
    stream = new_stream()
    first = appended(await store.append(stream, 0, moves(1, command_id="cmd-1")))
    assert await store.append(stream, 0, moves(9, command_id="cmd-1")) == Replayed(first)


async def test_previous_answers_a_recorded_command_with_the_whole_append_that_carried_it(
        store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(1))
    recorded = appended(await store.append(stream, 1, moves(2, 3, command_id="cmd-2")))
    assert await store.previous(stream, "cmd-2") == Replayed(recorded)
    assert await store.previous(stream, "cmd-2", expected_version=1) == Replayed(recorded)
    assert await store.previous(stream, "never-sent") is None


async def test_previous_knows_a_command_stale_behind_another_is_no_retry(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(1, command_id="cmd-1"))
    await store.append(stream, 1, moves(2, command_id="cmd-2"))
    assert await store.previous(stream, "cmd-3", expected_version=1) is None


async def test_a_command_id_on_two_events_of_one_append_is_refused(store: EventStore) -> None:
    twice = [NewEvent("MovePlayed", {}, command_id="c"), NewEvent("GameFinished", {}, command_id="c")]
    with pytest.raises(ValueError):
        await store.append(new_stream(), 0, twice)


async def test_command_ids_belong_to_their_stream(store: EventStore) -> None:
    one, other = new_stream(), new_stream()
    await store.append(one, 0, moves(1, command_id="same"))
    recorded = appended(await store.append(other, 0, moves(7, command_id="same")))
    assert recorded[0].stream_id == other and recorded[0].data == {"n": 7}


async def test_another_actor_using_the_same_command_id_is_not_a_replay(store: EventStore) -> None:
    stream = new_stream()
    squatted = [NewEvent("MovePlayed", {"n": 1}, command_id="bot:1", actor="player:p1")]
    theirs = appended(await store.append(stream, 0, squatted))
    driver_move = NewEvent("MovePlayed", {"n": 2}, command_id="bot:1", actor="driver")
    mine = await store.append(stream, 1, [driver_move])
    assert isinstance(mine, Appended)
    assert [(e.version, e.actor, e.data) for e in mine.events] == [(2, "driver", {"n": 2})]
    assert await store.previous(stream, "bot:1", "driver") == Replayed(mine.events)
    assert await store.previous(stream, "bot:1", "player:p1") == Replayed(theirs)
    assert await store.previous(stream, "bot:1", "player:p2") is None


async def test_another_actor_using_the_same_command_id_at_a_stale_version_is_refused_not_replayed(
        store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, [NewEvent("MovePlayed", {"n": 1}, command_id="c", actor="player:p1")])
    with pytest.raises(ConcurrencyError):
        await store.append(stream, 0, [NewEvent("MovePlayed", {"n": 1}, command_id="c", actor="player:p2")])


async def test_a_retry_by_the_same_actor_is_replayed_with_its_first_result(store: EventStore) -> None:
    stream = new_stream()
    first = appended(await store.append(stream, 0, [NewEvent("MovePlayed", {"n": 1}, command_id="c",
                                                            actor="driver")]))
    again = await store.append(stream, 0, [NewEvent("MovePlayed", {"n": 1}, command_id="c", actor="driver")])
    assert again == Replayed(first) and await store.stream_version(stream) == 1


async def test_racing_appends_at_one_version_accept_exactly_one(store: EventStore) -> None:
    stream = new_stream()
    await store.append(stream, 0, moves(0))
    results = await asyncio.gather(
        *(store.append(stream, 1, moves(n)) for n in range(1, 9)), return_exceptions=True
    )
    accepted = [r for r in results if not isinstance(r, BaseException)]
    assert len(accepted) == 1 and isinstance(accepted[0], Appended)
    assert all(isinstance(r, ConcurrencyError) for r in results if isinstance(r, BaseException))
    assert [e.version for e in await store.read_stream(stream)] == [1, 2]


async def test_a_command_racing_itself_is_recorded_once(store: EventStore) -> None:
    stream = new_stream()
    results = await asyncio.gather(*(store.append(stream, 0, moves(1, command_id="dup")) for _ in range(6)))
    (first,) = [r for r in results if isinstance(r, Appended)]
    assert all(r == Replayed(first.events) for r in results if r is not first)
    assert await store.stream_version(stream) == 1


async def test_read_all_returns_every_stream_in_the_order_appended(store: EventStore) -> None:
    start = await _last_position(store)
    one, other = new_stream(), new_stream()
    await store.append(one, 0, moves(1, 2))
    await store.append(other, 0, moves(3))
    await store.append(one, 2, moves(4))
    events = [e for e in await read_all_settled(store, start, 4) if e.stream_id in (one, other)]
    assert [e.data["n"] for e in events] == [1, 2, 3, 4]
    assert [e.position for e in events] == sorted(e.position for e in events)


async def test_read_all_pages_by_position_and_limit(store: EventStore) -> None:
    start = await _last_position(store)
    await store.append(new_stream(), 0, moves(1, 2, 3, 4, 5))
    first_page = await store.read_all(start, limit=2) if await read_all_settled(store, start, 5) else []
    assert len(first_page) == 2
    rest = await store.read_all(LogPosition.of(first_page[-1]), limit=100)
    assert [e.position for e in first_page + rest][:5] == sorted(e.position for e in first_page + rest)[:5]


async def test_read_all_returns_the_same_events_whether_or_not_the_caller_holds_some(
    store: EventStore,
) -> None:
    start = await _last_position(store)
    stream = new_stream()
    held_events = {e.version: e for e in appended(await store.append(stream, 0, moves(1, 2, 3)))}
    plain = [e for e in await read_all_settled(store, start, 3) if e.stream_id == stream]

    def held(stream_id: str, version: int) -> RecordedEvent | None:  # versions 1 and 3, not 2
        return held_events.get(version) if stream_id == stream and version != 2 else None

    helped = [e for e in await store.read_all(start, limit=100, known=held) if e.stream_id == stream]
    assert helped == plain
    assert [e.data["n"] for e in helped] == [1, 2, 3]


async def test_read_all_never_takes_a_held_event_at_another_position(store: EventStore) -> None:
    start = await _last_position(store)
    stream = new_stream()
    (recorded,) = appended(await store.append(stream, 0, moves(1)))
    impostor = replace(recorded, data={"n": 99}, position=recorded.position + 1_000_000)
    await read_all_settled(store, start, 1)
    events = await store.read_all(start, limit=100, known=lambda s, v: impostor if s == stream else None)
    assert [e.data["n"] for e in events if e.stream_id == stream] == [1]


async def _last_position(store: EventStore) -> LogPosition:
    probe = new_stream()
    recorded = appended(await store.append(probe, 0, moves(0)))
    return LogPosition.of(recorded[-1])


async def test_snapshots_round_trip(store: EventStore) -> None:
    stream = new_stream()
    await store.save_snapshot(Snapshot(stream, 40, {"board": [1, 2], "turn": 3}))
    assert await store.load_snapshot(stream) == Snapshot(stream, 40, {"board": [1, 2], "turn": 3})


async def test_an_older_snapshot_never_replaces_a_newer_one(store: EventStore) -> None:
    stream = new_stream()
    await store.save_snapshot(Snapshot(stream, 50, {"v": 50}))
    await store.save_snapshot(Snapshot(stream, 25, {"v": 25}))
    loaded = await store.load_snapshot(stream)
    assert loaded is not None and loaded.version == 50


async def test_a_stream_without_snapshot_loads_none(store: EventStore) -> None:
    assert await store.load_snapshot(new_stream()) is None


async def test_checkpoints_start_at_the_log_start_and_keep_the_last_place(store: EventStore) -> None:
    name = f"relay-{uuid.uuid4().hex[:6]}"
    assert await store.get_checkpoint(name) == LOG_START
    await store.set_checkpoint(name, LogPosition(9, 17))
    await store.set_checkpoint(name, LogPosition(8, 42))
    assert await store.get_checkpoint(name) == LogPosition(8, 42)


async def test_the_stored_data_is_a_copy_of_what_was_appended(store: EventStore) -> None:
    stream = new_stream()
    data: dict[str, Any] = {"hand": [1, 2]}
    await store.append(stream, 0, [NewEvent("Dealt", data)])
    data["hand"].append(3)
    (read,) = await store.read_stream(stream)
    assert read.data == {"hand": [1, 2]}


def rename_hand_to_tiles(data: dict[str, Any]) -> dict[str, Any]:
    return {"tiles": data["hand"]}


def add_empty_discard(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "discard": []}


UPCASTERS = {("Dealt", 1): rename_hand_to_tiles, ("Dealt", 2): add_empty_discard}


async def test_old_event_shapes_are_upcast_on_every_read(make_store: StoreFactory) -> None:
    store = await make_store(UPCASTERS)
    stream = new_stream()
    start = await _last_position(store)
    await store.append(stream, 0, [NewEvent("Dealt", {"hand": [4]}, schema_version=1, command_id="deal")])
    expected = ("Dealt", 3, {"tiles": [4], "discard": []})
    previous = await store.previous(stream, "deal")
    assert previous is not None
    as_read = [await store.read_stream(stream), previous.previous]
    as_read.append([e for e in await read_all_settled(store, start, 1) if e.stream_id == stream])
    for events in as_read:
        assert [(e.type, e.schema_version, e.data) for e in events] == [expected]


async def test_a_current_shape_is_not_upcast(make_store: StoreFactory) -> None:
    store = await make_store(UPCASTERS)
    stream = new_stream()
    await store.append(stream, 0, [NewEvent("Dealt", {"tiles": [], "discard": [1]}, schema_version=3)])
    (read,) = await store.read_stream(stream)
    assert (read.schema_version, read.data) == (3, {"tiles": [], "discard": [1]})
