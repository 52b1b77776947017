"""Private tables: a host picks the game, seats, clock, rated or not and the rules' options (checked
by the game's engine); friends join with the table's unguessable invitation code; the host may
seat bots of chosen levels; the game starts when every seat is taken. Private tables never enter
the queue, and their game is listed publicly only when the host allows spectators.

Tables live in Postgres (`private_tables`), so any matchmaking replica serves any of them; the
game is created like any match (`matches`, idempotent by the table's id), which also lets the
players ask for a rematch afterwards.
"""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from daimyo_matchmaking.domain import (
    LIVE_SLOT,
    InvalidRequest,
    MatchRecord,
    NotAllowed,
    NotFound,
    Refused,
    SeatSpec,
    slot_for,
)
from daimyo_matchmaking.store import insert_match, seat_players

TABLE_SECONDS = 24 * 3600.0  # an invitation not taken up within a day expires
MAX_OPEN_PER_HOST = 5  # open (not started, not expired) tables one host may keep at once
OPEN, STARTED, CLOSED = "open", "started", "closed"
MAX_NAME = 40


@dataclass(frozen=True)
class NewTable:
    host_id: str
    host_name: str
    game: str
    seat_count: int
    options: dict[str, Any]
    time_control_json: str = ""
    rated: bool = True
    spectators: bool = True


@dataclass(frozen=True)
class Table:
    table_id: str
    code: str
    host_id: str
    game: str
    options: dict[str, Any]
    config: dict[str, Any]
    time_control_json: str
    rated: bool
    spectators: bool
    seats: tuple[SeatSpec | None, ...]  # None: an empty seat
    state: str
    created_at: float
    expires_at: float
    game_id: str = ""

    @property
    def empty_seats(self) -> list[int]:
        return [n for n, s in enumerate(self.seats) if s is None]

    def seat_of(self, player_id: str) -> int | None:
        return next((n for n, s in enumerate(self.seats) if s is not None and s.player_id == player_id), None)

    @property
    def people(self) -> list[str]:
        return [s.player_id for s in self.seats if s is not None and not s.is_bot]

    def match(self, now: float) -> MatchRecord:
        seats = tuple(s for s in self.seats if s is not None)
        return MatchRecord(self.table_id, self.game, seats, {**self.config, "players": len(seats)},
                           self.time_control_json, now, rated=self.rated, listed=self.spectators)


def new_code() -> str:
    """An invitation code: 16 URL-safe characters (96 random bits), not guessable."""
    return secrets.token_urlsafe(12)


class TableStore:
    def __init__(self, pool: AsyncConnectionPool) -> None:
        self._pool = pool

    async def insert(self, table: Table) -> None:
        async with self._pool.connection() as conn:
            await conn.execute(
                """INSERT INTO private_tables (table_id, code, host_id, game, options, config,
                       time_control_json, rated, spectators, seats, state, created_at, expires_at)
                   VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 'open', %s, %s)""",
                (table.table_id, table.code, table.host_id, table.game, json.dumps(table.options),
                 json.dumps(table.config), table.time_control_json, table.rated, table.spectators,
                 _seats_json(table.seats), table.created_at, table.expires_at),
            )

    async def open_tables_of(self, host_id: str, now: float) -> int:
        async with self._pool.connection() as conn:
            query = """SELECT count(*) AS n FROM private_tables
                           WHERE host_id = %s AND state = 'open' AND expires_at > %s"""
            row = await (await conn.execute(query, (host_id, now))).fetchone()
        return int(row["n"]) if row else 0  # type: ignore[call-overload]

    async def by_code(self, code: str) -> Table | None:
        async with self._pool.connection() as conn:
            return await _by_code(conn, code, lock=False)

    async def live_slot_taken(self, player_id: str) -> bool:
        """The player waits for or plays a live game (the one live slot)."""
        async with self._pool.connection() as conn:
            query = "SELECT 1 FROM player_status WHERE player_id = %s AND slot = %s"
            row = await (await conn.execute(query, (player_id, LIVE_SLOT))).fetchone()
        return row is not None

    async def change(self, code: str, change: Any, now: float) -> tuple[Table, MatchRecord | None]:
        """Apply `change(table) -> table` to the open table under a lock; the match when now full."""
        async with self._pool.connection() as conn, conn.transaction():
            table = await _by_code(conn, code, lock=True)
            if table is None:
                raise NotFound("no table has that invitation code")
            _check_open(table, now)
            changed: Table = change(table)
            if changed.state == OPEN and not changed.empty_seats:
                return await _start(conn, changed, now)
            await _save(conn, changed)
            return changed, None

    async def started(self, table_id: str, game_id: str) -> None:
        async with self._pool.connection() as conn:
            await conn.execute("UPDATE private_tables SET game_id = %s WHERE table_id = %s",
                               (game_id, table_id))


