"""A one-turn judgement of Samurai moves on the engine's state: the `greedy` level's, and the
formula `compact.CompactJudge` computes on the searches' integer state (tested equal).

Scores read the board directly (no `apply`): a placement that completes a surround is worth
the figures it wins minus those it hands to others; one that does not is worth the change in
standing it makes in the majority races around it, weighted by how close each settlement is
to being surrounded. Opponents' gains weigh more when they lead (blocking the leader).
"""

from __future__ import annotations

from collections.abc import Sequence

from daimyo_rules.core import Rng
from daimyo_rules.samurai.board import Board, Settlement, board_for
from daimyo_rules.samurai.moves import ChooseHand, FigureSwap, Move, Place, TileSwap
from daimyo_rules.samurai.state import State
from daimyo_rules.samurai.tiles import FIGURE_INDEX, TILE_BY_ID, TILE_IDS, influence

TILE_COST = 0.04  # per point of tile value: keep strong tiles for the races that need them
FAST_COST = 0.15  # a fast tile played for nothing is a tile lost
FIGURE_SWAP_COST = 0.4
CONTESTED_BONUS = 0.5  # a figure whose type's leadership is within one capture
LEADER_WEIGHT = 0.5  # extra weight of what the leading seat gains

Tiles = Sequence[tuple[int, str] | None]


class Judge:
    """Scores moves of `seat` in `state` (higher is better, 0 = ending the turn)."""

    __slots__ = ("board", "leader", "races", "seat", "state", "values")
    board: Board
    leader: int
    seat: int
    state: State
    values: tuple[float, float, float]
    races: dict[int, tuple[int, ...]]  # per settlement (and figure type): influences, empties, on `state`

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.races = {}
        self.board = board_for(state.players)
        self.values = _figure_values(state, seat)
        totals = [sum(c) for c in state.captured]
        top = max(totals)
        self.leader = totals.index(top) if top > 0 and totals.count(top) == 1 else -1

    def score(self, move: Move) -> float:
        if isinstance(move, Place):
            return self.place(move.tile, self.board.index[move.hex])
        if isinstance(move, TileSwap):
            return self.tile_swap(self.board.index[move.from_hex], self.board.index[move.to_hex])
        if isinstance(move, FigureSwap):
            return self.figure_swap(move)
        return 0.0

    def place(self, tile_id: str, hex_index: int, tiles: Tiles | None = None) -> float:
        tile = TILE_BY_ID[tile_id]
        total = -TILE_COST * tile.value - (FAST_COST if tile.fast else 0.0)
        tiles = self.state.tiles if tiles is None else tiles
        for si in self.board.touching[hex_index]:
            present = self.state.figures[si]
            if present:
                total += self._place_near(self.board.settlements[si], present, tile_id, hex_index, tiles)
        return total

    def _place_near(self, st: Settlement, present: tuple[str, ...], tile_id: str, hex_index: int,
                    tiles: Tiles) -> float:
        if tiles is self.state.tiles:
            return self._place_near_now(st, present, tile_id, hex_index)
        empties = sum(1 for h in st.land if tiles[h] is None and h != hex_index)
        total = 0.0
        for figure in present:
            totals = self._race(st, figure, tiles)
            before = self._standing(totals)
            totals[self.seat] += influence(tile_id, figure)
            if empties == 0:
                total += self._resolved(totals, figure)
            else:
                total += (self._standing(totals) - before) * self.values[FIGURE_INDEX[figure]] / (1 + empties)
        return total

    def _place_near_now(self, st: Settlement, present: tuple[str, ...], tile_id: str,
                        hex_index: int) -> float:
        """`_place_near` on the judged state's own board, from each race's summary (the hot path)."""
        empties = self._empties(st) - (1 if hex_index in st.land else 0)
        total = 0.0
        for figure in present:
            mine, other, rival = self._summary(st, figure)
            after = mine + influence(tile_id, figure)
            kind = FIGURE_INDEX[figure]
            if empties > 0:
                change = ((after > other) - (after < other)) - ((mine > other) - (mine < other))
                total += change * self.values[kind] / (1 + empties)
            elif after > other:
                total += self.values[kind]
            elif after < other and rival >= 0:
                total += -1.0 - (LEADER_WEIGHT if rival == self.leader else 0.0)
        return total

    def _empties(self, st: Settlement) -> int:
        key = -1 - st.index
        count = self.races.get(key)
        if count is None:
            tiles = self.state.tiles
            count = self.races[key] = (sum(1 for h in st.land if tiles[h] is None),)
        return count[0]

    def _summary(self, st: Settlement, figure: str) -> tuple[int, ...]:
        """(own influence, the best other seat's, that seat or -1 if several share it)."""
        key = 1_000_000 + st.index * 3 + FIGURE_INDEX[figure]
        summary = self.races.get(key)
        if summary is None:
            totals = self._race(st, figure, self.state.tiles)
            mine = totals[self.seat]
            totals[self.seat] = -1
            other = max(totals)
            rival = totals.index(other) if totals.count(other) == 1 else -1
            summary = self.races[key] = (mine, other, rival)
        return summary

    def _race(self, st: Settlement, figure: str, tiles: Tiles) -> list[int]:
        """Each seat's influence on `figure` at `st`, computed once per judged state."""
        if tiles is not self.state.tiles:
            return _totals(tiles, st, figure, self.state.players)
        key = st.index * 3 + FIGURE_INDEX[figure]
        race = self.races.get(key)
        if race is None:
            race = self.races[key] = tuple(_totals(tiles, st, figure, self.state.players))
        return list(race)

    def _resolved(self, totals: list[int], figure: str) -> float:
        best = max(totals)
        if totals.count(best) > 1:
            return 0.0
        winner = totals.index(best)
        if winner == self.seat:
            return self.values[FIGURE_INDEX[figure]]
        return -1.0 - (LEADER_WEIGHT if winner == self.leader else 0.0)

    def _standing(self, totals: list[int]) -> int:
        seat = self.seat
        mine = totals[seat]
        other = max(totals[:seat] + totals[seat + 1:])
        return (mine > other) - (mine < other)

    def _land_empties(self, st: Settlement) -> int:
        """Empty land hexes around `st` on the judged state."""
        tiles = self.state.tiles
        return sum(1 for h in st.land if tiles[h] is None)

    def tile_swap(self, source: int, target: int) -> float:
        occupant = self.state.tiles[source]
        if occupant is None:
            return 0.0
        tile_id = occupant[1]
        moved = list(self.state.tiles)
        moved[source] = (self.seat, "tile_swap")
        gain = self.place(tile_id, target, tuple(moved))
        return gain - self._presence(tile_id, source)

    def _presence(self, tile_id: str, hex_index: int) -> float:
        """What the standing in unresolved races owes to `tile_id` on `hex_index`."""
        tiles = self.state.tiles
        total = 0.0
        for si in self.board.touching[hex_index]:
            st = self.board.settlements[si]
            empties = self._land_empties(st)
            for figure in self.state.figures[si]:
                totals = self._race(st, figure, tiles)
                now = self._standing(totals)
                totals[self.seat] -= influence(tile_id, figure)
                total += (now - self._standing(totals)) * self.values[FIGURE_INDEX[figure]] / (1 + empties)
        return total

    def figure_swap(self, move: FigureSwap) -> float:
        a = self.board.settlements[self.board.settlement_at[self.board.index[move.a_settlement]]]
        b = self.board.settlements[self.board.settlement_at[self.board.index[move.b_settlement]]]
        change = self._swap_change(a, move.a_figure, move.b_figure)
        change += self._swap_change(b, move.b_figure, move.a_figure)
        return change - FIGURE_SWAP_COST

    def _swap_change(self, st: Settlement, out: str, into: str) -> float:
        tiles = self.state.tiles
        empties = self._land_empties(st)
        after = self._standing(self._race(st, into, tiles)) * self.values[FIGURE_INDEX[into]]
        before = self._standing(self._race(st, out, tiles)) * self.values[FIGURE_INDEX[out]]
        return (after - before) / (1 + empties)


