"""What every resource's handlers read: the app's keys and quotas, the caller (from the bearer
token), a JSON body, query numbers and flags, the client's address and its quotas."""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from daimyo_gateway.audience import Audience
from daimyo_gateway.frames import MAX_VERSION
from daimyo_gateway.hub import Hub
from daimyo_gateway.limits import Counted, Limits, PlayerSockets, TrustedProxies, client_address
from daimyo_gateway.memory import Reclaimer
from daimyo_gateway.online import Online
from daimyo_gateway.ports import (
    AnalysisPort,
    GamePort,
    MatchmakingPort,
    RateLimited,
    ServiceError,
    ViewSnapshot,
)
from daimyo_gateway.presence import Presence
from daimyo_gateway.seat_news import SeatNews
from daimyo_gateway.tokens import InvalidToken, Player, TokenSigner
from daimyo_kit.lru import LruCache
from daimyo_kit.rates import ByteBudgets, Clock, KeyedBuckets
from daimyo_kit.time_controls import PRESETS

STATIC_DIR = Path(__file__).parent.parent / "static"
TIME_CONTROLS = PRESETS  # the lobby's choices; matchmaking seats only tickets with the same one together


@dataclass
class Quotas:
    """The edge's counters, one set per gateway (see `limits.py`)."""

    limits: Limits
    sign_ins: KeyedBuckets
    enqueues: KeyedBuckets
    sockets: PlayerSockets
    reveals: LruCache[tuple[str, int], ViewSnapshot]
    unauthenticated: Counted
    edge: EdgeQuotas
    analyses: KeyedBuckets

    @classmethod
    def of(cls, limits: Limits, clock: Clock = time.monotonic) -> Quotas:
        return cls(limits, KeyedBuckets(limits.guest_signins_per_minute, clock),
                   KeyedBuckets(limits.enqueues_per_minute, clock), PlayerSockets(limits, clock),
                   LruCache(limits.reveal_cache_entries), Counted(limits.ws_unauthenticated_per_address),
                   EdgeQuotas.of(limits, clock),
                   KeyedBuckets(limits.analysis_requests_per_minute, clock))


@dataclass
class EdgeQuotas:
    """What one address (and one player's sockets) may cost: requests, sockets, bytes read."""

    proxies: TrustedProxies
    requests: KeyedBuckets  # HTTP requests per address
    sockets: Counted  # open sockets per address
    new_sockets: KeyedBuckets  # per address
    player_new_sockets: KeyedBuckets  # per player: reconnects are paced
    read_bytes: ByteBudgets  # keyed by address and by player
    logs: KeyedBuckets  # log lines about one address's bad input

    @classmethod
    def of(cls, limits: Limits, clock: Clock = time.monotonic) -> EdgeQuotas:
        return cls(TrustedProxies.of(limits),
                   _per_second(limits.http_requests_per_second, limits.http_request_burst, clock),
                   Counted(limits.ws_sockets_per_address),
                   _per_second(limits.ws_new_sockets_per_second, limits.ws_new_socket_burst, clock),
                   KeyedBuckets(limits.ws_player_new_sockets_per_minute, clock),
                   ByteBudgets(limits.ws_read_bytes_per_second, limits.ws_read_bytes_burst, clock),
                   KeyedBuckets(limits.bad_input_logs_per_minute, clock))


def _per_second(rate: float, burst: int, clock: Clock) -> KeyedBuckets:
    return KeyedBuckets(rate * 60, clock, burst=burst)


