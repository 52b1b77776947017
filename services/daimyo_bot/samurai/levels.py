"""Samurai's levels: random, greedy, mcts and expert, as the bot service offers them.

`mcts` and `expert` are one search (`samurai/mcts.py`, on the integer state of
`samurai/compact.py`) with different settings (`samurai/expert.py`, the README's "Measured").
"""

from __future__ import annotations

import json

from daimyo_bot.legal_json import legal_count, random_legal_move
from daimyo_bot.levels import Answer, Ask, Instant, Level
from daimyo_bot.samurai import expert, mcts
from daimyo_bot.samurai.bots import greedy_bot, greedy_typed, random_bot
from daimyo_bot.search_pool import SearchFunction, SearchPool
from daimyo_rules.core import Rng
from daimyo_rules.samurai.moves import move_to_json


class SamuraiSearch:
    """A tree search over the pool's workers; greedy outside play and when nothing came back in time."""

    def __init__(self, pool: SearchPool, function: SearchFunction) -> None:
        self.pool, self.function = pool, function

    async def suggest(self, ask: Ask) -> Answer:
        if ask.view.get("phase") != "play":
            return Answer(greedy_bot(ask.view, ask.seat, Rng(ask.seed)))
        if legal_count(ask.view["legal"]) == 1:  # nothing to think about
            return Answer(random_legal_move(ask.view["legal"], Rng(ask.seed)))
        merged = await self.pool.search(self.function, json.dumps(ask.view), ask.seat, ask.seed,
                                        ask.deadline_s, ask.max_iterations)
        best = merged.best()
        if best is None:
            best = greedy_typed(ask.view, ask.seat, Rng(ask.seed))
        return Answer(move_to_json(best), merged.iterations)


def levels(pool: SearchPool) -> list[Level]:
    return [
        Level("random", "Plays any legal move, uniformly at random.", Instant(random_bot)),
        Level("greedy", "Judges each move of its turn alone: captures now, majority races "
                        "around almost-surrounded settlements, keeping the leader in check.",
              Instant(greedy_bot)),
        Level("mcts", "Searches thousands of possible futures (information-set Monte Carlo tree "
                      "search) over hands and captures it cannot see, within its time budget.",
              SamuraiSearch(pool, mcts.search)),
        Level("expert", "Searches like mcts with settings tuned to beat it: a narrower, deeper tree, "
                        "and imagined futures that try every tile in hand alike.",
              SamuraiSearch(pool, expert.search)),
    ]
