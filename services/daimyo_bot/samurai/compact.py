"""Samurai in integers, the one fast state of the bots' searches: a mutable play-phase state and
its judgement.

The engine's `State` is immutable and `apply_move` validates every move, which is right for the
game service and most of a search's cost. Here a move from the legal list is applied in place,
and everything is an int: a tile is its index in `TILE_IDS`, a hex its board-local index, a
figure its index in `FIGURE_TYPES`, and a move one int code (`Codes`). Empty hexes are kept in
swap-remove lists, so a uniformly random legal move is found by arithmetic without listing the
moves, and the judgement (`CompactJudge`) gives the scores of `heuristics.Judge` — the same
formula, read from the running influence. The engine's API is untouched; codes become engine
`Move`s only at the root of a search (`Codes.move`). `make native` compiles this module with
mypyc (`native.py` chooses the build).

`tests/unit/bot/test_compact.py` plays seeded random games on this state and on the engine's,
comparing the legal moves (as sets), every move's judged score and, after every move, the board,
figures, hands, stacks, captures and the end of the game with its winners.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from random import Random

from daimyo_bot.samurai.heuristics import (
    CONTESTED_BONUS,
    FAST_COST,
    FIGURE_SWAP_COST,
    LEADER_WEIGHT,
    TILE_COST,
)
from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.moves import EndTurn, FigureSwap, Move, Pass, Place, TileSwap
from daimyo_rules.samurai.rules import MAX_SET_ASIDE, score
from daimyo_rules.samurai.state import OVER, PLAY, State
from daimyo_rules.samurai.tiles import FIGURE_INDEX, FIGURE_TYPES, HAND_SIZE, TILE_ORDER, TILES

FIGURE_SWAP = TILE_ORDER["figure_swap"]
TILE_SWAP = TILE_ORDER["tile_swap"]
FAST: tuple[bool, ...] = tuple(t.fast for t in TILES)
AT_SEA: tuple[bool, ...] = tuple(t.at_sea for t in TILES)
PLACED: tuple[bool, ...] = tuple(t.on_board and not t.is_action for t in TILES)  # by a `place` move
COST: tuple[float, ...] = tuple(-TILE_COST * t.value - (FAST_COST if t.fast else 0.0)
                                for t in TILES)  # of playing a tile at all
INFLUENCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(t.value if f in t.influences else 0 for f in FIGURE_TYPES) for t in TILES)
END_TURN, PASS = -1, -2


@dataclass(frozen=True)
class Layout:
    """One board in integers, built once per player count."""

    hexes: int
    settlements: int
    hex_ids: tuple[str, ...]
    settlement_ids: tuple[str, ...]
    index: dict[str, int]
    land: tuple[int, ...]
    sea: tuple[int, ...]
    is_land: tuple[bool, ...]
    is_sea: tuple[bool, ...]
    touching: tuple[tuple[int, ...], ...]  # hex -> settlements it is around
    touching_land: tuple[tuple[int, ...], ...]  # hex -> settlements it is a land neighbour of
    near: tuple[tuple[tuple[int, int], ...], ...]  # hex -> (settlement, 1 if a land neighbour) it is around
    settlement_land: tuple[tuple[int, ...], ...]
    settlement_at: dict[int, int]  # settlement hex -> settlement index


@cache
def layout(players: int) -> Layout:
    board = board_for(players)
    land = set(board.land)
    return Layout(
        hexes=len(board.hexes), settlements=len(board.settlements),
        hex_ids=tuple(h.id for h in board.hexes), settlement_ids=tuple(s.id for s in board.settlements),
        index=dict(board.index), land=board.land, sea=board.sea,
        is_land=tuple(h in land for h in range(len(board.hexes))),
        is_sea=tuple(board.hexes[h].kind == "sea" for h in range(len(board.hexes))),
        touching=board.touching,
        touching_land=tuple(tuple(si for si in board.touching[h] if h in board.settlements[si].land)
                            for h in range(len(board.hexes))),
        near=tuple(tuple((si, int(h in board.settlements[si].land)) for si in board.touching[h])
                   for h in range(len(board.hexes))),
        settlement_land=tuple(s.land for s in board.settlements),
        settlement_at=dict(board.settlement_at),
    )


class Codes:
    """Moves as ints: a placement `tile * H + hex`, a tile swap after those, a figure swap after
    those (two spots `settlement * 3 + figure`, the smaller first), end turn -1, pass -2."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        self.h = lay.hexes
        self.tile_swaps = len(TILES) * self.h
        self.figure_swaps = self.tile_swaps + self.h * self.h
        self.spots = 3 * lay.settlements

    def place(self, tile: int, hex_index: int) -> int:
        return tile * self.h + hex_index

    def tile_swap(self, source: int, target: int) -> int:
        return self.tile_swaps + source * self.h + target

    def figure_swap(self, a: int, b: int) -> int:
        if a > b:
            a, b = b, a
        return self.figure_swaps + a * self.spots + b

    def move(self, code: int) -> Move:
        """The engine's move for a code."""
        lay = self.lay
        if code == END_TURN:
            return EndTurn()
        if code == PASS:
            return Pass()
        if code < self.tile_swaps:
            tile, hex_index = divmod(code, self.h)
            return Place(TILES[tile].id, lay.hex_ids[hex_index])
        if code < self.figure_swaps:
            source, target = divmod(code - self.tile_swaps, self.h)
            return TileSwap(lay.hex_ids[source], lay.hex_ids[target])
        a, b = divmod(code - self.figure_swaps, self.spots)
        return FigureSwap(lay.settlement_ids[a // 3], FIGURE_TYPES[a % 3],
                          lay.settlement_ids[b // 3], FIGURE_TYPES[b % 3])

    def code(self, move: Move) -> int:
        """The code of an engine move (the inverse of `move`)."""
        lay = self.lay
        if isinstance(move, Place):
            return self.place(TILE_ORDER[move.tile], lay.index[move.hex])
        if isinstance(move, TileSwap):
            return self.tile_swap(lay.index[move.from_hex], lay.index[move.to_hex])
        if isinstance(move, FigureSwap):
            a = lay.settlement_at[lay.index[move.a_settlement]] * 3 + FIGURE_INDEX[move.a_figure]
            b = lay.settlement_at[lay.index[move.b_settlement]] * 3 + FIGURE_INDEX[move.b_figure]
            return self.figure_swap(a, b)
        return END_TURN if isinstance(move, EndTurn) else PASS


@cache
def codes_for(players: int) -> Codes:
    return Codes(layout(players))


class CompactState:
    """One determinization being played out; `apply` changes it (`copy` first to keep one)."""

    __slots__ = (
        "captured",
        "codes",
        "current",
        "empty_at",
        "empty_land",
        "empty_sea",
        "figures",
        "hands",
        "influence",
        "lay",
        "on_board",
        "over",
        "owner_at",
        "placed_any",
        "placed_normal",
        "players",
        "set_aside",
        "settlement_empties",
        "settlement_figures",
        "stacks",
        "swaps",
        "tile_at",
        "winners",
    )

    lay: Layout
    codes: Codes
    players: int
    current: int
    over: bool
    placed_normal: bool
    placed_any: bool
    tile_at: list[int]  # per hex: the tile on it, -1 if empty
    owner_at: list[int]  # per hex: the seat whose tile is on it, -1 if empty
    figures: list[int]  # per spot (settlement * 3 + figure): 1 if that figure stands there
    settlement_figures: list[int]  # figures standing per settlement
    hands: list[list[int]]  # sorted
    stacks: list[list[int]]  # top first
    captured: list[list[int]]
    set_aside: list[int]
    on_board: list[int]  # figures on the board per type
    empty_land: list[int]  # empty land hexes, in no order (removed by swapping with the last)
    empty_sea: list[int]
    empty_at: list[int]  # per hex: its position in empty_land / empty_sea, -1 if occupied
    settlement_empties: list[int]
    influence: list[list[int]]  # per spot: each seat's influence on that figure there
    swaps: list[int] | None  # figure-swap codes for the current figures, once asked for
    winners: tuple[int, ...]

    @classmethod
    def from_state(cls, state: State) -> CompactState:
        """The engine's play-phase (or finished) state in integers."""
        if state.phase not in (PLAY, OVER):
            raise ValueError(f"a compact state starts in the play phase, not {state.phase!r}")
        lay = layout(state.players)
        new = cls()
        new.lay, new.codes, new.players = lay, codes_for(state.players), state.players
        new.current, new.over = state.current, state.phase == OVER
        new.placed_normal, new.placed_any, new.winners = state.placed_normal, state.placed_any, state.winners
        new.tile_at = [-1 if t is None else TILE_ORDER[t[1]] for t in state.tiles]
        new.owner_at = [-1 if t is None else t[0] for t in state.tiles]
        new.figures = [0] * (3 * lay.settlements)
        for si, present in enumerate(state.figures):
            for figure in present:
                new.figures[si * 3 + FIGURE_INDEX[figure]] = 1
        new.settlement_figures = [len(present) for present in state.figures]
        new.hands = [sorted(TILE_ORDER[t] for t in h) for h in state.hands]
        new.stacks = [[TILE_ORDER[t] for t in s] for s in state.stacks]
        new.captured = [list(c) for c in state.captured]
        new.set_aside = list(state.set_aside)
        new.on_board = [sum(new.figures[k::3]) for k in range(3)]
        new.empty_land = [h for h in lay.land if state.tiles[h] is None]
        new.empty_sea = [h for h in lay.sea if state.tiles[h] is None]
        new.empty_at = [-1] * lay.hexes
        for empties in (new.empty_land, new.empty_sea):
            for position, h in enumerate(empties):
                new.empty_at[h] = position
        new.settlement_empties = [sum(1 for h in land if state.tiles[h] is None)
                                  for land in lay.settlement_land]
        new.influence = [[0] * state.players for _ in range(3 * lay.settlements)]
        for h, occupant in enumerate(state.tiles):
            if occupant is not None:
                added = INFLUENCE[TILE_ORDER[occupant[1]]]
                for si in lay.touching[h]:
                    for kind in range(3):
                        new.influence[si * 3 + kind][occupant[0]] += added[kind]
        new.swaps = None
        return new

    def copy(self) -> CompactState:
        new = CompactState()
        new.lay, new.codes, new.players = self.lay, self.codes, self.players
        new.current, new.over, new.winners = self.current, self.over, self.winners
        new.placed_normal, new.placed_any = self.placed_normal, self.placed_any
        new.tile_at, new.owner_at = self.tile_at[:], self.owner_at[:]
        new.figures, new.settlement_figures = self.figures[:], self.settlement_figures[:]
        new.hands, new.stacks = [h[:] for h in self.hands], [s[:] for s in self.stacks]
        new.captured, new.set_aside = [c[:] for c in self.captured], self.set_aside[:]
        new.on_board, new.empty_land, new.empty_sea = self.on_board[:], self.empty_land[:], self.empty_sea[:]
        new.empty_at, new.settlement_empties = self.empty_at[:], self.settlement_empties[:]
        new.influence = [race[:] for race in self.influence]
        new.swaps = self.swaps
        return new

    def with_hidden(self, world: State) -> CompactState:
        """A copy with `world`'s hands, stacks and captures: another determinization of the same
        public position (everything else in `world` must equal this state's)."""
        new = self.copy()
        new.hands = [sorted(TILE_ORDER[t] for t in h) for h in world.hands]
        new.stacks = [[TILE_ORDER[t] for t in s] for s in world.stacks]
        new.captured = [list(c) for c in world.captured]
        return new

    # ------------------------------------------------------------ what may be played

    def own_movable(self, seat: int) -> list[int]:
        """Hexes of `seat`'s own non-fast tiles (sources of a tile swap), in board order."""
        owner_at, tile_at = self.owner_at, self.tile_at
        return [h for h in self.lay.land if owner_at[h] == seat and not FAST[tile_at[h]]]

    def figure_swaps(self) -> list[int]:
        """Every legal figure swap's code (a pair of spots on two settlements)."""
        if self.swaps is None:
            figures = self.figures
            spots = [p for p in range(len(figures)) if figures[p]]
            swaps = []
            figure_swap = self.codes.figure_swap
            for n, a in enumerate(spots):
                sa, fa = divmod(a, 3)
                for b in spots[n + 1:]:
                    sb, fb = divmod(b, 3)
                    if sa != sb and (fa == fb or (not figures[sa * 3 + fb] and not figures[sb * 3 + fa])):
                        swaps.append(figure_swap(a, b))
            self.swaps = swaps
        return self.swaps

    def can_play(self, seat: int, normal_allowed: bool) -> bool:
        for tile in self.hands[seat]:
            if not normal_allowed and not FAST[tile]:
                continue
            if tile == FIGURE_SWAP:
                if self.figure_swaps():
                    return True
            elif tile == TILE_SWAP:
                if self.empty_land and self.own_movable(seat):
                    return True
            elif self.empty_sea if AT_SEA[tile] else self.empty_land:
                return True
        return False

    def legal(self) -> list[int]:
        """Every legal move's code for the seat to act (in no particular order)."""
        if self.over:
            return []
        seat, place = self.current, self.codes.place
        normal = not self.placed_normal
        moves: list[int] = []
        for tile in self.hands[seat]:
            if PLACED[tile] and (normal or FAST[tile]):
                moves.extend(place(tile, h) for h in (self.empty_sea if AT_SEA[tile] else self.empty_land))
        if normal and TILE_SWAP in self.hands[seat]:
            tile_swap = self.codes.tile_swap
            moves.extend(tile_swap(s, t) for s in self.own_movable(seat) for t in self.empty_land)
        if FIGURE_SWAP in self.hands[seat]:
            moves.extend(self.figure_swaps())
        if self.placed_any:
            moves.append(END_TURN)
        elif not moves:
            moves.append(PASS)
        return moves

    def legal_count(self) -> int:
        """len(self.legal()), counted without listing."""
        return 0 if self.over else self.draws().count

    def draws(self) -> Draws:
        """Uniformly random legal moves of the seat to act, for as long as the state is unchanged."""
        return Draws(self)

    def random_move(self, rng: Random) -> int:
        """One uniformly random legal move of the seat to act."""
        return Draws(self).draw(rng.random())

    def is_legal(self, code: int) -> bool:
        """Whether the seat to act may play `code` now (a tree's move, met in another world)."""
        seat, codes = self.current, self.codes
        if code < 0:
            if code == END_TURN:
                return self.placed_any
            return not self.placed_any and not self.can_play(seat, True)
        hand = self.hands[seat]
        if code < codes.tile_swaps:
            tile, h = divmod(code, codes.h)
            return (tile in hand and (FAST[tile] or not self.placed_normal) and self.tile_at[h] < 0
                    and (self.lay.is_sea[h] if AT_SEA[tile] else self.lay.is_land[h]))
        if code < codes.figure_swaps:
            source, target = divmod(code - codes.tile_swaps, codes.h)
            return (TILE_SWAP in hand and not self.placed_normal and self.owner_at[source] == seat
                    and self.lay.is_land[source] and not FAST[self.tile_at[source]]
                    and self.tile_at[target] < 0 and self.lay.is_land[target])
        return FIGURE_SWAP in hand and code in self.figure_swaps()

    def completing(self, seat: int) -> list[int]:
        """Placements on the last empty land hex of a settlement with figures: captures happen there."""
        empties, standing, tile_at = self.settlement_empties, self.settlement_figures, self.tile_at
        hexes = []
        for si, land in enumerate(self.lay.settlement_land):
            if standing[si] and empties[si] == 1:
                for h in land:
                    if tile_at[h] < 0:
                        if h not in hexes:
                            hexes.append(h)
                        break
        if not hexes:
            return []
        normal, place = not self.placed_normal, self.codes.place
        return [place(t, h) for t in self.hands[seat] if PLACED[t] and not AT_SEA[t] and (normal or FAST[t])
                for h in hexes]

    # ------------------------------------------------------------ playing a legal move

    def apply(self, code: int) -> None:
        """Play a legal move of the seat to act."""
        seat, codes = self.current, self.codes
        if code < 0:
            self._end_turn(seat)
            return
        if code < codes.tile_swaps:
            tile, h = divmod(code, codes.h)
            self.hands[seat].remove(tile)
            if not FAST[tile]:
                self.placed_normal = True
            self.placed_any = True
            self._fill(h, seat, tile)
        elif code < codes.figure_swaps:
            source, target = divmod(code - codes.tile_swaps, codes.h)
            self._tile_swap(seat, source, target)
        else:
            self._figure_swap(seat, code)
        if not self.can_play(seat, not self.placed_normal):
            self._end_turn(seat)

    def _tile_swap(self, seat: int, source: int, target: int) -> None:
        self.hands[seat].remove(TILE_SWAP)
        moved = self.tile_at[source]
        self.tile_at[source] = TILE_SWAP
        gone, influence = INFLUENCE[moved], self.influence
        for si in self.lay.touching[source]:
            for kind in range(3):
                influence[si * 3 + kind][seat] -= gone[kind]
        self.placed_normal = self.placed_any = True
        self._fill(target, seat, moved)

    def _fill(self, h: int, seat: int, tile: int) -> None:
        """Put a tile on an empty hex and resolve the settlements it surrounds."""
        self.tile_at[h], self.owner_at[h] = tile, seat
        added, influence, touching = INFLUENCE[tile], self.influence, self.lay.touching[h]
        for si in touching:
            base = si * 3
            influence[base][seat] += added[0]
            influence[base + 1][seat] += added[1]
            influence[base + 2][seat] += added[2]
        empties = self.empty_land if self.lay.is_land[h] else self.empty_sea
        position, last = self.empty_at[h], empties.pop()
        if last != h:
            empties[position] = last
            self.empty_at[last] = position
        self.empty_at[h] = -1
        settlement_empties = self.settlement_empties
        for si in self.lay.touching_land[h]:
            settlement_empties[si] -= 1
        for si in touching:
            if self.settlement_figures[si] and settlement_empties[si] == 0:
                self._resolve(si)

    def _resolve(self, si: int) -> None:
        """A surrounded settlement: each figure to the single strongest seat, else set aside."""
        for kind in range(3):
            spot = si * 3 + kind
            if not self.figures[spot]:
                continue
            totals = self.influence[spot]
            best = max(totals)
            if totals.count(best) == 1:
                self.captured[totals.index(best)][kind] += 1
            else:
                self.set_aside[kind] += 1
            self.on_board[kind] -= 1
            self.figures[spot] = 0
        self.settlement_figures[si] = 0
        if self.swaps:  # the swaps between two other settlements stay legal
            base, spots = self.codes.figure_swaps, self.codes.spots
            self.swaps = [c for c in self.swaps
                          if (c - base) // spots // 3 != si and (c - base) % spots // 3 != si]

    def _figure_swap(self, seat: int, code: int) -> None:
        self.hands[seat].remove(FIGURE_SWAP)
        a, b = divmod(code - self.codes.figure_swaps, self.codes.spots)
        sa, fa = divmod(a, 3)
        sb, fb = divmod(b, 3)
        figures = self.figures
        figures[a] = figures[b] = 0
        figures[sa * 3 + fb] = figures[sb * 3 + fa] = 1
        self.swaps = None
        self.placed_any = True

    def _end_turn(self, seat: int) -> None:
        hand, stack = self.hands[seat], self.stacks[seat]
        missing = HAND_SIZE - len(hand)
        if missing > 0 and stack:
            hand.extend(stack[:missing])
            del stack[:missing]
            hand.sort()
        self.placed_normal = self.placed_any = False
        if self._game_ends():
            self.over = True
            self.winners = tuple(score(tuple((c[0], c[1], c[2]) for c in self.captured))[1])
        else:
            self.current = (seat + 1) % self.players

    def _game_ends(self) -> bool:
        if 0 in self.on_board or sum(self.set_aside) >= MAX_SET_ASIDE:
            return True
        return not any(self.can_play(s, True) for s in range(self.players))


class Draws:
    """The legal moves in segments — land tiles x empty land, sea tiles x empty sea, tile-swap
    sources x empty land, figure swaps, end turn or pass — so that the i-th is found by arithmetic."""

    __slots__ = ("a", "b", "c", "count", "d", "h", "land", "land_tiles", "sea", "sea_tiles", "sources",
                 "swaps", "tail", "tile_swaps", "tiles")

    def __init__(self, state: CompactState) -> None:
        seat, hand = state.current, state.hands[state.current]
        normal = not state.placed_normal
        self.land, self.sea = land, sea = state.empty_land, state.empty_sea
        self.land_tiles = land_tiles = [t for t in hand
                                        if PLACED[t] and not AT_SEA[t] and (normal or FAST[t])]
        self.sea_tiles = sea_tiles = [t for t in hand if AT_SEA[t]] if sea else []
        self.sources = sources = (state.own_movable(seat) if normal and land and TILE_SWAP in hand else [])
        self.swaps = swaps = state.figure_swaps() if FIGURE_SWAP in hand else []
        self.a = a = len(land_tiles) * len(land)
        self.b = b = a + len(sea_tiles) * len(sea)
        self.c = c = b + len(sources) * len(land)
        self.d = d = c + len(swaps)
        self.tail = END_TURN if state.placed_any else PASS
        self.count = d + 1 if state.placed_any or d == 0 else d
        self.h, self.tile_swaps = state.codes.h, state.codes.tile_swaps
        self.tiles = ((len(land_tiles) if land else 0) + len(sea_tiles)
                      + (1 if sources else 0) + (1 if swaps else 0))

    def draw(self, unit: float) -> int:
        """The move at `unit` (in [0, 1)) of the way through the legal moves."""
        i = int(unit * self.count)
        if i < self.a:
            row, col = divmod(i, len(self.land))
            return self.land_tiles[row] * self.h + self.land[col]
        if i < self.b:
            row, col = divmod(i - self.a, len(self.sea))
            return self.sea_tiles[row] * self.h + self.sea[col]
        if i < self.c:
            row, col = divmod(i - self.b, len(self.land))
            return self.tile_swaps + self.sources[row] * self.h + self.land[col]
        if i < self.d:
            return self.swaps[i - self.c]
        return self.tail

    def by_tile(self, unit: float) -> int:
        """A move drawn tile first: each tile of the hand that can be played now alike, then one of
        its moves alike (`unit` in [0, 1) picks both: its whole part the tile, the rest the move).
        Unlike `draw`, a tile swap or a figure swap, with its many targets, is no likelier than
        any placement; end turn or pass only when nothing else is legal."""
        if not self.tiles:
            return self.tail
        scaled = unit * self.tiles
        i = int(scaled)
        rest = scaled - i
        land = self.land
        placing = len(self.land_tiles) if land else 0
        if i < placing:
            return self.land_tiles[i] * self.h + land[int(rest * len(land))]
        i -= placing
        if i < len(self.sea_tiles):
            return self.sea_tiles[i] * self.h + self.sea[int(rest * len(self.sea))]
        if i == len(self.sea_tiles) and self.sources:
            row, col = divmod(int(rest * len(self.sources) * len(land)), len(land))
            return self.tile_swaps + self.sources[row] * self.h + land[col]
        return self.swaps[int(rest * len(self.swaps))]


class CompactJudge:
    """`heuristics.Judge`'s scores of `seat`'s moves on a `CompactState` (higher is better, 0 =
    ending the turn): a placement by the races it changes around the hex, weighted by how close
    each settlement is to being surrounded; a capture or loss it completes at full value."""

    __slots__ = ("leader", "opponent", "seat", "state", "values")
    state: CompactState
    seat: int
    opponent: int  # the other seat of a two-player game, else -1
    leader: int
    values: list[float]

    def __init__(self, state: CompactState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.opponent = 1 - seat if state.players == 2 else -1
        captured = state.captured
        mine = captured[seat]
        values = []
        for kind in range(3):
            other = max(c[kind] for s, c in enumerate(captured) if s != seat)
            values.append(1.0 + (CONTESTED_BONUS if abs(mine[kind] - other) <= 1 else 0.0))
        self.values = values
        totals = [sum(c) for c in captured]
        top = max(totals)
        self.leader = totals.index(top) if top > 0 and totals.count(top) == 1 else -1

    def score(self, code: int) -> float:
        codes = self.state.codes
        if code < 0:
            return 0.0
        if code < codes.tile_swaps:
            tile, h = divmod(code, codes.h)
            return self.place(tile, h)
        if code < codes.figure_swaps:
            source, target = divmod(code - codes.tile_swaps, codes.h)
            return self.tile_swap(source, target)
        return self.figure_swap(code)

    def place(self, tile: int, h: int, away: tuple[int, ...] = ()) -> float:
        """A placement of `tile` on `h`; the settlements `away` lose the tile's influence first (a
        tile swap moves it from a hex they are around)."""
        state, seat, values, opponent = self.state, self.seat, self.values, self.opponent
        total = COST[tile]
        added = INFLUENCE[tile]
        standing, figures, influence = state.settlement_figures, state.figures, state.influence
        for si, on_land in state.lay.near[h]:
            if not standing[si]:
                continue
            empties = state.settlement_empties[si] - on_land
            near = 0.0
            spot = si * 3
            for kind in (0, 1, 2):
                if not figures[spot + kind]:
                    continue
                race = influence[spot + kind]
                mine = race[seat] - added[kind] if away and si in away else race[seat]
                other = race[opponent] if opponent >= 0 else self._best_other(race)[0]
                after = mine + added[kind]
                if empties > 0:
                    change = ((after > other) - (after < other)) - ((mine > other) - (mine < other))
                    near += change * values[kind] / (1 + empties)
                elif after > other:
                    near += values[kind]
                elif after < other:
                    near += self._lost(race)
            total += near
        return total

    def _lost(self, race: list[int]) -> float:
        """A race lost now: to a single rival (the leader costs more), or 0 if rivals tie."""
        rival = self._best_other(race)[1]
        return -1.0 - (LEADER_WEIGHT if rival == self.leader else 0.0) if rival >= 0 else 0.0

    def _best_other(self, race: list[int]) -> tuple[int, int]:
        """(the best influence of another seat, that seat or -1 if several share it)."""
        seat = self.seat
        if len(race) == 2:
            return race[1 - seat], 1 - seat
        other, rival = -1, -1
        for s, value in enumerate(race):
            if s == seat:
                continue
            if value > other:
                other, rival = value, s
            elif value == other:
                rival = -1
        return other, rival

    def tile_swap(self, source: int, target: int) -> float:
        moved = self.state.tile_at[source]
        return self.place(moved, target, self.state.lay.touching[source]) - self._presence(moved, source)

    def _presence(self, tile: int, h: int) -> float:
        """What the standing in unresolved races owes to `tile` on `h`."""
        state, added, total = self.state, INFLUENCE[tile], 0.0
        for si in state.lay.touching[h]:
            if not state.settlement_figures[si]:
                continue
            empties = state.settlement_empties[si]
            near = 0.0
            for kind in range(3):
                spot = si * 3 + kind
                if state.figures[spot]:
                    race = state.influence[spot]
                    other, _ = self._best_other(race)
                    mine = race[self.seat]
                    less = mine - added[kind]
                    now = (mine > other) - (mine < other)
                    near += (now - ((less > other) - (less < other))) * self.values[kind] / (1 + empties)
            total += near
        return total

    def figure_swap(self, code: int) -> float:
        codes = self.state.codes
        a, b = divmod(code - codes.figure_swaps, codes.spots)
        sa, fa = divmod(a, 3)
        sb, fb = divmod(b, 3)
        change = self._swap_change(sa, fa, fb) + self._swap_change(sb, fb, fa)
        return change - FIGURE_SWAP_COST

    def _swap_change(self, si: int, out: int, into: int) -> float:
        state = self.state
        empties = state.settlement_empties[si]
        after = self._standing(state.influence[si * 3 + into]) * self.values[into]
        before = self._standing(state.influence[si * 3 + out]) * self.values[out]
        return (after - before) / (1 + empties)

    def _standing(self, race: list[int]) -> int:
        mine = race[self.seat]
        other, _ = self._best_other(race)
        return (mine > other) - (mine < other)


def playout(state: CompactState, random: Callable[[], float], sample: int, chance: float,
            tile_first: bool) -> None:
    """Play to the end, in place: with probability `chance` a uniformly random move, else the best
    by the judgement of `sample` drawn moves (tile first if `tile_first`), the placements that
    complete a settlement, and ending the turn when that is legal."""
    while not state.over:
        draws = state.draws()
        if random() < chance:
            state.apply(draws.draw(random()))
            continue
        seat = state.current
        judge = CompactJudge(state, seat)
        if state.placed_any:
            best, best_value = END_TURN, 0.0
        else:
            best = draws.by_tile(random()) if tile_first else draws.draw(random())
            best_value = judge.score(best)
        for _ in range(sample):
            code = draws.by_tile(random()) if tile_first else draws.draw(random())
            value = judge.score(code)
            if value > best_value:
                best, best_value = code, value
        for code in state.completing(seat):
            value = judge.score(code)
            if value > best_value:
                best, best_value = code, value
        state.apply(best)
