"""In-memory stand-ins for the game service and NATS, for unit tests, benchmarks and demos."""

from __future__ import annotations

from typing import Any

from daimyo_matchmaking.ports import GameServiceUnavailable, NewGame


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class InMemoryGameCreator:
    """Creates games by remembering them; idempotent by command id like the real service."""

    def __init__(self) -> None:
        self.games: dict[str, NewGame] = {}
        self._by_command: dict[str, str] = {}
        self.unavailable = False

    async def create_game(self, request: NewGame) -> str:
        if self.unavailable:
            raise GameServiceUnavailable("game service is down (fake)")
        if request.command_id not in self._by_command:
            game_id = f"game-{len(self.games) + 1}-{request.command_id[:8]}"
            self._by_command[request.command_id] = game_id
            self.games[game_id] = request
        return self._by_command[request.command_id]


class RecordingNotifier:
    """Keeps every message per player."""

    def __init__(self) -> None:
        self.messages: dict[str, list[dict[str, Any]]] = {}

    async def notify_player(self, player_id: str, message: dict[str, Any]) -> None:
        self.messages.setdefault(player_id, []).append(message)