SIGNER = web.AppKey("signer", TokenSigner)
GAME_PORT = web.AppKey("games", GamePort)
MATCHMAKING = web.AppKey("matchmaking", MatchmakingPort)
HUB = web.AppKey("hub", Hub)
READY: web.AppKey[Callable[[], bool]] = web.AppKey("ready")
SOCKETS: web.AppKey[set[Callable[[], Awaitable[None]]]] = web.AppKey("sockets")
PRESENCE: web.AppKey[Presence | None] = web.AppKey("presence")
ONLINE: web.AppKey[Online | None] = web.AppKey("online")
QUOTAS = web.AppKey("quotas", Quotas)
RECLAIMER = web.AppKey("reclaimer", Reclaimer)
ANALYSIS: web.AppKey[AnalysisPort | None] = web.AppKey("analysis")
AUDIENCE = web.AppKey("audience", Audience)
SEAT_NEWS: web.AppKey[SeatNews | None] = web.AppKey("seat_news")
REFRESHED: web.RequestKey[str | None] = web.RequestKey("refreshed_token")
CHECKED: web.RequestKey[Player] = web.RequestKey("checked_player")  # the session check's answer


# -- identity -----------------------------------------------------------------------------


def _token_of(request: web.Request) -> str:
    """The bearer token of the Authorization header (never the URL: URLs end up in logs)."""
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header.removeprefix("Bearer ").strip()
    if "token" in request.query:
        raise InvalidToken("send the token in the Authorization header, not in the URL")
    return ""


def player(request: web.Request) -> Player:
    """The token's player — as its live session says it is now (name, guest or not) when the
    session check ran (http_api.account.live_sessions); a token past half its life is re-issued
    in the X-Daimyo-Token header."""
    signer = request.app[SIGNER]
    try:
        token = _token_of(request)
        found = signer.verify(token)
        request[REFRESHED] = signer.refreshed(token)
    except InvalidToken as e:
        raise ServiceError("unauthenticated", f"sign in first ({e})") from None
    return request.get(CHECKED) or found


def maybe_player(request: web.Request) -> Player | None:
    try:
        found = request.app[SIGNER].verify(_token_of(request))
    except InvalidToken:
        return None
    return request.get(CHECKED) or found


# -- what the request carries ---------------------------------------------------------------


async def json_body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise ServiceError("malformed", "the body must be JSON") from None
    except RecursionError:
        raise ServiceError("malformed", "the body is nested too deeply") from None
    if not isinstance(body, dict):
        raise ServiceError("malformed", "the body must be a JSON object")
    return body


def flag(request: web.Request, name: str) -> bool:
    return request.query.get(name, "") in ("1", "true", "yes")


def int_query(request: web.Request, name: str, default: int, low: int = 0, high: int = MAX_VERSION) -> int:
    """A whole number from low to high (what int64 holds at most), or `default` when absent."""
    raw = request.query.get(name, "")
    if not raw:
        return default
    if not (raw.isascii() and raw.lstrip("-").isdigit()) or len(raw) > 20 or not low <= int(raw) <= high:
        raise ServiceError("malformed", f"{name} must be a whole number from {low} to {high}",
                           {"field": name, "low": low, "high": high})
    return int(raw)


def limit_query(request: web.Request, default: int) -> int:
    """`limit`: at least 1; anything above the gateway's cap is capped."""
    cap = request.app[QUOTAS].limits.max_list_limit
    return min(cap, int_query(request, "limit", default, low=1))


# -- quotas -----------------------------------------------------------------------------------


def address(request: web.Request) -> str:
    """The client's address as quotas count it (`X-Forwarded-For` only from a trusted proxy)."""
    proxies = request.app[QUOTAS].edge.proxies
    return client_address(request.remote, request.headers.get("X-Forwarded-For", ""), proxies)


def take_quota(buckets: KeyedBuckets, key: str, per_minute: float, what: str) -> None:
    wait = buckets.take(key)
    if wait:
        raise RateLimited(f"too many {what}: at most {per_minute:g} a minute; "
                          f"try again in {math.ceil(wait)} s", wait, {"per_minute": per_minute})


def public_ticket(ticket: dict[str, Any]) -> dict[str, Any]:
    """A queue ticket for the browser (its owner's id stays private)."""
    return {k: v for k, v in ticket.items() if k != "player_id"}
