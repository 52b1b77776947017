"""The 20 tiles every player owns, with their values, speed marks and what they influence."""

from __future__ import annotations

from dataclasses import dataclass

FIGURE_TYPES: tuple[str, str, str] = ("buddha", "rice", "castle")
FIGURE_INDEX = {name: i for i, name in enumerate(FIGURE_TYPES)}


@dataclass(frozen=True)
class Tile:
    id: str
    value: int
    fast: bool
    at_sea: bool
    influences: frozenset[str]
    on_board: bool = True

    @property
    def is_action(self) -> bool:
        return self.id in ("figure_swap", "tile_swap")


def _caste(kind: str, value: int) -> Tile:
    return Tile(f"{kind}{value}", value, fast=False, at_sea=False, influences=frozenset({kind}))


_ALL = frozenset(FIGURE_TYPES)

TILES: tuple[Tile, ...] = (
    *(_caste(kind, value) for kind in FIGURE_TYPES for value in (2, 3, 4)),
    Tile("samurai1a", 1, False, False, _ALL),
    Tile("samurai1b", 1, False, False, _ALL),
    Tile("samurai2a", 2, False, False, _ALL),
    Tile("samurai2b", 2, False, False, _ALL),
    Tile("samurai3", 3, False, False, _ALL),
    Tile("ronin1", 1, True, False, _ALL),
    Tile("ship1a", 1, True, True, _ALL),
    Tile("ship1b", 1, True, True, _ALL),
    Tile("ship2", 2, True, True, _ALL),
    Tile("figure_swap", 0, True, False, frozenset(), on_board=False),
    Tile("tile_swap", 0, False, False, frozenset()),
)
TILE_BY_ID: dict[str, Tile] = {t.id: t for t in TILES}
TILE_IDS: tuple[str, ...] = tuple(t.id for t in TILES)
TILE_ORDER: dict[str, int] = {tid: i for i, tid in enumerate(TILE_IDS)}

HAND_SIZE = 5
FIGURES_PER_TYPE = {2: 7, 3: 10, 4: 13}


def influence(tile_id: str, figure: str) -> int:
    """How much `tile_id` adds to a player's total for a figure of type `figure`."""
    tile = TILE_BY_ID[tile_id]
    return tile.value if figure in tile.influences else 0
