"""The bot levels of every registered game: game → level → strategy, with the descriptions players see.

A strategy turns one seat's view into a move within a deadline. The games come from the engine
registry; a game's bots live in the package `daimyo_bot.<game>` (its `levels` module's
`levels(pool)`), found by the game's name (`packages.py`). A game without such a package still
gets a `random` level (the engine's random move on a state sampled from the view), so any
registered game can seat bots; levels a game lacks are refused (INVALID_ARGUMENT) and the
driver plays randomly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol

from daimyo_bot.determinize import engine_random_move
from daimyo_bot.packages import bot_package
from daimyo_bot.search_pool import SearchPool
from daimyo_kit.bot_levels import BOT_LEVELS
from daimyo_rules.core import Rng
from daimyo_rules.registry import game_names


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


def build_levels(pool: SearchPool) -> Levels:
    """Every registered game's levels, in the order players see them."""
    return {name: game_levels(name, pool) for name in game_names()}


def game_levels(game: str, pool: SearchPool) -> dict[str, Level]:
    package = bot_package(game)
    if package is None:
        return {"random": random_level(game, "Plays any legal move, uniformly at random.")}
    levels: list[Level] = package.levels(pool)
    return {level.name: level for level in levels}


def stand_in(levels: dict[str, Level], level: str) -> Level | None:
    """The level that plays `level` for a game: itself, else the strongest listed level below it."""
    if level in levels:
        return levels[level]
    if level not in BOT_LEVELS:
        return None
    below = BOT_LEVELS[:BOT_LEVELS.index(level)]
    return next((levels[name] for name in reversed(below) if name in levels), None)


def random_level(game: str, description: str) -> Level:
    return Level("random", description, Instant(partial(engine_random_move, game)))
