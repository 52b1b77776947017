"""A seat's player dropping and coming back, told to the table on every gateway (issue 33): a drop
longer than a blip is told once, its return too, a seat still held on another gateway is never
lost, a flapping connection is not a stream of lines, and a newcomer hears who is away now."""

from __future__ import annotations

import asyncio
from typing import Any

from daimyo_bus import subjects
from daimyo_bus.messages import SeatConnection
from daimyo_gateway.presence import Presence
from daimyo_gateway.seat_news import MAX_SEATS, SeatNews
from tests.unit.gateway.fakes import FakeHub

SEAT = ("g1", 0, "g-alice")


class Table:
    """Gateways on one in-memory bus, each with its presence and its seat news and a socket on the
    game; `heard` is what the socket on the watchers' gateway (`watchers=True`) was told."""

    def __init__(self, grace: float = 0.4) -> None:
        self.hub, self.grace, self.now = FakeHub(), grace, 0.0
        self.heard: list[tuple[str, int, str]] = []
        self.handed: list[tuple[Any, ...]] = []

    async def publish(self, subject: str, message: Any) -> None:
        self.hub.publish(subject, message)

    async def hand_over(self, *seat_and_cause: Any) -> None:
        self.handed.append(seat_and_cause)

    def tell(self, game_id: str, seat: int, state: str) -> None:
        self.heard.append((game_id, seat, state))

    async def gateway(self, watchers: bool = False) -> tuple[Presence, SeatNews]:
        presence = Presence(self.hub, self.publish, self.hand_over, self.grace)  # type: ignore[arg-type]
        news = SeatNews(self.hub, presence, clock=lambda: self.now)  # type: ignore[arg-type]
        await news.join("g1", self.tell if watchers else lambda *_: None)
        return presence, news


async def test_a_drop_is_told_after_a_moment_and_the_return_on_another_gateway_too() -> None:
    table = Table()
    (first, _), (second, _) = await table.gateway(), await table.gateway()
    await table.gateway(watchers=True)
    await first.attach(SEAT)
    first.detach(SEAT)
    await asyncio.sleep(first.drop_after + 0.1)
    assert table.heard == [("g1", 0, "lost")]
    await second.attach(SEAT)
    await asyncio.sleep(table.grace)
    assert table.heard == [("g1", 0, "lost"), ("g1", 0, "back")] and table.handed == []
    await second.stop()


async def test_a_blip_shorter_than_the_debounce_is_never_told() -> None:
    table = Table()
    presence, _ = await table.gateway(watchers=True)
    await presence.attach(SEAT)
    presence.detach(SEAT)
    await asyncio.sleep(presence.drop_after / 3)
    await presence.attach(SEAT)
    await asyncio.sleep(table.grace)
    assert table.heard == [] and table.handed == []
    await presence.stop()


async def test_a_seat_still_held_on_another_gateway_is_neither_lost_nor_handed_over() -> None:
    table = Table()
    (first, _), (second, _) = await table.gateway(), await table.gateway()
    await table.gateway(watchers=True)
    await first.attach(SEAT)
    await second.attach(SEAT)
    first.detach(SEAT)
    await asyncio.sleep(table.grace + 0.1)
    assert table.heard == [] and table.handed == []
    await second.stop()


async def test_a_seat_away_past_the_grace_is_told_lost_once_then_handed_over() -> None:
    table = Table()
    presence, _ = await table.gateway(watchers=True)
    await presence.attach(SEAT)
    presence.detach(SEAT)
    await asyncio.sleep(table.grace + 0.1)
    assert table.heard == [("g1", 0, "lost")] and table.handed == [("g1", 0, "g-alice", "disconnected")]


def said(state: str, seat: int = 0) -> SeatConnection:
    return SeatConnection(seat, "g-alice", state, 0.0)


async def test_a_flapping_connection_is_told_once_per_quiet_time_and_several_gateways_once() -> None:
    table = Table()
    news = SeatNews(table.hub, clock=lambda: table.now)  # type: ignore[arg-type]
    await news.join("g1", table.tell)
    subject = subjects.connection("g1")
    for state in ("lost", "lost", "here", "lost", "here"):  # two gateways say the first drop
        table.hub.publish(subject, said(state))
    assert table.heard == [("g1", 0, "lost"), ("g1", 0, "back")]
    table.now += 31
    table.hub.publish(subject, said("lost"))
    assert table.heard[-1] == ("g1", 0, "lost")


async def test_a_newcomer_hears_who_is_away_now_and_a_game_left_by_all_is_forgotten() -> None:
    table = Table()
    news = SeatNews(table.hub)  # type: ignore[arg-type]

    def first(*_: Any) -> None: ...

    await news.join("g1", first)
    table.hub.publish(subjects.connection("g1"), said("lost", seat=2))
    table.hub.publish(subjects.connection("g1"), said("lost", seat=MAX_SEATS))  # no such seat: ignored
    await news.join("g1", table.tell)
    assert table.heard == [("g1", 2, "lost")]
    await news.leave("g1", table.tell)
    assert "g1" in news._tables  # the first socket is still there
    await news.leave("g1", first)
    assert news._tables == {} and table.hub.listeners[subjects.connection("g1")] == set()
