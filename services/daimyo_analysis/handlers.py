"""What the analysis service does for its callers: queue a finished game, say how its review is.

Automatic queuing comes from the finished-games consumer (priority 0); a player's request
(through the gateway, which checks who may see the game and rate-limits the player) comes with
priority 1 and is checked here against the game service: the game must exist and be finished.
"""

from __future__ import annotations

import re
from typing import Protocol

from daimyo_analysis.plugins import NoAnalysis, analysis_for
from daimyo_analysis.store import AnalysisStore, QueueFull, Status

AUTOMATIC, REQUESTED = 0, 1
_GAME_ID = re.compile(r"^[A-Za-z0-9_\-:]{1,64}$")


class BadRequest(ValueError):
    """Malformed input (INVALID_ARGUMENT), with a stable code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class NotFound(LookupError):
    """No such game, or no analysis of it (NOT_FOUND)."""


class NotFinished(Exception):
    """The game is still running (FAILED_PRECONDITION)."""


class Busy(Exception):
    """The queue is full (RESOURCE_EXHAUSTED)."""


class Games(Protocol):
    async def game_of(self, game_id: str) -> tuple[str, bool]:
        """(game type, finished) of a game; NotFound when there is none."""


class AnalysisHandlers:
    def __init__(self, store: AnalysisStore, games: Games, queue_limit: int) -> None:
        self.store, self.games, self.queue_limit = store, games, queue_limit

    async def game_finished(self, game_id: str, game: str) -> Status | None:
        """Queue a game that just finished (None when the game cannot be reviewed or the queue is full)."""
        try:
            analysis_for(game)
            return await self.store.enqueue(_checked(game_id), game, AUTOMATIC, self.queue_limit)
        except (NoAnalysis, BadRequest, QueueFull):
            return None

    async def request(self, game_id: str) -> Status:
        game, finished = await self.games.game_of(_checked(game_id))
        if not finished:
            raise NotFinished(f"game {game_id} is still running")
        try:
            analysis_for(game)
        except NoAnalysis as e:
            raise BadRequest("analysis_unavailable", str(e)) from e
        try:
            return await self.store.enqueue(game_id, game, REQUESTED, self.queue_limit)
        except QueueFull as e:
            raise Busy(str(e)) from e

    async def get(self, game_id: str) -> Status:
        status = await self.store.status(_checked(game_id))
        if status is None:
            raise NotFound(f"game {game_id} has no analysis")
        return status


def _checked(game_id: str) -> str:
    if not _GAME_ID.match(game_id):
        raise BadRequest("bad_game_id", "a game id is 1-64 letters, digits, '_', '-' or ':'")
    return game_id
