"""The Shogun `expert` search: `mcts`'s candidate plans, compared fairly with few simulations.

A Shogun simulation plays a whole round (plans, bids, the order actions are carried out, every
battle through the tower), so a move's budget buys a few hundred of them at most — few for
`mcts`'s UCB1 to tell fifteen candidates apart. Here every candidate still in the race is
played in the same sampled world (the same secrets, the same chance: common random numbers),
so they are compared on equal luck (the world is sampled once and each candidate plays in a
copy of it), and the budget (the time to the deadline, or the iteration
cap) is split into equal phases of sequential halving: at the end of each phase the worse half
is dropped, until two finalists share the last phase. Halving by budget rather than after a
fixed count of worlds keeps the early, noisy comparisons from dropping a plan after one or two
rounds of luck. The answer is among the candidates still in the race (the greedy plan, first
in line, if not every candidate could be tried even once, or if after fewer than four worlds
no plan beat it clearly). Like `mcts` it reads only the seat's view.
"""

from __future__ import annotations

import math
import time
from typing import Any

from daimyo_bot.search_pool import SearchResult
from daimyo_bot.shogun.mcts import AssumedPlans, determinize, move_key, play_out, root_candidates
from daimyo_rules.core import Rng
from daimyo_rules.shogun.state import ShogunState

FINALISTS = 2
TRUSTED_ROUNDS = 4  # worlds after which the comparison is trusted outright
MIN_GAIN = 0.05  # of reward (a squashed VP margin) a plan needs over greedy's before that


class Budget:
    """How much of the search's budget is spent: the larger of the time and the iteration share."""

    def __init__(self, stop_at: float | None, max_iterations: int | None) -> None:
        self.started, self.stop_at, self.max_iterations = time.monotonic(), stop_at, max_iterations

    def spent(self, iterations: int) -> float:
        shares = [0.0]
        if self.max_iterations is not None:
            shares.append(iterations / max(1, self.max_iterations))
        if self.stop_at is not None:
            shares.append((time.monotonic() - self.started) / max(1e-9, self.stop_at - self.started))
        return max(shares)

    def left(self, iterations: int) -> bool:
        return self.spent(iterations) < 1.0 and (self.stop_at is not None or self.max_iterations is not None)


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """Search until `stop_at` (time.monotonic) or `max_iterations`; stats keyed by move JSON."""
    candidates = root_candidates(view, seat)
    visits, rewards = [0] * len(candidates), [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    rng, iterations, rounds = Rng(seed), 0, 0
    assumed, budget = AssumedPlans(seed, view), Budget(stop_at, max_iterations)
    phases = phase_count(len(candidates))
    phase = 1
    while budget.left(iterations):
        world, after = sample_world(view, seat, rng.next_u64(), assumed)  # for every candidate of this round
        for i in alive:
            if not budget.left(iterations):
                break
            rewards[i] += play_out(world, seat, candidates[i], Rng(after), assumed)
            visits[i] += 1
            iterations += 1
        rounds += 1
        if len(alive) > FINALISTS and budget.spent(iterations) >= phase / phases:
            alive = _better_half(alive, visits, rewards)
            phase += 1
    if rounds == 0 or (rounds == 1 and any(v == 0 for v in visits)) or _greedy_holds(alive, visits, rewards,
                                                                                      rounds):
        alive = [0]  # too few worlds to overrule the greedy plan
    stats = {move_key(candidates[i]): (visits[i], rewards[i]) for i in alive if visits[i]}
    return SearchResult(stats, iterations)


def sample_world(view: dict[str, Any], seat: int, seed: int,
                 assumed: AssumedPlans) -> tuple[ShogunState, int]:
    """The world `simulate` plays in with `Rng(seed)`, sampled once for all the round's candidates,
    and the generator's state after sampling it (where each candidate's play goes on from)."""
    rng = Rng(seed)
    return determinize(view, seat, rng, assumed), rng.state


def phase_count(candidates: int) -> int:
    """Halvings from `candidates` down to the finalists, and the finalists' own phase."""
    return 1 + max(0, math.ceil(math.log2(max(1, candidates) / FINALISTS)))


def _greedy_holds(alive: list[int], visits: list[int], rewards: list[float], rounds: int) -> bool:
    """After few worlds, the greedy plan stays unless another did clearly better."""
    if rounds >= TRUSTED_ROUNDS or not visits[0]:
        return False
    best = max(rewards[i] / visits[i] for i in alive if visits[i])
    return best - rewards[0] / visits[0] < MIN_GAIN


def _better_half(alive: list[int], visits: list[int], rewards: list[float]) -> list[int]:
    ranked = sorted(alive, key=lambda i: (-rewards[i] / max(1, visits[i]), i))
    return ranked[:max(FINALISTS, (len(ranked) + 1) // 2)]
