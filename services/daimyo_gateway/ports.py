"""What the gateway needs from the services behind it, as small typed ports.

`grpc_clients.py` implements them over gRPC; tests may pass in-memory fakes. Every failure a
browser should hear about is a `ServiceError` with a stable code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

Viewer = int | None  # a seat, or None for a spectator


class ServiceError(Exception):
    """A refusal from a service, with a code the browser can act on (see `CODES`), the values a
    translated sentence needs (`arguments`) and the English sentence (`message`)."""

    def __init__(self, code: str, message: str, arguments: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.arguments = arguments or {}


class RateLimited(ServiceError):
    """A quota or rate refused the request; it may be tried again after `retry_after` seconds."""

    def __init__(self, message: str, retry_after: float = 60.0,
                 arguments: dict[str, Any] | None = None) -> None:
        wait = {"retry_after_seconds": math.ceil(retry_after)}
        super().__init__("rate_limited", message, {**wait, **(arguments or {})})
        self.retry_after = retry_after


CODES = ("malformed", "illegal_move", "stale", "not_found", "forbidden", "duplicate", "unavailable",
         "unauthenticated", "rate_limited", "session_ended", "blocked")


@dataclass(frozen=True)
class ViewSnapshot:
    game_id: str
    game: str
    version: int
    view: dict[str, Any]
    to_act: list[int]
    finished: bool
    clock: dict[str, Any] | None = None  # remaining_ms per seat, running seats, the server's now_ms
    takeovers: dict[str, dict[str, str]] = field(default_factory=dict)  # seat → bot level, reason, until
    winners: list[int] = field(default_factory=list)  # honest: never a seat a bot finished alone
    abandoned: list[int] = field(default_factory=list)  # seats a bot finished for an absent player


@dataclass(frozen=True)
class SeatInfo:
    display_name: str
    player_id: str | None = None
    bot_level: str | None = None


@dataclass(frozen=True)
class GameInfo:
    game_id: str
    game: str
    seats: list[SeatInfo]
    version: int = 0
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    created_at: str = ""
    listed: bool = True  # False: a private table whose host allows no spectators
    time_control: str = ""  # "live" | "correspondence" | "" (no clock)


@dataclass(frozen=True)
class MoveRecord:
    """One event of a game as a viewer may see it (moves carry seat, move and effects)."""

    version: int
    type: str
    seat: int | None
    move: Any
    effects: Any


class GamePort(Protocol):
    async def get_view(self, game_id: str, viewer: Viewer) -> ViewSnapshot: ...

    async def submit_move(self, game_id: str, seat: int, move: Any, expected_version: int,
                          command_id: str, player_id: str) -> int: ...

    async def game_info(self, game_id: str, fresh: bool = False) -> GameInfo:
        """A game's seats and settings, which never change, with its status (`finished`,
        `version`, `winners`) as it was when the game was first asked about. `fresh`: the status
        as the game service has it now (a finished game's is final, so it may be kept)."""
        ...

    async def events_since(self, game_id: str, from_version: int, viewer: Viewer) -> list[MoveRecord]: ...

    async def replay(self, game_id: str, at_version: int, viewer: Viewer) -> ViewSnapshot: ...

    async def reveal_all(self, game_id: str, at_version: int) -> ViewSnapshot:
        """A finished game at `at_version` with every seat's secrets (the engine decides which)."""
        ...

    async def list_games(self, player_id: str, live: bool, finished: bool, limit: int) -> list[GameInfo]: ...

    async def hand_over_seat(self, game_id: str, seat: int, player_id: str, reason: str) -> int: ...

    async def my_games(self, player_id: str, include_finished: bool, limit: int) -> list[dict[str, Any]]: ...

    async def post_chat(self, game_id: str, player_id: str, name: str, channel: str,
                        text: str) -> dict[str, Any]: ...

    async def list_chat(self, game_id: str, player_id: str, channel: str, after_id: int,
                        limit: int) -> list[dict[str, Any]]: ...

    async def reclaim_seat(self, game_id: str, seat: int, player_id: str) -> int: ...


class MatchmakingPort(Protocol):
    async def enqueue(self, request: dict[str, Any]) -> dict[str, Any]: ...

    async def cancel(self, ticket_id: str, player_id: str) -> dict[str, Any]: ...

    async def get_ticket(self, ticket_id: str) -> dict[str, Any]: ...

    async def fill_with_bots(self, ticket_id: str, player_id: str) -> dict[str, Any]: ...

    async def offer_rematch(self, game_id: str, player_id: str) -> dict[str, Any]: ...

    async def answer_rematch(self, rematch_id: str, player_id: str, accept: bool) -> dict[str, Any]: ...

    async def get_rematch(self, rematch_id: str, player_id: str) -> dict[str, Any]: ...

    async def play_again(self, game_id: str, player_id: str, display_name: str) -> dict[str, Any]: ...

    async def create_table(self, fields: dict[str, Any]) -> dict[str, Any]: ...

    async def get_table(self, code: str) -> dict[str, Any]: ...

    async def join_table(self, code: str, player_id: str, display_name: str,
                         casual: bool = False) -> dict[str, Any]: ...

    async def seat_table_bots(self, code: str, player_id: str, levels: list[str]) -> dict[str, Any]: ...

    async def leave_table(self, code: str, player_id: str) -> dict[str, Any]: ...

    async def leaderboard(self, game: str, limit: int, players: int = 0) -> list[dict[str, Any]]: ...

    async def rating(self, player_id: str, game: str) -> dict[str, Any]: ...

    async def rating_history(self, player_id: str, game: str, limit: int) -> list[dict[str, Any]]: ...

class AnalysisPort(Protocol):
    """The analysis service: a finished game's review (`status` none|queued|running|done|failed)."""

    async def get_analysis(self, game_id: str) -> dict[str, Any]: ...

    async def request_analysis(self, game_id: str) -> dict[str, Any]: ...
