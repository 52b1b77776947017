"""Bots never see more than their seat: states that differ only in what the seat cannot see
lead to identical SuggestMove requests."""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_bot.driver import Driver, SeatTurn
from daimyo_rules.core import Rng
from daimyo_rules.samurai.sampling import knowledge_from_view
from tests.unit.bot.fakes import FakeGame, RecordingBot
from tests.unit.bot.positions import ENGINE, positions


def hidden_twin(state: Any, seat: int, seed: int) -> Any | None:
    """Another full state the seat cannot tell apart: other hands, stacks and hidden captures
    redrawn (None late in a game, when nothing is hidden any more)."""
    for n in range(50):
        twin = knowledge_from_view(ENGINE.view(state, seat), seat).sample(Rng(seed + n))
        if (twin.hands, twin.stacks, twin.captured) != (state.hands, state.stacks, state.captured):
            return twin
    return None


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_states_differing_only_in_hidden_information_give_identical_requests(players: int) -> None:
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
            await Driver(game, bot, deadline_s=1.0).play(SeatTurn("g1", "samurai", seat, "greedy"))
            requests.append(bot.requests[0].SerializeToString(deterministic=True))
        assert requests[0] == requests[1]
        compared += 1
    assert compared >= 3
