"""Information-set Monte Carlo tree search for Samurai (single-observer ISMCTS).

Every iteration samples a determinization consistent with the bot's view, walks one shared
tree keyed by moves — only through moves legal in that determinization, with UCB over
availability counts — grows it by progressive widening in the order a cheap heuristic
suggests, and finishes with a heuristic playout. Rewards are per seat (1 split among the
winners), so the same code plays 2, 3 and 4 players.

Each determinization is played on a mutable `FastState` (moves applied in place, the legal
moves in the engine's order), not through the immutable engine: the same search, several
times the iterations per second (tests/bench/bench_bot.py).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from daimyo_bot.samurai.fast_state import FastState
from daimyo_bot.samurai.heuristics import FastJudge, Judge
from daimyo_bot.search_pool import SearchResult
from daimyo_rules.core import Rng
from daimyo_rules.samurai.moves import EndTurn, Move, Place
from daimyo_rules.samurai.rules import legal_moves
from daimyo_rules.samurai.sampling import knowledge_from_view
from daimyo_rules.samurai.state import OVER, State
from daimyo_rules.samurai.tiles import TILE_BY_ID


@dataclass(frozen=True)
class Settings:
    """The search's knobs; `MCTS` is the `mcts` level, other levels pass their own."""

    exploration: float = 0.7
    playout_sample: int = 6  # moves judged per playout step; the best of them is played
    playout_random: float = 0.1  # chance of a uniformly random playout move
    expansion_sample: int = 10
    prior_weight: float = 1.0  # progressive bias: the heuristic's opinion fades as visits accumulate
    widening: float = 2.0  # children allowed: 1 + widening * sqrt(visits)


MCTS = Settings()


class Node:
    __slots__ = ("avail", "children", "mover", "prior", "reward", "visits")

    def __init__(self, mover: int, prior: float = 0.0) -> None:
        self.mover = mover
        self.prior = prior
        self.children: dict[Any, Node] = {}  # by move: an engine Move here, an int code in expert.py
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """The `mcts` level's search: `run` with `MCTS`."""
    return run(view, seat, seed, stop_at, max_iterations, MCTS)


def run(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
        max_iterations: int | None, settings: Settings) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`, whichever comes first."""
    knowledge = knowledge_from_view(view, seat)
    rng = Rng(seed)
    root = Node(mover=-1)
    root_order = _root_order(knowledge.sample(Rng(seed ^ 0x5EED)), seat)
    iterations = 0
    while (max_iterations is None or iterations < max_iterations) and (
            stop_at is None or time.monotonic() < stop_at):
        _iterate(root, root_order, FastState.from_state(knowledge.sample(rng)), rng, settings)
        iterations += 1
    stats = {move: (child.visits, child.reward) for move, child in root.children.items()}
    return SearchResult(stats, iterations)


def _root_order(state: State, seat: int) -> list[tuple[Move, float]]:
    """The bot's own moves, best first by the heuristic (its hand is known, so these are fixed)."""
    judge = Judge(state, seat)
    scored = [(judge.score(m), i, m) for i, m in enumerate(legal_moves(state, seat))]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(m, score) for score, _, m in scored]


def _iterate(root: Node, root_order: list[tuple[Move, float]], state: FastState, rng: Rng,
             settings: Settings) -> None:
    path = [root]
    node = root
    while state.phase != OVER:
        seat = state.current
        moves = state.legal()
        move = select(node, moves.__contains__, settings) if _widened(node, len(moves), settings) else None
        if move is None:
            move, prior = _expansion_move(node, root_order if node is root else None, state, seat, moves, rng,
                                          settings)
            child = node.children.setdefault(move, Node(seat, prior))
            path.append(child)
            state.apply(move)
            break
        node = node.children[move]
        path.append(node)
        state.apply(move)
    playout(state, rng, settings)
    backpropagate(path, state.winners)


def backpropagate(path: list[Node], winners: tuple[int, ...]) -> None:
    """One more visit for every node on the path; the movers among the winners share a win."""
    share = 1.0 / len(winners) if winners else 0.0
    for visited in path:
        visited.visits += 1
        if visited.mover in winners:
            visited.reward += share


def _widened(node: Node, legal_count: int, settings: Settings) -> bool:
    """Whether `node` already has as many children as its visits allow (progressive widening)."""
    allowed = 1 + int(settings.widening * math.sqrt(node.visits))
    return len(node.children) >= min(allowed, legal_count)


def select(node: Node, legal: Callable[[Any], bool], settings: Settings) -> Any | None:
    """UCB over the children legal in this determinization; None when none is (expand then)."""
    best, best_value = None, -1.0
    available = [(m, c) for m, c in node.children.items() if legal(m)]
    for _, child in available:
        child.avail += 1
    exploration, prior_weight = settings.exploration, settings.prior_weight
    for move, child in available:
        value = (child.reward / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
                 + prior_weight * child.prior / (child.visits + 1))
        if value > best_value:
            best, best_value = move, value
    return best


def _expansion_move(node: Node, order: list[tuple[Move, float]] | None, state: FastState, seat: int,
                    moves: Any, rng: Rng, settings: Settings) -> tuple[Move, float]:
    """The next child to add, with its heuristic score as a prior."""
    if order is not None:
        for move, score in order:
            if move not in node.children:
                return move, score
    judge = FastJudge(state, seat)
    best, best_value = None, float("-inf")
    candidates = [moves[rng.below(len(moves))] for _ in range(min(settings.expansion_sample, len(moves)))]
    candidates += completing_placements(state, seat)
    if state.placed_any:
        candidates.append(EndTurn())
    for move in candidates:
        if move in node.children:
            continue
        value = judge.score(move)
        if value > best_value:
            best, best_value = move, value
    if best is None:
        best = moves[rng.below(len(moves))]
        best_value = judge.score(best)
    return best, best_value


def playout(state: FastState, rng: Rng, settings: Settings) -> None:
    """Play to the end, in place: mostly the best of a few sampled moves, sometimes a random one."""
    while state.phase != OVER:
        state.apply(_playout_move(state, state.current, state.legal(), rng, settings))


def _playout_move(state: FastState, seat: int, moves: Any, rng: Rng, settings: Settings) -> Move:
    count = len(moves)
    if count == 1 or rng.below(1000) < settings.playout_random * 1000:
        move: Move = moves[rng.below(count)]
        return move
    judge = FastJudge(state, seat)
    best: Move = EndTurn() if state.placed_any else moves[rng.below(count)]
    best_value = judge.score(best)
    candidates = [moves[rng.below(count)] for _ in range(settings.playout_sample)]
    candidates += completing_placements(state, seat)
    for move in candidates:
        value = judge.score(move)
        if value > best_value:
            best, best_value = move, value
    return best


def completing_placements(state: FastState, seat: int) -> list[Move]:
    """Placements on the last empty land hex of a settlement: where figures are won or lost."""
    board = state.board
    empties = state.settlement_empties
    hexes = {next(h for h in board.settlements[si].land if state.tiles[h] is None)
             for si, present in enumerate(state.figures) if present and empties[si] == 1}
    if not hexes:
        return []
    tiles = [t for t in state.hands[seat] if _placeable_on_land(t, state.placed_normal)]
    return [Place(t, board.hexes[h].id) for t in tiles for h in hexes]


def _placeable_on_land(tile_id: str, placed_normal: bool) -> bool:
    tile = TILE_BY_ID[tile_id]
    return tile.on_board and not tile.at_sea and tile_id != "tile_swap" and (tile.fast or not placed_normal)
