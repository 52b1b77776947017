"""What closed sockets leave behind is given back: the hub keeps no lock for a subject nobody uses,
and after a wave of closes the reclaimer runs one pass (the tables forget clients whose buckets
have refilled, as tests/unit/kit/test_rates.py shows; a full collection; a heap trim)."""

from __future__ import annotations

import asyncio
from typing import Any

from daimyo_gateway.hub import Hub
from daimyo_gateway.memory import Reclaimer


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
