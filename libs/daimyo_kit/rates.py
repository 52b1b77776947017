"""Rate limits counted in one process's memory, the one implementation every service uses.

The gateway paces sockets, requests, sign-ins and bytes read; the game service paces seat
changes. Each had grown its own buckets, windows and bounded tables; here is the arithmetic
alone, while each service keeps its numbers (its policy) and its refusal's words. Three shapes:

- `TokenBucket` / `KeyedBuckets`: a burst, then a steady rate (a refused action costs nothing);
- `ByteBudgets`: a rate of bytes spent after the fact, the debt waited off before the next read;
- `SlidingWindow`: at most N actions in any window (what a person reads as "N a minute").

Keyed tables hold at most `size` keys, the least recently used forgotten first; a forgotten key
starts afresh (a full bucket, an empty window). Every clock is injectable (`time.monotonic` by
default), so tests move time by hand. Counts are per process: N replicas allow N times a rate.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from daimyo_kit.lru import LruCache

Clock = Callable[[], float]
MAX_TRACKED_KEYS = 10_000


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

    def full(self) -> bool:
        """Refilled to its burst: no different from a new bucket."""
        return self._tokens + (self._clock() - self._at) * self._rate >= self._burst

    def wait_seconds(self) -> float:
        """How long until the next token (0 if one is there)."""
        return 0.0 if self._tokens >= 1 or self._rate <= 0 else (1 - self._tokens) / self._rate


class KeyedBuckets:
    """One bucket per key (an address, a player): `per_minute` refilled, `burst` (default
    `per_minute`) at once."""

    def __init__(self, per_minute: float, clock: Clock = time.monotonic,
                 size: int = MAX_TRACKED_KEYS, burst: float | None = None) -> None:
        self._rate, self._clock = per_minute / 60, clock
        self._burst = per_minute if burst is None else burst
        self._buckets: LruCache[str, TokenBucket] = LruCache(size)

    def take(self, key: str) -> float:
        """0 if `key` may act now; else how many seconds until it may (at least 1)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = TokenBucket(self._rate, self._burst, self._clock)
            self._buckets.put(key, bucket)
        return 0.0 if bucket.take() else max(1.0, bucket.wait_seconds())

    def forget_full(self) -> None:
        """Forget the keys whose buckets have refilled (a new bucket would be the same)."""
        self._buckets.retain(lambda bucket: not bucket.full())

    def __len__(self) -> int:
        return len(self._buckets)


class ByteBudgets:
    """Bytes per second per key (an address, a player), spent after the fact: what was read is
    read, and a key in debt waits `spend`'s answer before its next read — the socket stops
    reading and TCP makes its sender wait."""

    def __init__(self, per_second: float, burst: float, clock: Clock = time.monotonic,
                 size: int = MAX_TRACKED_KEYS) -> None:
        self._rate, self._burst, self._clock = per_second, max(1.0, burst), clock
        self._left: LruCache[str, tuple[float, float]] = LruCache(size)  # key → (tokens, at)

    def spend(self, key: str, count: int) -> float:
        """Take `count` bytes from `key`'s budget; how long to wait before reading more (0: none)."""
        now = self._clock()
        tokens = self._tokens(self._left.get(key), now) - count
        self._left.put(key, (tokens, now))
        return 0.0 if tokens >= 0 or self._rate <= 0 else -tokens / self._rate

    def forget_full(self) -> None:
        """Forget the keys whose budgets have refilled (a new one would be the same)."""
        now = self._clock()
        self._left.retain(lambda left: self._tokens(left, now) < self._burst)

    def _tokens(self, left: tuple[float, float] | None, now: float) -> float:
        if left is None:
            return self._burst
        tokens, at = left
        return min(self._burst, tokens + (now - at) * self._rate)

    def __len__(self) -> int:
        return len(self._left)


class SlidingWindow:
    """At most `most` actions per key in any `seconds` (`most` ≤ 0: no limit, nothing kept)."""

    def __init__(self, most: int, seconds: float, clock: Clock = time.monotonic,
                 size: int = MAX_TRACKED_KEYS) -> None:
        self.most, self._seconds, self._clock = most, seconds, clock
        self._recent: LruCache[str, deque[float]] = LruCache(size)

    def take(self, key: str) -> float:
        """0 if `key` may act now (the action is counted); else how many seconds until the oldest
        action leaves the window (more than 0; nothing counted)."""
        if self.most <= 0:
            return 0.0
        now = self._clock()
        recent = self._recent.get(key)
        if recent is None:
            recent = deque()
            self._recent.put(key, recent)
        while recent and recent[0] <= now - self._seconds:
            recent.popleft()
        if len(recent) >= self.most:
            return recent[0] + self._seconds - now
        recent.append(now)
        return 0.0

    def __len__(self) -> int:
        return len(self._recent)
