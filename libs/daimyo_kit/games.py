"""Plug-in games for the services: `DAIMYO_GAME_PLUGINS` names factories outside the rules package.

The rules registry (`daimyo_rules.registry`) knows the built-in games and does no I/O; a
service process adds games from the environment here, once, when it reads its configuration
(`Config.from_env`). The value is comma-separated `module:factory` (a class or a function that
returns a `Game`), e.g. `DAIMYO_GAME_PLUGINS=my_games.go:GoGame`. Every
service of a deployment must see the same value.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from daimyo_rules.core import Game
from daimyo_rules.registry import register

ENV = "DAIMYO_GAME_PLUGINS"


class BadGamePlugin(ValueError):
    """A `DAIMYO_GAME_PLUGINS` entry that is malformed or cannot be imported."""


def plugin_specs(env: Mapping[str, str]) -> tuple[str, ...]:
    """The `module:factory` entries of `DAIMYO_GAME_PLUGINS` (none when unset)."""
    return tuple(spec.strip() for spec in env.get(ENV, "").split(",") if spec.strip())


def register_plugins(specs: Iterable[str]) -> list[str]:
    """Register each plug-in game under its `name`; returns the names registered."""
    names = []
    for spec in specs:
        factory = _factory(spec)
        name = factory().name
        register(name, factory)
        names.append(name)
    return names


def _factory(spec: str) -> Callable[[], Game]:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise BadGamePlugin(f"{ENV} entries are module:factory, not {spec!r}")
    try:
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise BadGamePlugin(f"{ENV}: cannot load {spec!r}: {exc}") from exc
    if not callable(found):
        raise BadGamePlugin(f"{ENV}: {spec!r} is not callable")
    return cast(Callable[[], Game], found)


def counts_text(counts: Sequence[int]) -> str:
    """Seat counts in words: "2 to 4" for a run, "2 or 4" otherwise."""
    ordered = sorted(counts)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return " or ".join(str(n) for n in ordered)
