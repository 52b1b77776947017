"""The driver plays bot seats through the game service without ever making two moves for one
turn, and falls back to a random legal move when the bot service cannot answer."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

from daimyo_bot.driver import Driver, SeatTurn, bot_seats, command_id, with_people
from daimyo_rules.core import Rng
from tests.unit.bot.fakes import DownBot, FakeGame, RecordingBot
from tests.unit.bot.positions import ENGINE


def new_game(players: int = 2, seed: int = 1) -> FakeGame:
    return FakeGame(ENGINE.initial_state({"players": players}, seed))


def test_the_command_id_names_game_version_and_seat() -> None:
    assert command_id("abc", 7, 2) == "bot:abc:7:2"


def test_only_bot_seats_that_must_act_are_played() -> None:
    seats: list[dict[str, Any]] = [{"seat": 0, "bot_level": None}, {"seat": 1, "bot_level": "mcts"},
                                   {"seat": 2, "bot_level": "greedy"}]
    assert bot_seats(seats, [1]) == [(1, "mcts")]
    assert bot_seats(seats, [0]) == []


async def test_a_bot_seat_to_act_makes_exactly_one_move() -> None:
    game = new_game()
    result = await Driver(game, RecordingBot()).play(SeatTurn("g1", "samurai", 0, "random"))
    assert result == "accepted"
    assert len(game.moves) == 1 and game.version == 2


async def test_a_notice_delivered_to_two_replicas_at_once_makes_one_move() -> None:
    game = new_game()
    turn = SeatTurn("g1", "samurai", 0, "random", version=1)
    first, second = Driver(game, RecordingBot(rng=Rng(1))), Driver(game, RecordingBot(rng=Rng(2)))
    await asyncio.gather(first.play(turn), second.play(turn))
    assert len(game.moves) == 1


async def test_a_repeated_notice_after_the_move_is_dropped() -> None:
    game = new_game()
    notice = game.notice()
    driver = Driver(game, RecordingBot())
    await driver.on_turn("daimyo.game.g1.turn", notice)
    await driver.drain()
    await driver.on_turn("daimyo.game.g1.turn", notice)
    await driver.drain()
    assert len(game.moves) == 1


async def test_a_seat_that_need_not_act_is_left_alone() -> None:
    game = new_game()
    assert await Driver(game, RecordingBot()).play(SeatTurn("g1", "samurai", 1, "random")) == "not_to_act"
    assert game.moves == []


async def test_a_stale_version_is_dropped() -> None:
    game = new_game()
    driver = Driver(game, RecordingBot())
    original = game.GetView

    async def stale_view(request, timeout=None):  # type: ignore[no-untyped-def]
        reply = await original(request, timeout)
        game.version += 1  # another move landed between the view and the submit
        return reply

    game.GetView = stale_view  # type: ignore[method-assign]
    assert await driver.play(SeatTurn("g1", "samurai", 0, "random")) == "aborted"
    assert game.moves == []


async def test_a_dead_bot_service_still_moves_after_the_deadline() -> None:
    game = new_game()
    started = time.monotonic()
    result = await Driver(game, DownBot(), deadline_s=0.2).play(SeatTurn("g1", "samurai", 0, "mcts"))
    assert result == "accepted"
    assert time.monotonic() - started >= 0.19
    assert len(game.moves) == 1


async def test_with_a_dead_bot_service_an_all_bot_game_still_ends() -> None:
    game = new_game(players=3, seed=4)
    driver = Driver(game, DownBot(), deadline_s=0.0)
    for _ in range(2000):
        if not ENGINE.to_act(game.state):
            break
        await driver.on_turn("daimyo.game.g1.turn", game.notice())
        await driver.drain()
    assert ENGINE.outcome(game.state) is not None


async def test_the_sweep_starts_bot_seats_that_wait() -> None:
    game = new_game()
    driver = Driver(game, RecordingBot())
    assert await driver.sweep() == 1
    await driver.drain()
    assert len(game.moves) >= 1


async def test_at_a_table_with_a_person_a_bot_takes_at_least_the_paced_time() -> None:
    game = new_game()
    bot = RecordingBot()
    started = time.monotonic()
    turn = SeatTurn("g1", "samurai", 0, "random", paced=True)
    await Driver(game, bot, deadline_s=0.1, min_move_s=0.4).play(turn)
    assert time.monotonic() - started >= 0.4
    assert bot.requests[0].deadline_ms == 400  # the search may use the paced time


async def test_a_bot_only_table_is_not_paced() -> None:
    game = new_game()
    bot = RecordingBot()
    started = time.monotonic()
    await Driver(game, bot, deadline_s=0.1, min_move_s=5.0).play(SeatTurn("g1", "samurai", 0, "random"))
    assert time.monotonic() - started < 2.0
    assert bot.requests[0].deadline_ms == 100


def test_a_notice_says_whether_a_person_holds_a_seat() -> None:
    bots_only: list[dict[str, Any]] = [{"seat": 0, "bot_level": "mcts"}, {"seat": 1, "bot_level": "greedy"}]
    with_person: list[dict[str, Any]] = [{"seat": 0, "bot_level": None}, {"seat": 1, "bot_level": "greedy"}]
    assert not with_people({}, bots_only)
    assert with_people({}, with_person)
    assert with_people({"with_people": True}, bots_only)  # a person whose seat a bot stands in


async def test_a_turn_notice_with_a_person_paces_the_bot() -> None:
    game = new_game()
    notice = replace(game.notice(), with_people=True)
    driver = Driver(game, RecordingBot(), deadline_s=0.1, min_move_s=0.3)
    started = time.monotonic()
    await driver.on_turn("daimyo.game.g1.turn", notice)
    await driver.drain()
    assert len(game.moves) == 1 and time.monotonic() - started >= 0.3


async def test_a_turn_notice_without_a_game_is_dropped() -> None:
    game = new_game()
    notice = replace(game.notice(), game="")
    driver = Driver(game, RecordingBot())
    await driver.on_turn("daimyo.game.g1.turn", notice)
    await driver.drain()
    assert game.moves == []
