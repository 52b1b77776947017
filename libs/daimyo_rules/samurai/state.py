"""The complete Samurai game state: immutable, and serialisable exactly for snapshots.

Board hexes are addressed by their board-local index (see board.py). Figures per settlement
are kept sorted. `rng` is the generator state: secret, it never appears in a view.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

SETUP, CHOOSE, PLAY, OVER = "setup", "choose", "play", "over"

Counts = tuple[int, int, int]  # buddha, rice, castle
TileOnBoard = tuple[int, str] | None  # (seat, tile id)


@dataclass(frozen=True, slots=True)
class State:
    players: int
    phase: str
    current: int  # the seat whose turn it is (setup and play)
    tiles: tuple[TileOnBoard, ...]  # per board hex
    figures: tuple[tuple[str, ...], ...]  # per settlement, sorted
    supply: Counts  # figures not yet placed (setup)
    hands: tuple[tuple[str, ...], ...]
    stacks: tuple[tuple[str, ...], ...]  # top first
    chosen: tuple[bool, ...]  # opening hand chosen (choose phase)
    captured: tuple[Counts, ...]
    set_aside: Counts
    placed_normal: bool  # this turn's one non-fast tile is used
    placed_any: bool
    rng: int
    moves_applied: int
    draw_orders: tuple[tuple[str, ...] | None, ...]  # config draw_stacks per seat
    effects: tuple[dict[str, Any], ...]  # what the last move caused
    winners: tuple[int, ...]
    empty_land: int
    empty_sea: int


def evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with `changes` (faster than dataclasses.replace on the hot path)."""
    new = object.__new__(State)
    for name in _FIELD_NAMES:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(state, name))
    return new


_FIELD_NAMES = tuple(f.name for f in fields(State))


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "players": state.players,
        "phase": state.phase,
        "current": state.current,
        "tiles": [list(t) if t else None for t in state.tiles],
        "figures": [list(f) for f in state.figures],
        "supply": list(state.supply),
        "hands": [list(h) for h in state.hands],
        "stacks": [list(s) for s in state.stacks],
        "chosen": list(state.chosen),
        "captured": [list(c) for c in state.captured],
        "set_aside": list(state.set_aside),
        "placed_normal": state.placed_normal,
        "placed_any": state.placed_any,
        "rng": str(state.rng),
        "moves_applied": state.moves_applied,
        "draw_orders": [list(d) if d is not None else None for d in state.draw_orders],
        "effects": list(state.effects),
        "winners": list(state.winners),
        "empty_land": state.empty_land,
        "empty_sea": state.empty_sea,
    }


def _counts(values: list[int]) -> Counts:
    return (values[0], values[1], values[2])


def state_from_json(data: dict[str, Any]) -> State:
    return State(
        players=data["players"],
        phase=data["phase"],
        current=data["current"],
        tiles=tuple((t[0], t[1]) if t else None for t in data["tiles"]),
        figures=tuple(tuple(f) for f in data["figures"]),
        supply=_counts(data["supply"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        stacks=tuple(tuple(s) for s in data["stacks"]),
        chosen=tuple(data["chosen"]),
        captured=tuple(_counts(c) for c in data["captured"]),
        set_aside=_counts(data["set_aside"]),
        placed_normal=data["placed_normal"],
        placed_any=data["placed_any"],
        rng=int(data["rng"]),
        moves_applied=data["moves_applied"],
        draw_orders=tuple(tuple(d) if d is not None else None for d in data["draw_orders"]),
        effects=tuple(data["effects"]),
        winners=tuple(data["winners"]),
        empty_land=data["empty_land"],
        empty_sea=data["empty_sea"],
    )
