"""What the handlers need from the outside world, as small protocols with real adapters elsewhere.

`GameCreator` (the game service), `PlayerNotifier` (NATS), `GameCatalog` (the rules registry)
and `Clock` are injected, so unit tests run on in-memory fakes and a fake clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from daimyo_matchmaking.domain import InvalidRequest, SeatSpec


@dataclass(frozen=True)
class NewGame:
    """A CreateGame call; `command_id` makes a retried creation return the same game."""

    game: str
    config: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    command_id: str
    time_control_json: str = ""
    listed: bool = True


class GameCreationRejected(Exception):
    """The game service refused the game for good (bad config or seats): do not retry."""


class GameServiceUnavailable(Exception):
    """The game service could not be reached or failed transiently: retry later."""


class GameCreator(Protocol):
    async def create_game(self, request: NewGame) -> str:
        """The id of the created game; raises GameCreationRejected or GameServiceUnavailable."""
        ...


class PlayerNotifier(Protocol):
    async def notify_player(self, player_id: str, message: dict[str, Any]) -> None:
        """Deliver `message` on the player's personal channel (best effort)."""
        ...


class GameCatalog(Protocol):
    def player_range(self, game: str) -> tuple[int, int]:
        """(min, max) players of `game`; raises InvalidRequest for a game that is not available."""
        ...

    def table_config(self, game: str, options: Any) -> dict[str, Any]:
        """The engine config for a private table's `options`; InvalidRequest when they are wrong."""
        ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class RulesCatalog:
    """Player counts straight from the rules registry (`daimyo_rules.get_game`)."""

    def player_range(self, game: str) -> tuple[int, int]:
        from daimyo_rules import get_game

        try:
            engine = get_game(game)
        except KeyError as exc:
            raise InvalidRequest(f"{exc.args[0]}") from exc
        except ImportError as exc:
            raise InvalidRequest(f"game {game!r} is not available: no rules engine is installed") from exc
        return engine.min_players, engine.max_players

    def table_config(self, game: str, options: Any) -> dict[str, Any]:
        from daimyo_rules import get_game
        from daimyo_rules.core import RuleError

        self.player_range(game)
        try:
            config: dict[str, Any] = get_game(game).validate_table_options(options)
        except RuleError as exc:
            raise InvalidRequest(f"table options: {exc}") from exc
        return config


class StaticCatalog:
    """A fixed catalog, for tests and benchmarks."""

    def __init__(self, ranges: dict[str, tuple[int, int]]) -> None:
        self._ranges = dict(ranges)

    def player_range(self, game: str) -> tuple[int, int]:
        if game not in self._ranges:
            known = ", ".join(sorted(self._ranges))
            raise InvalidRequest(f"unknown game {game!r}; known games: {known}")
        return self._ranges[game]

    def table_config(self, game: str, options: Any) -> dict[str, Any]:
        """Options taken as they are (tests of the table flow, not of the rules)."""
        self.player_range(game)
        if not isinstance(options, dict):
            raise InvalidRequest("table options must be a JSON object")
        return dict(options)


def table_config(game: str, players: int) -> dict[str, Any]:
    """The engine config for a matchmade table: quick random setup where the game offers it."""
    if game == "samurai":
        return {"players": players, "random_setup": True}
    return {"players": players}
