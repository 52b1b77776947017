"""Where a game's bots live: the package `daimyo_bot.<game>`, found by the game's name.

Its own module so that both the level registry (`levels.py`) and the search workers' warm-up
(`search_pool.py`) can find the bot packages without importing each other; the packages are
imported by name, at run time, never by a static import from here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from daimyo_rules.registry import game_names


def bot_package(game: str) -> ModuleType | None:
    """`daimyo_bot.<game>.levels` if this service has bots for `game`, else None."""
    if not game.isidentifier():
        return None
    try:
        return importlib.import_module(f"daimyo_bot.{game}.levels")
    except ModuleNotFoundError as e:
        if e.name not in (f"daimyo_bot.{game}", f"daimyo_bot.{game}.levels"):
            raise  # a bot package that is there but broken must fail loudly
        return None


def import_bot_packages() -> None:
    """Import every game's bot code now (search workers warm up with it)."""
    for name in game_names():
        bot_package(name)
