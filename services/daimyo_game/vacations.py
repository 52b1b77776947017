"""Vacation: a player away for some days pauses every correspondence clock of theirs.

Each account has `days_per_year` vacation days (21 by default: three weeks covers a usual annual
holiday, while an opponent never waits more than that in a year on one player's account beyond the
per-move time they agreed to). A vacation is taken in whole days from now (or from the end of the
one running, which it extends) and appended to each correspondence game the player sits in as
`VacationTaken`; the opponents' views show "on vacation until …" from it. The yearly count is kept
in a small ledger (Postgres `vacations`, in-memory for tests), checked and charged in one statement
so two requests at once cannot both spend the last days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool

from daimyo_game import clocks
from daimyo_game.aggregate import GameRecord
from daimyo_game.errors import Illegal, Malformed
from daimyo_game.events import GameEvent, VacationTaken
from daimyo_game.pools import open_side_pool

DAY_MS = clocks.DAY_MS
DAYS_PER_YEAR = 21


@dataclass(frozen=True)
class Vacation:
    until_ms: int  # 0: not on vacation
    days_left: int
    days_per_year: int


class VacationLedger(Protocol):
    async def take(self, player_id: str, year: int, days: int, until_ms: int, allowance: int) -> int | None:
        """Charge `days` and record `until_ms`; the days left, or None when the allowance is short."""

    async def status(self, player_id: str, year: int) -> tuple[int, int]:
        """(days taken this year, until when the player is away)."""


def year_of(now_ms: int) -> int:
    return datetime.fromtimestamp(now_ms / 1000, UTC).year


def vacation_end(now_ms: int, current_until: int, days: int) -> int:
    """A new vacation starts now, or extends the one still running."""
    return max(now_ms, current_until) + days * DAY_MS


def decide_vacation(record: GameRecord, player_id: str, until_ms: int, now_ms: int) -> list[GameEvent]:
    """The player's seat in a running correspondence game waits until `until_ms` (nothing for
    other games, or when it already waits that long)."""
    control, clock = record.control, record.clock
    if record.finished or control is None or clock is None or control.kind != clocks.CORRESPONDENCE:
        return []
    seats = [n for n, s in enumerate(record.created.seats) if s.get("player_id") == player_id]
    if not seats or record.vacations.get(seats[0], 0) >= until_ms:
        return []
    seat = seats[0]
    since = {seat: record.vacations[seat]} if record.vacations.get(seat, 0) > now_ms else {}
    paused = clocks.away(clock, {seat: until_ms}, since, now_ms)
    return [VacationTaken(seat, until_ms, paused.to_json())]


def checked_days(days: int, left: int) -> int:
    if not 1 <= days <= DAYS_PER_YEAR * 2:
        raise Malformed("days must be a whole number of days, at least 1")
    if days > left:
        raise Illegal(f"only {left} vacation days are left this year")
    return days


class MemoryVacations:
    def __init__(self) -> None:
        self._rows: dict[tuple[str, int], tuple[int, int]] = {}

    async def take(self, player_id: str, year: int, days: int, until_ms: int, allowance: int) -> int | None:
        taken, _ = self._rows.get((player_id, year), (0, 0))
        if taken + days > allowance:
            return None
        self._rows[(player_id, year)] = (taken + days, until_ms)
        return allowance - taken - days

    async def status(self, player_id: str, year: int) -> tuple[int, int]:
        return self._rows.get((player_id, year), (0, 0))


class PostgresVacations:
    """The ledger in the game service's schema, on its own small pool."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, database_url: str, schema: str) -> PostgresVacations:
        return cls(await open_side_pool(database_url, schema, max_size=2))

    async def close(self, timeout: float = 5.0) -> None:
        await self._pool.close(timeout=timeout)

    async def take(self, player_id: str, year: int, days: int, until_ms: int, allowance: int) -> int | None:
        async with self._pool.connection() as conn, conn.cursor(row_factory=dict_row) as cursor:
            await cursor.execute(
                "INSERT INTO vacations (player_id, year, days_taken, until_ms) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (player_id, year) DO UPDATE"
                " SET days_taken = vacations.days_taken + excluded.days_taken,"
                " until_ms = excluded.until_ms WHERE vacations.days_taken + excluded.days_taken <= %s"
                " RETURNING days_taken", [player_id, year, days, until_ms, allowance])
            row = await cursor.fetchone()
            if row is None or row["days_taken"] > allowance:
                return None
            return allowance - int(row["days_taken"])

    async def status(self, player_id: str, year: int) -> tuple[int, int]:
        async with self._pool.connection() as conn, conn.cursor(row_factory=dict_row) as cursor:
            await cursor.execute("SELECT days_taken, until_ms FROM vacations"
                                 " WHERE player_id = %s AND year = %s", [player_id, year])
            row = await cursor.fetchone()
            return (int(row["days_taken"]), int(row["until_ms"])) if row else (0, 0)
