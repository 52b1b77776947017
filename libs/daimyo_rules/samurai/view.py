"""What each seat (or a spectator) may see of a Samurai game: an allow-listed projection.

Hidden: other hands (only sizes), every draw stack (only sizes), opening-hand choices until
play starts, and in 3–4 player games which types others captured (only totals) — until the
game is over, when everything is public.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.samurai.board import Board, board_for
from daimyo_rules.samurai.moves import ChooseHand, FigureSwap, Move, Place, PlaceFigure, TileSwap
from daimyo_rules.samurai.options import MoveList
from daimyo_rules.samurai.rules import end_reason, legal_moves, score, to_act
from daimyo_rules.samurai.state import CHOOSE, OVER, State
from daimyo_rules.samurai.tiles import FIGURE_TYPES, TILE_IDS


def captures_public(state: State) -> bool:
    return state.players == 2 or state.phase == OVER


def view(state: State, seat: int | None) -> dict[str, Any]:
    return views(state, [seat])[0]


def views(state: State, viewers: list[int | None]) -> list[dict[str, Any]]:
    """`view(state, v)` for each viewer, the public part (board, supply, sizes) built once and
    shared between them: the relay sends every seat and the spectators a view of each move."""
    board = board_for(state.players)
    over = state.phase == OVER
    acting, figures, tiles = to_act(state), figures_json(state, board), tiles_json(state, board)
    supply = dict(zip(FIGURE_TYPES, state.supply, strict=True))
    set_aside = dict(zip(FIGURE_TYPES, state.set_aside, strict=True))
    hand_sizes, stack_sizes = [len(h) for h in state.hands], [len(s) for s in state.stacks]
    captured_totals = [sum(c) for c in state.captured]
    turn = {"placed_normal": state.placed_normal, "placed_any": state.placed_any}
    finished = {"hands": [list(h) for h in state.hands], "outcome": outcome(state)} if over else {}
    out = []
    for seat in viewers:
        result: dict[str, Any] = {
            "game": "samurai",
            "players": state.players,
            "seat": seat,
            "phase": state.phase,
            "current": state.current,
            "to_act": acting,
            "moves_applied": state.moves_applied,
            "finished": over,
            "figures": figures,
            "tiles": tiles,
            "supply": supply,
            "set_aside": set_aside,
            "hand_sizes": hand_sizes,
            "stack_sizes": stack_sizes,
            "chosen": list(state.chosen),
            "captured_totals": captured_totals,
            "captured": _captured(state, seat),
            "turn": turn,
        }
        if seat is not None:
            result["hand"] = list(state.hands[seat])
        result.update(finished)
        result["legal"] = legal_json(state, seat) if seat is not None else {}
        out.append(result)
    return out


def _captured(state: State, seat: int | None) -> dict[str, dict[str, int] | None]:
    public = captures_public(state)
    return {
        str(s): dict(zip(FIGURE_TYPES, c, strict=True)) if public or s == seat else None
        for s, c in enumerate(state.captured)
    }


def figures_json(state: State, board: Board) -> dict[str, list[str]]:
    return {board.settlements[i].id: list(f) for i, f in enumerate(state.figures) if f}


def tiles_json(state: State, board: Board) -> dict[str, dict[str, Any]]:
    return {board.hexes[h].id: {"seat": t[0], "tile": t[1]} for h, t in enumerate(state.tiles) if t}


def outcome(state: State) -> dict[str, Any] | None:
    if state.phase != OVER:
        return None
    leaders, winners = score(state.captured)
    return {
        "winners": winners,
        "leaders": leaders,
        "captured": {str(s): dict(zip(FIGURE_TYPES, c, strict=True)) for s, c in enumerate(state.captured)},
        "reason": end_reason(state, board_for(state.players)),
        "ranking": ranking(state),
    }


def ranking(state: State) -> list[int]:
    """Places from 1 (shared places repeat): winners first, then by leader tokens and figures."""
    leaders, winners = score(state.captured)
    def key(seat: int) -> tuple[int, int, int]:
        tokens = sum(1 for s in leaders.values() if s == seat)
        return (seat in winners, tokens, sum(state.captured[seat]))
    keys = [key(s) for s in range(state.players)]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def legal_json(state: State, seat: int) -> dict[str, Any]:
    """The seat's legal moves, compactly, so a client offers only what the server accepts."""
    moves = legal_moves(state, seat)
    if not len(moves):
        return {}
    if state.phase == CHOOSE:
        return {"choose_hand": {"from": list(TILE_IDS), "count": 5}}
    return _group(moves)


def _group(moves: MoveList) -> dict[str, Any]:
    """Grids (tiles × hexes) are grouped without building a move per cell."""
    out: dict[str, Any] = {}
    for segment in moves.segments:
        grid = segment.grouped()
        if grid is None:
            for move in segment:
                _add_move(out, move)
            continue
        kind, cells = grid
        for first, seconds in cells.items():
            out.setdefault(kind, {}).setdefault(first, []).extend(seconds)
    return out


def _add_move(out: dict[str, Any], move: Move) -> None:
    if isinstance(move, PlaceFigure):
        out.setdefault("place_figure", {}).setdefault(move.settlement, []).append(move.figure)
    elif isinstance(move, Place):
        out.setdefault("place", {}).setdefault(move.tile, []).append(move.hex)
    elif isinstance(move, TileSwap):
        out.setdefault("tile_swap", {}).setdefault(move.from_hex, []).append(move.to_hex)
    elif isinstance(move, FigureSwap):
        out.setdefault("figure_swap", []).append(
            [move.a_settlement, move.a_figure, move.b_settlement, move.b_figure])
    elif isinstance(move, ChooseHand):
        out.setdefault("choose_hand", []).append(list(move.tiles))
    else:
        out[move.kind] = True


def effects_for(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The last move's effects as `seat` may see them (draws and hidden captures redacted)."""
    return [_redact(effect, state, seat) for effect in state.effects]


def _redact(effect: dict[str, Any], state: State, seat: int | None) -> dict[str, Any]:
    kind = effect["type"]
    if kind == "turn_ended" and seat != effect["seat"] and state.phase != OVER:
        return {**effect, "drew": len(effect["drew"])}
    if kind == "captured" and seat != effect["seat"] and not captures_public(state):
        return {k: v for k, v in effect.items() if k not in ("figure", "influence")}
    return effect


def reveal_all_view(state: State) -> dict[str, Any]:
    """The spectator's view plus every seat's hand and captures (finished-game replays)."""
    seats = [view(state, s) for s in range(state.players)]
    captured = {str(n): v["captured"].get(str(n)) for n, v in enumerate(seats)}
    return {**view(state, None), "hands": [v.get("hand", []) for v in seats], "captured": captured}
