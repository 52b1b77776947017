"""What the handlers need from the outside world, as small protocols with real adapters elsewhere.

`GameCreator` (the game service), `PlayerNotifier` (NATS), `GameCatalog` (the rules registry:
which games exist, their seat counts and a matchmade table's config)
and `Clock` are injected, so unit tests run on in-memory fakes and a fake clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Protocol

from daimyo_bus.messages import TableChallenge
from daimyo_matchmaking.domain import InvalidRequest, SeatSpec
from daimyo_rules.core import Game, RuleError
from daimyo_rules.registry import get_game


@dataclass(frozen=True)
class NewGame:
    """A CreateGame call; `command_id` makes a retried creation return the same game."""

    game: str
    config: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    command_id: str
    time_control_json: str = ""
    listed: bool = True
    seed: int | None = None  # a fixed deal (a tutorial's); None: the game service picks one


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

    async def announce_challenge(self, challenge: TableChallenge) -> bool:
        """Keep `challenge` durably for the notifier (waits for the stream's ack; a repeat of the
        same table is kept once); False if the stream could not keep it now (the outbox retries)."""
        ...


class GameCatalog(Protocol):
    def player_counts(self, game: str) -> tuple[int, ...]:
        """The seat counts of `game`; raises InvalidRequest for a game that is not available."""
        ...

    def matchmade_config(self, game: str, players: int) -> dict[str, Any]:
        """The engine config of a matchmade `players`-seat table of `game` (its default options)."""
        ...

    def table_config(self, game: str, options: Any) -> dict[str, Any]:
        """The engine config (without `players`) for a private table's `options`; InvalidRequest
        when they are wrong."""
        ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class RulesCatalog:
    """Games, seat counts and table configs straight from the rules registry."""

    def player_counts(self, game: str) -> tuple[int, ...]:
        return self._engine(game).player_counts()

    def matchmade_config(self, game: str, players: int) -> dict[str, Any]:
        if players not in self.player_counts(game):
            raise InvalidRequest(f"{game} cannot seat {players}")
        return {"players": players, **self.table_config(game, {})}

    def table_config(self, game: str, options: Any) -> dict[str, Any]:
        try:
            config: dict[str, Any] = self._engine(game).validate_table_options(options)
        except RuleError as exc:
            raise InvalidRequest(f"table options: {exc}") from exc
        return config

    @staticmethod
    def _engine(game: str) -> Game:
        try:
            return get_game(game)
        except KeyError as exc:
            raise InvalidRequest(f"{exc.args[0]}") from exc


class StaticCatalog:
    """A fixed catalog (game → seat counts), for tests and benchmarks; matchmade tables get only
    `players`, private tables' options are taken as they are."""

    def __init__(self, counts: dict[str, tuple[int, ...]]) -> None:
        self._counts = dict(counts)

    def player_counts(self, game: str) -> tuple[int, ...]:
        if game not in self._counts:
            known = ", ".join(sorted(self._counts))
            raise InvalidRequest(f"unknown game {game!r}; known games: {known}")
        return self._counts[game]

    def matchmade_config(self, game: str, players: int) -> dict[str, Any]:
        self.player_counts(game)
        return {"players": players}

    def table_config(self, game: str, options: Any) -> dict[str, Any]:
        self.player_counts(game)
        if not isinstance(options, dict):
            raise InvalidRequest("table options must be a JSON object")
        return dict(options)
