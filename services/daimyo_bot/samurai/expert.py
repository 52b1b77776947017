"""Samurai's `expert` level: the `mcts` search (`samurai/mcts.py`) with settings chosen by measurement.

Same determinizations, tree and playouts as `mcts`; what differs is in `EXPERT`, each setting
kept because screens against `mcts` at equal time favoured it (README, "Measured").
"""

from __future__ import annotations

from typing import Any

from daimyo_bot.samurai.mcts import Settings, run
from daimyo_bot.search_pool import SearchResult

EXPERT = Settings(widening=1.0)  # children allowed: 1 + sqrt(visits), not mcts's 1 + 2 sqrt(visits)


def search(view: dict[str, Any], seat: int, seed: int, stop_at: float | None,
           max_iterations: int | None) -> SearchResult:
    """The `expert` level's search: `mcts.run` with `EXPERT`."""
    return run(view, seat, seed, stop_at, max_iterations, EXPERT)
