"""The Shogun `expert` search: `mcts`'s candidate plans, compared fairly with few simulations.

A Shogun simulation plays a whole round (plans, bids, the order actions are carried out, every
battle through the tower), so a move's budget buys tens of them — fewer than `mcts`'s UCB1
needs to tell fifteen candidates apart. Here every candidate still in the race is played in
the same sampled world (the same secrets, the same chance: common random numbers), so they are
compared on equal luck, and the worse half is dropped after 2, 4, 8, ... such rounds
(sequential halving) until two remain; the answer is among the candidates still in the race
(the greedy plan, first in line, if not every candidate could be tried even once, or if after
fewer than four worlds no plan beat it clearly). Like `mcts` it reads only the seat's view.
"""

from __future__ import annotations

import time
from typing import Any

from daimyo_bot.search_pool import SearchResult
from daimyo_bot.shogun.mcts import AssumedPlans, move_key, root_candidates, simulate
from daimyo_rules.core import Rng

FINALISTS = 2
TRUSTED_ROUNDS = 4  # worlds after which the comparison is trusted outright
MIN_GAIN = 0.05  # of reward (a squashed VP margin) a plan needs over greedy's before that


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`; stats keyed by move JSON."""
    candidates = root_candidates(view, seat)
    visits, rewards = [0] * len(candidates), [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    rng, iterations, rounds, halve_at = Rng(seed), 0, 0, 2
    assumed = AssumedPlans(seed)

    def more() -> bool:
        return (max_iterations is None or iterations < max_iterations) and (
            stop_at is None or time.monotonic() < stop_at)

    while more():
        world = rng.next_u64()  # one sampled world for every candidate of this round
        for i in alive:
            if not more():
                break
            rewards[i] += simulate(view, seat, candidates[i], Rng(world), assumed)
            visits[i] += 1
            iterations += 1
        rounds += 1
        if rounds == halve_at and len(alive) > FINALISTS:
            alive = _better_half(alive, visits, rewards)
            halve_at *= 2
    if rounds == 0 or (rounds == 1 and any(v == 0 for v in visits)) or _greedy_holds(alive, visits, rewards,
                                                                                      rounds):
        alive = [0]  # too few worlds to overrule the greedy plan
    stats = {move_key(candidates[i]): (visits[i], rewards[i]) for i in alive if visits[i]}
    return SearchResult(stats, iterations)


def _greedy_holds(alive: list[int], visits: list[int], rewards: list[float], rounds: int) -> bool:
    """After few worlds, the greedy plan stays unless another did clearly better."""
    if rounds >= TRUSTED_ROUNDS or not visits[0]:
        return False
    best = max(rewards[i] / visits[i] for i in alive if visits[i])
    return best - rewards[0] / visits[0] < MIN_GAIN


def _better_half(alive: list[int], visits: list[int], rewards: list[float]) -> list[int]:
    ranked = sorted(alive, key=lambda i: (-rewards[i] / max(1, visits[i]), i))
    return ranked[:max(FINALISTS, (len(ranked) + 1) // 2)]
