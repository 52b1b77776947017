"""A readable terminal picture of a Samurai game as one seat (or a spectator) sees it.

Hexes are drawn in their odd-q layout: each board row takes two text lines and odd columns
sit one line lower, so neighbours on the map are neighbours on the screen.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.view import view

_CELL = 6
_SHORT = {"buddha": "B", "rice": "R", "castle": "C"}
_TILE_SHORT = {"samurai": "S", "ronin": "N", "ship": "~", "buddha": "B", "rice": "R",
               "castle": "C", "tile_swap": "X", "figure_swap": "F"}


def render(state: Any, seat: int | None) -> str:
    seen = view(state, seat)
    return "\n".join([_header(seen), *_map(state.players, seen), "", *_legend(), *_panel(seen)])


def _header(seen: dict[str, Any]) -> str:
    who = "spectator" if seen["seat"] is None else f"seat {seen['seat']}"
    status = "finished" if seen["finished"] else f"phase {seen['phase']}, to act: {seen['to_act']}"
    return f"Samurai, {seen['players']} players — as {who} — move {seen['moves_applied']} — {status}"


def _tile_label(tile: dict[str, Any]) -> str:
    name = tile["tile"]
    if name in _TILE_SHORT:
        return f"{tile['seat']}{_TILE_SHORT[name]}0"
    kind = name.rstrip("ab0123456789")
    value = "".join(ch for ch in name if ch.isdigit())
    return f"{tile['seat']}{_TILE_SHORT.get(kind, '?')}{value}"


def _cell(hex_kind: str, hex_id: str, seen: dict[str, Any]) -> str:
    if hex_id in seen["tiles"]:
        return f"[{_tile_label(seen['tiles'][hex_id])}]"
    if hex_kind in ("village", "city", "edo"):
        figures = "".join(_SHORT[f] for f in seen["figures"].get(hex_id, []))
        return f"({figures or '-':^3})"
    return " ~~~ " if hex_kind == "sea" else " ... "


def _map(players: int, seen: dict[str, Any]) -> list[str]:
    board = board_for(players)
    cols = [h.col for h in board.hexes]
    rows = [h.row for h in board.hexes]
    width = (max(cols) - min(cols) + 1) * _CELL
    lines = [[" "] * width for _ in range((max(rows) - min(rows) + 1) * 2 + 1)]
    for h in board.hexes:
        line = (h.row - min(rows)) * 2 + (h.col & 1)
        start = (h.col - min(cols)) * _CELL
        text = _cell(h.kind, h.id, seen)
        lines[line][start:start + len(text)] = text
    return ["".join(chars).rstrip() for chars in lines if "".join(chars).strip()]


def _legend() -> list[str]:
    return ["legend: (BRC) settlement with its figures · [0S2] seat 0's samurai 2 · ~~~ sea · ... land"]


def _panel(seen: dict[str, Any]) -> list[str]:
    lines = [f"set aside: {seen['set_aside']}"]
    for s in range(seen["players"]):
        captured = seen["captured"][str(s)]
        shown = captured if captured is not None else f"{seen['captured_totals'][s]} figures (hidden)"
        lines.append(f"seat {s}: hand {seen['hand_sizes'][s]}, stack {seen['stack_sizes'][s]}, "
                     f"captured {shown}")
    if seen.get("hand") is not None:
        lines.append(f"your hand: {' '.join(seen['hand']) or '(empty)'}")
    if seen.get("outcome"):
        lines.append(f"winners: {seen['outcome']['winners']}  leaders: {seen['outcome']['leaders']}")
    return lines
