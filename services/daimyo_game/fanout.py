"""The NATS messages one event produces: each seat's redacted view, the spectator's, the turn
notice, and (when a game ends) the result for ratings. Pure: records in, (subject, payload) out.

A seat subject only ever carries what the engine's `view(state, seat)` and the redaction rules
let that seat see.
"""

from __future__ import annotations

from typing import Any

from daimyo_bus import subjects
from daimyo_game.aggregate import GameRecord
from daimyo_game.events import GameEvent, GameFinished, MoveMade
from daimyo_game.visibility import Viewer, visible_effects, visible_move

Message = tuple[str, dict[str, Any]]


def messages_for(record: GameRecord, event: GameEvent) -> list[Message]:
    """Every message for `event`, `record` being the game right after it."""
    game_id = record.game_id
    out = [(subjects.seat(game_id, s), view_message(record, event, s)) for s in range(record.seat_count)]
    out.append((subjects.watch(record.game_id), view_message(record, event, None)))
    out.append((subjects.turn(record.game_id), turn_message(record)))
    if isinstance(event, GameFinished):
        out.append((subjects.finished(record.game_id), finished_message(record)))
    return out


def view_message(record: GameRecord, event: GameEvent, viewer: Viewer) -> dict[str, Any]:
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
    }


def turn_message(record: GameRecord) -> dict[str, Any]:
    return {
        "game_id": record.game_id,
        "version": record.version,
        "game": record.created.game,
        "to_act": list(record.engine.to_act(record.state)),
        "seats": [{"seat": n, "bot_level": s.get("bot_level")} for n, s in enumerate(record.created.seats)],
        "finished": record.finished,
    }


def finished_message(record: GameRecord) -> dict[str, Any]:
    seats = [{"seat": n, "player_id": s.get("player_id"), "bot_level": s.get("bot_level")}
             for n, s in enumerate(record.created.seats)]
    return {"game_id": record.game_id, "game": record.created.game, "version": record.version,
            "outcome": record.outcome, "seats": seats}


def _last_move(record: GameRecord, event: GameEvent, viewer: Viewer) -> dict[str, Any] | None:
    if not isinstance(event, MoveMade):
        return None
    return {"seat": event.seat, "move": visible_move(record.engine, event.move, event.seat, viewer)}