def _totals(tiles: Tiles, st: Settlement, figure: str, players: int) -> list[int]:
    totals = [0] * players
    for h in st.around:
        occupant = tiles[h]
        if occupant is not None:
            totals[occupant[0]] += influence(occupant[1], figure)
    return totals


def _figure_values(state: State, seat: int) -> tuple[float, float, float]:
    """A figure is worth more where one capture can win or lose the type's leadership."""
    mine = state.captured[seat]
    values = []
    for kind in range(3):
        other = max(c[kind] for s, c in enumerate(state.captured) if s != seat)
        values.append(1.0 + (CONTESTED_BONUS if abs(mine[kind] - other) <= 1 else 0.0))
    return (values[0], values[1], values[2])


def best_move(judge: Judge, moves: list[Move], rng: Rng) -> Move:
    """The highest-scoring move; ties broken by `rng` so equal positions vary."""
    best: list[Move] = []
    top = float("-inf")
    for move in moves:
        value = judge.score(move)
        if value > top + 1e-9:
            best, top = [move], value
        elif value > top - 1e-9:
            best.append(move)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


_OPENING_CORE = ("samurai3", "ship2", "ronin1")


def opening_hand(state: State, rng: Rng) -> ChooseHand:
    """Flexible tiles plus the strongest caste tiles of the two most common figure types."""
    counts = [0, 0, 0]
    for present in state.figures:
        for figure in present:
            counts[FIGURE_INDEX[figure]] += 1
    order = sorted(range(3), key=lambda k: (-counts[k], rng.below(1000)))
    names = ("buddha", "rice", "castle")
    hand = (*_OPENING_CORE, f"{names[order[0]]}4", f"{names[order[1]]}4")
    return ChooseHand(tuple(sorted(hand, key=TILE_IDS.index)))
