"""The Bus against a real NATS server: JSON round trips, seat isolation, the durable stream."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daimyo_bus import Bus, subjects

pytestmark = pytest.mark.integration


@pytest.fixture
async def bus(nats_url: str) -> AsyncIterator[Bus]:
    connected = await Bus.connect(nats_url, name="test-bus")
    yield connected
    await connected.close()


def new_game() -> str:
    return f"test-{uuid.uuid4().hex[:10]}"


class Inbox:
    def __init__(self) -> None:
        self.messages: list[tuple[str, Any]] = []
        self.arrived = asyncio.Event()

    async def __call__(self, subject: str, payload: Any) -> None:
        self.messages.append((subject, payload))
        self.arrived.set()


async def settle(bus: Bus) -> None:
    await bus.flush()
    await asyncio.sleep(0.2)


async def test_a_published_payload_arrives_as_the_same_json(bus: Bus) -> None:
    inbox, game = Inbox(), new_game()
    await bus.subscribe(subjects.watch(game), inbox)
    await bus.publish(subjects.watch(game), {"version": 3, "view": {"board": [1, None]}})
    await asyncio.wait_for(inbox.arrived.wait(), 5)
    assert inbox.messages == [(subjects.watch(game), {"version": 3, "view": {"board": [1, None]}})]


async def test_a_seat_subscriber_never_receives_another_seats_messages(bus: Bus) -> None:
    seat0, game = Inbox(), new_game()
    await bus.subscribe(subjects.seat(game, 0), seat0)
    await bus.publish(subjects.seat(game, 1), {"hand": ["secret"]})
    await bus.publish(subjects.watch(game), {"public": True})
    await bus.publish(subjects.seat(game, 0), {"hand": ["mine"]})
    await settle(bus)
    assert [payload for _, payload in seat0.messages] == [{"hand": ["mine"]}]


async def test_a_failing_handler_does_not_stop_later_messages(bus: Bus) -> None:
    game, seen = new_game(), []

    async def flaky(subject: str, payload: Any) -> None:
        seen.append(payload["n"])
        if payload["n"] == 1:
            raise RuntimeError("boom")

    await bus.subscribe(subjects.turn(game), flaky)
    for n in (1, 2):
        await bus.publish(subjects.turn(game), {"n": n})
    await settle(bus)
    assert seen == [1, 2]


async def test_a_republished_message_id_is_stored_once_in_the_stream(bus: Bus) -> None:
    await bus.ensure_games_stream()
    game = new_game()
    first = await bus.publish_durable(subjects.finished(game), {"winners": [0]}, message_id=f"{game}:9")
    again = await bus.publish_durable(subjects.finished(game), {"winners": [0]}, message_id=f"{game}:9")
    assert first == again


async def test_a_durable_consumer_gets_results_published_before_it_started(bus: Bus) -> None:
    await bus.ensure_games_stream()
    game, inbox = new_game(), Inbox()
    await bus.publish_durable(subjects.finished(game), {"winners": [1]})
    durable = f"test-{uuid.uuid4().hex[:8]}"
    await bus.consume(subjects.finished(game), durable, inbox)
    try:
        await asyncio.wait_for(inbox.arrived.wait(), 10)
        assert inbox.messages == [(subjects.finished(game), {"winners": [1]})]
    finally:
        await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)


async def test_a_durable_message_is_redelivered_until_its_handler_succeeds(bus: Bus) -> None:
    await bus.ensure_games_stream()
    game, attempts, done = new_game(), [], asyncio.Event()

    async def fails_once(subject: str, payload: Any) -> None:
        attempts.append(payload)
        if len(attempts) == 1:
            raise RuntimeError("not yet")
        done.set()

    await bus.publish_durable(subjects.finished(game), {"winners": [2]})
    durable = f"test-{uuid.uuid4().hex[:8]}"
    await bus.consume(subjects.finished(game), durable, fails_once)
    try:
        await asyncio.wait_for(done.wait(), 15)
        assert attempts == [{"winners": [2]}, {"winners": [2]}]
    finally:
        await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)


async def test_a_pong_arriving_after_its_flush_gave_up_does_not_deafen_the_connection(bus: Bus) -> None:
    abandoned: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    await bus.client._send_ping(abandoned)  # a flush's PING whose wait then timed out
    abandoned.cancel()
    await bus.flush()
    inbox, game = Inbox(), new_game()
    await bus.subscribe(subjects.watch(game), inbox)
    await bus.flush()
    await bus.publish(subjects.watch(game), {"version": 1})
    await asyncio.wait_for(inbox.arrived.wait(), 2)
    assert inbox.messages == [(subjects.watch(game), {"version": 1})]
