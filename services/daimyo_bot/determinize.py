"""Full game states sampled from one seat's view, per game, and the engine's random move there.

Games whose legal moves are not listed move by move in the view (Shogun's plans) need the
engine to draw a legal move; the engine needs a state, so the hidden part is sampled first.
The sampled secrets never matter to the move drawn: only what the seat itself may do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from daimyo_bot.samurai_sampler import knowledge_from_view
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game

Sampler = Callable[[dict[str, Any], int, Rng], Any]


def _samurai(view: dict[str, Any], seat: int, rng: Rng) -> Any:
    return knowledge_from_view(view, seat).sample(rng)


def _shogun(view: dict[str, Any], seat: int, rng: Rng) -> Any:
    from daimyo_rules.shogun.sampling import sample_state

    return sample_state(view, rng)


SAMPLERS: dict[str, Sampler] = {"samurai": _samurai, "shogun": _shogun}


def engine_random_move(game: str, view: dict[str, Any], seat: int, rng: Rng) -> Any:
    """A uniformly random legal move of `seat`, as JSON, found by the engine on a sampled state."""
    if game not in SAMPLERS:
        raise ValueError(f"no sampler for game {game!r}")
    engine = get_game(game)
    state = SAMPLERS[game](view, seat, rng)
    return engine.move_to_json(engine.random_move(state, seat, rng))
