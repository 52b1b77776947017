"""The least-recently-used cache: bounded by entries (the least recently used forgotten first),
a capacity of 0 keeps nothing, and `retain` forgets the entries a test refuses."""

from __future__ import annotations

from daimyo_kit.lru import LruCache


def test_the_least_recently_used_entry_is_forgotten_past_the_capacity() -> None:
    cache: LruCache[str, int] = LruCache(2)
    for key, value in (("a", 1), ("b", 2)):
        cache.put(key, value)
    assert cache.get("a") == 1  # "b" is now the least recently used
    cache.put("c", 3)
    assert (cache.peek("a"), cache.peek("b"), cache.peek("c"), len(cache)) == (1, None, 3, 2)


def test_a_capacity_of_zero_keeps_nothing() -> None:
    cache: LruCache[str, int] = LruCache(0)
    cache.put("a", 1)
    assert cache.get("a") is None and len(cache) == 0


def test_retain_forgets_what_it_refuses_and_keeps_the_order_of_the_rest() -> None:
    cache: LruCache[str, int] = LruCache(3)
    for key, value in (("a", 1), ("b", 2), ("c", 3)):
        cache.put(key, value)
    cache.retain(lambda value: value != 2)
    assert (cache.peek("a"), cache.peek("b"), cache.peek("c")) == (1, None, 3)
    cache.put("d", 4)
    cache.put("e", 5)  # "a" was the least recently used
    assert (cache.peek("a"), cache.peek("c"), len(cache)) == (None, 3, 3)
