"""Fuzzing GameService's gRPC edge: random move_json strings, seats, versions, command ids,
player ids and game ids. Every refusal is a typed status with a message (never UNKNOWN or
INTERNAL, which mean an exception escaped), the service keeps serving, and the stream of a
game nobody may move in never changes."""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from daimyo_proto.daimyo.game.v1 import game_pb2
from daimyo_rules.registry import get_game
from tests.fuzz.fuzzing import ANY_MOVE, FUZZ, JSON, any_text, dumps
from tests.support.game_service import RunningGameService

pytestmark = pytest.mark.integration

TYPED_REFUSALS = {grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND,
                  grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.FAILED_PRECONDITION,
                  grpc.StatusCode.ABORTED, grpc.StatusCode.ALREADY_EXISTS}
INT32 = st.integers(min_value=-(2**31), max_value=2**31 - 1)
INT64 = st.integers(min_value=-(2**63), max_value=2**63 - 1)
GAME = "<the game>"
MOVE_JSON = ANY_MOVE.map(dumps) | any_text(200)
ENGINE = get_game("samurai")


@pytest.fixture(scope="module")
async def target(fuzz_stack: Any) -> tuple[RunningGameService, str, list[str]]:
    """The service, a game at version 1 where seat 0 is to act, and the legal moves there."""
    view = await fuzz_stack.game.stub.GetView(game_pb2.GetViewRequest(game_id=fuzz_stack.others,
                                                                       viewer=game_pb2.Viewer(seat=0)))
    assert list(view.to_act) == [0]
    legal = _legal_moves_at_start(fuzz_stack)
    return fuzz_stack.game, fuzz_stack.others, legal


def _legal_moves_at_start(fuzz_stack: Any) -> list[str]:
    state = ENGINE.initial_state({"players": 2, "random_setup": True}, 5)  # the seed of conftest's games
    return [json.dumps(ENGINE.move_to_json(m), sort_keys=True) for m in ENGINE.legal_moves(state, 0)]


def is_a_legal_move(move_json: str, legal: list[str]) -> bool:
    try:
        move = ENGINE.move_to_json(ENGINE.parse_move(json.loads(move_json)))
    except Exception:  # not JSON, not a move: certainly not legal
        return False
    return json.dumps(move, sort_keys=True) in legal


async def version_of(service: RunningGameService, game_id: str) -> int:
    request = game_pb2.ListEventsRequest(game_id=game_id, viewer=game_pb2.Viewer(spectator=True))
    return int((await service.stub.ListEvents(request)).events[-1].version)


async def assert_typed_refusal(call: Any) -> None:
    try:
        await call
    except grpc.aio.AioRpcError as e:
        assert e.code() in TYPED_REFUSALS and e.details(), (e.code(), e.details())
    else:
        pytest.fail("a bad request was accepted")


@FUZZ
@given(game_id=st.just(GAME) | any_text(120), seat=INT32, move_json=MOVE_JSON, expected=INT64,
       command_id=any_text(60), player_id=any_text(30))
@example(game_id=GAME, seat=1, move_json='{"type": "end_turn"}', expected=1, command_id="a\x00b",
         player_id="")
@example(game_id="a\x00b", seat=0, move_json="{}", expected=0, command_id="", player_id="")
@example(game_id=GAME, seat=0, move_json="[" * 200_000, expected=1, command_id="", player_id="")
@example(game_id=GAME, seat=0, move_json='{"type": "place", "tile": "\\u0000"}', expected=1, command_id="",
         player_id="")
@example(game_id=GAME, seat=0, move_json="[]", expected=2**63 - 1, command_id="x" * 10_000, player_id="p\x00")
async def test_random_submissions_are_refused_with_a_typed_status_and_change_nothing(
        target: Any, game_id: str, seat: int, move_json: str, expected: int, command_id: str,
        player_id: str) -> None:
    service, real_id, legal = target
    game_id = real_id if game_id == GAME else game_id
    may_be_legal = game_id == real_id and seat == 0 and expected in (0, 1)
    assume(not (may_be_legal and is_a_legal_move(move_json, legal)))
    before = await version_of(service, real_id)
    request = game_pb2.SubmitMoveRequest(game_id=game_id, seat=seat, move_json=move_json, player_id=player_id,
                                         expected_version=expected, command_id=command_id)
    await assert_typed_refusal(service.stub.SubmitMove(request))
    assert await version_of(service, real_id) == before


@FUZZ
@given(game_id=st.just(GAME) | any_text(120), seat=st.none() | INT32, version=INT64,
       query=st.sampled_from(["GetView", "ListEvents", "Replay", "ListGames"]), player_id=any_text(30),
       limit=INT32)
@example(game_id="a\x00b", seat=None, version=0, query="GetView", player_id="", limit=0)
@example(game_id=GAME, seat=None, version=0, query="ListGames", player_id="a\x00", limit=-1)
async def test_random_queries_answer_or_refuse_with_a_typed_status(
        target: Any, game_id: str, seat: int | None, version: int, query: str, player_id: str,
        limit: int) -> None:
    service, real_id, _ = target
    game_id = real_id if game_id == GAME else game_id
    viewer = game_pb2.Viewer(spectator=True) if seat is None else game_pb2.Viewer(seat=seat)
    requests = {
        "GetView": lambda: service.stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=viewer)),
        "ListEvents": lambda: service.stub.ListEvents(
            game_pb2.ListEventsRequest(game_id=game_id, from_version=version, viewer=viewer)),
        "Replay": lambda: service.stub.Replay(
            game_pb2.ReplayRequest(game_id=game_id, at_version=version, viewer=viewer)),
        "ListGames": lambda: service.stub.ListGames(
            game_pb2.ListGamesRequest(player_id=player_id, live=True, limit=limit)),
    }
    try:
        await requests[query]()
    except grpc.aio.AioRpcError as e:
        assert e.code() in TYPED_REFUSALS and e.details(), (e.code(), e.details())


SEATS = st.lists(st.builds(lambda who, name, bot: game_pb2.Seat(
    **({"bot_level": who} if bot else {"player_id": who}), display_name=name),
    any_text(20), any_text(20), st.booleans()), max_size=6)


@FUZZ
@given(game=st.sampled_from(["samurai", "shogun"]) | any_text(20), config=JSON.map(dumps) | any_text(80),
       seats=SEATS, seed=st.none() | INT64, command_id=any_text(40))
@example(game="samurai", config='{"players": 2, "note": "\\u0000"}',
         seats=[game_pb2.Seat(player_id="a"), game_pb2.Seat(player_id="b")], seed=None, command_id="")
@example(game="samurai", config="{}", seats=[game_pb2.Seat(player_id="a\x00"), game_pb2.Seat(player_id="b")],
         seed=None, command_id="")
@example(game="samurai", config='{"0": Infinity, "": [-9223372036854775809]}',  # found by this test in CI
         seats=[game_pb2.Seat(player_id=""), game_pb2.Seat(player_id="")], seed=None, command_id="")
async def test_random_game_creations_succeed_or_refuse_with_a_typed_status(
        target: Any, game: str, config: str, seats: list[Any], seed: int | None, command_id: str) -> None:
    service, _, _ = target
    request = game_pb2.CreateGameRequest(game=game, config_json=config, seats=seats, command_id=command_id)
    if seed is not None:
        request.seed = seed
    try:
        await service.stub.CreateGame(request)
    except grpc.aio.AioRpcError as e:
        assert e.code() in TYPED_REFUSALS and e.details(), (e.code(), e.details())
