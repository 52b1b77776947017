"""Samurai moves: typed values inside the engine, the JSON notation at the edges.

Moves are small named tuples (cheap to create in a bot's search); the trailing `kind` field
keeps two moves of different types from ever comparing equal.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from daimyo_rules.core import MalformedMove
from daimyo_rules.samurai.tiles import FIGURE_INDEX, HAND_SIZE, TILE_BY_ID, TILE_ORDER


class PlaceFigure(NamedTuple):
    settlement: str
    figure: str
    kind: str = "place_figure"


class ChooseHand(NamedTuple):
    tiles: tuple[str, ...]  # canonical tile order, so equal hands compare equal
    kind: str = "choose_hand"


class Place(NamedTuple):
    tile: str
    hex: str
    kind: str = "place"


class FigureSwap(NamedTuple):
    a_settlement: str
    a_figure: str
    b_settlement: str
    b_figure: str
    kind: str = "figure_swap"


class TileSwap(NamedTuple):
    from_hex: str
    to_hex: str
    kind: str = "tile_swap"


class EndTurn(NamedTuple):
    kind: str = "end_turn"


class Pass(NamedTuple):
    kind: str = "pass"


Move = PlaceFigure | ChooseHand | Place | FigureSwap | TileSwap | EndTurn | Pass
MOVE_CLASSES = (PlaceFigure, ChooseHand, Place, FigureSwap, TileSwap, EndTurn, Pass)
MOVE_TYPES = ("place_figure", "choose_hand", "place", "figure_swap", "tile_swap", "end_turn", "pass")


def canonical_hand(tiles: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(tiles, key=TILE_ORDER.__getitem__))


def move_to_json(move: Move) -> dict[str, Any]:
    match move:
        case PlaceFigure(settlement, figure):
            return {"type": "place_figure", "settlement": settlement, "figure": figure}
        case ChooseHand(tiles):
            return {"type": "choose_hand", "tiles": list(tiles)}
        case Place(tile, hex_id):
            return {"type": "place", "tile": tile, "hex": hex_id}
        case FigureSwap(a_s, a_f, b_s, b_f):
            return {"type": "figure_swap", "a": {"settlement": a_s, "figure": a_f},
                    "b": {"settlement": b_s, "figure": b_f}}
        case TileSwap(from_hex, to_hex):
            return {"type": "tile_swap", "from": from_hex, "to": to_hex}
        case EndTurn():
            return {"type": "end_turn"}
        case Pass():
            return {"type": "pass"}
    raise MalformedMove(f"not a Samurai move: {move!r}")


def parse_move(data: Any) -> Move:
    """The typed move for JSON `data`; MalformedMove says exactly what is wrong with its shape.

    Only the shape and the vocabulary (tile ids, figure types) are checked here; whether the
    hex exists on this board and whether the move is allowed now is the engine's business.
    """
    if not isinstance(data, dict):
        raise MalformedMove(f"a move must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if kind not in MOVE_TYPES:
        raise MalformedMove(f"unknown move type {kind!r}; expected one of {', '.join(MOVE_TYPES)}")
    parser = _PARSERS[kind]
    move: Move = parser(data)
    return move


def _text(data: dict[str, Any], key: str, what: str = "") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise MalformedMove(f"{data.get('type', 'move')} needs {what or key!r} as a non-empty string")
    return value


def _figure(data: dict[str, Any], key: str = "figure") -> str:
    figure = _text(data, key)
    if figure not in FIGURE_INDEX:
        raise MalformedMove(f"unknown figure type {figure!r}; expected buddha, rice or castle")
    return figure


def _tile(tile_id: str) -> str:
    if tile_id not in TILE_BY_ID:
        raise MalformedMove(f"unknown tile {tile_id!r}")
    return tile_id


def _parse_place_figure(data: dict[str, Any]) -> Move:
    return PlaceFigure(_text(data, "settlement"), _figure(data))


def _parse_choose_hand(data: dict[str, Any]) -> Move:
    tiles = data.get("tiles")
    if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
        raise MalformedMove("choose_hand needs 'tiles' as a list of tile ids")
    for tile_id in tiles:
        _tile(tile_id)
    if len(set(tiles)) != len(tiles):
        raise MalformedMove("choose_hand lists a tile twice")
    if len(tiles) != HAND_SIZE:
        raise MalformedMove(f"an opening hand is exactly {HAND_SIZE} tiles, got {len(tiles)}")
    return ChooseHand(canonical_hand(tiles))


def _parse_place(data: dict[str, Any]) -> Move:
    return Place(_tile(_text(data, "tile")), _text(data, "hex"))


def _parse_figure_swap(data: dict[str, Any]) -> Move:
    a, b = data.get("a"), data.get("b")
    if not isinstance(a, dict) or not isinstance(b, dict):
        raise MalformedMove("figure_swap needs 'a' and 'b' as {settlement, figure} objects")
    return FigureSwap(_text(a, "settlement"), _figure(a), _text(b, "settlement"), _figure(b))


def _parse_tile_swap(data: dict[str, Any]) -> Move:
    return TileSwap(_text(data, "from"), _text(data, "to"))


_PARSERS: dict[str, Any] = {
    "place_figure": _parse_place_figure,
    "choose_hand": _parse_choose_hand,
    "place": _parse_place,
    "figure_swap": _parse_figure_swap,
    "tile_swap": _parse_tile_swap,
    "end_turn": lambda data: EndTurn(),
    "pass": lambda data: Pass(),
}
