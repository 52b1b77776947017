"""What one client may cost the gateway: the limits and quotas of the public edge, read from the
environment (every number below is overridable; `VARIABLES` names each one's variable, all
listed in deploy/CONFIGURATION.md; `daimyo_gateway.settings` reads them), the tables of open
sockets, and who the quotas count (addresses, trusted proxies, origins). The rates themselves
are counted by `daimyo_kit.rates`.

Every quota here is kept per gateway replica, in memory, in tables bounded by the number of
open sockets or by `daimyo_kit.rates.MAX_TRACKED_KEYS`; run N replicas and a client may get up
to N times a quota. One bot-only game in progress per guest is kept where the truth is, in
matchmaking.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Mapping
from dataclasses import dataclass, fields
from urllib.parse import urlsplit

from daimyo_kit.rates import Clock, TokenBucket


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
    ws_sockets_per_address: int = 64  # open sockets of one address (IPv6: /64), visitors included
    ws_new_sockets_per_second: float = 4.0  # per address, refilled continuously
    ws_new_socket_burst: int = 32
    ws_player_new_sockets_per_minute: float = 30.0  # per player: reconnects are paced
    ws_read_bytes_per_second: int = 256 * 1024  # read from one address's (and one player's) sockets
    ws_read_bytes_burst: int = 1 << 20
    ws_heartbeat_seconds: float = 25.0  # ping; a socket silent for half of it after a ping is closed
    http_connections_per_address: int = 128  # TCP connections of one peer, sockets included
    http_requests_per_second: float = 20.0  # per address, refilled continuously
    http_request_burst: int = 200  # a first page load fetches every static module at once
    http_header_seconds: float = 10.0  # from a request's first byte to the end of its headers
    http_body_seconds: float = 10.0  # to send a request's body (at most 64 KiB)
    http_idle_seconds: float = 30.0  # a kept-alive connection waiting for its next request
    bad_input_logs_per_minute: float = 6.0  # log lines about one address's malformed input
    guest_signins_per_minute: float = 20.0  # per address (IPv6: per /64)
    enqueues_per_minute: float = 10.0  # per player
    analysis_requests_per_minute: float = 2.0  # per player: reviews asked for on demand
    token_lifetime_seconds: int = 24 * 3600  # re-issued once past half its life
    reveal_cache_entries: int = 256  # reveal-all replays kept, by (game, version)
    max_list_limit: int = 100  # `limit` above this is capped
    trusted_proxies: str = ""  # comma-separated networks (CIDR) of the proxies in front
    allowed_origins: str = ""  # comma-separated origins for /ws; empty: same origin only

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Limits:
        values: dict[str, object] = {}
        for f in fields(cls):
            raw = env.get(VARIABLES[f.name], "")
            if raw != "":
                values[f.name] = _parse(VARIABLES[f.name], raw, type(getattr(cls(), f.name)))
        limits = cls(**values)  # type: ignore[arg-type]
        parse_networks(limits.trusted_proxies)  # a typo is named at start, not ignored
        for origin in limits.origins:
            if origin_of(origin) is None:
                raise ValueError(f"DAIMYO_ALLOWED_ORIGINS must list origins such as https://play.example, "
                                 f"got {origin!r}")
        return limits

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
    "ws_sockets_per_address": "DAIMYO_WS_SOCKETS_PER_ADDRESS",
    "ws_new_sockets_per_second": "DAIMYO_WS_NEW_SOCKETS_PER_SECOND",
    "ws_new_socket_burst": "DAIMYO_WS_NEW_SOCKET_BURST",
    "ws_player_new_sockets_per_minute": "DAIMYO_WS_PLAYER_NEW_SOCKETS_PER_MINUTE",
    "ws_read_bytes_per_second": "DAIMYO_WS_READ_BYTES_PER_SECOND",
    "ws_read_bytes_burst": "DAIMYO_WS_READ_BYTES_BURST",
    "ws_heartbeat_seconds": "DAIMYO_WS_HEARTBEAT_SECONDS",
    "http_connections_per_address": "DAIMYO_HTTP_CONNECTIONS_PER_ADDRESS",
    "http_requests_per_second": "DAIMYO_HTTP_REQUESTS_PER_SECOND",
    "http_request_burst": "DAIMYO_HTTP_REQUEST_BURST",
    "http_header_seconds": "DAIMYO_HTTP_HEADER_SECONDS",
    "http_body_seconds": "DAIMYO_HTTP_BODY_SECONDS",
    "http_idle_seconds": "DAIMYO_HTTP_IDLE_SECONDS",
    "bad_input_logs_per_minute": "DAIMYO_BAD_INPUT_LOGS_PER_MINUTE",
    "guest_signins_per_minute": "DAIMYO_GUEST_SIGNINS_PER_MINUTE",
    "enqueues_per_minute": "DAIMYO_ENQUEUES_PER_MINUTE",
    "analysis_requests_per_minute": "DAIMYO_ANALYSIS_REQUESTS_PER_MINUTE",
    "token_lifetime_seconds": "DAIMYO_TOKEN_LIFETIME_SECONDS",
    "reveal_cache_entries": "DAIMYO_REVEAL_CACHE_ENTRIES",
    "max_list_limit": "DAIMYO_MAX_LIST_LIMIT",
    "trusted_proxies": "DAIMYO_TRUSTED_PROXIES",
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


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(text: str) -> tuple[Network, ...]:
    """`DAIMYO_TRUSTED_PROXIES`: comma-separated networks (`10.0.0.0/8`) or single addresses."""
    networks = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"DAIMYO_TRUSTED_PROXIES must list networks such as 10.0.0.0/8, "
                             f"got {part!r}") from None
    return tuple(networks)


def _ip(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return None
    mapped = ip.ipv4_mapped if ip.version == 6 else None  # ::ffff:a.b.c.d is a.b.c.d
    return mapped or ip


class TrustedProxies:
    """The proxies in front of the gateway: only their `X-Forwarded-*` headers are believed."""

    def __init__(self, networks: tuple[Network, ...] = ()) -> None:
        self._networks = networks

    @classmethod
    def of(cls, limits: Limits) -> TrustedProxies:
        return cls(parse_networks(limits.trusted_proxies))

    def trusts(self, address: str | None) -> bool:
        ip = _ip(address) if address and self._networks else None
        return ip is not None and any(ip in network for network in self._networks)

    def client(self, peer: str | None, forwarded_for: str) -> str:
        """The client's address: the peer, or — when the peer is a trusted proxy — the right-most
        `X-Forwarded-For` entry that is not one (each proxy appends the address it saw, so the
        entries left of the last trusted proxy are whatever the client chose to send)."""
        address = peer or "unknown"
        if not self.trusts(address):
            return address
        for hop in reversed([h.strip() for h in forwarded_for.split(",") if h.strip()]):
            address = hop
            if not self.trusts(hop):
                break
        return address

    def scheme(self, peer: str | None, forwarded_proto: str, own: str) -> str:
        """The scheme the browser used: `X-Forwarded-Proto` from a trusted proxy, else our own."""
        claimed = forwarded_proto.split(",")[0].strip().lower()
        return claimed if claimed in ("http", "https") and self.trusts(peer) else own


def address_key(address: str) -> str:
    """The key a quota counts an address by: IPv6 per /64 (one host usually holds the whole
    prefix), IPv4 as it is; anything unparseable as its first 64 characters."""
    ip = _ip(address)
    if ip is None:
        return address[:64]
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_address(remote: str | None, forwarded_for: str, proxies: TrustedProxies) -> str:
    """The key of the client behind `remote` (see `TrustedProxies.client` and `address_key`)."""
    return address_key(proxies.client(remote, forwarded_for))


Origin = tuple[str, str, int]  # scheme, host, port: what "same origin" compares
_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(text: str) -> Origin | None:
    """`scheme://host[:port]` as its parts (the default port filled in); None if it is not one."""
    try:
        parts = urlsplit(text.strip().rstrip("/"))
        scheme, host, port = parts.scheme.lower(), (parts.hostname or "").lower(), parts.port
    except ValueError:  # a port that is not a number, or out of range
        return None
    if scheme not in _DEFAULT_PORTS or not host or parts.path or parts.query or parts.username:
        return None
    return scheme, host, port or _DEFAULT_PORTS[scheme]


def allowed_origins(listed: frozenset[str]) -> frozenset[Origin]:
    return frozenset(o for o in map(origin_of, listed) if o is not None)
