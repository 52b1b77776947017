"""How many people watch a game, so its table can say "3 watching" (issue 33).

Every socket subscribed to a game tells this gateway's `Audience` so; one watching as a spectator
counts its player once (two tabs of one spectator are one watcher; a seated player who looks on as a
spectator is a player, not a watcher). When a game's count changes, every socket on that game on
this gateway hears a `watching` frame — the count only, never who. Each gateway counts its own
sockets: with several gateways a table shows the watchers its own gateway serves, which is a lower
bound and costs no bus traffic. Memory is bounded by the sockets and their `MAX_SUBSCRIPTIONS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

Notify = Callable[[str, int], None]
"""Told (game_id, count) when the game's count changes; must not block (it enqueues)."""
MAX_SHOWN = 999  # a count above this is shown as this: the table says "999 watching"


class Audience:
    def __init__(self) -> None:
        self._watchers: dict[str, Counter[str]] = {}  # game → spectator player → sockets
        self._listeners: dict[str, set[Notify]] = {}

    def count(self, game_id: str) -> int:
        return min(len(self._watchers.get(game_id, ())), MAX_SHOWN)

    def join(self, game_id: str, notify: Notify, spectator: str | None = None) -> None:
        """A socket on `game_id`; `spectator`: its player, when it watches as a spectator."""
        self._listeners.setdefault(game_id, set()).add(notify)
        before = self.count(game_id)
        if spectator is not None:
            self._watchers.setdefault(game_id, Counter())[spectator] += 1
        self._tell(game_id, before, always=notify)

    def leave(self, game_id: str, notify: Notify, spectator: str | None = None) -> None:
        before = self.count(game_id)
        listeners = self._listeners.get(game_id, set())
        listeners.discard(notify)
        if not listeners:
            self._listeners.pop(game_id, None)
        watchers = self._watchers.get(game_id)
        if spectator is not None and watchers is not None and watchers[spectator] > 0:
            watchers[spectator] -= 1
            if watchers[spectator] == 0:
                del watchers[spectator]
            if not watchers:
                del self._watchers[game_id]
        self._tell(game_id, before)

    def _tell(self, game_id: str, before: int, always: Notify | None = None) -> None:
        """Everyone on the game when its count changed; `always` (a newcomer) in any case."""
        now = self.count(game_id)
        for notify in list(self._listeners.get(game_id, ())):
            if now != before or notify is always:
                notify(game_id, now)
