"""Fuzzing BotService's gRPC edge with random and mutated views: every answer is a JSON move
or INVALID_ARGUMENT with a message (never UNKNOWN or INTERNAL), and the service keeps serving."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from daimyo_bot.bootstrap import BotApp, start_grpc
from daimyo_bot.handlers import BotHandlers
from daimyo_bot.levels import build_levels
from daimyo_bot.search_pool import SearchPool
from daimyo_proto.daimyo.bot.v1 import bot_pb2, bot_pb2_grpc
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from tests.fuzz.fuzzing import FUZZ, JSON, any_text, dumps

INT32 = st.integers(min_value=-(2**31), max_value=2**31 - 1)
INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)


def real_views() -> list[tuple[str, int, dict[str, Any]]]:
    """(game, seat, view) of a few real positions: Samurai along a random game, Shogun's start."""
    views = []
    samurai, rng = get_game("samurai"), Rng(4)
    state = samurai.initial_state({"players": 3, "random_setup": True}, 4)
    for step in range(12):
        seat = samurai.to_act(state)[0]
        if step % 4 == 0:
            views.append(("samurai", seat, samurai.view(state, seat)))
        state = samurai.apply(state, seat, samurai.random_move(state, seat, rng))
    shogun = get_game("shogun")
    start = shogun.initial_state({"players": 3}, 4)
    seat = shogun.to_act(start)[0]
    views.append(("shogun", seat, shogun.view(start, seat)))
    return views


VIEWS = real_views()


def mutated(view: dict[str, Any], path: list[str], replacement: Any, drop: bool) -> dict[str, Any]:
    """`view` with the value at `path` (keys followed as far as they exist) replaced or dropped."""
    copy: dict[str, Any] = json.loads(json.dumps(view))
    node = copy
    for key in path[:-1]:
        if not isinstance(node.get(key), dict):
            break
        node = node[key]
    key = path[-1] if path[-1] in node or not node else next(iter(node))
    if drop:
        node.pop(key, None)
    else:
        node[key] = replacement
    return copy


@st.composite
def mutated_views(draw: st.DrawFn) -> tuple[str, int, str]:
    game, seat, view = draw(st.sampled_from(VIEWS))
    keys = draw(st.lists(st.sampled_from([*sorted(view), "legal", "place", "hand", "seat", "x"]),
                         min_size=1, max_size=3))
    changed = mutated(view, keys, draw(JSON), draw(st.booleans()))
    return game, seat, dumps(changed)


@pytest.fixture(scope="module")
async def bot_stub() -> AsyncIterator[Any]:
    pool = SearchPool(1)
    await pool.warm_up()
    server = await start_grpc(BotApp(pool, BotHandlers(build_levels(pool))), 0, "127.0.0.1")
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{server.port}")
    yield bot_pb2_grpc.BotServiceStub(channel)
    await channel.close()
    await server.stop(0)
    pool.close()


async def assert_move_or_invalid_argument(stub: Any, request: Any) -> None:
    try:
        reply = await stub.SuggestMove(request, timeout=30)
    except grpc.aio.AioRpcError as e:
        assert e.code() == grpc.StatusCode.INVALID_ARGUMENT and e.details(), (e.code(), e.details())
    else:
        assert isinstance(json.loads(reply.move_json), dict)
    levels = await stub.ListLevels(bot_pb2.ListLevelsRequest(game="samurai"))
    assert levels.levels


@FUZZ
@given(case=mutated_views(), level=st.sampled_from(["random", "greedy"]), deadline_ms=INT32, seed=INT64,
       max_iterations=INT64, seat_shift=st.sampled_from([0, 0, 0, 1, -1, 2**31 - 1]))
async def test_mutated_views_get_a_move_or_an_invalid_argument(
        bot_stub: Any, case: tuple[str, int, str], level: str, deadline_ms: int, seed: int,
        max_iterations: int, seat_shift: int) -> None:
    game, seat, view_json = case
    seat = max(min(seat + seat_shift, 2**31 - 1), -(2**31))
    request = bot_pb2.SuggestMoveRequest(game=game, seat=seat, view_json=view_json, level=level,
                                         deadline_ms=deadline_ms, seed=seed, max_iterations=max_iterations)
    await assert_move_or_invalid_argument(bot_stub, request)


@FUZZ
@given(game=st.sampled_from(["samurai", "shogun"]) | any_text(12), seat=INT32,
       view_json=JSON.map(dumps) | any_text(200),
       level=st.sampled_from(["random", "greedy", "mcts"]) | any_text(12))
@example(game="samurai", seat=0, view_json="[" * 100_000, level="greedy")
@example(game="samurai", seat=0, view_json='{"seat": 0, "legal": {"place": {"x": "h55"}}}', level="greedy")
async def test_random_views_get_a_move_or_an_invalid_argument(bot_stub: Any, game: str, seat: int,
                                                              view_json: str, level: str) -> None:
    request = bot_pb2.SuggestMoveRequest(game=game, seat=seat, view_json=view_json, level=level,
                                         deadline_ms=50, max_iterations=20)
    await assert_move_or_invalid_argument(bot_stub, request)


@FUZZ
@given(case=mutated_views())
async def test_mutated_views_at_the_search_level_get_a_move_or_an_invalid_argument(
        bot_stub: Any, case: tuple[str, int, str]) -> None:
    game, seat, view_json = case
    request = bot_pb2.SuggestMoveRequest(game=game, seat=seat, view_json=view_json, level="mcts",
                                         deadline_ms=30, seed=1, max_iterations=10)
    await assert_move_or_invalid_argument(bot_stub, request)
