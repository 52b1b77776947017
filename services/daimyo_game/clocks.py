"""Game clocks as data: the time control chosen at matchmaking, and the clock every event records.

A clock is never read from the wall at replay. Each event that moves it stores the clock right
after it (`Clock.to_json`), computed here from the `now_ms` the handler's injected clock gave at
decision time; replaying a stream adopts the recorded clocks, so it reproduces them exactly.

A seat's clock runs while the seat must act and no bot plays it: `running` maps each such seat
to the time its turn (or its resumption) began, and its deadline is `since + remaining`.
Simultaneous decisions run every to-act seat's clock. Live clocks are a bank with an increment
per finished turn; correspondence clocks give every turn the same allowance, plus what is left of
the seat's bank (time a slow move drew beyond its allowance is gone from the bank; time a quick
move left over does not add to it). What a time control
may be is `daimyo_kit.time_controls` (shared with the gateway and matchmaking).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from daimyo_kit.time_controls import (
    CORRESPONDENCE,
    DAY_MS,
    DEFAULT_BOT_LEVEL,
    LIVE,
    BadTimeControl,
    TimeControl,
    parse_time_control,
)

__all__ = ["CORRESPONDENCE", "DAY_MS", "DEFAULT_BOT_LEVEL", "LIVE", "BadTimeControl", "Clock", "TimeControl",
           "after_move", "parse_time_control", "start_clock"]


@dataclass(frozen=True)
class Clock:
    """Remaining time per seat, and since when each running seat's clock runs (epoch ms)."""

    remaining_ms: tuple[int, ...]
    running: Mapping[int, int] = field(default_factory=dict)
    at_ms: int = 0  # when this clock was recorded
    banks_ms: tuple[int, ...] = ()  # correspondence with a bank: what each seat has left of it

    def deadline(self, seat: int) -> int | None:
        since = self.running.get(seat)
        return None if since is None else since + self.remaining_ms[seat]

    def left_ms(self, seat: int, now_ms: int) -> int:
        since = self.running.get(seat)
        left = self.remaining_ms[seat] - (0 if since is None else now_ms - since)
        return max(0, left)

    def to_json(self) -> dict[str, Any]:
        data = {"remaining_ms": list(self.remaining_ms),
                "running": {str(s): t for s, t in sorted(self.running.items())}, "at_ms": self.at_ms}
        return {**data, "banks_ms": list(self.banks_ms)} if self.banks_ms else data  # no bank: as before

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        running = {int(s): int(t) for s, t in (data.get("running") or {}).items()}
        return cls(tuple(int(r) for r in data["remaining_ms"]), running, int(data.get("at_ms", 0)),
                   tuple(int(b) for b in data.get("banks_ms") or ()))


def start_clock(control: TimeControl, seats: int, to_act: Iterable[int], now_ms: int) -> Clock:
    allowance = control.initial_ms if control.kind == LIVE else control.per_move_ms + control.bank_ms
    banks = (control.bank_ms,) * seats if control.kind == CORRESPONDENCE and control.bank_ms else ()
    return Clock((allowance,) * seats, {s: now_ms for s in to_act}, now_ms, banks)


def after_move(clock: Clock, control: TimeControl, before: Iterable[int], after: Iterable[int],
               bot_played: set[int], now_ms: int) -> Clock:
    """The clock once the seats to act went from `before` to `after`.

    A seat whose turn ended is charged its time (never below zero) and earns the increment; a
    seat whose turn began starts running, unless a bot plays it (its clock stays still).
    """
    before, after = list(before), list(after)
    remaining, running, banks = list(clock.remaining_ms), dict(clock.running), list(clock.banks_ms)
    for seat in (s for s in before if s not in after):
        _charge(remaining, running, seat, now_ms)
        remaining[seat] += control.increment_ms
        if banks:  # time a move took beyond its allowance came out of the bank
            banks[seat] = min(banks[seat], remaining[seat])
    for seat in (s for s in after if s not in before):
        if control.kind == CORRESPONDENCE:
            remaining[seat] = control.per_move_ms + (banks[seat] if banks else 0)
        if seat not in bot_played:
            running[seat] = now_ms
    return Clock(tuple(remaining), running, now_ms, tuple(banks))


def away(clock: Clock, seats_until: Mapping[int, int], since: Mapping[int, int], now_ms: int) -> Clock:
    """Each running seat of `seats_until` (seat → end of its player's vacation) gets the part of
    its vacation after `since` (seat → from when; absent: now) added to its time: a vacation
    pauses the seat's clock until it ends."""
    remaining = list(clock.remaining_ms)
    for seat, until in seats_until.items():
        start = max(now_ms, since.get(seat, now_ms))
        if seat in clock.running and until > start:
            remaining[seat] += until - start
    return Clock(tuple(remaining), clock.running, now_ms, clock.banks_ms)


def pause(clock: Clock, seat: int, now_ms: int) -> Clock:
    """Stop `seat`'s clock (a bot takes the seat), charging the time it ran."""
    remaining, running = list(clock.remaining_ms), dict(clock.running)
    _charge(remaining, running, seat, now_ms)
    return Clock(tuple(remaining), running, now_ms, clock.banks_ms)


def resume(clock: Clock, seat: int, to_act: Iterable[int], now_ms: int) -> Clock:
    """Start `seat`'s clock again if it must act (its player took the seat back)."""
    running = dict(clock.running)
    if seat in to_act and seat not in running:
        running[seat] = now_ms
    return Clock(clock.remaining_ms, running, now_ms, clock.banks_ms)


def expire(clock: Clock, seat: int, now_ms: int) -> Clock:
    """`seat` is out of time: nothing left, and its clock stops."""
    remaining, running, banks = list(clock.remaining_ms), dict(clock.running), list(clock.banks_ms)
    remaining[seat] = 0
    running.pop(seat, None)
    if banks:
        banks[seat] = 0
    return Clock(tuple(remaining), running, now_ms, tuple(banks))


def out_of_time(clock: Clock, now_ms: int) -> list[int]:
    """Running seats whose deadline has passed at `now_ms`."""
    return sorted(s for s in clock.running if (clock.deadline(s) or 0) <= now_ms)


def next_deadline(clock: Clock) -> int | None:
    deadlines = [d for s in clock.running if (d := clock.deadline(s)) is not None]
    return min(deadlines, default=None)


def display(clock: Clock, now_ms: int, vacations: Mapping[int, int] | None = None) -> dict[str, Any]:
    """What a client needs to show every seat's clock: `now_ms` lets it correct for its own clock;
    `vacations`: seats whose player is away, and until when (shown as "on vacation until …")."""
    away = {str(s): u for s, u in sorted((vacations or {}).items()) if u > now_ms}
    return {**clock.to_json(), "now_ms": now_ms, **({"vacations": away} if away else {})}


def _charge(remaining: list[int], running: dict[int, int], seat: int, now_ms: int) -> None:
    since = running.pop(seat, None)
    if since is not None:
        remaining[seat] = max(0, remaining[seat] - max(0, now_ms - since))
