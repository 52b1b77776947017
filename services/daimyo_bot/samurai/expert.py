"""Samurai's `expert` level: the `mcts` search's method on the integer state of `compact.py`.

The same single-observer ISMCTS as `mcts.py` — a determinization sampled from the view by the
engine's sampler each iteration, one tree keyed by moves and walked only through moves legal in
that world, progressive widening in the judgement's order with a progressive-bias prior,
playouts that play the best of a few sampled moves — but every world is played on a
`CompactState` (moves are ints, a random legal move is found by arithmetic, the judgement reads
the running influence), so it runs several times the iterations in the same time. Its settings
(`EXPERT`) were chosen by measurement against `mcts` (README, "Measured").
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from dataclasses import dataclass
from random import Random
from typing import Any

from daimyo_bot.samurai import native
from daimyo_bot.samurai.compact import END_TURN, CompactState
from daimyo_bot.samurai.mcts import Node, Settings, backpropagate, select
from daimyo_bot.search_pool import SearchResult
from daimyo_rules.core import Rng
from daimyo_rules.samurai.sampling import Knowledge, knowledge_from_view


@dataclass(frozen=True)
class ExpertSettings(Settings):
    tile_first: bool = True  # sample moves tile first (`Draws.by_tile`), not uniformly over the moves


compact = native.compact_module()  # the compiled build when it is current, else the source

EXPERT = ExpertSettings(widening=1.0)  # children allowed: 1 + sqrt(visits), not mcts's 1 + 2 sqrt(visits)


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """The `expert` level's search: `run` with `EXPERT`."""
    return run(view, seat, seed, stop_at, max_iterations, _TUNED)


def run(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
        max_iterations: int | None, settings: ExpertSettings) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`, whichever comes first."""
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
             settings: ExpertSettings) -> None:
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


def _widened(node: Node, state: CompactState, settings: ExpertSettings) -> bool:
    """Whether `node` already has as many children as its visits allow (progressive widening),
    or as many as there are legal moves here."""
    allowed = 1 + int(settings.widening * math.sqrt(node.visits))
    children = len(node.children)
    return children >= allowed or (children > 0 and children >= state.legal_count())


def _expansion_move(node: Node, order: list[tuple[int, float]] | None, state: CompactState, seat: int,
                    rng: Random, settings: ExpertSettings) -> tuple[int, float]:
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


def playout(state: CompactState, rng: Random, settings: ExpertSettings) -> None:
    """Play to the end, in place (`compact.playout`, compiled with the state when built)."""
    compact.playout(state, rng.random, settings.playout_sample, settings.playout_random, settings.tile_first)


def settings_from_environment(text: str) -> ExpertSettings:
    """`EXPERT` with the changes `DAIMYO_EXPERT_SETTINGS` names (`widening=2.0,tile_first=0`), so
    a tuning screen can play a variant against `mcts` without editing code (README, "Measured")."""
    changes: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        default = getattr(EXPERT, name)
        changes[name] = value not in ("0", "false") if isinstance(default, bool) else type(default)(value)
    return dataclasses.replace(EXPERT, **changes)


_TUNED = settings_from_environment(os.environ.get("DAIMYO_EXPERT_SETTINGS", ""))
