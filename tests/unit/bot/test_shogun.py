"""Shogun bot seats never stall a table: a `random` level for Shogun, and the driver's fallback
draws Shogun moves with the engine on a state sampled from the seat's view."""

from __future__ import annotations

import json
import time

from daimyo_bot.driver import Driver
from daimyo_bot.handlers import BotHandlers, SuggestMove
from daimyo_rules import get_game
from tests.unit.bot.fakes import FakeGame, RefusingBot

SHOGUN = get_game("shogun")


async def test_the_shogun_random_level_plays_a_whole_game_of_legal_moves(bot_handlers: BotHandlers) -> None:
    state = SHOGUN.initial_state({"players": 3}, 5)
    for n in range(1000):
        if not SHOGUN.to_act(state):
            break
        seat = SHOGUN.to_act(state)[0]
        view = json.dumps(SHOGUN.view(state, seat))
        answer = await bot_handlers.suggest_move(SuggestMove("shogun", seat, view, "random", seed=n + 1))
        state = SHOGUN.apply(state, seat, answer.move)  # raises on an illegal move
    assert SHOGUN.outcome(state) is not None


async def test_shogun_levels_are_listed(bot_handlers: BotHandlers) -> None:
    names = [level.name for level in bot_handlers.list_levels("shogun")]
    assert names == ["random", "greedy", "mcts", "expert"]


async def test_a_level_the_service_lacks_is_played_at_once_by_the_fallback() -> None:
    game = FakeGame(SHOGUN.initial_state({"players": 4}, 2), engine=SHOGUN)
    driver = Driver(game, RefusingBot(), deadline_s=5.0)
    started = time.monotonic()
    for _ in range(3000):
        if not SHOGUN.to_act(game.state):
            break
        await driver.on_turn("daimyo.game.g1.turn", game.notice("greedy"))
        await driver.drain()
    assert SHOGUN.outcome(game.state) is not None
    assert time.monotonic() - started < 30
