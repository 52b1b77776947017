"""The games by name, so services and the command line never import an engine directly.

The built-in games register themselves on first use; a game outside this package is added with
`register` (the services do it from `DAIMYO_GAME_PLUGINS`, see `daimyo_kit.games`).
"""

from __future__ import annotations

from collections.abc import Callable

from daimyo_rules.core import Game

_FACTORIES: dict[str, Callable[[], Game]] = {}
_INSTANCES: dict[str, Game] = {}
_BUILTIN_LOADED: list[bool] = []


def register(name: str, factory: Callable[[], Game]) -> None:
    """Make `factory`'s game known as `name` (a later registration of the name replaces it)."""
    _FACTORIES[name] = factory
    _INSTANCES.pop(name, None)


def _load_builtin() -> None:
    if _BUILTIN_LOADED:
        return
    _BUILTIN_LOADED.append(True)
    from daimyo_rules.samurai.engine import SamuraiGame

    register("samurai", SamuraiGame)
    try:
        from daimyo_rules.shogun.engine import ShogunGame
    except ImportError:  # the Shogun engine is optional while it is being built
        return
    register("shogun", ShogunGame)


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)


def get_game(name: str) -> Game:
    """The engine for `name`; KeyError names the games that exist."""
    _load_builtin()
    if name not in _FACTORIES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(_FACTORIES))}")
    if name not in _INSTANCES:
        _INSTANCES[name] = _FACTORIES[name]()
    return _INSTANCES[name]
