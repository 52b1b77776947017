"""Shogun's part of a finished game's review (the analysis service finds it by the game's name).

The game knowledge the shared analyser cannot have: how a fully revealed position's future chance
is re-drawn (the generator — coming events, tower drops, tie-breaks — and the face-down draft
deck), how a position is played out quickly (the greedy policy the bots' playouts use, in place,
to the end of the game), and which moves a seat would seriously consider (the `mcts` level's
candidates, ranked by a search of a fixed number of iterations, so the review is deterministic).
"""

from __future__ import annotations

import json
from typing import Any

from daimyo_bot.shogun import mcts
from daimyo_bot.shogun.heuristics import evaluate, greedy_decide, greedy_draft, greedy_pick, greedy_plan
from daimyo_rules.core import Rng
from daimyo_rules.shogun.moves import Move
from daimyo_rules.shogun.state import DECIDE, OVER, PICK, PLAN, ShogunState
from daimyo_rules.shogun.summary import to_act

MAX_STEPS = 3000  # a whole game's decisions, with room; a playout never runs away


def resample_future(state: ShogunState, rng: Rng) -> ShogunState:
    """A copy with every plan and hand as it is and only the future re-drawn."""
    st = state.copy()
    st.rng = rng.next_u64()
    st.deck = rng.shuffled(st.deck)
    return st


def rollout(state: ShogunState, rng: Rng) -> list[float]:
    """Each seat's rank score (1 first, 0 last, ties shared) after greedy play to the end."""
    st = state.copy()
    for _ in range(MAX_STEPS):
        acting = to_act(st) if st.stage != OVER else []
        if not acting:
            break
        mover = acting[0]
        mcts.play_in_place(st, mover, _policy(st, mover, rng))
    return rank_scores(evaluate(st))


def candidates(view: dict[str, Any], seat: int, seed: int, iterations: int) -> list[Any]:
    """The `mcts` level's candidate moves, best mean reward first after a short search."""
    found = mcts.search(view, seat, seed, None, iterations)
    ranked = sorted(found.stats.items(), key=lambda item: (-item[1][1] / item[1][0], item[0]))
    return [json.loads(key) for key, _ in ranked]


def _policy(st: ShogunState, mover: int, rng: Rng) -> Move:
    if st.stage == PLAN:
        return greedy_plan(st, mover, rng)
    if st.stage == PICK:
        return greedy_pick(st, mover)
    if st.stage == DECIDE:
        return greedy_decide(st, mover)
    return greedy_draft(st, mover)


def rank_scores(values: list[float]) -> list[float]:
    """Each seat's share of the seats it is ahead of (ties shared), from final values."""
    players = len(values)
    return [(sum(v < values[s] for v in values) + 0.5 * (sum(v == values[s] for v in values) - 1))
            / (players - 1) for s in range(players)]
