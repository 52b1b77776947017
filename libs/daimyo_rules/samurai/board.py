"""The real Samurai board for 2, 3 and 4 players, loaded once from package data.

Hexes get a dense index per board so the engine can keep the board as a tuple.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from daimyo_rules.core import MalformedMove


@dataclass(frozen=True)
class Settlement:
    index: int  # position in Board.settlements
    hex: int  # board-local hex index
    id: str
    kind: str  # village | city | edo
    capacity: int
    land: tuple[int, ...]
    sea: tuple[int, ...]
    around: tuple[int, ...]  # land + sea neighbours: where influence comes from


@dataclass(frozen=True)
class HexInfo:
    id: str
    col: int
    row: int
    kind: str  # sea | land | village | city | edo
    island: str | None


@dataclass(frozen=True)
class Board:
    players: int
    hexes: tuple[HexInfo, ...]
    index: dict[str, int]
    land: tuple[int, ...]
    sea: tuple[int, ...]
    settlements: tuple[Settlement, ...]
    settlement_at: dict[int, int]  # hex index -> settlement index
    touching: tuple[tuple[int, ...], ...]  # hex index -> settlements it is around
    cities: tuple[int, ...]  # settlement indices of cities (not Edo)
    villages: tuple[int, ...]
    edo: int

    def hex_id(self, index: int) -> str:
        return self.hexes[index].id


def _raw() -> dict[str, Any]:
    text = resources.files("daimyo_rules.samurai").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def _hex_number(hex_id: str) -> int:
    return int(hex_id[1:])


@cache
def board_for(players: int) -> Board:
    """The board for a player count (2, 3 or 4); hexes ordered by their id number."""
    raw = _raw()
    block = raw["boards"][str(players)]
    info = {h["id"]: h for h in raw["hexes"]}
    ids = sorted(block["hex_ids"], key=_hex_number)
    hexes = tuple(
        HexInfo(i, info[i]["col"], info[i]["row"], info[i]["kind"], info[i]["island"]) for i in ids
    )
    index = {h.id: n for n, h in enumerate(hexes)}
    raw_settlements = sorted(block["settlements"], key=lambda s: _hex_number(s["id"]))
    settlements = tuple(_settlement(n, s, index) for n, s in enumerate(raw_settlements))
    touching: list[list[int]] = [[] for _ in hexes]
    for s in settlements:
        for h in s.around:
            touching[h].append(s.index)
    return Board(
        players=players,
        hexes=hexes,
        index=index,
        land=tuple(n for n, h in enumerate(hexes) if h.kind == "land"),
        sea=tuple(n for n, h in enumerate(hexes) if h.kind == "sea"),
        settlements=settlements,
        settlement_at={s.hex: s.index for s in settlements},
        touching=tuple(tuple(t) for t in touching),
        cities=tuple(s.index for s in settlements if s.kind == "city"),
        villages=tuple(s.index for s in settlements if s.kind == "village"),
        edo=next(s.index for s in settlements if s.kind == "edo"),
    )


def _settlement(n: int, raw: dict[str, Any], index: dict[str, int]) -> Settlement:
    land = tuple(index[h] for h in raw["land_neighbours"])
    sea = tuple(index[h] for h in raw["sea_neighbours"] if h in index)
    return Settlement(n, index[raw["id"]], raw["id"], raw["kind"], raw["capacity"], land, sea, land + sea)


def board_geometry(players: int) -> dict[str, Any]:
    """The public board description a client needs to draw the map (ids, kinds, coordinates)."""
    board = board_for(players)
    return {
        "players": players,
        "hexes": [
            {"id": h.id, "col": h.col, "row": h.row, "kind": h.kind, "island": h.island}
            for h in board.hexes
        ],
        "settlements": [
            {"id": s.id, "kind": s.kind, "capacity": s.capacity,
             "around": [board.hex_id(h) for h in s.around]}
            for s in board.settlements
        ],
    }


PLAYER_COUNTS = (2, 3, 4)


def client_board(config: Any) -> dict[str, Any]:
    """The board a web client draws for a table `config` (only its player count matters)."""
    players = config.get("players") if isinstance(config, dict) else None
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise MalformedMove(f"Samurai is for 2, 3 or 4 players, not {players!r}")
    return board_geometry(players)
