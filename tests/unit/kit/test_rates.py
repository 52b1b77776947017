"""The in-memory rates every service counts with: a token bucket's burst then rate, keyed buckets
and byte budgets that forget keys whose budgets refilled, a sliding window, and key tables that
stay bounded (the least recently used key forgotten first, to start afresh)."""

from __future__ import annotations

import pytest

from daimyo_kit.rates import ByteBudgets, KeyedBuckets, SlidingWindow, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_token_bucket_allows_a_burst_then_its_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2, burst=3, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert bucket.wait_seconds() == pytest.approx(0.5)
    clock.now += 0.5
    assert bucket.take() and not bucket.take()


def test_keyed_buckets_refuse_with_the_seconds_to_wait_and_count_each_key_apart() -> None:
    clock = Clock()
    buckets = KeyedBuckets(2, clock)  # two a minute, two at once
    assert [buckets.take("a") for _ in range(3)] == [0, 0, pytest.approx(30.0)]
    assert buckets.take("b") == 0, "another key has its own bucket"
    clock.now += 30
    assert buckets.take("a") == 0


def test_keyed_buckets_may_have_a_burst_other_than_their_rate_and_wait_at_least_a_second() -> None:
    clock = Clock()
    buckets = KeyedBuckets(60, clock, burst=3)  # one a second, three at once
    assert [buckets.take("a") for _ in range(4)] == [0, 0, 0, 1.0]
    clock.now += 1.0
    assert buckets.take("a") == 0
    fast = KeyedBuckets(600, clock, burst=1)  # a token every 0.1 s: still "wait 1 s"
    assert [fast.take("a"), fast.take("a")] == [0, 1.0]


def test_a_byte_budget_lets_a_burst_through_then_asks_to_wait_for_the_debt() -> None:
    clock = Clock()
    budgets = ByteBudgets(per_second=1000, burst=4000, clock=clock)
    assert budgets.spend("a", 3000) == 0
    assert budgets.spend("a", 3000) == pytest.approx(2.0)  # 2000 bytes in debt at 1000 a second
    assert budgets.spend("b", 3000) == 0, "another key has its own budget"
    clock.now += 2.0
    assert budgets.spend("a", 0) == 0


def test_buckets_and_budgets_that_refilled_are_forgotten_and_the_others_kept() -> None:
    clock = Clock()
    buckets = KeyedBuckets(60, clock, burst=2)
    budgets = ByteBudgets(1000, 1000, clock)
    buckets.take("gone"), buckets.take("busy"), buckets.take("busy")
    budgets.spend("gone", 10), budgets.spend("busy", 1000)
    clock.now += 0.5
    buckets.take("busy")
    buckets.forget_full()
    budgets.forget_full()
    assert len(budgets) == 1, "the key that spent little has refilled"
    assert buckets.take("busy") > 0, "a key still in debt keeps its bucket"
    assert budgets.spend("busy", 600) > 0
    clock.now += 0.02
    budgets.forget_full()
    assert budgets.spend("gone", 1000) == 0, "a forgotten key starts with a full budget"
    clock.now += 10
    buckets.forget_full()
    assert len(buckets) == 0, "every bucket has refilled"


def test_a_sliding_window_counts_the_last_seconds_only() -> None:
    clock = Clock()
    window = SlidingWindow(most=2, seconds=60, clock=clock)
    assert window.take("ann") == 0
    clock.now += 30
    assert window.take("ann") == 0
    assert window.take("ann") == pytest.approx(30.0), "until the first leaves the window"
    assert window.take("bob") == 0, "another key has its own window"
    clock.now += 29.5
    assert window.take("ann") == pytest.approx(0.5), "a refusal was not counted"
    clock.now += 0.5
    assert window.take("ann") == 0


def test_a_window_of_zero_or_less_is_no_limit_and_keeps_nothing() -> None:
    for most in (0, -1):
        window = SlidingWindow(most=most, seconds=60)
        assert all(window.take("ann") == 0 for _ in range(100))
        assert len(window) == 0


def test_every_keyed_table_forgets_its_least_recently_used_key_past_its_size() -> None:
    clock = Clock()
    buckets, budgets = KeyedBuckets(1, clock, size=3), ByteBudgets(1, 1, clock, size=3)
    window = SlidingWindow(1, 60, clock, size=3)
    for key in ("p0", "p1", "p2"):
        assert (buckets.take(key), budgets.spend(key, 1), window.take(key)) == (0, 0, 0)
    assert (buckets.take("p0"), budgets.spend("p0", 1), window.take("p0")) != (0, 0, 0)  # p0 used last
    for key in ("p3", "p4"):  # p1 and p2 are forgotten; p0 is kept
        buckets.take(key), budgets.spend(key, 1), window.take(key)
    assert (len(buckets), len(budgets), len(window)) == (3, 3, 3)
    assert buckets.take("p0") > 0 and budgets.spend("p0", 0) > 0 and window.take("p0") > 0, "p0 is kept"
    assert (buckets.take("p1"), budgets.spend("p1", 1), window.take("p1")) == (0, 0, 0), "p1 starts afresh"
