"""Game clocks as pure data: time controls, turns charged and started, pauses and expiry."""

from __future__ import annotations

import pytest

from daimyo_game import clocks
from daimyo_game.clocks import BadTimeControl, Clock, TimeControl, parse_time_control

LIVE = TimeControl("live", initial_ms=10_000, increment_ms=2_000)


def test_no_time_control_means_no_clock() -> None:
    assert parse_time_control({}) is None and parse_time_control(None) is None


def test_a_live_control_is_read_in_milliseconds_with_its_defaults() -> None:
    assert parse_time_control({"type": "live", "initial_seconds": 10, "increment_seconds": 2}) == LIVE
    assert (LIVE.kind, LIVE.initial_ms, LIVE.increment_ms, LIVE.until, LIVE.bot_level) == (
        "live", 10_000, 2_000, "move", "greedy")


def test_a_correspondence_control_gives_each_move_its_days() -> None:
    control = parse_time_control({"type": "correspondence", "days_per_move": 3, "on_timeout": "bot_rest"})
    assert control is not None and (control.per_move_ms, control.until) == (3 * clocks.DAY_MS, "game")


@pytest.mark.parametrize("data", [
    {"type": "blitz"}, {"type": "live"}, {"type": "live", "initial_seconds": -1},
    {"type": "live", "initial_seconds": 5, "on_timeout": "resign"}, {"type": "correspondence"},
    {"type": "live", "initial_seconds": True}, {"type": "live", "initial_seconds": 5, "bot_level": ""},
])
def test_an_unplayable_time_control_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(BadTimeControl):
        parse_time_control(data)


def test_a_finished_turn_is_charged_and_earns_the_increment_while_the_next_seat_starts() -> None:
    clock = clocks.start_clock(LIVE, 2, [0], now_ms=1_000)
    after = clocks.after_move(clock, LIVE, [0], [1], set(), now_ms=4_000)
    assert after.remaining_ms == (10_000 - 3_000 + 2_000, 10_000) and dict(after.running) == {1: 4_000}


def test_a_seat_still_to_act_keeps_running_from_the_start_of_its_turn() -> None:
    clock = clocks.start_clock(LIVE, 2, [0, 1], now_ms=0)
    after = clocks.after_move(clock, LIVE, [0, 1], [1], set(), now_ms=500)
    assert dict(after.running) == {1: 0} and after.remaining_ms == (11_500, 10_000)


def test_time_is_never_charged_below_zero() -> None:
    clock = clocks.start_clock(LIVE, 2, [0], now_ms=0)
    assert clocks.after_move(clock, LIVE, [0], [1], set(), now_ms=99_000).remaining_ms[0] == 2_000


def test_a_seat_a_bot_plays_does_not_run_when_its_turn_begins() -> None:
    clock = clocks.start_clock(LIVE, 2, [0], now_ms=0)
    assert dict(clocks.after_move(clock, LIVE, [0], [1], {1}, now_ms=10).running) == {}


def test_a_deadline_is_the_start_of_the_turn_plus_what_remains() -> None:
    clock = clocks.start_clock(LIVE, 2, [1], now_ms=5_000)
    assert clocks.next_deadline(clock) == 15_000
    assert (clocks.out_of_time(clock, 14_999), clocks.out_of_time(clock, 15_000)) == ([], [1])


def test_pausing_charges_the_time_run_and_resuming_restarts_only_a_seat_to_act() -> None:
    clock = clocks.pause(clocks.start_clock(LIVE, 2, [0], now_ms=0), 0, now_ms=4_000)
    assert clock.remaining_ms[0] == 6_000 and not clock.running
    assert dict(clocks.resume(clock, 0, [0], 9_000).running) == {0: 9_000}
    assert dict(clocks.resume(clock, 0, [1], 9_000).running) == {}


def test_an_expired_seat_has_nothing_left_and_stops() -> None:
    clock = clocks.expire(clocks.start_clock(LIVE, 2, [0], now_ms=0), 0, now_ms=10_000)
    assert clock.remaining_ms[0] == 0 and not clock.running


def test_a_correspondence_turn_starts_with_the_full_allowance_again() -> None:
    control = parse_time_control({"type": "correspondence", "days_per_move": 1})
    assert control is not None
    first = clocks.start_clock(control, 2, [0], 0)
    clock = clocks.after_move(first, control, [0], [1], set(), clocks.DAY_MS // 2)
    again = clocks.after_move(clock, control, [1], [0], set(), clocks.DAY_MS)
    assert again.remaining_ms[0] == clocks.DAY_MS and again.deadline(0) == 2 * clocks.DAY_MS


def test_a_slow_move_draws_on_the_bank_and_a_quick_one_does_not_refill_it() -> None:
    day = clocks.DAY_MS
    control = parse_time_control({"type": "correspondence", "days_per_move": 2, "bank_days": 3})
    assert control is not None
    clock = clocks.start_clock(control, 2, [0], 0)
    assert clock.deadline(0) == 5 * day  # two days for the move and the three of the bank
    clock = clocks.after_move(clock, control, [0], [1], set(), 3 * day)  # one day of the bank used
    clock = clocks.after_move(clock, control, [1], [0], set(), 4 * day)
    assert clock.remaining_ms[0] == 2 * day + 2 * day
    clock = clocks.after_move(clock, control, [0], [1], set(), 4 * day + 1000)  # a quick move
    clock = clocks.after_move(clock, control, [1], [0], set(), 5 * day)
    assert clock.remaining_ms[0] == 2 * day + 2 * day  # the bank is not refilled


def test_a_clock_survives_its_json() -> None:
    clock = Clock((1, 2, 3), {2: 77}, 80)
    assert Clock.from_json(clock.to_json()) == clock and "banks_ms" not in clock.to_json()
    banked = Clock((1, 2), {}, 80, (5, 6))
    assert Clock.from_json(banked.to_json()) == banked


def test_what_is_left_counts_down_only_for_a_running_seat() -> None:
    clock = Clock((5_000, 5_000), {0: 1_000}, 1_000)
    assert (clock.left_ms(0, 3_000), clock.left_ms(1, 3_000), clock.left_ms(0, 99_000)) == (3_000, 5_000, 0)