async def _start(conn: AsyncConnection[Any], table: Table, now: float) -> tuple[Table, MatchRecord]:
    match = table.match(now)
    await insert_match(conn, match)
    busy = await seat_players(conn, match)
    if busy:  # the transaction rolls back: the table stays as it was
        raise Refused(f"{', '.join(busy)} is already playing another live game; the table cannot start yet")
    started = replace(table, state=STARTED)
    await _save(conn, started)
    return started, match


def _check_open(table: Table, now: float) -> None:
    if table.state == STARTED:
        raise Refused("this table has already started")
    if table.state == CLOSED:
        raise Refused("this table was closed by its host")
    if now >= table.expires_at:
        raise Refused("this invitation has expired")


async def _by_code(conn: AsyncConnection[Any], code: str, lock: bool) -> Table | None:
    query = "SELECT * FROM private_tables WHERE code = %s" + (" FOR UPDATE" if lock else "")
    row = await (await conn.execute(query, (code,))).fetchone()
    return None if row is None else _table(row)


async def _save(conn: AsyncConnection[Any], table: Table) -> None:
    await conn.execute("UPDATE private_tables SET seats = %s, state = %s WHERE table_id = %s",
                       (_seats_json(table.seats), table.state, table.table_id))


def _seats_json(seats: Sequence[SeatSpec | None]) -> str:
    return json.dumps([{k: v for k, v in vars(s).items() if v} if s else {} for s in seats])


def _table(row: dict[str, Any]) -> Table:
    seats = tuple(SeatSpec(**s) if s else None for s in row["seats"])
    return Table(row["table_id"], row["code"], row["host_id"], row["game"], row["options"], row["config"],
                 row["time_control_json"], row["rated"], row["spectators"], seats, row["state"],
                 row["created_at"], row["expires_at"], row["game_id"] or "")


# -- the changes a host or a guest may make ---------------------------------------------------


def seat_guest(player_id: str, name: str) -> Any:
    def change(table: Table) -> Table:
        if table.seat_of(player_id) is not None:
            raise Refused("you already sit at this table")
        if not table.empty_seats:
            raise Refused("this table is full")
        seats = list(table.seats)
        seats[table.empty_seats[0]] = SeatSpec(player_id=player_id, display_name=name)
        return replace(table, seats=tuple(seats))
    return change


def seat_bots(player_id: str, levels: Sequence[str]) -> Any:
    def change(table: Table) -> Table:
        if player_id != table.host_id:
            raise NotAllowed("only the table's host may seat bots")
        if len(levels) > len(table.empty_seats):
            empty = len(table.empty_seats)
            raise InvalidRequest(f"{len(levels)} bots asked for, but only {empty} seats are empty")
        seats = list(table.seats)
        for seat, level in zip(table.empty_seats, levels, strict=False):
            seats[seat] = SeatSpec(bot_level=level, display_name=f"Bot ({level})")
        return replace(table, seats=tuple(seats))
    return change


def leave(player_id: str) -> Any:
    def change(table: Table) -> Table:
        if player_id == table.host_id:
            return replace(table, state=CLOSED)
        seat = table.seat_of(player_id)
        if seat is None:
            raise NotAllowed("you do not sit at this table")
        seats = list(table.seats)
        seats[seat] = None
        return replace(table, seats=tuple(seats))
    return change


def new_table(request: NewTable, config: dict[str, Any], now: float) -> Table:
    host = SeatSpec(player_id=request.host_id, display_name=request.host_name)
    seats = (host, *([None] * (request.seat_count - 1)))
    return Table(uuid.uuid4().hex, new_code(), request.host_id, request.game, request.options, config,
                 request.time_control_json, request.rated, request.spectators, seats, OPEN, now,
                 now + TABLE_SECONDS)


def live_table(table: Table | NewTable) -> bool:
    return slot_for(table.time_control_json, "x") == LIVE_SLOT
