"""The timekeeper: finds seats out of time and hands them to a bot (`ClockExpired` + `SeatTakenOver`).

It runs inside the relay loop, so the relay's lease makes it one active timekeeper across
replicas, and it learns every game's next deadline from the records the relay folds anyway
(plus one look at every live game when it starts). It only proposes: the handler decides on
the newest version with the injected clock and appends with the expected version, so a move
made at the last moment and the timekeeper never both land — exactly one wins.
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo_game import clocks
from daimyo_game.aggregate import GameRecord
from daimyo_game.catalogue import GameCatalog
from daimyo_game.errors import GameError
from daimyo_game.handlers import GameHandlers
from daimyo_kit import logging as log

_log = log.get_logger("daimyo_game.timekeeper")


class Timekeeper:
    def __init__(self, handlers: GameHandlers, now_ms: Callable[[], int] | None = None) -> None:
        self.handlers = handlers
        self.now_ms = now_ms or handlers.now_ms
        self._due: dict[str, int] = {}  # game id → its earliest running deadline (epoch ms)

    @property
    def watched(self) -> int:
        return len(self._due)

    def observe(self, record: GameRecord) -> None:
        """Remember when `record`'s next seat runs out of time (forget finished or clockless games)."""
        deadline = None if record.finished or record.clock is None else clocks.next_deadline(record.clock)
        if deadline is None:
            self._due.pop(record.game_id, None)
        else:
            self._due[record.game_id] = deadline

    async def seed(self, catalog: GameCatalog) -> None:
        """Look once at every live game (deadlines set before this process started relaying)."""
        for summary in await catalog.list_games(None, live=True, finished=False, limit=1_000_000):
            try:
                self.observe(await self.handlers.repository.load(summary.game_id))
            except GameError as e:
                _log.warning("timekeeper_seed_skipped", game_id=summary.game_id, error=str(e))

    async def expire_due(self) -> int:
        """Hand every seat now out of time to a bot; how many events were appended."""
        now = self.now_ms()
        appended = 0
        for game_id in [g for g, deadline in self._due.items() if deadline <= now]:
            self._due.pop(game_id, None)
            try:
                appended += await self.handlers.expire_clocks(game_id)
            except GameError as e:  # a game that cannot load must not stop the others' clocks
                _log.error("timekeeper_expiry_failed", game_id=game_id, error=str(e))
        return appended
