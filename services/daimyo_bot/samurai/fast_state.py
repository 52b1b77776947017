"""A mutable Samurai play-phase state for the bot's search: moves applied in place, no checks.

The engine's `State` is immutable and `apply_move` validates and records effects on every move,
which is right for the game service and most of a search's cost. A search only ever plays moves
from the legal list, so here a move is applied in place on plain lists, with what the rules ask
after every move kept up to date instead of recomputed: empty land/sea hexes (in board order),
empty land hexes per settlement, each seat's influence per settlement and figure type,
figures left on the board per type, the figure swaps on offer.
The legal moves come in exactly the engine's order (the engine's own lazy segments), so a
search draws the same moves from the same random numbers on either state; the equivalence test
(tests/unit/bot/test_fast_state.py) plays seeded games on both, move by move.

Attribute names and shapes follow `State` where the bot's judgement reads them (`tiles`,
`figures`, `captured`, `hands`, `players`, `placed_normal`, `placed_any`, `phase`, `current`,
`winners`), so `heuristics.Judge` works on either.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from daimyo_rules.samurai.board import Board, board_for
from daimyo_rules.samurai.moves import EndTurn, FigureSwap, Move, Pass, Place, TileSwap
from daimyo_rules.samurai.rules import MAX_SET_ASIDE, score
from daimyo_rules.samurai.state import OVER, PLAY, State
from daimyo_rules.samurai.tiles import FIGURE_INDEX, HAND_SIZE, TILE_BY_ID, TILE_ORDER, influence

_FAST = {t: TILE_BY_ID[t].fast for t in TILE_BY_ID}
_AT_SEA = {t: TILE_BY_ID[t].at_sea for t in TILE_BY_ID}
_ON_BOARD = {t: TILE_BY_ID[t].on_board for t in TILE_BY_ID}
INFLUENCE = {t: tuple(influence(t, f) for f in FIGURE_INDEX) for t in TILE_BY_ID}  # per figure index


class FastState:
    """One determinization being played out; `apply` changes it (copy it first to keep one)."""

    __slots__ = (
        "_swaps",
        "board",
        "captured",
        "current",
        "empty_land",
        "empty_land_ids",
        "empty_sea",
        "empty_sea_ids",
        "figures",
        "hands",
        "influence",
        "on_board",
        "phase",
        "placed_any",
        "placed_normal",
        "players",
        "set_aside",
        "settlement_empties",
        "stacks",
        "tiles",
        "winners",
    )

    board: Board
    players: int
    phase: str
    current: int
    tiles: list[tuple[int, str] | None]
    figures: list[tuple[str, ...]]
    hands: list[list[str]]
    stacks: list[list[str]]  # top first
    captured: list[list[int]]
    set_aside: list[int]
    placed_normal: bool
    placed_any: bool
    winners: tuple[int, ...]
    empty_land: int
    empty_sea: int
    empty_land_ids: list[str]  # in board.land order, as the engine lists them
    empty_sea_ids: list[str]
    settlement_empties: list[int]  # empty land hexes around each settlement
    on_board: list[int]  # figures on the board per type
    influence: list[list[int]]  # [settlement * 3 + figure index][seat]: influence from the tiles around
    _swaps: list[Move] | None  # figure swaps for the current figures, once asked for

    @classmethod
    def from_state(cls, state: State) -> FastState:
        """The play-phase (or finished) engine state as a fast one."""
        if state.phase not in (PLAY, OVER):
            raise ValueError(f"a fast state starts in the play phase, not {state.phase!r}")
        board = board_for(state.players)
        new = object.__new__(cls)
        new.board, new.players, new.phase, new.current = board, state.players, state.phase, state.current
        new.tiles = list(state.tiles)
        new.figures = list(state.figures)
        new.hands = [list(h) for h in state.hands]
        new.stacks = [list(s) for s in state.stacks]
        new.captured = [list(c) for c in state.captured]
        new.set_aside = list(state.set_aside)
        new.placed_normal, new.placed_any, new.winners = state.placed_normal, state.placed_any, state.winners
        new.empty_land, new.empty_sea = state.empty_land, state.empty_sea
        new.empty_land_ids = [board.hexes[h].id for h in board.land if state.tiles[h] is None]
        new.empty_sea_ids = [board.hexes[h].id for h in board.sea if state.tiles[h] is None]
        new.settlement_empties = [sum(1 for h in st.land if state.tiles[h] is None)
                                  for st in board.settlements]
        new.on_board = [0, 0, 0]
        for present in state.figures:
            for figure in present:
                new.on_board[FIGURE_INDEX[figure]] += 1
        new.influence = [_totals(state.tiles, st.around, kind, state.players)
                         for st in board.settlements for kind in range(3)]
        new._swaps = None
        return new

    # ------------------------------------------------------------ legal moves

    def legal(self) -> FastMoves:
        """The current seat's legal moves, in the engine's order (`rules.legal_moves`)."""
        if self.phase == OVER:
            return FastMoves((), (), (), (), (), [], ())
        seat = self.current
        hand = self.hands[seat]
        normal = not self.placed_normal
        playable = [t for t in hand if (normal or _FAST[t]) and _ON_BOARD[t] and t != "tile_swap"]
        sources: tuple[str, ...] = ()
        if normal and "tile_swap" in hand:
            sources = tuple(self.board.hexes[h].id for h in self._own_movable(seat))
        swaps = self._figure_swaps() if "figure_swap" in hand else []
        tail: tuple[Move, ...] = ()
        if self.placed_any:
            tail = (EndTurn(),)
        elif not self.can_play(seat, normal_allowed=True):
            tail = (Pass(),)
        return FastMoves(tuple(t for t in playable if not _AT_SEA[t]), tuple(self.empty_land_ids),
                         tuple(t for t in playable if _AT_SEA[t]), tuple(self.empty_sea_ids),
                         sources, swaps, tail)

    def can_play(self, seat: int, normal_allowed: bool) -> bool:
        """Whether any tile in `seat`'s hand can be played now (`rules.can_play`)."""
        for tile_id in self.hands[seat]:
            if not _FAST[tile_id] and not normal_allowed:
                continue
            if tile_id == "figure_swap":
                if self._figure_swaps():
                    return True
            elif tile_id == "tile_swap":
                if self.empty_land and self._own_movable(seat):
                    return True
            elif (self.empty_sea if _AT_SEA[tile_id] else self.empty_land) > 0:
                return True
        return False

    def _own_movable(self, seat: int) -> list[int]:
        tiles = self.tiles
        return [h for h in self.board.land
                if (t := tiles[h]) is not None and t[0] == seat and not _FAST[t[1]]]

    def _figure_swaps(self) -> list[Move]:
        """`rules.figure_swaps` (same moves, same order), inlined: it is recomputed after every capture."""
        if self._swaps is None:
            figures, ids = self.figures, _settlement_ids(self.players)
            spots = [(i, f) for i, present in enumerate(figures) for f in present]
            swaps: list[Move] = []
            for n, (a, fa) in enumerate(spots):
                at_a = figures[a]
                for b, fb in spots[n + 1:]:
                    if a != b and (fa == fb or (fb not in at_a and fa not in figures[b])):
                        swaps.append(FigureSwap(ids[a], fa, ids[b], fb))
            self._swaps = swaps
        return self._swaps

    # ------------------------------------------------------------ applying a legal move

    def apply(self, move: Move) -> None:
        """Play a move of the current seat that `legal()` offered."""
        seat = self.current
        kind = move.kind
        if kind == "place":
            assert isinstance(move, Place)
            self._place(seat, move.tile, self.board.index[move.hex])
        elif kind == "tile_swap":
            assert isinstance(move, TileSwap)
            self._tile_swap(seat, self.board.index[move.from_hex], self.board.index[move.to_hex])
        elif kind == "figure_swap":
            assert isinstance(move, FigureSwap)
            self._figure_swap(seat, move)
        elif kind in ("end_turn", "pass"):
            self._end_turn(seat)
        else:
            raise ValueError(f"{kind} is not a play-phase move")

    def _place(self, seat: int, tile_id: str, target: int) -> None:
        self.hands[seat].remove(tile_id)
        self.placed_normal = self.placed_normal or not _FAST[tile_id]
        self.placed_any = True
        self._fill(target, seat, tile_id)
        self._after_placement(seat)

    def _tile_swap(self, seat: int, source: int, target: int) -> None:
        self.hands[seat].remove("tile_swap")
        occupant = self.tiles[source]
        assert occupant is not None
        self.tiles[source] = (seat, "tile_swap")
        gone = INFLUENCE[occupant[1]]
        for si in self.board.touching[source]:
            for kind in range(3):
                self.influence[si * 3 + kind][seat] -= gone[kind]
        self.placed_normal = self.placed_any = True
        self._fill(target, seat, occupant[1])
        self._after_placement(seat)

    def _fill(self, target: int, seat: int, tile_id: str) -> None:
        """Put a tile on an empty hex and resolve the settlements it completes."""
        self.tiles[target] = (seat, tile_id)
        added = INFLUENCE[tile_id]
        for si in self.board.touching[target]:
            for kind in range(3):
                self.influence[si * 3 + kind][seat] += added[kind]
        hex_id = self.board.hexes[target].id
        if self.board.hexes[target].kind == "sea":
            self.empty_sea -= 1
            self.empty_sea_ids.remove(hex_id)
        else:
            self.empty_land -= 1
            self.empty_land_ids.remove(hex_id)
            for si in self.board.touching[target]:
                if target in self.board.settlements[si].land:
                    self.settlement_empties[si] -= 1
        for si in self.board.touching[target]:
            if self.figures[si] and self.settlement_empties[si] == 0:
                self._resolve(si)

    def _resolve(self, si: int) -> None:
        """A surrounded settlement: each figure to the single strongest seat, else set aside."""
        for figure in sorted(self.figures[si], key=FIGURE_INDEX.__getitem__):
            kind = FIGURE_INDEX[figure]
            totals = self.influence[si * 3 + kind]
            best = max(totals)
            if totals.count(best) == 1:
                self.captured[totals.index(best)][kind] += 1
            else:
                self.set_aside[kind] += 1
            self.on_board[kind] -= 1
        self.figures[si] = ()
        if self._swaps is not None:  # the swaps not touching the emptied settlement stay legal
            gone = _settlement_ids(self.players)[si]
            self._swaps = [m for m in self._swaps
                           if m.a_settlement != gone and m.b_settlement != gone]  # type: ignore[union-attr]

    def _figure_swap(self, seat: int, move: FigureSwap) -> None:
        self.hands[seat].remove("figure_swap")
        index = self.board.index
        for settlement, out, into in ((move.a_settlement, move.a_figure, move.b_figure),
                                      (move.b_settlement, move.b_figure, move.a_figure)):
            si = self.board.settlement_at[index[settlement]]
            items = list(self.figures[si])
            items[items.index(out)] = into
            self.figures[si] = tuple(sorted(items))
        self._swaps = None
        self.placed_any = True
        self._after_placement(seat)

    def _after_placement(self, seat: int) -> None:
        if not self.can_play(seat, normal_allowed=not self.placed_normal):
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        hand, stack = self.hands[seat], self.stacks[seat]
        missing = HAND_SIZE - len(hand)
        if missing > 0 and stack:
            hand.extend(stack[:missing])
            del stack[:missing]
            hand.sort(key=TILE_ORDER.__getitem__)
        self.placed_normal = self.placed_any = False
        if self._game_ends():
            self.phase = OVER
            self.winners = tuple(score(tuple((c[0], c[1], c[2]) for c in self.captured))[1])
        else:
            self.current = (seat + 1) % self.players

    def _game_ends(self) -> bool:
        if 0 in self.on_board or sum(self.set_aside) >= MAX_SET_ASIDE:
            return True
        return not any(self.can_play(s, normal_allowed=True) for s in range(self.players))

    def copy(self) -> FastState:
        """An independent copy (lists copied; the tuples inside are immutable)."""
        new = object.__new__(FastState)
        new.board, new.players, new.phase, new.current = self.board, self.players, self.phase, self.current
        new.tiles, new.figures = list(self.tiles), list(self.figures)
        new.hands, new.stacks = [list(h) for h in self.hands], [list(s) for s in self.stacks]
        new.captured, new.set_aside = [list(c) for c in self.captured], list(self.set_aside)
        new.placed_normal, new.placed_any, new.winners = self.placed_normal, self.placed_any, self.winners
        new.empty_land, new.empty_sea = self.empty_land, self.empty_sea
        new.empty_land_ids, new.empty_sea_ids = list(self.empty_land_ids), list(self.empty_sea_ids)
        new.settlement_empties, new.on_board = list(self.settlement_empties), list(self.on_board)
        new.influence = [list(t) for t in self.influence]
        new._swaps = self._swaps
        return new


