"""The bot levels of each game: game → level → strategy, with the descriptions players see.

A strategy turns one seat's view into a move within a deadline. Adding Shogun later means
adding its strategies to `build_levels`; nothing else in the service knows a game's rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from daimyo_bot.determinize import engine_random_move
from daimyo_bot.legal_json import legal_count, random_legal_move
from daimyo_bot.samurai_bots import greedy_bot, greedy_typed, random_bot
from daimyo_bot.samurai_mcts import search as samurai_search
from daimyo_bot.search_pool import SearchPool
from daimyo_bot.shogun_bots import greedy_bot as shogun_greedy_bot
from daimyo_bot.shogun_bots import greedy_typed as shogun_greedy_typed
from daimyo_bot.shogun_mcts import search as shogun_search
from daimyo_rules.core import Rng
from daimyo_rules.samurai.moves import move_to_json
from daimyo_rules.shogun.moves import move_to_json as shogun_move_to_json


@dataclass(frozen=True)
class Ask:
    """One request for a move: the seat's view (already parsed), the budget and the seed."""

    seat: int
    view: dict[str, Any]
    deadline_s: float
    seed: int
    max_iterations: int | None = None


@dataclass(frozen=True)
class Answer:
    move: dict[str, Any]
    iterations: int = 0


class Strategy(Protocol):
    async def suggest(self, ask: Ask) -> Answer: ...


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    strategy: Strategy


Levels = dict[str, dict[str, Level]]


@dataclass(frozen=True)
class Instant:
    """A strategy that answers at once from the view (random, greedy)."""

    choose: Callable[[dict[str, Any], int, Rng], dict[str, Any]]

    async def suggest(self, ask: Ask) -> Answer:
        return Answer(self.choose(ask.view, ask.seat, Rng(ask.seed)))


@dataclass(frozen=True)
class SamuraiSearch:
    """ISMCTS over the pool's workers; greedy outside play and when nothing came back in time."""

    pool: SearchPool

    async def suggest(self, ask: Ask) -> Answer:
        if ask.view.get("phase") != "play":
            return Answer(greedy_bot(ask.view, ask.seat, Rng(ask.seed)))
        if legal_count(ask.view["legal"]) == 1:  # nothing to think about
            return Answer(random_legal_move(ask.view["legal"], Rng(ask.seed)))
        merged = await self.pool.search(samurai_search, json.dumps(ask.view), ask.seat, ask.seed,
                                        ask.deadline_s, ask.max_iterations)
        best = merged.best()
        if best is None:
            best = greedy_typed(ask.view, ask.seat, Rng(ask.seed))
        return Answer(move_to_json(best), merged.iterations)


@dataclass(frozen=True)
class ShogunSearch:
    """Determinized search over candidate moves in the pool's workers; greedy when nothing came back."""

    pool: SearchPool

    async def suggest(self, ask: Ask) -> Answer:
        if _shogun_forced(ask.view["legal"]):  # nothing to think about
            return Answer(shogun_greedy_bot(ask.view, ask.seat, Rng(ask.seed)))
        merged = await self.pool.search(shogun_search, json.dumps(ask.view), ask.seat, ask.seed,
                                        ask.deadline_s, ask.max_iterations)
        best = merged.best()
        if best is None:
            return Answer(shogun_move_to_json(shogun_greedy_typed(ask.view, ask.seat, Rng(ask.seed))))
        return Answer(json.loads(best), merged.iterations)


def _shogun_forced(legal: dict[str, Any]) -> bool:
    """A move decision with no target, or the last special card: only one move is possible."""
    if legal.get("type") == "move":
        return not legal.get("targets") or legal.get("max_armies", 0) <= 0
    return legal.get("type") == "pick_special" and len(legal.get("cards", [])) == 1


def build_levels(pool: SearchPool) -> Levels:
    return {"samurai": _samurai_levels(pool), "shogun": _shogun_levels(pool)}


def _samurai_levels(pool: SearchPool) -> dict[str, Level]:
    levels = [
        Level("random", "Plays any legal move, uniformly at random.", Instant(random_bot)),
        Level("greedy", "Judges each move of its turn alone: captures now, majority races "
                        "around almost-surrounded settlements, keeping the leader in check.",
              Instant(greedy_bot)),
        Level("mcts", "Searches thousands of possible futures (information-set Monte Carlo tree "
                      "search) over hands and captures it cannot see, within its time budget.",
              SamuraiSearch(pool)),
    ]
    return {level.name: level for level in levels}


def _shogun_levels(pool: SearchPool) -> dict[str, Level]:
    levels = [
        Level("random", "Plays any legal move (plan, pick, draft, march), uniformly at random.",
              Instant(partial(engine_random_move, "shogun"))),
        Level("greedy", "Judges each decision on its own: taxes where they are high, rice for the "
                        "winter, buildings where region majorities are within reach, armies where "
                        "borders are threatened, attacks when the tower's odds favour it.",
              Instant(shogun_greedy_bot)),
        Level("mcts", "Tries its best plans against many guesses of the others' secret plans, "
                      "the hidden action cards and the tower's stuck cubes, playing each round "
                      "out within its time budget.",
              ShogunSearch(pool)),
    ]
    return {level.name: level for level in levels}
