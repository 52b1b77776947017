"""What closed sockets leave behind is given back: the edge's tables forget clients whose
buckets have refilled, the hub keeps no lock for a subject nobody uses, and after a wave of
closes the reclaimer runs one pass (the tables' forgetting, a full collection, a heap trim)."""

from __future__ import annotations

import asyncio
from typing import Any

from daimyo_gateway.hub import Hub
from daimyo_gateway.limits import ByteBudgets, KeyedBuckets
from daimyo_gateway.memory import Reclaimer


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class FakeSubscription:
    async def unsubscribe(self) -> None:
        return None


class FakeBus:
    """What the hub asks of the bus: subscribe, flush, a connection watcher."""

    def watch_connection(self, watcher: Any) -> None:
        return None

    async def subscribe(self, subject: str, handler: Any) -> FakeSubscription:
        return FakeSubscription()

    async def flush(self) -> None:
        return None


def test_buckets_that_refilled_are_forgotten_and_the_others_kept() -> None:
    clock = Clock()
    buckets = KeyedBuckets(60, clock, burst=2)
    budgets = ByteBudgets(1000, 1000, clock)
    buckets.take("gone"), buckets.take("busy"), buckets.take("busy")
    budgets.spend("gone", 10), budgets.spend("busy", 1000)
    clock.now += 0.5
    buckets.take("busy")
    buckets.forget_full()
    budgets.forget_full()
    assert buckets.take("busy") > 0, "a key still in debt keeps its bucket"
    assert budgets.spend("busy", 600) > 0
    clock.now += 0.02
    budgets.forget_full()
    assert budgets.spend("gone", 1000) == 0, "a forgotten key starts with a full budget"


async def test_the_hub_keeps_no_lock_for_a_subject_nobody_uses() -> None:
    hub = Hub(FakeBus())  # type: ignore[arg-type]

    def listener(subject: str, message: Any) -> None:
        return None

    for n in range(100):
        await asyncio.gather(hub.add(f"player.{n}", listener), hub.add(f"player.{n}", listener))
        await hub.remove(f"player.{n}", listener)
    assert hub.subjects == 0
    assert not hub._locks, "a lock per subject ever seen would grow with every socket"


async def test_a_wave_of_closes_is_followed_by_one_reclaiming_pass() -> None:
    forgotten: list[str] = []
    reclaimer = Reclaimer([lambda: forgotten.append("tables")], closes=3, quiet_seconds=0.5)
    reclaimer.closed()
    reclaimer.closed()
    await asyncio.sleep(0.7)
    assert reclaimer.passes == 0, "two closes are no wave"
    for _ in range(5):
        reclaimer.closed()
        await asyncio.sleep(0.01)  # each close restarts the quiet wait
    assert reclaimer.passes == 0
    await asyncio.sleep(0.7)
    assert reclaimer.passes == 1 and forgotten == ["tables"]
    reclaimer.stop()
