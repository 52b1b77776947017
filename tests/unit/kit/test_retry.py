"""Retry with exponential backoff and jitter: transient errors retried, others not."""

from __future__ import annotations

import random

import pytest

from daimyo_kit.retry import backoff_delay, retry


class Flaky:
    def __init__(self, failures: int, error: type[Exception] = ConnectionError) -> None:
        self.failures, self.error, self.calls = failures, error, 0

    async def __call__(self) -> str:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error("try again")
        return "done"


async def test_a_transient_error_is_retried_until_success() -> None:
    call = Flaky(failures=2)
    assert await retry(call, transient=(ConnectionError,), base=0.001) == "done"
    assert call.calls == 3


async def test_it_gives_up_after_the_last_attempt() -> None:
    call = Flaky(failures=10)
    with pytest.raises(ConnectionError):
        await retry(call, transient=(ConnectionError,), attempts=3, base=0.001)
    assert call.calls == 3


async def test_an_error_that_is_not_transient_is_raised_at_once() -> None:
    call = Flaky(failures=1, error=KeyError)
    with pytest.raises(KeyError):
        await retry(call, transient=(ConnectionError,), base=0.001)
    assert call.calls == 1


def test_the_delay_grows_exponentially_under_a_cap_with_jitter() -> None:
    rng = random.Random(7)
    delays = [backoff_delay(n, base=0.1, cap=1.0, rng=rng) for n in range(1, 8) for _ in range(50)]
    assert all(0 <= d <= 1.0 for d in delays)
    assert max(backoff_delay(1, 0.1, 1.0, rng) for _ in range(50)) <= 0.1
    assert len({round(d, 6) for d in delays}) > 100  # jittered, not a fixed schedule
