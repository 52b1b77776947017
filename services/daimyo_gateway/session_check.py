"""Whether a token's session is still alive, cheaply, on every gateway replica.

A token names its session and the session's current token id (`tokens.py`). The first check of
a session asks the accounts service; the answer is cached for `ttl` seconds (bounded LRU), so a
request or a socket costs a dictionary look-up, not a call. Whoever ends or refreshes a session
(sign out, "everywhere", refresh) publishes `daimyo.sessions.revoked`; every gateway drops its
cached answer at once and closes the sockets that session opened with a token no longer
current — within the bus's delivery time, well under a second. A gateway that missed the
message (NATS away) still stops honouring the session when its cached answer expires.

A check that was in flight when a revocation arrived does not cache its (older) answer.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

import structlog

from daimyo_bus import subjects
from daimyo_bus.messages import SessionsRevoked
from daimyo_gateway.accounts import AccountsPort, Identity
from daimyo_kit.lru import LruCache

Clock = Callable[[], float]
Publish = Callable[[str, SessionsRevoked], Awaitable[None]]
Closer = Callable[[], Awaitable[None]]
DEFAULT_TTL = 30.0
DEFAULT_ENTRIES = 100_000
_log = structlog.get_logger("daimyo_gateway.session_check")


@dataclass(frozen=True)
class _Cached:
    identity: Identity
    until: float


class SessionCheck:
    def __init__(self, accounts: AccountsPort, publish: Publish | None = None, ttl: float = DEFAULT_TTL,
                 entries: int = DEFAULT_ENTRIES, clock: Clock = time.monotonic) -> None:
        self._accounts = accounts
        self._publish = publish
        self._ttl = ttl
        self._clock = clock
        self._cache: LruCache[str, _Cached] = LruCache(entries)
        self._revoked_at: LruCache[str, float] = LruCache(entries)
        self._sockets: dict[str, dict[Closer, str]] = {}

    async def check(self, session_id: str, token_id: str) -> Identity:
        """The session's identity; ServiceError (session_ended, unavailable) otherwise."""
        cached = self._cache.get(session_id)
        now = self._clock()
        if cached is not None and cached.until > now and cached.identity.token_id == token_id:
            return cached.identity
        found = await self._accounts.check_session(session_id, token_id)
        self.remember(found, asked_at=now)
        return found

    async def fresh(self, session_id: str, token_id: str) -> Identity:
        """The accounts service's answer now, not the cached one (after an upgrade or a rename)."""
        self._cache.pop(session_id)
        return await self.check(session_id, token_id)

    def remember(self, found: Identity, asked_at: float | None = None) -> None:
        """Cache an answer the accounts service just gave (a sign-in's too), unless the session
        was revoked since it was asked."""
        asked = self._clock() if asked_at is None else asked_at
        revoked = self._revoked_at.peek(found.session_id)
        if revoked is None or revoked < asked:
            self._cache.put(found.session_id, _Cached(found, asked + self._ttl))

    async def revoke(self, session_ids: Iterable[str], token_id: str = "") -> None:
        """Tell every gateway (this one included) that these sessions ended, or now accept only
        `token_id` (a refresh)."""
        message = SessionsRevoked(tuple(session_ids), token_id)
        await self.revoked(message)
        if self._publish is not None and message.session_ids:
            await self._publish(subjects.sessions_revoked(), message)

    async def revoked(self, message: SessionsRevoked) -> None:
        """Another gateway (or this one) ended or refreshed these sessions."""
        now = self._clock()
        for session_id in message.session_ids:
            self._cache.pop(session_id)
            self._revoked_at.put(session_id, now)
            await self._close_sockets(session_id, message.token_id)

    # -- sockets ---------------------------------------------------------------------------------

    def socket_opened(self, session_id: str, token_id: str, close: Closer) -> None:
        self._sockets.setdefault(session_id, {})[close] = token_id

    def socket_closed(self, session_id: str, close: Closer) -> None:
        sockets = self._sockets.get(session_id, {})
        sockets.pop(close, None)
        if not sockets:
            self._sockets.pop(session_id, None)

    async def _close_sockets(self, session_id: str, current_token: str) -> None:
        for close, token_id in list(self._sockets.get(session_id, {}).items()):
            if token_id != current_token:
                try:
                    await close()
                except Exception as e:  # one socket failing to close must not keep the others open
                    _log.warning("revoked_socket_close_failed", error=str(e))
