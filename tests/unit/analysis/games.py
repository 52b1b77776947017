"""Finished games to review in tests and the bench: seeded, played by any callable policy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from daimyo_analysis.evaluate import GameLog
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game

Policy = Callable[[Any, int, Rng], Any]  # (true state, seat, rng) -> JSON move


def random_policy(game: str) -> Policy:
    engine = get_game(game)
    return lambda state, seat, rng: engine.move_to_json(engine.random_move(state, seat, rng))


def play(game: str, players: int, seed: int, policies: list[Policy]) -> tuple[GameLog, list[Any]]:
    """A finished game (its log) and the state before each of its moves."""
    engine = get_game(game)
    config = {**engine.validate_table_options({}), "players": players}
    state, rng = engine.initial_state(config, seed), Rng(seed ^ 0xABC)
    moves, states = [], []
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        move = policies[seat](state, seat, rng)
        states.append(state)
        moves.append((seat, move))
        state = engine.apply(state, seat, move)
    return GameLog(game, config, seed, tuple(moves)), states
