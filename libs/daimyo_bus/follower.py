"""Versioned pushes for consumers: drop duplicates and stale messages, resync on a gap.

Publishing is at least once, so a consumer may see a (game, version) twice or miss one when
it (re)subscribes late. Each message carries the game's version; a follower accepts a
version only once and, on a jump, asks its resync callback (typically gRPC GetView) for the
current version before going on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

Resync = Callable[[str], Awaitable[int]]
"""Given a game id, fetch the current state out of band and return its version."""


@dataclass
class VersionedFollower:
    resync: Resync
    _versions: dict[str, int] = field(default_factory=dict)
    _locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    resyncs: int = 0

    def expect(self, game_id: str, version: int) -> None:
        """Start from a version already known (e.g. the view fetched before subscribing)."""
        self._versions[game_id] = version

    def version(self, game_id: str) -> int | None:
        return self._versions.get(game_id)

    def forget(self, game_id: str) -> None:
        self._versions.pop(game_id, None)
        self._locks.pop(game_id, None)

    async def offer(self, game_id: str, version: int) -> bool:
        """Whether the message at `version` is new and should be handled now."""
        async with self._locks.setdefault(game_id, asyncio.Lock()):
            last = self._versions.get(game_id)
            if last is not None and version <= last:
                return False
            if last is not None and version > last + 1:
                current = await self._resync(game_id)
                if version <= current:
                    return False
            self._versions[game_id] = version
            return True

    async def _resync(self, game_id: str) -> int:
        self.resyncs += 1
        current = await self.resync(game_id)
        self._versions[game_id] = current
        return current
