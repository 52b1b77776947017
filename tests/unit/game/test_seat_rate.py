"""Leaving a seat to a bot and taking it back, rate-limited per player (issue 32: 144 changes in
10 s flooded the bots and every watcher): through the handlers, then the policy on its own (the
window's counting: tests/unit/kit/test_rates.py)."""

from __future__ import annotations

import pytest

from daimyo_game.errors import RateLimited
from daimyo_game.seat_rate import SeatChangeRate

from .test_takeovers import FakeClock, make, new_game


async def test_a_player_toggling_a_seat_is_stopped_and_the_game_is_left_as_it_was() -> None:
    handlers = make(FakeClock())
    handlers.seat_changes = SeatChangeRate(per_minute=4)
    game_id = await new_game(handlers)
    for _ in range(2):
        await handlers.hand_over_seat(game_id, 0, "ann", "resigned")
        await handlers.reclaim_seat(game_id, 0, "ann")
    version = (await handlers.get_view(game_id, None)).version
    with pytest.raises(RateLimited, match="at most 4 seat changes"):
        await handlers.hand_over_seat(game_id, 0, "ann", "resigned")
    assert (await handlers.get_view(game_id, None)).version == version
    await handlers.hand_over_seat(game_id, 1, "bob", "resigned")  # per player: Bob may still leave


async def test_the_grace_handing_over_an_absent_players_seat_is_not_counted() -> None:
    handlers = make(FakeClock())
    handlers.seat_changes = SeatChangeRate(per_minute=1)
    game_id = await new_game(handlers)
    await handlers.hand_over_seat(game_id, 0, "ann", "disconnected")
    await handlers.reclaim_seat(game_id, 0, "ann")


def test_a_refusal_names_the_rate_and_the_whole_seconds_to_wait_within_a_sliding_minute() -> None:
    now = [100.0]
    rate = SeatChangeRate(per_minute=2, clock=lambda: now[0])
    rate.take("ann")
    now[0] += 30
    rate.take("ann")
    with pytest.raises(RateLimited, match=r"at most 2 seat changes .* try again in 30 s"):
        rate.take("ann")
    now[0] += 29.7
    with pytest.raises(RateLimited, match="try again in 1 s"):  # 0.3 s, said as a whole second
        rate.take("ann")
    now[0] += 0.8
    rate.take("ann")


def test_zero_means_no_limit() -> None:
    unlimited = SeatChangeRate(per_minute=0)
    for _ in range(100):
        unlimited.take("ann")
