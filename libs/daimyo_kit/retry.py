"""Retry a transient failure with exponential backoff and full jitter, and the one cap on how long
any process waits between two attempts to reach Postgres, NATS or another service.

`RECONNECT_CAP_SECONDS` bounds every reconnection pause (psycopg pools, the NATS client, gRPC
channels, the services' restart loops), so the stack answers within seconds of a server's return
after however long an outage: the libraries' defaults grow to minutes (gRPC 120 s; a psycopg pool
doubles its pause up to its 300 s reconnect window, so ~128 s).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

RECONNECT_CAP_SECONDS = 10.0
# A psycopg pool doubles its pause (1, 2, 4 … s) until `reconnect_timeout`, then gives the
# connection up and grows again on the next request; a window of the cap keeps every pause under it.
POOL_RECONNECT_TIMEOUT = RECONNECT_CAP_SECONDS
# gRPC's channel backoff (default: 1 s initial, ×1.6, 120 s ceiling) as channel options.
GRPC_RECONNECT_OPTIONS: tuple[tuple[str, int], ...] = (
    ("grpc.initial_reconnect_backoff_ms", 500),
    ("grpc.min_reconnect_backoff_ms", 500),
    ("grpc.max_reconnect_backoff_ms", int(RECONNECT_CAP_SECONDS * 1000)),
)
# nats-py pauses a fixed time between attempts to one server, and retries for ever.
NATS_RECONNECT_WAIT_SECONDS = 0.5


def backoff_delay(attempt: int, base: float, cap: float = RECONNECT_CAP_SECONDS,
                  rng: random.Random | None = None) -> float:
    """The pause before retry number `attempt` (1-based): uniform in [0, min(cap, base * 2^(n-1))],
    never past RECONNECT_CAP_SECONDS whatever `cap` says."""
    ceiling = min(cap, RECONNECT_CAP_SECONDS, base * 2 ** min(attempt - 1, 64))
    return (rng or random).uniform(0, ceiling)


async def retry(
    call: Callable[[], Awaitable[T]],
    *,
    transient: tuple[type[BaseException], ...],
    attempts: int = 5,
    base: float = 0.05,
    cap: float = 2.0,
    rng: random.Random | None = None,
) -> T:
    """`await call()`; on a `transient` error try again up to `attempts` times in all."""
    for attempt in range(1, attempts + 1):
        try:
            return await call()
        except transient:
            if attempt == attempts:
                raise
            await asyncio.sleep(backoff_delay(attempt, base, cap, rng))
    raise AssertionError("unreachable")
