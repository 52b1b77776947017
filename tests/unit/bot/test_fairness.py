"""Bots never see more than their seat: states that differ only in what the seat cannot see
lead to identical SuggestMove requests."""

from __future__ import annotations

import json
from typing import Any

import pytest

from daimyo_bot.driver import Driver, SeatTurn
from daimyo_bot.handlers import BotHandlers, SuggestMove
from daimyo_rules.core import Rng
from tests.unit.bot.fakes import FakeGame, RecordingBot
from tests.unit.bot.positions import ENGINE, positions


def hidden_twin(state: Any, seat: int, seed: int) -> Any | None:
    """Another full state the seat cannot tell apart: other hands, stacks and hidden captures
    redrawn (None late in a game, when nothing is hidden any more)."""
    for n in range(50):
        twin = ENGINE.sample_state(ENGINE.view(state, seat), seat, Rng(seed + n))
        if (twin.hands, twin.stacks, twin.captured) != (state.hands, state.stacks, state.captured):
            return twin
    return None


@pytest.mark.parametrize("level", ["greedy", "mcts", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_states_differing_only_in_hidden_information_give_identical_requests(players: int,
                                                                                   level: str) -> None:
    compared = 0
    for n, (state, seat) in enumerate(positions(players, games=1, seed=players, every=9)):
        twin = hidden_twin(state, seat, n)
        if twin is None:
            continue
        assert ENGINE.to_json(twin) != ENGINE.to_json(state)
        requests = []
        for full_state in (state, twin):
            bot = RecordingBot()
            game = FakeGame(full_state)
            await Driver(game, bot, deadline_s=1.0).play(SeatTurn("g1", "samurai", seat, level))
            requests.append(bot.requests[0].SerializeToString(deterministic=True))
        assert requests[0] == requests[1]
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize("level", ["mcts", "expert"])
async def test_a_search_answers_states_it_cannot_tell_apart_alike(bot_handlers: BotHandlers,
                                                                  level: str) -> None:
    compared = 0
    for n, (state, seat) in enumerate(positions(3, games=1, seed=8, every=6)):
        twin = hidden_twin(state, seat, n)
        if twin is None or state.phase != "play":
            continue
        moves = []
        for full_state in (state, twin):
            request = SuggestMove("samurai", seat, json.dumps(ENGINE.view(full_state, seat)), level,
                                  seed=5, max_iterations=30, deadline_ms=20000)
            moves.append((await bot_handlers.suggest_move(request)).move)
        assert moves[0] == moves[1]
        compared += 1
    assert compared >= 3
