"""Every Samurai level plays only legal moves, is reproducible with a seed, and keeps its deadline."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from daimyo_bot.handlers import BotHandlers, SuggestMove
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_rules.samurai.rules import legal_moves
from tests.unit.bot.positions import ENGINE, positions

SEARCHING = ["mcts", "expert"]
GRACE_S = 0.5  # the event loop's and the workers' lateness on a busy 2-core machine running the suite


def ask(state: Any, seat: int, level: str, **options: Any) -> SuggestMove:
    return SuggestMove("samurai", seat, json.dumps(ENGINE.view(state, seat)), level, **options)


def assert_legal(state: Any, seat: int, move: dict[str, Any]) -> None:
    assert ENGINE.parse_move(move) in legal_moves(state, seat), move
    ENGINE.apply(state, seat, move)


@pytest.mark.parametrize("level", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_instant_levels_play_only_legal_moves(bot_handlers: BotHandlers, level: str,
                                                    players: int) -> None:
    count = 0
    for state, seat in positions(players, games=3, seed=players, every=2, random_setup=False):
        answer = await bot_handlers.suggest_move(ask(state, seat, level, seed=count + 1))
        assert_legal(state, seat, answer.move)
        count += 1
    assert count > 50


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("players", [2, 3, 4])
async def test_searching_levels_play_only_legal_moves(bot_handlers: BotHandlers, level: str,
                                                      players: int) -> None:
    for n, (state, seat) in enumerate(positions(players, games=1, seed=players, every=7)):
        answer = await bot_handlers.suggest_move(
            ask(state, seat, level, seed=n + 1, max_iterations=20, deadline_ms=5000))
        assert_legal(state, seat, answer.move)


@pytest.mark.parametrize("level", ["random", "greedy"])
async def test_instant_levels_repeat_themselves_with_a_fixed_seed(bot_handlers: BotHandlers,
                                                                  level: str) -> None:
    for state, seat in positions(3, games=1, seed=9, every=4):
        first = await bot_handlers.suggest_move(ask(state, seat, level, seed=42))
        second = await bot_handlers.suggest_move(ask(state, seat, level, seed=42))
        assert first.move == second.move


@pytest.mark.parametrize("level", SEARCHING)
async def test_searches_repeat_themselves_with_a_fixed_seed_and_iteration_budget(bot_handlers: BotHandlers,
                                                                                 level: str) -> None:
    for state, seat in list(positions(2, games=1, seed=4, every=9))[:3]:
        request = ask(state, seat, level, seed=7, max_iterations=80, deadline_ms=20000)
        first = await bot_handlers.suggest_move(request)
        second = await bot_handlers.suggest_move(request)
        assert (first.move, first.iterations) == (second.move, second.iterations)
        assert first.iterations == 80


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("players", [2, 4])
async def test_searches_answer_a_200_ms_deadline_in_time(bot_handlers: BotHandlers, level: str,
                                                         players: int) -> None:
    state, seat = next(positions(players, games=1, seed=1))
    for n in range(3):
        started = time.monotonic()
        answer = await bot_handlers.suggest_move(ask(state, seat, level, deadline_ms=200, seed=n + 1))
        assert time.monotonic() - started < 0.2 + GRACE_S
        assert_legal(state, seat, answer.move)  # searched, or greedy when the workers were late


@pytest.mark.parametrize("level", SEARCHING)
async def test_mcts_searches_within_its_time(bot_handlers: BotHandlers, level: str) -> None:
    play = [(st, seat) for st, seat in positions(2, games=1, seed=1, every=5) if st.phase == "play"]
    state, seat = play[len(play) // 2]
    started = time.monotonic()
    answer = await bot_handlers.suggest_move(ask(state, seat, level, deadline_ms=1000, seed=3))
    elapsed = time.monotonic() - started
    assert answer.iterations > 0  # it searched, rather than falling back on greedy
    assert answer.elapsed_s <= answer.deadline_s and elapsed < 1.0 + GRACE_S
    assert_legal(state, seat, answer.move)


async def test_mcts_answers_in_time_even_when_its_workers_are_busy(bot_handlers: BotHandlers) -> None:
    state, seat = next(positions(2, games=1, seed=2))
    slow = asyncio.ensure_future(bot_handlers.suggest_move(ask(state, seat, "mcts", deadline_ms=1500)))
    await asyncio.sleep(0.05)
    started = time.monotonic()
    answer = await bot_handlers.suggest_move(ask(state, seat, "mcts", deadline_ms=200))
    assert time.monotonic() - started < 0.2 + GRACE_S
    assert_legal(state, seat, answer.move)
    await slow


class BrokenExecutor(Executor):
    """A pool whose worker died before the request came: `submit` raises at once."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        raise BrokenProcessPool("a child process terminated abruptly")


async def test_a_pool_found_broken_when_a_request_arrives_answers_greedy_and_is_replaced() -> None:
    pool = SearchPool(1, executor=BrokenExecutor())
    handlers = BotHandlers(build_levels(pool))
    state, seat = next(positions(2, games=1, seed=6))
    try:
        answer = await handlers.suggest_move(ask(state, seat, "mcts", deadline_ms=300))
        assert_legal(state, seat, answer.move)
        assert not isinstance(pool._executor, BrokenExecutor)
    finally:
        pool.close()


async def test_a_killed_search_worker_is_replaced() -> None:
    pool = SearchPool(1)
    await pool.warm_up()
    handlers = BotHandlers(build_levels(pool))
    state, seat = next(positions(2, games=1, seed=6))
    for pid in list(pool._executor._processes):  # type: ignore[attr-defined]
        os.kill(pid, signal.SIGKILL)
    answer = await handlers.suggest_move(ask(state, seat, "mcts", deadline_ms=300))
    assert_legal(state, seat, answer.move)  # greedy while the pool is broken
    await pool.warm_up()
    answer = await handlers.suggest_move(ask(state, seat, "mcts", deadline_ms=1000))
    assert answer.iterations > 0
    pool.close()
