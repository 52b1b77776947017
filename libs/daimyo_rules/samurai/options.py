"""What a seat may do now: a read-only sequence of legal moves that builds each move only when asked.

A Samurai turn offers hundreds of placements (tiles in hand × empty hexes) and an opening
hand has 15,504 choices; listing them as objects on every call would dominate a bot's search.
Each segment knows its length, can build its i-th move and can test membership directly.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Any, overload

from daimyo_rules.samurai.moves import ChooseHand, FigureSwap, Move, Place, TileSwap


class _Segment:
    def __len__(self) -> int:
        raise NotImplementedError

    def at(self, i: int) -> Move:
        raise NotImplementedError

    def has(self, move: Move) -> bool:
        raise NotImplementedError

    def __iter__(self) -> Iterator[Move]:
        return (self.at(i) for i in range(len(self)))

    def grouped(self) -> tuple[str, dict[str, list[str]]] | None:
        """(move type, {first part: [second parts]}) when the segment is a grid, else None."""
        return None


class Listed(_Segment):
    def __init__(self, moves: list[Move]) -> None:
        self.moves = moves

    def __len__(self) -> int:
        return len(self.moves)

    def at(self, i: int) -> Move:
        return self.moves[i]

    def has(self, move: Move) -> bool:
        return move in self.moves

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)


class FigureSwaps(Listed):
    """Figure swaps listed once per pair; the same swap named the other way round is in too."""

    def has(self, move: Move) -> bool:
        if not isinstance(move, FigureSwap):
            return False
        flipped = FigureSwap(move.b_settlement, move.b_figure, move.a_settlement, move.a_figure)
        return move in self.moves or flipped in self.moves


class Placements(_Segment):
    """Every tile of `tiles` on every hex of `hexes`."""

    def __init__(self, tiles: tuple[str, ...], hexes: tuple[str, ...]) -> None:
        self.tiles, self.hexes = tiles, hexes

    def __len__(self) -> int:
        return len(self.tiles) * len(self.hexes)

    def at(self, i: int) -> Move:
        row, col = divmod(i, len(self.hexes))
        return Place(self.tiles[row], self.hexes[col])

    def has(self, move: Move) -> bool:
        return isinstance(move, Place) and move.tile in self.tiles and move.hex in self.hexes

    def grouped(self) -> tuple[str, dict[str, list[str]]] | None:
        return "place", {tile: list(self.hexes) for tile in self.tiles}


class TileSwaps(_Segment):
    """Every own non-fast board tile (`sources`) moved to every empty land hex (`targets`)."""

    def __init__(self, sources: tuple[str, ...], targets: tuple[str, ...]) -> None:
        self.sources, self.targets = sources, targets

    def __len__(self) -> int:
        return len(self.sources) * len(self.targets)

    def at(self, i: int) -> Move:
        row, col = divmod(i, len(self.targets))
        return TileSwap(self.sources[row], self.targets[col])

    def has(self, move: Move) -> bool:
        return isinstance(move, TileSwap) and move.from_hex in self.sources and move.to_hex in self.targets

    def grouped(self) -> tuple[str, dict[str, list[str]]] | None:
        return "tile_swap", {source: list(self.targets) for source in self.sources}


class Hands(_Segment):
    """Every choice of `size` tiles out of `tiles` (in canonical order), by combination rank."""

    def __init__(self, tiles: tuple[str, ...], size: int) -> None:
        self.tiles, self.size = tiles, size

    def __len__(self) -> int:
        return comb(len(self.tiles), self.size)

    def at(self, i: int) -> Move:
        chosen: list[str] = []
        start, remaining = 0, self.size
        while remaining:
            for j in range(start, len(self.tiles)):
                block = comb(len(self.tiles) - j - 1, remaining - 1)
                if i < block:
                    chosen.append(self.tiles[j])
                    start, remaining = j + 1, remaining - 1
                    break
                i -= block
        return ChooseHand(tuple(chosen))

    def has(self, move: Move) -> bool:
        return (isinstance(move, ChooseHand) and len(move.tiles) == self.size
                and len(set(move.tiles)) == self.size and set(move.tiles) <= set(self.tiles))

    def __iter__(self) -> Iterator[Move]:
        return (ChooseHand(c) for c in combinations(self.tiles, self.size))


class MoveList(Sequence[Move]):
    """The legal moves of one seat, as a concatenation of lazy segments."""

    def __init__(self, segments: list[_Segment]) -> None:
        self._segments = [s for s in segments if len(s)]
        self._len = sum(len(s) for s in self._segments)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | Sequence[Move]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("move index out of range")
        for segment in self._segments:
            if i < len(segment):
                return segment.at(i)
            i -= len(segment)
        raise IndexError("move index out of range")  # unreachable

    def __contains__(self, move: Any) -> bool:
        return any(s.has(move) for s in self._segments)

    @property
    def segments(self) -> list[_Segment]:
        return list(self._segments)

    def __iter__(self) -> Iterator[Move]:
        for segment in self._segments:
            yield from segment

    def __repr__(self) -> str:
        return f"MoveList({self._len} moves)"
