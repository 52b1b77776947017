"""How often one player may leave a seat to a bot or take it back.

Each change appends events, wakes the bot service and reaches every watcher of the game, so a
player toggling it floods them all (issue 32 measured 144 changes in 10 s). A seat handed over
because its player stayed away (the gateway's grace, cause "disconnected") is not the player's
doing and is not counted. Kept in this replica's memory, bounded by `MAX_PLAYERS`: games are
spread over replicas, so with N replicas a player may get up to N times the rate — each game's
changes still meet one limit.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from daimyo_game.errors import RateLimited

DEFAULT_PER_MINUTE = 6
WINDOW_SECONDS = 60.0
MAX_PLAYERS = 10_000


class SeatChangeRate:
    """At most `per_minute` leaves and reclaims per player in any 60 s (0: no limit)."""

    def __init__(self, per_minute: int = DEFAULT_PER_MINUTE, clock: Callable[[], float] = time.monotonic,
                 size: int = MAX_PLAYERS) -> None:
        self.per_minute, self._clock, self._size = per_minute, clock, size
        self._recent: OrderedDict[str, deque[float]] = OrderedDict()

    def take(self, player_id: str) -> None:
        """Count one change for `player_id`; RateLimited (nothing counted) past the rate."""
        if self.per_minute <= 0:
            return
        now = self._clock()
        recent = self._recent.pop(player_id, None) or deque()
        while recent and recent[0] <= now - WINDOW_SECONDS:
            recent.popleft()
        self._recent[player_id] = recent
        if len(self._recent) > self._size:
            self._recent.popitem(last=False)
        if len(recent) >= self.per_minute:
            wait = math.ceil(recent[0] + WINDOW_SECONDS - now)
            raise RateLimited(f"at most {self.per_minute} seat changes (leave or take back) a minute; "
                              f"try again in {max(1, wait)} s")
        recent.append(now)
