"""The `expert` search: `mcts`'s tree, with short playouts cut off and valued by an estimate.

Full heuristic playouts cost most of an `mcts` iteration and say little about a position
twenty moves away. In two-player games a leaf is played on for at most 40 heuristic moves, then valued by
projecting the captures still to come: each figure left on the board goes to the seat leading
its influence race, counted more the fewer land hexes around it remain empty; the game's own
scoring (leaderships, then the tie-breaks) on those projected captures names the winners. The
estimate reads only the determinized state the search already holds, so it is as fair as the
search: the view, plus secrets sampled uniformly.
"""

from __future__ import annotations

from typing import Any

from daimyo_bot.samurai.heuristics import _totals
from daimyo_bot.samurai.mcts import _playout_move, _rewards, full_playout, run
from daimyo_bot.search_pool import SearchResult
from daimyo_rules.core import Rng
from daimyo_rules.samurai.board import board_for
from daimyo_rules.samurai.rules import apply_move, legal_moves, score
from daimyo_rules.samurai.state import OVER, State
from daimyo_rules.samurai.tiles import FIGURE_INDEX

CUTOFF_PLIES = {2: 40}  # by players; measured against 6, 12, 24 (2p, 0.2 s/move). 3-4 players:
# a cut-off at 40 won 18-21% against mcts (fair share 25-33%), so those play out in full
SURE_SHARE = 0.5  # the part of a figure the race leader is credited with however open the race


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`, whichever comes first."""
    return run(view, seat, seed, stop_at, max_iterations, cutoff_value)


def cutoff_value(state: State, rng: Rng) -> list[float]:
    """Some heuristic moves on, then the estimate (or the true result if the game ended)."""
    cutoff = CUTOFF_PLIES.get(state.players)
    if cutoff is None:
        return full_playout(state, rng)
    for _ in range(cutoff):
        if state.phase == OVER:
            return _rewards(state)
        seat = state.current
        state = apply_move(state, seat, _playout_move(state, seat, legal_moves(state, seat), rng))
    return _rewards(state) if state.phase == OVER else estimate(state)


def estimate(state: State) -> list[float]:
    """Each seat's share of victory on the projected captures (1 split among the projected winners)."""
    _, winners = score(tuple(projected_captures(state)))  # type: ignore[arg-type,unused-ignore]  # floats compare alike
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]


def projected_captures(state: State) -> list[tuple[float, float, float]]:
    board = board_for(state.players)
    projected = [[float(n) for n in counts] for counts in state.captured]
    for si, present in enumerate(state.figures):
        if not present:
            continue
        st = board.settlements[si]
        empty = sum(1 for h in st.land if state.tiles[h] is None)
        credit = SURE_SHARE + (1.0 - SURE_SHARE) * (1.0 - empty / max(1, len(st.land)))
        for figure in present:
            totals = _totals(state.tiles, st, figure, state.players)
            best = max(totals)
            if best > 0 and totals.count(best) == 1:
                projected[totals.index(best)][FIGURE_INDEX[figure]] += credit
    return [(c[0], c[1], c[2]) for c in projected]
