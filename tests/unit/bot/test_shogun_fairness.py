"""Shogun bots never see more than their seat: two states that differ only in what the seat
cannot see (the others' secret plans, the face-down action cards, the tower's stuck cubes, the
generator) lead to identical SuggestMove requests, so every level must answer them alike."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from daimyo_bot.determinize import engine_random_move
from daimyo_bot.driver import Driver, SeatTurn
from daimyo_proto.daimyo.bot.v1 import bot_pb2
from daimyo_rules.core import Rng
from daimyo_rules.shogun.sampling import sample_state
from tests.unit.bot.fakes import FakeGame
from tests.unit.bot.test_shogun_levels import SHOGUN, shogun_positions


@dataclass
class RecordingShogunBot:
    """Keeps every request and answers with a random legal Shogun move drawn from the view."""

    requests: list[Any] = field(default_factory=list)

    async def SuggestMove(self, request: Any, timeout: float | None = None) -> Any:
        self.requests.append(request)
        move = engine_random_move("shogun", json.loads(request.view_json), request.seat, Rng(1))
        return bot_pb2.SuggestMoveResponse(move_json=json.dumps(move))


def hidden_twin(state: Any, seat: int, seed: int) -> Any | None:
    """Another full state the seat cannot tell apart (None when the sample equals the state)."""
    twin = sample_state(SHOGUN.view(state, seat), Rng(seed))
    return twin if SHOGUN.to_json(twin) != SHOGUN.to_json(state) else None


def secrets_differ(a: Any, b: Any, seat: int) -> bool:
    plans = [p for s, p in enumerate(a.plans) if s != seat] != [p for s, p in enumerate(b.plans) if s != seat]
    return plans or a.shelves != b.shelves or a.action_order != b.action_order or a.rng != b.rng


async def request_for(state: Any, seat: int, level: str) -> bytes:
    bot = RecordingShogunBot()
    game = FakeGame(state, engine=SHOGUN)
    await Driver(game, bot, deadline_s=1.0).play(SeatTurn("g1", "shogun", seat, level))
    return bytes(bot.requests[0].SerializeToString(deterministic=True))


@pytest.mark.parametrize("level", ["greedy", "mcts", "expert"])
@pytest.mark.parametrize("players", [3, 4, 5])
async def test_states_differing_only_in_hidden_information_give_identical_requests(players: int,
                                                                                   level: str) -> None:
    compared: set[str] = set()
    for n, (state, seat) in enumerate(shogun_positions(players, games=1, seed=players, every=4)):
        twin = hidden_twin(state, seat, n)
        if twin is None:
            continue
        assert secrets_differ(state, twin, seat)
        assert await request_for(state, seat, level) == await request_for(twin, seat, level)
        compared.add(state.stage)
    assert compared >= {"plan", "pick", "decide"}


def test_the_opponents_guessed_cards_read_only_the_public_board_whichever_world_they_are_judged_in() -> None:
    from daimyo_bot.shogun import mcts

    acting = [(st, s) for st, s in shogun_positions(3, games=1, seed=6, every=2)
              if st.stage in ("pick", "decide")][:10]
    assert acting
    for state, seat in acting:
        view = SHOGUN.view(state, seat)
        for other in (o for o in range(state.players) if o != seat):
            guesses = {mcts.AssumedPlans(9, view).hidden_cards(sample_state(view, Rng(world)), other, Rng(0))
                       for world in range(5)}  # a fresh pool each time: judged in that world
            assert len(guesses) == 1  # the secrets drawn in a world never change the guess