def _totals(tiles: list[tuple[int, str] | None] | tuple[tuple[int, str] | None, ...], around: tuple[int, ...],
            kind: int, players: int) -> list[int]:
    totals = [0] * players
    for h in around:
        occupant = tiles[h]
        if occupant is not None:
            totals[occupant[0]] += INFLUENCE[occupant[1]][kind]
    return totals


@cache
def _settlement_ids(players: int) -> tuple[str, ...]:
    return tuple(st.id for st in board_for(players).settlements)


class FastMoves:
    """The engine's `MoveList` order — land placements, sea placements, tile swaps, figure
    swaps, end turn or pass — with the i-th move found by arithmetic (the playouts draw many)."""

    __slots__ = ("_cuts", "land", "land_tiles", "sea", "sea_tiles", "sources", "swaps", "tail")

    def __init__(self, land_tiles: tuple[str, ...], land: tuple[str, ...], sea_tiles: tuple[str, ...],
                 sea: tuple[str, ...], sources: tuple[str, ...], swaps: list[Move],
                 tail: tuple[Move, ...]) -> None:
        self.land_tiles, self.land, self.sea_tiles, self.sea = land_tiles, land, sea_tiles, sea
        self.sources, self.swaps, self.tail = sources, swaps, tail
        a = len(land_tiles) * len(land)
        b = a + len(sea_tiles) * len(sea)
        c = b + len(sources) * len(land)
        d = c + len(swaps)
        self._cuts = (a, b, c, d, d + len(tail))

    def __len__(self) -> int:
        return self._cuts[4]

    def __getitem__(self, i: int) -> Move:
        a, b, c, d, e = self._cuts
        if i < 0:
            i += e
        if not 0 <= i < e:
            raise IndexError("move index out of range")
        if i < a:
            row, col = divmod(i, len(self.land))
            return Place(self.land_tiles[row], self.land[col])
        if i < b:
            row, col = divmod(i - a, len(self.sea))
            return Place(self.sea_tiles[row], self.sea[col])
        if i < c:
            row, col = divmod(i - b, len(self.land))
            return TileSwap(self.sources[row], self.land[col])
        if i < d:
            return self.swaps[i - c]
        return self.tail[i - d]

    def __iter__(self) -> Iterator[Move]:
        return (self[i] for i in range(len(self)))

    def __contains__(self, move: object) -> bool:
        """As the engine's segments answer it (a figure swap named either way round is in)."""
        if isinstance(move, Place):
            return ((move.tile in self.land_tiles and move.hex in self.land)
                    or (move.tile in self.sea_tiles and move.hex in self.sea))
        if isinstance(move, TileSwap):
            return move.from_hex in self.sources and move.to_hex in self.land
        if isinstance(move, FigureSwap):
            flipped = FigureSwap(move.b_settlement, move.b_figure, move.a_settlement, move.a_figure)
            return move in self.swaps or flipped in self.swaps
        return move in self.tail
