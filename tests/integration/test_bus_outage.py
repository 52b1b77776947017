"""The bus stops in bounded time whatever NATS does, and a failing pull never spins.

Each test has its own NATS server (embedded, started here), because it stops it or deletes
consumers under a running pull loop.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import daimyo_bus.bus as bus_module
from daimyo_bus import Bus, subjects
from daimyo_devkit.embedded import EmbeddedNats, start_nats

pytestmark = pytest.mark.integration


@pytest.fixture
async def nats_server(tmp_path: Path) -> AsyncIterator[EmbeddedNats]:
    server = start_nats(tmp_path / "nats")
    yield server
    server.stop()


async def ignore(subject: str, payload: Any) -> None:
    return None


async def consuming_bus(url: str) -> tuple[Bus, str]:
    bus = await Bus.connect(url, name="test-outage")
    await bus.ensure_games_stream()
    durable = f"test-{uuid.uuid4().hex[:8]}"
    await bus.consume(subjects.finished("g-" + durable), durable, ignore)
    await asyncio.sleep(0.3)
    return bus, durable


async def test_a_bus_with_a_durable_consumer_closes_within_its_timeout_after_nats_is_gone(
    nats_server: EmbeddedNats,
) -> None:
    bus, _ = await consuming_bus(nats_server.url)
    nats_server.stop()
    await asyncio.sleep(1.0)  # the client is reconnecting, the pull loop failing
    began = time.monotonic()
    await asyncio.wait_for(bus.close(timeout=2.0), 10)
    assert time.monotonic() - began < 3.0


async def test_pulls_from_a_deleted_consumer_back_off_instead_of_spinning(
    nats_server: EmbeddedNats, monkeypatch: pytest.MonkeyPatch
) -> None:
    pulls = 0
    pull_once = bus_module._pull_once

    async def counted(*args: Any) -> None:
        nonlocal pulls
        pulls += 1
        await pull_once(*args)

    monkeypatch.setattr(bus_module, "_pull_once", counted)
    bus, durable = await consuming_bus(nats_server.url)
    await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)
    before = pulls
    await asyncio.sleep(2.0)
    began = time.monotonic()
    await asyncio.wait_for(bus.close(timeout=2.0), 10)
    assert time.monotonic() - began < 3.0
    assert pulls - before <= 2.0 / bus_module.PULL_PAUSE_FLOOR
