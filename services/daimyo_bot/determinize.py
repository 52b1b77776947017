"""The engine's random move for a seat, found on a state sampled from that seat's view.

Any registered game can be played this way: `Game.sample_state` draws the hidden part, and the
engine picks a uniformly random legal move there. The sampled secrets never matter to the move
drawn: only what the seat itself may do.
"""

from __future__ import annotations

from typing import Any

from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game


def engine_random_move(game: str, view: dict[str, Any], seat: int, rng: Rng) -> Any:
    """A uniformly random legal move of `seat`, as JSON; ValueError for an unknown game."""
    try:
        engine = get_game(game)
    except KeyError as e:
        raise ValueError(str(e)) from e
    state = engine.sample_state(view, seat, rng)
    return engine.move_to_json(engine.random_move(state, seat, rng))
