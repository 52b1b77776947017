"""Decisions about who plays a seat: a bot stands in when a player's time runs out or when the
player left, and the player may take an abandoned seat back while the game runs.

Each function returns the events to append (empty: nothing to change) or raises a typed refusal;
the handler appends them at the version it decided on, so a race with a move has one winner.
"""

from __future__ import annotations

from daimyo_game import clocks
from daimyo_game.aggregate import GameRecord, check_viewer
from daimyo_game.errors import Illegal, PermissionDenied
from daimyo_game.events import ClockExpired, GameEvent, SeatReclaimed, SeatTakenOver

TIMEOUT = "timeout"
ABANDONED = "abandoned"
RESIGNED = "resigned"  # the player left (the gateway's "leave")
CAUSES = ("disconnected", RESIGNED)


def decide_expiry(record: GameRecord, now_ms: int) -> list[GameEvent]:
    """Every seat out of time at `now_ms` hands its move (or the rest of its game) to a bot."""
    control, clock = record.control, record.clock
    if record.finished or control is None or clock is None:
        return []
    events: list[GameEvent] = []
    for seat in clocks.out_of_time(clock, now_ms):
        if record.bot_level(seat):
            continue
        clock = clocks.expire(clock, seat, now_ms)
        events += [ClockExpired(seat, clock.to_json()),
                   SeatTakenOver(seat, control.bot_level, TIMEOUT, expiry_until(control))]
    return events


def expiry_until(control: clocks.TimeControl) -> str:
    """A correspondence seat out of time gets a bot for that move only: its player is not gone."""
    return "move" if control.kind == clocks.CORRESPONDENCE else control.until


def decide_hand_over(record: GameRecord, seat: int, player_id: str, cause: str,
                     now_ms: int) -> list[GameEvent]:
    """The player left (`resigned`) or stayed away (`disconnected`): a bot plays for the rest of the game."""
    _check_owner(record, seat, player_id)
    _check_running(record)
    _check_disconnect_applies(record, cause)
    current = record.takeovers.get(seat)
    if current is not None and current.reason == ABANDONED:
        return []
    control = record.control
    level = control.bot_level if control else clocks.DEFAULT_BOT_LEVEL
    clock = clocks.pause(record.clock, seat, now_ms).to_json() if record.clock else None
    return [SeatTakenOver(seat, level, ABANDONED, "game", cause, clock)]


def decide_reclaim(record: GameRecord, seat: int, player_id: str, now_ms: int) -> list[GameEvent]:
    """The player takes back a seat a bot plays since they left."""
    _check_owner(record, seat, player_id)
    _check_running(record)
    current = record.takeovers.get(seat)
    if current is None:
        return []
    if current.reason != ABANDONED:
        raise Illegal(f"a bot plays seat {seat} because its time ran out, until "
                      f"{'its move is made' if current.until == 'move' else 'the game ends'}")
    clock = clocks.resume(record.clock, seat, record.to_act, now_ms).to_json() if record.clock else None
    return [SeatReclaimed(seat, player_id, clock)]


def _check_disconnect_applies(record: GameRecord, cause: str) -> None:
    """Only live clocks hand a closed tab's seat to a bot; a correspondence seat waits for its clock."""
    control = record.control
    if cause == "disconnected" and control is not None and control.kind == clocks.CORRESPONDENCE:
        raise Illegal("this is a correspondence game: the seat waits for its clock, not for a socket")


def _check_owner(record: GameRecord, seat: int, player_id: str) -> None:
    check_viewer(record, seat)
    owner = record.created.seats[seat].get("player_id")
    if not player_id or owner != player_id:
        raise PermissionDenied(f"you do not hold seat {seat} of this game")


def _check_running(record: GameRecord) -> None:
    if record.finished:
        raise Illegal(f"this game is finished (version {record.finished_version})")
