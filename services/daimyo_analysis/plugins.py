"""Where a game's review knowledge lives: the game plug-in's bot package, found by the game's name.

A game is a plug-in (DESIGN.md, "A game is a plug-in"): its rules, its bots and its screen. The
review needs the bots' determinized search and fast playouts, so each game's bot package carries
an `analysis` module (`daimyo_bot.<game>.analysis`) with three functions — `resample_future`,
`rollout`, `candidates` — and this service asks for it by the name the registry gives, at run
time, exactly as the bot service finds its levels. No module of this service names a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from daimyo_rules.core import Rng
from daimyo_rules.registry import game_names


@dataclass(frozen=True)
class GameAnalysis:
    """One game's review knowledge (see the module docstring of `daimyo_bot.<game>.analysis`)."""

    resample_future: Callable[[Any, Rng], Any]
    rollout: Callable[[Any, Rng], list[float]]
    candidates: Callable[[dict[str, Any], int, int, int], list[Any]]


class NoAnalysis(LookupError):
    """The game has no analysis module (an unknown game, or a plug-in without one)."""


def analysis_for(game: str) -> GameAnalysis:
    """The analysis functions of `game`; NoAnalysis when it has none."""
    if game not in game_names() or not game.isidentifier():
        raise NoAnalysis(f"unknown game {game!r}")
    try:
        module = importlib.import_module(f"daimyo_bot.{game}.analysis")
    except ModuleNotFoundError as e:
        if e.name not in (f"daimyo_bot.{game}", f"daimyo_bot.{game}.analysis"):
            raise
        raise NoAnalysis(f"game {game!r} has no analysis module") from e
    return GameAnalysis(module.resample_future, module.rollout, module.candidates)


def analysable_games() -> list[str]:
    """The registered games that can be reviewed."""
    found = []
    for name in game_names():
        try:
            analysis_for(name)
        except NoAnalysis:
            continue
        found.append(name)
    return found
