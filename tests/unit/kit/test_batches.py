"""Batches: queued items go out together, one per key, each caller with its own outcome."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Sequence

import pytest

from daimyo_kit.batches import Batcher


class Recorder:
    """A commit that records each group and holds it until released."""

    def __init__(self) -> None:
        self.groups: list[list[str]] = []
        self.release = asyncio.Event()

    async def commit(self, items: Sequence[str]) -> list[str | BaseException]:
        self.groups.append(list(items))
        await self.release.wait()
        return [ValueError(item) if item.startswith("bad") else item.upper() for item in items]


async def test_an_item_goes_out_at_once_when_nothing_is_in_flight() -> None:
    recorder = Recorder()
    recorder.release.set()
    commits = Batcher(recorder.commit, max_in_flight=1)
    assert await commits.submit("a", "a") == "A"
    assert recorder.groups == [["a"]]


async def test_items_queued_while_a_group_is_in_flight_go_out_together_in_the_next() -> None:
    recorder = Recorder()
    commits = Batcher(recorder.commit, max_in_flight=1)
    first = asyncio.ensure_future(commits.submit("a", "a"))
    await asyncio.sleep(0)
    rest = [asyncio.ensure_future(commits.submit(key, key)) for key in "bcd"]
    await asyncio.sleep(0)
    recorder.release.set()
    assert await asyncio.gather(first, *rest) == ["A", "B", "C", "D"]
    assert recorder.groups == [["a"], ["b", "c", "d"]]
    assert (commits.groups, commits.items) == (2, 4)


async def test_a_group_holds_one_item_per_key() -> None:
    recorder = Recorder()
    commits = Batcher(recorder.commit, max_in_flight=1)
    waiting = [asyncio.ensure_future(commits.submit(key, f"{key}{n}")) for n, key in enumerate("xxyx")]
    await asyncio.sleep(0)
    recorder.release.set()
    assert await asyncio.gather(*waiting) == ["X0", "X1", "Y2", "X3"]
    assert recorder.groups == [["x0", "y2"], ["x1"], ["x3"]]


async def test_items_queued_in_the_same_turn_of_the_loop_go_out_together() -> None:
    recorder = Recorder()
    recorder.release.set()
    commits = Batcher(recorder.commit, max_in_flight=2)
    assert await asyncio.gather(*(commits.submit(key, key) for key in "abc")) == ["A", "B", "C"]
    assert recorder.groups == [["a", "b", "c"]]


async def test_each_caller_gets_its_own_items_exception() -> None:
    recorder = Recorder()
    recorder.release.set()
    commits = Batcher(recorder.commit, max_in_flight=1)
    good, bad = await asyncio.gather(commits.submit("g", "good"), commits.submit("b", "bad"),
                                     return_exceptions=True)
    assert good == "GOOD"
    assert isinstance(bad, ValueError)


async def test_a_group_that_fails_as_a_whole_fails_each_of_its_callers() -> None:
    async def broken(items: Sequence[str]) -> list[str | BaseException]:
        raise ConnectionError("database gone")

    commits: Batcher[str, str] = Batcher(broken)
    outcomes = await asyncio.gather(commits.submit("a", "a"), commits.submit("b", "b"),
                                    return_exceptions=True)
    assert all(isinstance(o, ConnectionError) for o in outcomes)


async def test_a_caller_cancelled_before_its_group_left_is_not_sent() -> None:
    recorder = Recorder()
    commits = Batcher(recorder.commit, max_in_flight=1)
    first = asyncio.ensure_future(commits.submit("a", "a"))
    await asyncio.sleep(0)
    gone = asyncio.ensure_future(commits.submit("b", "b"))
    kept = asyncio.ensure_future(commits.submit("c", "c"))
    await asyncio.sleep(0)
    gone.cancel()
    recorder.release.set()
    assert list(await asyncio.gather(first, kept)) == ["A", "C"]
    assert recorder.groups == [["a"], ["c"]]


async def test_closing_cancels_the_groups_in_flight_and_the_queued_callers() -> None:
    recorder = Recorder()
    commits = Batcher(recorder.commit, max_in_flight=1)
    in_flight = asyncio.ensure_future(commits.submit("a", "a"))
    await asyncio.sleep(0)
    queued = asyncio.ensure_future(commits.submit("b", "b"))
    await asyncio.sleep(0)
    await commits.close()
    for caller in (in_flight, queued):
        with pytest.raises(asyncio.CancelledError):
            await caller


async def test_a_batch_runs_in_a_context_of_its_own_not_its_first_callers() -> None:
    caller_id: contextvars.ContextVar[str] = contextvars.ContextVar("caller_id", default="none")
    seen: list[str] = []

    async def commit(items: Sequence[str]) -> list[str | BaseException]:
        seen.append(caller_id.get())
        return list(items)

    commits = Batcher(commit)
    caller_id.set("first caller")
    assert await commits.submit("a", "a") == "a"
    assert seen == ["none"]
