"""What one client may cost the gateway: the limits and quotas of the public edge, read from the
environment (every number below is overridable; `VARIABLES` names each one's variable, all
listed in deploy/CONFIGURATION.md; `daimyo_gateway.settings` reads them), and the token
buckets that enforce them.

Every quota here is kept per gateway replica, in memory, in tables bounded by the number of
open sockets or by `MAX_TRACKED_KEYS`; run N replicas and a client may get up to N times a
quota. One bot-only game in progress per guest is kept where the truth is, in matchmaking.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields

MAX_TRACKED_KEYS = 10_000
Clock = Callable[[], float]


@dataclass(frozen=True)
class Limits:
    """The edge's numbers; `from_env` reads each field's variable (`VARIABLES`)."""

    ws_outbox_frames: int = 256  # frames queued for one socket before it is closed (1013)
    ws_outbox_bytes: int = 1 << 20  # bytes queued for one socket before it is closed (1013)
    ws_max_frame_bytes: int = 64 * 1024  # the largest frame a browser may send (1009 beyond)
    ws_frames_per_second: float = 20.0  # per socket, refilled continuously
    ws_frame_burst: int = 60
    ws_player_frames_per_second: float = 40.0  # all sockets of one player together
    ws_player_frame_burst: int = 120
    ws_refused_before_close: int = 100  # frames over the rate in a row before closing (1008)
    ws_auth_seconds: float = 10.0  # to send the first frame, `auth {token}`
    ws_sockets_per_player: int = 8
    ws_unauthenticated_per_address: int = 16  # sockets opened but not yet authenticated
    guest_signins_per_minute: float = 20.0  # per address (IPv6: per /64)
    enqueues_per_minute: float = 10.0  # per player
    analysis_requests_per_minute: float = 2.0  # per player: reviews asked for on demand
    token_lifetime_seconds: int = 24 * 3600  # re-issued once past half its life
    reveal_cache_entries: int = 256  # reveal-all replays kept, by (game, version)
    max_list_limit: int = 100  # `limit` above this is capped
    trusted_proxy_hops: int = 0  # proxies in front whose X-Forwarded-For entries are believed
    allowed_origins: str = ""  # comma-separated origins for /ws; empty: same origin only

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Limits:
        values: dict[str, object] = {}
        for f in fields(cls):
            raw = env.get(VARIABLES[f.name], "")
            if raw != "":
                values[f.name] = _parse(VARIABLES[f.name], raw, type(getattr(cls(), f.name)))
        return cls(**values)  # type: ignore[arg-type]

    @property
    def origins(self) -> frozenset[str]:
        return frozenset(o.strip().rstrip("/") for o in self.allowed_origins.split(",") if o.strip())


VARIABLES = {
    "ws_outbox_frames": "DAIMYO_WS_OUTBOX_FRAMES",
    "ws_outbox_bytes": "DAIMYO_WS_OUTBOX_BYTES",
    "ws_max_frame_bytes": "DAIMYO_WS_MAX_FRAME_BYTES",
    "ws_frames_per_second": "DAIMYO_WS_FRAMES_PER_SECOND",
    "ws_frame_burst": "DAIMYO_WS_FRAME_BURST",
    "ws_player_frames_per_second": "DAIMYO_WS_PLAYER_FRAMES_PER_SECOND",
    "ws_player_frame_burst": "DAIMYO_WS_PLAYER_FRAME_BURST",
    "ws_refused_before_close": "DAIMYO_WS_REFUSED_BEFORE_CLOSE",
    "ws_auth_seconds": "DAIMYO_WS_AUTH_SECONDS",
    "ws_sockets_per_player": "DAIMYO_WS_SOCKETS_PER_PLAYER",
    "ws_unauthenticated_per_address": "DAIMYO_WS_UNAUTHENTICATED_PER_ADDRESS",
    "guest_signins_per_minute": "DAIMYO_GUEST_SIGNINS_PER_MINUTE",
    "enqueues_per_minute": "DAIMYO_ENQUEUES_PER_MINUTE",
    "analysis_requests_per_minute": "DAIMYO_ANALYSIS_REQUESTS_PER_MINUTE",
    "token_lifetime_seconds": "DAIMYO_TOKEN_LIFETIME_SECONDS",
    "reveal_cache_entries": "DAIMYO_REVEAL_CACHE_ENTRIES",
    "max_list_limit": "DAIMYO_MAX_LIST_LIMIT",
    "trusted_proxy_hops": "DAIMYO_TRUSTED_PROXY_HOPS",
    "allowed_origins": "DAIMYO_ALLOWED_ORIGINS",
}
"""Each field's environment variable, written out so the configuration table's test sees it."""


def _parse(variable: str, raw: str, kind: type) -> object:
    try:
        value = kind(raw)
    except ValueError:
        what = {int: "whole number", float: "number"}.get(kind, kind.__name__)
        raise ValueError(f"{variable} must be a {what}, got {raw!r}") from None
    if kind is not str and value < 0:
        raise ValueError(f"{variable} must not be negative, got {raw!r}")
    return value


class TokenBucket:
    """`burst` tokens, refilled at `rate` a second; each action takes one or is refused."""

    def __init__(self, rate: float, burst: float, clock: Clock = time.monotonic) -> None:
        self._rate, self._burst, self._clock = rate, max(1.0, burst), clock
        self._tokens, self._at = self._burst, clock()

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def wait_seconds(self) -> float:
        """How long until the next token (0 if one is there)."""
        return 0.0 if self._tokens >= 1 or self._rate <= 0 else (1 - self._tokens) / self._rate


class KeyedBuckets:
    """One bucket per key (an address, a player), the least recently used forgotten past `size`."""

    def __init__(self, per_minute: float, clock: Clock = time.monotonic,
                 size: int = MAX_TRACKED_KEYS) -> None:
        self._rate, self._burst, self._clock, self._size = per_minute / 60, per_minute, clock, size
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> float:
        """0 if `key` may act now; else how many seconds until it may."""
        bucket = self._buckets.pop(key, None) or TokenBucket(self._rate, self._burst, self._clock)
        self._buckets[key] = bucket
        if len(self._buckets) > self._size:
            self._buckets.popitem(last=False)
        return 0.0 if bucket.take() else max(1.0, bucket.wait_seconds())


class PlayerSockets:
    """The open sockets of each player on this gateway, and the frame bucket they share."""

    def __init__(self, limits: Limits, clock: Clock = time.monotonic) -> None:
        self._limits, self._clock = limits, clock
        self._open: dict[str, tuple[int, TokenBucket]] = {}

    def acquire(self, player_id: str) -> TokenBucket | None:
        """The player's shared bucket, counting one more socket; None past the player's limit."""
        count, bucket = self._open.get(player_id, (0, None))
        if count >= self._limits.ws_sockets_per_player:
            return None
        if bucket is None:
            bucket = TokenBucket(self._limits.ws_player_frames_per_second, self._limits.ws_player_frame_burst,
                                 self._clock)
        self._open[player_id] = (count + 1, bucket)
        return bucket

    def release(self, player_id: str) -> None:
        count, bucket = self._open.pop(player_id, (1, None))
        if count > 1 and bucket is not None:
            self._open[player_id] = (count - 1, bucket)


class Counted:
    """How many of something each key holds now, at most `most` each (a key at 0 is forgotten)."""

    def __init__(self, most: int) -> None:
        self._most = most
        self._held: dict[str, int] = {}

    def acquire(self, key: str) -> bool:
        if self._held.get(key, 0) >= self._most:
            return False
        self._held[key] = self._held.get(key, 0) + 1
        return True

    def release(self, key: str) -> None:
        left = self._held.pop(key, 1) - 1
        if left > 0:
            self._held[key] = left


def client_address(remote: str | None, forwarded_for: str, trusted_hops: int) -> str:
    """The address a quota counts: the peer, or the entry `trusted_hops` proxies vouch for;
    IPv6 addresses count per /64 (one host usually holds the whole prefix)."""
    address = remote or "unknown"
    hops = [h.strip() for h in forwarded_for.split(",") if h.strip()] if trusted_hops else []
    if hops:
        address = hops[-min(trusted_hops, len(hops))]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
