"""Game clocks as data: the time control chosen at matchmaking, and the clock every event records.

A clock is never read from the wall at replay. Each event that moves it stores the clock right
after it (`Clock.to_json`), computed here from the `now_ms` the handler's injected clock gave at
decision time; replaying a stream adopts the recorded clocks, so it reproduces them exactly.

A seat's clock runs while the seat must act and no bot plays it: `running` maps each such seat
to the time its turn (or its resumption) began, and its deadline is `since + remaining`.
Simultaneous decisions run every to-act seat's clock. Live clocks are a bank with an increment
per finished turn; correspondence clocks give every turn the same allowance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

LIVE = "live"
CORRESPONDENCE = "correspondence"
ON_TIMEOUT = ("bot_move", "bot_rest")
DEFAULT_BOT_LEVEL = "greedy"
DAY_MS = 86_400_000


class BadTimeControl(ValueError):
    """A time control that cannot be played (the message says what is wrong)."""


@dataclass(frozen=True)
class TimeControl:
    kind: str
    initial_ms: int = 0
    increment_ms: int = 0
    per_move_ms: int = 0
    on_timeout: str = "bot_move"
    bot_level: str = DEFAULT_BOT_LEVEL

    @property
    def until(self) -> str:
        """How long a bot keeps a seat whose time ran out: one move, or the rest of the game."""
        return "game" if self.on_timeout == "bot_rest" else "move"


def parse_time_control(data: Mapping[str, Any] | None) -> TimeControl | None:
    """The time control in `data` ({} or None: no clock); BadTimeControl when unusable."""
    if not data:
        return None
    kind = data.get("type")
    on_timeout = data.get("on_timeout", "bot_move")
    level = data.get("bot_level", DEFAULT_BOT_LEVEL)
    if on_timeout not in ON_TIMEOUT:
        raise BadTimeControl(f"on_timeout must be one of {', '.join(ON_TIMEOUT)}, not {on_timeout!r}")
    if not isinstance(level, str) or not level:
        raise BadTimeControl("bot_level must be a non-empty string")
    if kind == LIVE:
        initial = _seconds(data, "initial_seconds", positive=True)
        return TimeControl(LIVE, initial, _seconds(data, "increment_seconds", positive=False),
                           on_timeout=on_timeout, bot_level=level)
    if kind == CORRESPONDENCE:
        days = data.get("days_per_move")
        if not isinstance(days, int | float) or isinstance(days, bool) or days <= 0:
            raise BadTimeControl("days_per_move must be a positive number")
        return TimeControl(CORRESPONDENCE, per_move_ms=round(days * DAY_MS), on_timeout=on_timeout,
                           bot_level=level)
    raise BadTimeControl(f"time control type must be {LIVE!r} or {CORRESPONDENCE!r}, not {kind!r}")


def _seconds(data: Mapping[str, Any], key: str, positive: bool) -> int:
    value: float = data.get(key, 0)
    is_number = isinstance(value, int | float) and not isinstance(value, bool)
    if not is_number or value < 0 or (positive and value == 0):
        raise BadTimeControl(f"{key} must be a {'positive' if positive else 'non-negative'} number")
    return round(value * 1000)


@dataclass(frozen=True)
class Clock:
    """Remaining time per seat, and since when each running seat's clock runs (epoch ms)."""

    remaining_ms: tuple[int, ...]
    running: Mapping[int, int] = field(default_factory=dict)
    at_ms: int = 0  # when this clock was recorded

    def deadline(self, seat: int) -> int | None:
        since = self.running.get(seat)
        return None if since is None else since + self.remaining_ms[seat]

    def left_ms(self, seat: int, now_ms: int) -> int:
        since = self.running.get(seat)
        left = self.remaining_ms[seat] - (0 if since is None else now_ms - since)
        return max(0, left)

    def to_json(self) -> dict[str, Any]:
        return {"remaining_ms": list(self.remaining_ms),
                "running": {str(s): t for s, t in sorted(self.running.items())}, "at_ms": self.at_ms}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        running = {int(s): int(t) for s, t in (data.get("running") or {}).items()}
        return cls(tuple(int(r) for r in data["remaining_ms"]), running, int(data.get("at_ms", 0)))


def start_clock(control: TimeControl, seats: int, to_act: Iterable[int], now_ms: int) -> Clock:
    allowance = control.initial_ms if control.kind == LIVE else control.per_move_ms
    return Clock((allowance,) * seats, {s: now_ms for s in to_act}, now_ms)


def after_move(clock: Clock, control: TimeControl, before: Iterable[int], after: Iterable[int],
               bot_played: set[int], now_ms: int) -> Clock:
    """The clock once the seats to act went from `before` to `after`.

    A seat whose turn ended is charged its time (never below zero) and earns the increment; a
    seat whose turn began starts running, unless a bot plays it (its clock stays still).
    """
    before, after = list(before), list(after)
    remaining, running = list(clock.remaining_ms), dict(clock.running)
    for seat in (s for s in before if s not in after):
        _charge(remaining, running, seat, now_ms)
        remaining[seat] += control.increment_ms
    for seat in (s for s in after if s not in before):
        if control.kind == CORRESPONDENCE:
            remaining[seat] = control.per_move_ms
        if seat not in bot_played:
            running[seat] = now_ms
    return Clock(tuple(remaining), running, now_ms)


def pause(clock: Clock, seat: int, now_ms: int) -> Clock:
    """Stop `seat`'s clock (a bot takes the seat), charging the time it ran."""
    remaining, running = list(clock.remaining_ms), dict(clock.running)
    _charge(remaining, running, seat, now_ms)
    return Clock(tuple(remaining), running, now_ms)


def resume(clock: Clock, seat: int, to_act: Iterable[int], now_ms: int) -> Clock:
    """Start `seat`'s clock again if it must act (its player took the seat back)."""
    running = dict(clock.running)
    if seat in to_act and seat not in running:
        running[seat] = now_ms
    return Clock(clock.remaining_ms, running, now_ms)


def expire(clock: Clock, seat: int, now_ms: int) -> Clock:
    """`seat` is out of time: nothing left, and its clock stops."""
    remaining, running = list(clock.remaining_ms), dict(clock.running)
    remaining[seat] = 0
    running.pop(seat, None)
    return Clock(tuple(remaining), running, now_ms)


def out_of_time(clock: Clock, now_ms: int) -> list[int]:
    """Running seats whose deadline has passed at `now_ms`."""
    return sorted(s for s in clock.running if (clock.deadline(s) or 0) <= now_ms)


def next_deadline(clock: Clock) -> int | None:
    deadlines = [d for s in clock.running if (d := clock.deadline(s)) is not None]
    return min(deadlines, default=None)


def display(clock: Clock, now_ms: int) -> dict[str, Any]:
    """What a client needs to show every seat's clock: `now_ms` lets it correct for its own clock."""
    return {**clock.to_json(), "now_ms": now_ms}


def _charge(remaining: list[int], running: dict[int, int], seat: int, now_ms: int) -> None:
    since = running.pop(seat, None)
    if since is not None:
        remaining[seat] = max(0, remaining[seat] - max(0, now_ms - since))
