"""Test doubles (game service, NATS, clock) and a throwaway Postgres schema, for tests and the
benchmark. The in-memory store is `store_memory.InMemoryStore`, held to Postgres's rules by the
contract suite."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import psycopg
from psycopg import sql

from daimyo_bus.messages import TableChallenge
from daimyo_matchmaking.bootstrap import connected_store
from daimyo_matchmaking.ports import GameServiceUnavailable, NewGame
from daimyo_matchmaking.store import PostgresStore


@asynccontextmanager
async def scratch_store(database_url: str, max_size: int = 10) -> AsyncIterator[PostgresStore]:
    """A migrated store in a fresh schema of its own, dropped afterwards."""
    schema = f"mm_test_{uuid.uuid4().hex[:12]}"
    try:
        async with connected_store(database_url, schema, max_size) as store:
            yield store
    finally:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            await conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


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
        self.challenges: list[TableChallenge] = []
        self.stream_down = False  # True: challenges are not kept (as when JetStream does not answer)

    async def notify_player(self, player_id: str, message: dict[str, Any]) -> None:
        self.messages.setdefault(player_id, []).append(message)

    async def announce_challenge(self, challenge: TableChallenge) -> bool:
        if self.stream_down:
            return False
        self.challenges.append(challenge)
        return True
