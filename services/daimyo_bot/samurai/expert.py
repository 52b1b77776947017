"""Samurai's `expert` level: the `mcts` search (`mcts.py`) with the settings that beat `mcts`.

The same single-observer ISMCTS on the same compact state; only `EXPERT` differs from `MCTS`:
a narrower tree (1 + √visits children, not 1 + 2√visits) and moves drawn tile first in
playouts and expansions. Both were chosen by screens against `mcts` (README, "Measured").
`DAIMYO_EXPERT_SETTINGS` plays a variant for a tuning screen without editing code.
"""

from __future__ import annotations

import dataclasses
import os
from typing import Any

from daimyo_bot.samurai.mcts import Settings, run
from daimyo_bot.search_pool import SearchResult

EXPERT = Settings(widening=1.0, tile_first=True)


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """The `expert` level's search: `mcts.run` with `EXPERT` (as `DAIMYO_EXPERT_SETTINGS` changes it)."""
    return run(view, seat, seed, stop_at, max_iterations, _TUNED)


def settings_from_environment(text: str) -> Settings:
    """`EXPERT` with the changes `DAIMYO_EXPERT_SETTINGS` names (`widening=2.0,tile_first=0`), so
    a tuning screen can play a variant against `mcts` without editing code (README, "Measured")."""
    changes: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, _, value = item.partition("=")
        default = getattr(EXPERT, name)
        changes[name] = value not in ("0", "false") if isinstance(default, bool) else type(default)(value)
    return dataclasses.replace(EXPERT, **changes)


_TUNED = settings_from_environment(os.environ.get("DAIMYO_EXPERT_SETTINGS", ""))
