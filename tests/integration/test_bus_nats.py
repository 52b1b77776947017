"""The Bus against a real NATS server: typed round trips, seat isolation, the durable stream."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import GameResult, ResultSeat, SeatView, TurnNotice, WatchView

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


def watch_view(game: str, version: int, view: Any = None) -> WatchView:
    return WatchView.build(game, version, None, "MoveMade", view=view, last_move=None, effects=None,
                           to_act=[0], finished=False, clock=None, takeovers={})


def seat_view(game: str, seat: int, view: Any) -> SeatView:
    return SeatView.build(game, 1, seat, "MoveMade", view=view, last_move=None, effects=None,
                          to_act=[0], finished=False, clock=None, takeovers={})


def turn(game: str, version: int) -> TurnNotice:
    return TurnNotice(game, version, "samurai", (0,), (), False)


def result(game: str, winners: list[int]) -> GameResult:
    return GameResult(game, "samurai", 9, {"winners": winners}, (ResultSeat(0, "p", None, False),), ())


async def settle(bus: Bus) -> None:
    await bus.flush()
    await asyncio.sleep(0.2)


async def test_a_published_message_arrives_as_the_same_message(bus: Bus) -> None:
    inbox, game = Inbox(), new_game()
    sent = watch_view(game, 3, {"board": [1, None]})
    await bus.subscribe(subjects.watch(game), inbox)
    await bus.publish(subjects.watch(game), sent)
    await asyncio.wait_for(inbox.arrived.wait(), 5)
    assert inbox.messages == [(subjects.watch(game), sent)]
    assert inbox.messages[0][1].view == {"board": [1, None]}


async def test_a_seat_subscriber_never_receives_another_seats_messages(bus: Bus) -> None:
    seat0, game = Inbox(), new_game()
    await bus.subscribe(subjects.seat(game, 0), seat0)
    await bus.publish(subjects.seat(game, 1), seat_view(game, 1, {"hand": ["secret"]}))
    await bus.publish(subjects.watch(game), watch_view(game, 1, {"public": True}))
    await bus.publish(subjects.seat(game, 0), seat_view(game, 0, {"hand": ["mine"]}))
    await settle(bus)
    assert [message.view for _, message in seat0.messages] == [{"hand": ["mine"]}]


async def test_a_failing_handler_does_not_stop_later_messages(bus: Bus) -> None:
    game, seen = new_game(), []

    async def flaky(subject: str, notice: Any) -> None:
        seen.append(notice.version)
        if notice.version == 1:
            raise RuntimeError("boom")

    await bus.subscribe(subjects.turn(game), flaky)
    for n in (1, 2):
        await bus.publish(subjects.turn(game), turn(game, n))
    await settle(bus)
    assert seen == [1, 2]


async def test_a_republished_message_id_is_stored_once_in_the_stream(bus: Bus) -> None:
    await bus.ensure_games_stream()
    game = new_game()
    first = await bus.publish_durable(subjects.finished(game), result(game, [0]), message_id=f"{game}:9")
    again = await bus.publish_durable(subjects.finished(game), result(game, [0]), message_id=f"{game}:9")
    assert first == again


async def test_a_durable_consumer_gets_results_published_before_it_started(bus: Bus) -> None:
    await bus.ensure_games_stream()
    game, inbox = new_game(), Inbox()
    await bus.publish_durable(subjects.finished(game), result(game, [1]))
    durable = f"test-{uuid.uuid4().hex[:8]}"
    await bus.consume(subjects.finished(game), durable, inbox)
    try:
        await asyncio.wait_for(inbox.arrived.wait(), 10)
        assert inbox.messages == [(subjects.finished(game), result(game, [1]))]
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

    await bus.publish_durable(subjects.finished(game), result(game, [2]))
    durable = f"test-{uuid.uuid4().hex[:8]}"
    await bus.consume(subjects.finished(game), durable, fails_once)
    try:
        await asyncio.wait_for(done.wait(), 15)
        assert attempts == [result(game, [2]), result(game, [2])]
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
    await bus.publish(subjects.watch(game), watch_view(game, 1))
    await asyncio.wait_for(inbox.arrived.wait(), 2)
    assert inbox.messages == [(subjects.watch(game), watch_view(game, 1))]


async def test_a_malformed_durable_message_is_dropped_not_redelivered_forever(bus: Bus) -> None:
    await bus.ensure_games_stream()
    game, inbox = new_game(), Inbox()
    await bus.publish_durable(subjects.finished(game), b'{"game_id": "no result"}')
    await bus.publish_durable(subjects.finished(game), result(game, [0]))
    durable = f"test-{uuid.uuid4().hex[:8]}"
    await bus.consume(subjects.finished(game), durable, inbox)
    try:
        await asyncio.wait_for(inbox.arrived.wait(), 10)
        await asyncio.sleep(1.5)
        assert inbox.messages == [(subjects.finished(game), result(game, [0]))]
    finally:
        await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)


async def test_flushes_asked_for_at_once_share_pings_and_each_returns(
        bus: Bus, monkeypatch: pytest.MonkeyPatch) -> None:
    pings: list[int] = []
    flush = bus._nc.flush

    async def counted(timeout: int = 2) -> None:
        pings.append(timeout)
        await flush(timeout=timeout)

    monkeypatch.setattr(bus._nc, "flush", counted)
    await asyncio.wait_for(asyncio.gather(*(bus.flush() for _ in range(10))), 5)
    assert 1 <= len(pings) <= 2  # the first goes at once; the rest share the next


async def test_a_subscription_is_live_once_the_flush_after_it_returns(bus: Bus, nats_url: str) -> None:
    other = await Bus.connect(nats_url, name="test-other")
    try:
        game, heard = new_game(), Inbox()
        busy = asyncio.gather(bus.flush(), bus.flush())  # one out, one queued behind it
        await bus.subscribe(subjects.watch(game), heard)
        await bus.flush()  # must not return with the PING sent before the SUB
        await busy
        await other.publish(subjects.watch(game), watch_view(game, 1))
        await asyncio.wait_for(heard.arrived.wait(), 5)
    finally:
        await other.close()
