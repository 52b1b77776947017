"""Private tables: a host picks the game, seats, clock, rated or not and the rules' options (checked
by the game's engine); friends join with the table's unguessable invitation code; the host may
seat bots of chosen levels; the game starts when every seat is taken. Private tables never enter
the queue, and their game is listed publicly only when the host allows spectators.

Tables are kept by the store (`store_api.PrivateTables`), so any matchmaking replica serves any
of them; the game is created like any match (idempotent by the table's id), which also lets the
players ask for a rematch afterwards. No I/O here: the table and the changes made to it.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from daimyo_matchmaking.domain import (
    LIVE_SLOT,
    InvalidRequest,
    MatchRecord,
    NotAllowed,
    Refused,
    SeatSpec,
    slot_for,
)

TABLE_SECONDS = 24 * 3600.0  # an invitation not taken up within a day expires
MAX_OPEN_PER_HOST = 5  # open (not started, not expired) tables one host may keep at once
OPEN, STARTED, CLOSED = "open", "started", "closed"
MAX_NAME = 40
# A guided first game (issue 33) is a private table with the option `"tutorial": true`: every
# newcomer meets the same deal, because its game is created with this seed. The seed rides in the
# match's config under SEED_KEY (stored with it, so a retried creation uses it too) and is taken
# out before the config reaches the engine.
TUTORIAL_OPTION = "tutorial"
TUTORIAL_SEED = 33
SEED_KEY = "seed"


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
    invited: tuple[str, ...] = ()  # players challenged to the table (each hears of it)


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

    @property
    def has_bots(self) -> bool:
        return any(s is not None and s.is_bot for s in self.seats)

    @property
    def full(self) -> bool:
        """Open with every seat taken: the game starts."""
        return self.state == OPEN and not self.empty_seats

    def match(self, now: float) -> MatchRecord:
        seats = tuple(s for s in self.seats if s is not None)
        return MatchRecord(self.table_id, self.game, seats, {**self.config, "players": len(seats)},
                           self.time_control_json, now, rated=self.rated, listed=self.spectators)


TableChange = Callable[[Table], Table]


def new_code() -> str:
    """An invitation code: 16 URL-safe characters (96 random bits), not guessable."""
    return secrets.token_urlsafe(12)


def check_open(table: Table, now: float) -> None:
    """A table may change only while open: not started, closed or expired."""
    if table.state == STARTED:
        raise Refused("this table has already started")
    if table.state == CLOSED:
        raise Refused("this table was closed by its host")
    if now >= table.expires_at:
        raise Refused("this invitation has expired")


def busy_refusal(names: list[str]) -> Refused:
    """The refusal of a full table whose people include someone playing another live game."""
    return Refused(f"{', '.join(names)} is already playing another live game; the table cannot start yet")


# -- the changes a host or a guest may make ---------------------------------------------------


def seat_guest(player_id: str, name: str) -> TableChange:
    def change(table: Table) -> Table:
        if table.seat_of(player_id) is not None:
            raise Refused("you already sit at this table")
        if not table.empty_seats:
            raise Refused("this table is full")
        seats = list(table.seats)
        seats[table.empty_seats[0]] = SeatSpec(player_id=player_id, display_name=name)
        return replace(table, seats=tuple(seats))
    return change


def seat_bots(player_id: str, levels: Sequence[str]) -> TableChange:
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


def leave(player_id: str) -> TableChange:
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


def tutorial_of(options: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The rules' options without the tutorial flag, and the flag; InvalidRequest unless a bool."""
    rules = {k: v for k, v in options.items() if k != TUTORIAL_OPTION}
    tutorial = options.get(TUTORIAL_OPTION, False)
    if not isinstance(tutorial, bool):
        raise InvalidRequest(f"{TUTORIAL_OPTION} must be true or false")
    return rules, tutorial


def seed_of(config: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """A match's engine config without the fixed seed, and that seed (None: the game picks one)."""
    seed = config.get(SEED_KEY)
    engine = {k: v for k, v in config.items() if k != SEED_KEY}
    return engine, seed if isinstance(seed, int) and not isinstance(seed, bool) else None


def live_table(table: Table | NewTable) -> bool:
    return slot_for(table.time_control_json, "x") == LIVE_SLOT
