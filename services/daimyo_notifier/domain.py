"""What the notifier decides, as pure functions: which notices exist, who hears of them on which
channel and when (preferences, quiet hours in the player's time zone), and how failed sends back off.

Every notice has an idempotency key per (event, player): `<game>:<version>:<kind>:<player>`; a
delivery adds the channel and device. The store keeps one row per key, so an event read twice (a
redelivery, a restart) never makes a second notice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

KINDS = ("your_turn", "game_found", "time_low", "game_ended", "vacation", "friend_challenge")
"""`time_low`: the notifier's own reminder, `time_low_ms` before a correspondence deadline.
`friend_challenge`: a host challenged the player to a private table (matchmaking's
`daimyo.table.<code>.challenge`); its `game_id` is the table's invitation code, its version 0."""
CHANNELS = ("push", "email")
LOCALES = ("en", "pt-BR", "es", "zh-Hans")
DAY_MINUTES = 24 * 60


class InvalidRequest(ValueError):
    """A request the notifier refuses as it is (the message says why); nothing is changed."""


class NotFound(LookupError):
    """The subscription or player named is not known."""


@dataclass(frozen=True)
class Notice:
    """One thing one player should hear of, due at `due_ms` (epoch ms)."""

    key: str
    player_id: str
    kind: str
    game_id: str
    game: str
    version: int
    due_ms: int
    deadline_ms: int = 0
    host: str = ""  # who challenges (friend_challenge only)

    def payload(self) -> dict[str, object]:
        """What the device receives (codes and arguments only; the client words it)."""
        return {
            "key": self.key,
            "kind": self.kind,
            "game_id": self.game_id,
            "game": self.game,
            "version": self.version,
            "deadline_ms": self.deadline_ms,
            **({"host": self.host} if self.host else {}),
        }


def notice_key(game_id: str, version: int, kind: str, player_id: str) -> str:
    return f"{game_id}:{version}:{kind}:{player_id}"


@dataclass(frozen=True)
class Preferences:
    """A player's choices: (kind, channel) pairs muted, quiet hours in local minutes."""

    player_id: str
    muted: frozenset[tuple[str, str]] = field(default_factory=frozenset)
    time_zone: str = ""
    quiet_start_minute: int = 0
    quiet_end_minute: int = 0  # equal to the start: no quiet hours
    locale: str = "en"  # the language of the player's email digests

    def allows(self, kind: str, channel: str) -> bool:
        return (kind, channel) not in self.muted


def checked_preferences(prefs: Preferences) -> Preferences:
    """`prefs` if every field is usable, else InvalidRequest naming the first bad one."""
    for kind, channel in prefs.muted:
        if kind not in KINDS or channel not in CHANNELS:
            raise InvalidRequest(f"no notice {kind!r} on channel {channel!r}")
    zone(prefs.time_zone)
    if prefs.locale not in LOCALES:
        raise InvalidRequest(f"locale must be one of {', '.join(LOCALES)}")
    for name in ("quiet_start_minute", "quiet_end_minute"):
        if not 0 <= getattr(prefs, name) < DAY_MINUTES:
            raise InvalidRequest(f"{name} must be in 0..{DAY_MINUTES - 1}")
    return prefs


def zone(name: str) -> ZoneInfo:
    """The IANA zone `name` ("" is UTC); InvalidRequest for a name the system does not know."""
    if len(name) > 64 or ".." in name:
        raise InvalidRequest("time_zone is not an IANA time zone")
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidRequest(f"unknown time_zone {name!r}") from None


def after_quiet_hours(prefs: Preferences, at_ms: int) -> int:
    """`at_ms` when it falls outside the player's quiet hours, else when they end (epoch ms)."""
    start, end = prefs.quiet_start_minute, prefs.quiet_end_minute
    if start == end:
        return at_ms
    local = datetime.fromtimestamp(at_ms / 1000, UTC).astimezone(zone(prefs.time_zone))
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return at_ms
    wait = (end - minute) % DAY_MINUTES
    naive_end = local.replace(tzinfo=None, second=0, microsecond=0) + timedelta(minutes=wait)
    ends = naive_end.replace(tzinfo=local.tzinfo)  # wall time: a DST change moves it with the clock
    return max(at_ms, int(ends.timestamp() * 1000))


def backoff_ms(attempts: int, base_ms: int = 1000, cap_ms: int = 3_600_000) -> int:
    """The wait before attempt `attempts + 1`: doubling from `base_ms`, at most `cap_ms`."""
    return int(min(cap_ms, base_ms * 2 ** max(0, attempts - 1)))
