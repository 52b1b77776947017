"""Time controls: the lobby's presets and the one validator the gateway, matchmaking and the
game service share, so a clock one of them accepts is never refused by another.

A time control is JSON: `{"type": "live", "initial_seconds", "increment_seconds"}` (a bank plus
an increment per finished turn) or `{"type": "correspondence", "days_per_move", "bank_days"}` (one
of CORRESPONDENCE_DAYS a move, and an optional bank of days a slow move may draw on), each with
`on_timeout` (`bot_move`: a bot makes the one move; `bot_rest`: a bot plays the rest of the
game) and the `bot_level` that steps in. `{}` (or nothing) means no clock.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LIVE = "live"
CORRESPONDENCE = "correspondence"
ON_TIMEOUT = ("bot_move", "bot_rest")
DEFAULT_BOT_LEVEL = "greedy"
DAY_MS = 86_400_000
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
"""Days a correspondence move may take: a day for keen players up to a fortnight for busy ones."""
MAX_BANK_DAYS = 30
BANK_DAYS = 7  # the bank of the lobby's "+ bank" choices: a week of slack for the odd busy spell

PRESETS: dict[str, dict[str, Any]] = {  # the lobby's choices; matchmaking seats only equal ones together
    "live": {"type": "live", "initial_seconds": 600, "increment_seconds": 10, "on_timeout": "bot_move"},
    "blitz": {"type": "live", "initial_seconds": 180, "increment_seconds": 5, "on_timeout": "bot_move"},
    "correspondence": {"type": "correspondence", "days_per_move": 3, "on_timeout": "bot_move"},
    **{f"correspondence-{days}d{bank}": {
        "type": "correspondence", "days_per_move": days, "on_timeout": "bot_move",
        **({"bank_days": BANK_DAYS} if bank else {})}
       for days in CORRESPONDENCE_DAYS for bank in ("", "-bank")},
}


class BadTimeControl(ValueError):
    """A time control that cannot be played (the message says what is wrong)."""


@dataclass(frozen=True)
class TimeControl:
    kind: str
    initial_ms: int = 0
    increment_ms: int = 0
    per_move_ms: int = 0
    bank_ms: int = 0  # correspondence: time beyond a move's allowance a seat may draw on, all game long
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
    if not isinstance(data, Mapping) or data.get("type") not in (LIVE, CORRESPONDENCE):
        kind = data.get("type") if isinstance(data, Mapping) else data
        raise BadTimeControl(f'a time control is {{"type": "live" | "correspondence", ...}}, not {kind!r}')
    on_timeout, level = data.get("on_timeout", "bot_move"), data.get("bot_level", DEFAULT_BOT_LEVEL)
    if on_timeout not in ON_TIMEOUT:
        raise BadTimeControl(f"on_timeout must be one of {', '.join(ON_TIMEOUT)}, not {on_timeout!r}")
    if not isinstance(level, str) or not level:
        raise BadTimeControl("bot_level must be a non-empty string")
    if data["type"] == LIVE:
        initial = _seconds(data, "initial_seconds", positive=True)
        return TimeControl(LIVE, initial, _seconds(data, "increment_seconds", positive=False),
                           on_timeout=on_timeout, bot_level=level)
    days: float = data.get("days_per_move", 0)
    if not _number(days) or days not in CORRESPONDENCE_DAYS:
        raise BadTimeControl("a correspondence time control needs days_per_move > 0, one of "
                             + ", ".join(map(str, CORRESPONDENCE_DAYS)))
    bank = data.get("bank_days", 0)
    if not isinstance(bank, int) or isinstance(bank, bool) or not 0 <= bank <= MAX_BANK_DAYS:
        raise BadTimeControl(f"bank_days must be a whole number of days from 0 to {MAX_BANK_DAYS}")
    return TimeControl(CORRESPONDENCE, per_move_ms=round(days * DAY_MS), bank_ms=bank * DAY_MS,
                       on_timeout=on_timeout, bot_level=level)


def parse_time_control_json(text: str) -> TimeControl | None:
    """`parse_time_control` of a JSON text ("" or "{}": no clock)."""
    if not text.strip():
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadTimeControl(f"time_control_json is not valid JSON: {exc}") from exc
    return parse_time_control(data)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _seconds(data: Mapping[str, Any], key: str, positive: bool) -> int:
    value: float = data.get(key, 0)
    if not _number(value) or value < 0 or (positive and value == 0):
        raise BadTimeControl(f"a {data['type']} time control needs {key} {'>' if positive else '>='} 0")
    return round(value * 1000)
