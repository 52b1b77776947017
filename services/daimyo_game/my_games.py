"""A player's own games, as the "my games" page and the your-turn notices need them: whose turn it
is, how much time the seat to act has left, and which clock the game runs on.

Pure: a folded record and the time in, plain data out (the handler loads; the relay publishes).
`game_notices` is the durable feed of the notifier (push and email while the page is closed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from daimyo_bus import subjects
from daimyo_bus.messages import GameNotices, PlayerNotice, SeatNotice
from daimyo_game.aggregate import GameRecord
from daimyo_game.events import (
    GameCreated,
    GameEvent,
    GameFinished,
    MoveMade,
    SeatReclaimed,
    SeatReturned,
    VacationTaken,
)
from daimyo_kit.time_controls import CORRESPONDENCE

TURN_EVENTS = (GameCreated, MoveMade, SeatReturned, SeatReclaimed)  # events that may give a player the move


@dataclass(frozen=True)
class MyGame:
    game_id: str
    game: str
    status: str  # "live" | "finished"
    seat: int
    to_act: list[int]
    your_turn: bool
    time_left_ms: int  # -1: no clock
    deadline_ms: int  # 0: no clock runs
    time_control: str  # "live" | "correspondence" | ""
    version: int
    seats: list[dict[str, Any]]
    winners: list[int]


def my_game(record: GameRecord, player_id: str, now_ms: int, winners: list[int]) -> MyGame | None:
    """`record` as `player_id` sees it in their list (None when they hold no seat there)."""
    seat = seat_of(record, player_id)
    if seat is None:
        return None
    to_act = [] if record.finished else record.to_act
    your_turn = seat in to_act and not record.bot_level(seat)
    clocked = seat if your_turn else (to_act[0] if to_act else None)
    left, deadline = _time_left(record, clocked, now_ms)
    control = record.control
    return MyGame(record.game_id, record.created.game, "finished" if record.finished else "live", seat,
                  to_act, your_turn, left, deadline, control.kind if control else "", record.version,
                  [dict(s) for s in record.created.seats], winners)


def seat_of(record: GameRecord, player_id: str) -> int | None:
    for n, seat in enumerate(record.created.seats):
        if player_id and seat.get("player_id") == player_id:
            return n
    return None


def _time_left(record: GameRecord, seat: int | None, now_ms: int) -> tuple[int, int]:
    clock = record.clock
    if clock is None or seat is None:
        return -1, 0
    return clock.left_ms(seat, now_ms), clock.deadline(seat) or 0


def your_turn_messages(record: GameRecord, event: GameEvent,
                       now_ms: int | None = None) -> list[tuple[str, PlayerNotice]]:
    """A `your_turn` notice on `daimyo.player.<id>` for each player whose seat must act now.

    Idempotent state, not a count: a player may get the same (game, version) notice once per
    seat event; clients keep the newest version per game.
    """
    if record.finished or not isinstance(event, TURN_EVENTS):
        return []
    now = now_ms or (record.clock.at_ms if record.clock else 0)
    out = []
    for seat in record.to_act:
        player_id = record.created.seats[seat].get("player_id")
        if player_id and not record.bot_level(seat):
            left, deadline = _time_left(record, seat, now)
            out.append((subjects.player(player_id), PlayerNotice({
                "type": "your_turn", "game_id": record.game_id, "game": record.created.game,
                "version": record.version, "seat": seat, "time_left_ms": left, "deadline_ms": deadline,
                "time_control": record.control.kind if record.control else ""})))
    return out


def game_notices(record: GameRecord, event: GameEvent) -> GameNotices | None:
    """What a correspondence game's players should hear of after `event` (the notifier's feed):
    a new game's seats, a turn that begins now (not one that goes on), the end. None otherwise."""
    control = record.control
    if control is None or control.kind != CORRESPONDENCE:
        return None
    people = [(n, s["player_id"]) for n, s in enumerate(record.created.seats)
              if s.get("player_id") and not s.get("bot_level")]
    notices: list[SeatNotice] = []
    if isinstance(event, GameCreated):
        notices += [SeatNotice("game_found", n, player) for n, player in people]
    if isinstance(event, GameFinished):
        notices += [SeatNotice("game_ended", n, player) for n, player in people]
    elif isinstance(event, VacationTaken):
        notices += [SeatNotice("vacation", n, player, event.until_ms) if n != event.seat
                    else SeatNotice("deadline_moved", n, player, _deadline(record, n))
                    for n, player in people]
    elif isinstance(event, TURN_EVENTS):
        notices += [SeatNotice("your_turn", n, player, _deadline(record, n)) for n, player in people
                    if _turn_begins(record, event, n)]
    if not notices:
        return None
    return GameNotices(record.game_id, record.created.game, record.version, tuple(notices))


def _turn_begins(record: GameRecord, event: GameEvent, seat: int) -> bool:
    """`seat` must act, a person plays it, and not because its own move left it more to do."""
    goes_on = isinstance(event, MoveMade) and event.seat == seat
    return seat in record.to_act and not record.bot_level(seat) and not goes_on


def _deadline(record: GameRecord, seat: int) -> int:
    return (record.clock.deadline(seat) or 0) if record.clock else 0
