"""Retry a transient failure with exponential backoff and full jitter."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


def backoff_delay(attempt: int, base: float, cap: float, rng: random.Random | None = None) -> float:
    """The pause before retry number `attempt` (1-based): uniform in [0, min(cap, base * 2^(n-1))]."""
    ceiling = min(cap, base * 2 ** (attempt - 1))
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
