"""What each viewer may see of the stream: the seed and hidden parts stay in the service.

Views come from the engine (`view(state, seat)`); this module redacts what the service itself
stores beside them — the seed, hidden config, secret moves and per-seat effects — until the
game is finished, when everything is public.
"""

from __future__ import annotations

from typing import Any

from daimyo_game.events import GameCreated, GameEvent, GameFinished, MoveMade, seat_event_to_json
from daimyo_rules.core import Game

Viewer = int | None  # None: a spectator

def visible_move(engine: Game, move: Any, actor: int, viewer: Viewer) -> Any:
    """`move` as `viewer` may see it: whole for its maker; others see only the kind of a secret one."""
    if viewer == actor or not isinstance(move, dict):
        return move
    return {"type": move.get("type")} if move.get("type") in engine.secret_move_types() else move


def visible_effects(effects: Any, viewer: Viewer) -> Any:
    if not isinstance(effects, dict):
        return None
    if viewer is None:
        return effects.get("public")
    return effects.get("seats", {}).get(str(viewer), effects.get("public"))


def public_config(config: dict[str, Any]) -> dict[str, Any]:
    """Only plain settings (players, options); anything structured, e.g. fixed draw stacks, is hidden."""
    return {k: v for k, v in config.items() if v is None or isinstance(v, bool | int | float | str)}


def redacted_event_data(engine: Game, event: GameEvent, viewer: Viewer) -> dict[str, Any]:
    """The stored data of `event` as `viewer` may read it while the game runs."""
    if isinstance(event, GameCreated):
        return {"game": event.game, "config": public_config(event.config), "seats": list(event.seats),
                "time_control": event.time_control, "clock": event.clock, "listed": event.listed}
    if isinstance(event, MoveMade):
        data = {"seat": event.seat, "move": visible_move(engine, event.move, event.seat, viewer),
                "effects": visible_effects(event.effects, viewer)}
        if viewer == event.seat:
            data["command_id"] = event.command_id
        if event.clock is not None:
            data["clock"] = event.clock
        return data
    if isinstance(event, GameFinished):
        return {"outcome": event.outcome}
    return seat_event_to_json(event)  # who plays a seat, and the clocks, are public
