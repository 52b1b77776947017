"""The games catalogue: the game service's read model of its own streams, for lobbies and clocks.

One row per game (what it is, who sits where, how far it got, who won), upserted by the
handlers after each append and by the relay from the global log, so it catches up on its own
after a crash. The event stream stays the truth; a row never goes back to an older version.
It lives in the game service's schema (table `game_catalogue`, migrations in `migrations/`),
beside the event store but not part of it: the store knows no game.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from daimyo_game.pools import open_side_pool
from daimyo_store.migrations import apply_migrations

MIGRATIONS = Path(__file__).parent / "migrations"
LEDGER = "game_service_migrations"


@dataclass(frozen=True)
class GameSummary:
    """One row of the catalogue. `seats` holds one JSON object per seat, e.g.
    {"player_id": "p1", "display_name": "Ann"} or {"bot_level": "greedy"}."""

    game_id: str
    game: str
    seats: list[dict[str, Any]]
    version: int = 0
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    created_at: datetime | None = None
    listed: bool = True  # False: a private table without spectators (kept out of public lists)


class GameCatalog(Protocol):
    async def upsert_game_summary(self, summary: GameSummary) -> None:
        """Insert or update a game's row; an older `version` never overwrites a newer one.
        `created_at` and `listed` are set on first insert (now when None) and kept afterwards."""

    async def upsert_game_summaries(self, summaries: list[GameSummary]) -> None:
        """`upsert_game_summary` for each, in one round trip (at most one summary per game)."""

    async def get_game_summary(self, game_id: str) -> GameSummary | None: ...

    async def list_games(
        self, player_id: str | None = None, live: bool = True, finished: bool = True, limit: int = 50,
        listed_only: bool = False,
    ) -> list[GameSummary]:
        """Newest first; only games seating `player_id` when given. `live`/`finished` select
        running and finished games; both False means both (like an unset proto filter);
        `listed_only` leaves out unlisted (private, no spectators) games."""


async def migrate_catalogue(database_url: str, schema: str) -> list[str]:
    """The game service's own migrations, `migrations/`: its catalogue and table chat (after the
    event store's, which they may build on)."""
    return await apply_migrations(database_url, schema, MIGRATIONS, ledger=LEDGER)


# Any number of games in one statement (the relay's batch: one set of rows, one plan, one commit,
# not a statement per game). Each game appears once (ON CONFLICT may not touch a row twice in one
# statement). `created_at` and `listed` are kept from the first insert.
_UPSERT = """
INSERT INTO game_catalogue (game_id, game, seats, version, finished, winners, created_at, listed)
SELECT r.game_id, r.game, r.seats, r.version, r.finished, r.winners, coalesce(r.created_at, now()), r.listed
FROM jsonb_to_recordset(%(rows)s::jsonb)
     AS r(game_id text, game text, seats jsonb, version bigint, finished bool, winners jsonb,
          created_at timestamptz, listed bool)
ON CONFLICT (game_id) DO UPDATE
SET game = excluded.game, seats = excluded.seats, version = excluded.version,
    finished = excluded.finished, winners = excluded.winners
WHERE game_catalogue.version <= excluded.version
"""

_LIST = """
SELECT * FROM game_catalogue
WHERE (%(player)s::jsonb IS NULL OR seats @> %(player)s::jsonb)
  AND (%(either)s OR finished = %(finished)s)
  AND (NOT %(listed_only)s OR listed)
ORDER BY created_at DESC, game_id DESC LIMIT %(limit)s
"""


class PostgresCatalogue:
    """The catalogue table over its own small pool (autocommit, one statement per call)."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, database_url: str, schema: str, max_size: int = 4) -> PostgresCatalogue:
        return cls(await open_side_pool(database_url, schema, max_size))

    async def close(self) -> None:
        await self._pool.close()

    async def upsert_game_summary(self, summary: GameSummary) -> None:
        await self.upsert_game_summaries([summary])

    async def upsert_game_summaries(self, summaries: list[GameSummary]) -> None:
        if not summaries:
            return
        async with self._pool.connection() as conn:
            await conn.execute(_UPSERT, {"rows": Jsonb([_row(s) for s in summaries])})

    async def get_game_summary(self, game_id: str) -> GameSummary | None:
        rows = await self._fetch("SELECT * FROM game_catalogue WHERE game_id = %s", [game_id])
        return _summary(rows[0]) if rows else None

    async def list_games(
        self, player_id: str | None = None, live: bool = True, finished: bool = True, limit: int = 50,
        listed_only: bool = False,
    ) -> list[GameSummary]:
        player = Jsonb([{"player_id": player_id}]) if player_id else None
        rows = await self._fetch(_LIST, {"player": player, "either": live == finished,
                                         "finished": finished, "limit": limit,
                                         "listed_only": listed_only})
        return [_summary(row) for row in rows]

    async def _fetch(self, query: str, params: Any) -> list[dict[str, Any]]:
        async with self._pool.connection() as conn:
            cursor = conn.cursor(row_factory=dict_row)
            await cursor.execute(query, params)
            return await cursor.fetchall()


class InMemoryCatalogue:
    """The same contract in a dict, for fast tests."""

    def __init__(self) -> None:
        self._games: dict[str, GameSummary] = {}

    async def upsert_game_summaries(self, summaries: list[GameSummary]) -> None:
        for summary in summaries:
            await self.upsert_game_summary(summary)

    async def upsert_game_summary(self, summary: GameSummary) -> None:
        current = self._games.get(summary.game_id)
        if current is not None and current.version > summary.version:
            return
        created_at = current.created_at if current else (summary.created_at or datetime.now(UTC))
        listed = current.listed if current else summary.listed
        self._games[summary.game_id] = replace(copy.deepcopy(summary), created_at=created_at, listed=listed)

    async def get_game_summary(self, game_id: str) -> GameSummary | None:
        return copy.deepcopy(self._games.get(game_id))

    async def list_games(
        self, player_id: str | None = None, live: bool = True, finished: bool = True, limit: int = 50,
        listed_only: bool = False,
    ) -> list[GameSummary]:
        wanted = [g for g in self._games.values()
                  if _matches(g, player_id, live, finished) and (g.listed or not listed_only)]
        wanted.sort(key=lambda g: (g.created_at or datetime.min.replace(tzinfo=UTC), g.game_id), reverse=True)
        return copy.deepcopy(wanted[:limit])


def _matches(game: GameSummary, player_id: str | None, live: bool, finished: bool) -> bool:
    if player_id and not any(seat.get("player_id") == player_id for seat in game.seats):
        return False
    return live == finished or game.finished == finished


def _row(summary: GameSummary) -> dict[str, Any]:
    return {"game_id": summary.game_id, "game": summary.game, "seats": summary.seats,
            "version": summary.version, "finished": summary.finished, "winners": summary.winners,
            "created_at": summary.created_at.isoformat() if summary.created_at else None,
            "listed": summary.listed}


def _summary(row: dict[str, Any]) -> GameSummary:
    return GameSummary(row["game_id"], row["game"], row["seats"], row["version"], row["finished"],
                       row["winners"], row["created_at"], row.get("listed", True))
