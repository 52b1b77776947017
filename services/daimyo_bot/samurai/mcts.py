"""Information-set Monte Carlo tree search for Samurai (single-observer ISMCTS), both searching levels.

Every iteration samples a determinization consistent with the bot's view (the engine's
sampler), walks one shared tree keyed by moves — only through moves legal in that
determinization, with UCB over availability counts — grows it by progressive widening in the
order the judgement suggests, with a progressive-bias prior, and finishes with a playout that
mostly plays the best of a few sampled moves. Rewards are per seat (1 split among the winners),
so the same code plays 2, 3 and 4 players.

Every world is played on `compact.py`'s `CompactState` (moves are ints, a random legal move is
found by arithmetic, the judgement reads the running influence), compiled with mypyc when the
machine has a C compiler (`native.py`). The levels differ only in their `Settings`: `MCTS` here,
`expert.EXPERT` (README, "Measured").
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from daimyo_bot.samurai import native
from daimyo_bot.samurai.compact import END_TURN, CompactState
from daimyo_bot.search_pool import SearchResult
from daimyo_rules.core import Rng
from daimyo_rules.samurai.sampling import Knowledge, knowledge_from_view


@dataclass(frozen=True)
class Settings:
    """The search's knobs; `MCTS` is the `mcts` level, `expert.EXPERT` the `expert` level."""

    exploration: float = 0.7
    playout_sample: int = 6  # moves judged per playout step; the best of them is played
    playout_random: float = 0.1  # chance of a uniformly random playout move
    expansion_sample: int = 10
    prior_weight: float = 1.0  # progressive bias: the heuristic's opinion fades as visits accumulate
    widening: float = 2.0  # children allowed: 1 + widening * sqrt(visits)
    tile_first: bool = False  # sample moves tile first (`Draws.by_tile`), not uniformly over the moves


MCTS = Settings()

compact = native.compact_module()  # the compiled build when it is current, else the source


class Node:
    __slots__ = ("avail", "children", "mover", "prior", "reward", "visits")

    def __init__(self, mover: int, prior: float = 0.0) -> None:
        self.mover = mover
        self.prior = prior
        self.children: dict[int, Node] = {}  # by move code
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """The `mcts` level's search: `run` with `MCTS`."""
    return run(view, seat, seed, stop_at, max_iterations, MCTS)


def run(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
        max_iterations: int | None, settings: Settings) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`, whichever comes first; the
    root's statistics by engine move."""
    knowledge = knowledge_from_view(view, seat)
    worlds = Worlds(knowledge, seed)
    rng = Random(seed)
    root = Node(mover=-1)
    root_order = _root_order(worlds.first, seat)
    iterations = 0
    while (max_iterations is None or iterations < max_iterations) and (
            stop_at is None or time.monotonic() < stop_at):
        _iterate(root, root_order, worlds.sample(), rng, settings)
        iterations += 1
    move = worlds.first.codes.move
    stats = {move(code): (child.visits, child.reward) for code, child in root.children.items()}
    return SearchResult(stats, iterations)


class Worlds:
    """Determinizations as compact states: the public part converted once, the sampled hands,
    stacks and hidden captures of each world written into a copy of it."""

    def __init__(self, knowledge: Knowledge, seed: int) -> None:
        self.knowledge, self.rng = knowledge, Rng(seed ^ 0x5EED)
        self.first: CompactState = compact.CompactState.from_state(knowledge.sample(self.rng))

    def sample(self) -> CompactState:
        return self.first.with_hidden(self.knowledge.sample(self.rng))


def _root_order(state: CompactState, seat: int) -> list[tuple[int, float]]:
    """The bot's own moves, best first by the judgement (its hand is known, so these are fixed)."""
    judge = compact.CompactJudge(state, seat)
    scored = [(judge.score(code), i, code) for i, code in enumerate(state.legal())]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(code, score) for score, _, code in scored]


def _iterate(root: Node, root_order: list[tuple[int, float]], state: CompactState, rng: Random,
             settings: Settings) -> None:
    path = [root]
    node = root
    while not state.over:
        seat = state.current
        code = select(node, state.is_legal, settings) if _widened(node, state, settings) else None
        if code is None:
            code, prior = _expansion_move(node, root_order if node is root else None, state, seat, rng,
                                          settings)
            child = node.children.get(code)
            if child is None:
                child = node.children[code] = Node(seat, prior)
            path.append(child)
            state.apply(code)
            break
        node = node.children[code]
        path.append(node)
        state.apply(code)
    playout(state, rng, settings)
    backpropagate(path, state.winners)


def backpropagate(path: list[Node], winners: tuple[int, ...]) -> None:
    """One more visit for every node on the path; the movers among the winners share a win."""
    share = 1.0 / len(winners) if winners else 0.0
    for visited in path:
        visited.visits += 1
        if visited.mover in winners:
            visited.reward += share


def _widened(node: Node, state: CompactState, settings: Settings) -> bool:
    """Whether `node` already has as many children as its visits allow (progressive widening),
    or as many as there are legal moves here."""
    allowed = 1 + int(settings.widening * math.sqrt(node.visits))
    children = len(node.children)
    return children >= allowed or (children > 0 and children >= state.legal_count())


def select(node: Node, legal: Callable[[int], bool], settings: Settings) -> int | None:
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


def _expansion_move(node: Node, order: list[tuple[int, float]] | None, state: CompactState, seat: int,
                    rng: Random, settings: Settings) -> tuple[int, float]:
    """The next child to add, with its judged score as a prior."""
    children = node.children
    if order is not None:
        for code, score in order:
            if code not in children:
                return code, score
    judge = compact.CompactJudge(state, seat)
    best, best_value = None, float("-inf")
    draws = state.draws()
    draw = draws.by_tile if settings.tile_first else draws.draw
    candidates = [draw(rng.random()) for _ in range(settings.expansion_sample)]
    candidates += state.completing(seat)
    if state.placed_any:
        candidates.append(END_TURN)
    for code in candidates:
        if code in children:
            continue
        value = judge.score(code)
        if value > best_value:
            best, best_value = code, value
    if best is None:
        best = state.random_move(rng)
        best_value = judge.score(best)
    return best, best_value


def playout(state: CompactState, rng: Random, settings: Settings) -> None:
    """Play to the end, in place (`compact.playout`, compiled with the state when built)."""
    compact.playout(state, rng.random, settings.playout_sample, settings.playout_random, settings.tile_first)
