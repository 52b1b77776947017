"""Random Samurai positions for bot tests: states reached by random play, with the seat to act."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from daimyo_rules import get_game
from daimyo_rules.core import Rng

ENGINE = get_game("samurai")


def positions(players: int, games: int, seed: int, every: int = 1,
              random_setup: bool = True) -> Iterator[tuple[Any, int]]:
    """(state, seat to act) along random games; every `every`-th position."""
    rng = Rng(seed)
    step = 0
    for game in range(games):
        state = ENGINE.initial_state({"players": players, "random_setup": random_setup}, seed * 100 + game)
        while ENGINE.to_act(state):
            seats = ENGINE.to_act(state)
            seat = seats[rng.below(len(seats))]
            if step % every == 0:
                yield state, seat
            step += 1
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))


def finished_positions(players: int, games: int, seed: int) -> Iterator[Any]:
    rng = Rng(seed)
    for game in range(games):
        state = ENGINE.initial_state({"players": players}, seed * 100 + game)
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            state = ENGINE.apply(state, seat, ENGINE.random_move(state, seat, rng))
        yield state
