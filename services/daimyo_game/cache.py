"""A small least-recently-used cache of loaded games; entries are checked by version on use."""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


class LruCache(Generic[V]):
    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._items: OrderedDict[str, V] = OrderedDict()

    def get(self, key: str) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def peek(self, key: str) -> V | None:
        """The value without making it recently used (a reader that must not keep entries alive)."""
        return self._items.get(key)

    def put(self, key: str, value: V) -> None:
        if self._capacity <= 0:
            return
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self._capacity:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)
