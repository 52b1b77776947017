"""A small least-recently-used cache: the game service's loaded games and the relay's last states,
the gateway's reveal-all replays, the keyed tables of `rates.py`. Bounded by entries; a capacity
of 0 keeps nothing."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LruCache(Generic[K, V]):
    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def peek(self, key: K) -> V | None:
        """The value without making it recently used (a reader that must not keep entries alive)."""
        return self._items.get(key)

    def pop(self, key: K) -> V | None:
        """The value, removed (a reader that needs it once)."""
        return self._items.pop(key, None)

    def put(self, key: K, value: V) -> None:
        if self._capacity <= 0:
            return
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self._capacity:
            self._items.popitem(last=False)

    def retain(self, keep: Callable[[V], bool]) -> None:
        """Forget every entry whose value `keep` refuses (the others keep their order)."""
        self._items = OrderedDict((k, v) for k, v in self._items.items() if keep(v))

    def __len__(self) -> int:
        return len(self._items)
