"""How often one player may leave a seat to a bot or take it back.

Each change appends events, wakes the bot service and reaches every watcher of the game, so a
player toggling it floods them all (issue 32 measured 144 changes in 10 s). A seat handed over
because its player stayed away (the gateway's grace, cause "disconnected") is not the player's
doing and is not counted. Counted in this replica's memory (`daimyo_kit.rates.SlidingWindow`),
bounded by `MAX_PLAYERS`: games are spread over replicas, so with N replicas a player may get up
to N times the rate — each game's changes still meet one limit.
"""

from __future__ import annotations

import math
import time

from daimyo_game.errors import RateLimited
from daimyo_kit.rates import Clock, SlidingWindow

DEFAULT_PER_MINUTE = 6
WINDOW_SECONDS = 60.0
MAX_PLAYERS = 10_000


class SeatChangeRate:
    """At most `per_minute` leaves and reclaims per player in any 60 s (0: no limit)."""

    def __init__(self, per_minute: int = DEFAULT_PER_MINUTE, clock: Clock = time.monotonic,
                 size: int = MAX_PLAYERS) -> None:
        self.per_minute = per_minute
        self._window = SlidingWindow(per_minute, WINDOW_SECONDS, clock, size)

    def take(self, player_id: str) -> None:
        """Count one change for `player_id`; RateLimited (nothing counted) past the rate."""
        wait = self._window.take(player_id)
        if wait > 0:
            raise RateLimited(f"at most {self.per_minute} seat changes (leave or take back) a minute; "
                              f"try again in {max(1, math.ceil(wait))} s")
