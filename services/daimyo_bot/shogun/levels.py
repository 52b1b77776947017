"""Shogun's levels: random, greedy, mcts and expert, as the bot service offers them."""

from __future__ import annotations

import json
from typing import Any

from daimyo_bot.levels import Answer, Ask, Instant, Level, random_level
from daimyo_bot.search_pool import SearchFunction, SearchPool
from daimyo_bot.shogun import expert, mcts
from daimyo_bot.shogun.bots import greedy_bot, greedy_typed
from daimyo_rules.core import Rng
from daimyo_rules.shogun.moves import move_to_json


class ShogunSearch:
    """Determinized search over candidate moves in the pool's workers; greedy when nothing came back."""

    def __init__(self, pool: SearchPool, function: SearchFunction) -> None:
        self.pool, self.function = pool, function

    async def suggest(self, ask: Ask) -> Answer:
        if _forced(ask.view["legal"]):  # nothing to think about
            return Answer(greedy_bot(ask.view, ask.seat, Rng(ask.seed)))
        merged = await self.pool.search(self.function, json.dumps(ask.view), ask.seat, ask.seed,
                                        ask.deadline_s, ask.max_iterations)
        best = merged.best()
        if best is None:
            return Answer(move_to_json(greedy_typed(ask.view, ask.seat, Rng(ask.seed))))
        return Answer(json.loads(best), merged.iterations)


def _forced(legal: dict[str, Any]) -> bool:
    """A move decision with no target, or the last special card: only one move is possible."""
    if legal.get("type") == "move":
        return not legal.get("targets") or legal.get("max_armies", 0) <= 0
    return legal.get("type") == "pick_special" and len(legal.get("cards", [])) == 1


def levels(pool: SearchPool) -> list[Level]:
    return [
        random_level("shogun", "Plays any legal move (plan, pick, draft, march), uniformly at random."),
        Level("greedy", "Judges each decision on its own: taxes where they are high, rice for the "
                        "winter, buildings where region majorities are within reach, armies where "
                        "borders are threatened, attacks when the tower's odds favour it.",
              Instant(greedy_bot)),
        Level("mcts", "Tries its best plans against many guesses of the others' secret plans, "
                      "the hidden action cards and the tower's stuck cubes, playing each round "
                      "out within its time budget.",
              ShogunSearch(pool, mcts.search)),
        Level("expert", "Weighs the same plans as mcts over whole rounds, but plays each of them "
                        "in the same guessed worlds and drops the weaker half again and again, so "
                        "its few simulations go to the plans that might be best.",
              ShogunSearch(pool, expert.search)),
    ]
