"""The NATS messages one event produces: each seat's redacted view, the spectator's, the turn
notice, and (when a game ends) the result for ratings; when a player leaves their seat to a bot
(or a bot keeps it to the end after a timeout), the notice that frees them in matchmaking.
Pure: records in, (subject, payload) out.

Every view carries the clocks and which seats a bot plays; the turn notice names a seat's
effective occupant (a bot standing in for a player counts as a bot seat for the driver).

A seat subject only ever carries what the engine's `view(state, seat)` and the redaction rules
let that seat see.
"""

from __future__ import annotations

from typing import Any

from daimyo_bus import subjects
from daimyo_game import clocks
from daimyo_game.aggregate import GameRecord
from daimyo_game.events import GameEvent, GameFinished, MoveMade, SeatTakenOver
from daimyo_game.visibility import Viewer, visible_effects, visible_move

Message = tuple[str, dict[str, Any]]


def messages_for(record: GameRecord, event: GameEvent, now_ms: int | None = None) -> list[Message]:
    """Every message for `event`, `record` being the game right after it (`now_ms`: for clocks)."""
    game_id = record.game_id
    out = [(subjects.seat(game_id, s), view_message(record, event, s, now_ms))
           for s in range(record.seat_count)]
    out.append((subjects.watch(record.game_id), view_message(record, event, None, now_ms)))
    out.append((subjects.turn(record.game_id), turn_message(record)))
    if isinstance(event, GameFinished):
        out.append((subjects.finished(record.game_id), finished_message(record)))
    if isinstance(event, SeatTakenOver) and event.until == "game":  # the player no longer holds the seat
        out.append((subjects.abandoned(record.game_id), abandoned_message(record, event.seat)))
    return out


def view_message(record: GameRecord, event: GameEvent, viewer: Viewer,
                 now_ms: int | None = None) -> dict[str, Any]:
    engine = record.engine
    return {
        "game_id": record.game_id,
        "version": record.version,
        "event": type(event).__name__,
        "seat": viewer,
        "view": engine.view(record.state, viewer),
        "last_move": _last_move(record, event, viewer),
        "effects": visible_effects(event.effects, viewer) if isinstance(event, MoveMade) else None,
        "to_act": list(engine.to_act(record.state)),
        "finished": record.finished,
        "clock": clock_message(record, now_ms),
        "takeovers": takeovers_message(record),
    }


def clock_message(record: GameRecord, now_ms: int | None) -> dict[str, Any] | None:
    clock = record.clock
    return None if clock is None else clocks.display(clock, now_ms or clock.at_ms)


def takeovers_message(record: GameRecord) -> dict[str, dict[str, str]]:
    """Seat → the bot standing in: level, reason ("timeout" | "abandoned"), until ("move" | "game")."""
    return {str(seat): {"level": t.level, "reason": t.reason, "until": t.until}
            for seat, t in sorted(record.takeovers.items())}


def turn_message(record: GameRecord) -> dict[str, Any]:
    return {
        "game_id": record.game_id,
        "version": record.version,
        "game": record.created.game,
        "to_act": list(record.engine.to_act(record.state)),
        "seats": [{"seat": n, "bot_level": record.bot_level(n)} for n in range(record.seat_count)],
        "with_people": any(not s.get("bot_level") for s in record.created.seats),  # bots keep a person's pace
        "finished": record.finished,
    }


def finished_message(record: GameRecord) -> dict[str, Any]:
    """The result for ratings; `abandoned` lists seats a bot held for the rest of the game (ranked last)."""
    abandoned = record.abandoned()
    seats = [{"seat": n, "player_id": s.get("player_id"), "bot_level": s.get("bot_level"),
              "abandoned": n in abandoned} for n, s in enumerate(record.created.seats)]
    return {"game_id": record.game_id, "game": record.created.game, "version": record.version,
            "outcome": record.outcome, "seats": seats, "abandoned": abandoned}


def abandoned_message(record: GameRecord, seat: int) -> dict[str, Any]:
    return {"game_id": record.game_id, "game": record.created.game, "version": record.version,
            "seat": seat, "player_id": record.created.seats[seat].get("player_id")}


def _last_move(record: GameRecord, event: GameEvent, viewer: Viewer) -> dict[str, Any] | None:
    if not isinstance(event, MoveMade):
        return None
    return {"seat": event.seat, "move": visible_move(record.engine, event.move, event.seat, viewer)}
