"""Presence: a seat its player's sockets let go is handed to a bot after the grace, unless the
game has ended (then there is nothing to hand over) or the player came back."""

from __future__ import annotations

import asyncio
from typing import Any

from daimyo_gateway.presence import Presence
from tests.unit.gateway.fakes import FakeHub

SEAT = ("g1", 0, "g-alice")


def presence_handing_over() -> tuple[Presence, list[tuple[Any, ...]]]:
    handed: list[tuple[Any, ...]] = []

    async def publish(_subject: str, _message: Any) -> None: ...

    async def hand_over(*seat_and_cause: Any) -> None:
        handed.append(seat_and_cause)

    return Presence(FakeHub(), publish, hand_over, grace_seconds=0.05), handed  # type: ignore[arg-type]


async def test_a_seat_let_go_is_handed_over_after_the_grace() -> None:
    presence, handed = presence_handing_over()
    await presence.attach(SEAT)
    presence.detach(SEAT)
    await asyncio.sleep(0.2)
    assert handed == [("g1", 0, "g-alice", "disconnected")]


async def test_a_seat_of_an_ended_game_is_not_watched_for_absence() -> None:
    presence, handed = presence_handing_over()
    await presence.attach(SEAT)
    presence.detach(SEAT, watch_absence=False)
    await asyncio.sleep(0.2)
    assert handed == []
    await presence.stop()
