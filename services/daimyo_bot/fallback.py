"""The driver's last resort when the bot service cannot answer: a random legal move.

Whatever the game, the engine draws it on a state sampled from the seat's view (see
`determinize`), so the driver needs no per-game code.
"""

from __future__ import annotations

from typing import Any

from daimyo_bot.determinize import engine_random_move
from daimyo_rules.core import Rng


def fallback_move(game: str, view: dict[str, Any], seat: int, rng: Rng) -> Any:
    return engine_random_move(game, view, seat, rng)
