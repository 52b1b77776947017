"""The gateway's calls to the game service: many sockets' moves share calls, each with its own
answer; many sockets asking for one game's seats share one call, kept; a fresh ask sees the game
finished since, and a finished game's answer is kept for good."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any

import pytest

from daimyo_gateway.grpc_clients import GrpcGames
from daimyo_gateway.ports import ServiceError
from daimyo_kit import grpc_client
from tests.integration.test_game_bad_input import a_legal_move
from tests.support.game_service import (
    RunningGameService,
    create_samurai,
    game_service,
    play_random_move,
    settings_for,
)

pytestmark = pytest.mark.integration


@pytest.fixture
async def service(database_url: str, nats_url: str, fresh_schema: str) -> Any:
    async with game_service(settings_for(database_url, nats_url, fresh_schema), relay=False) as s:
        yield s


@pytest.fixture
def games(service: RunningGameService) -> GrpcGames:
    channel = grpc_client.channel(service.address, role="gateway")
    service.channels.append(channel)
    return GrpcGames(channel, moves_in_flight=1)


def _counted_loads(games: GrpcGames, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games asked for by GetGame from now on."""
    calls: list[str] = []
    load = games._load_info

    async def counted(asked: str) -> Any:
        calls.append(asked)
        return await load(asked)

    monkeypatch.setattr(games, "_load_info", counted)
    return calls


async def test_moves_sent_together_share_calls_and_each_gets_its_version(
    service: RunningGameService, games: GrpcGames,
) -> None:
    game_ids = [await create_samurai(service.stub) for _ in range(12)]
    moves = [await a_legal_move(service, game_id) for game_id in game_ids]
    versions = await asyncio.gather(*(games.submit_move(game_id, 0, move, 1, uuid.uuid4().hex, "p0")
                                      for game_id, move in zip(game_ids, moves, strict=True)))
    assert versions == [2] * len(game_ids)
    assert games.moves.groups < len(game_ids)


async def test_a_refused_move_among_others_raises_its_own_service_error(
    service: RunningGameService, games: GrpcGames,
) -> None:
    good, bad = [await create_samurai(service.stub) for _ in range(2)]
    move = await a_legal_move(service, good)
    outcomes: tuple[int | BaseException, int | BaseException] = await asyncio.gather(
        games.submit_move(good, 0, move, 1, uuid.uuid4().hex, "p0"),
        games.submit_move(bad, 1, {"type": "end_turn"}, 1, uuid.uuid4().hex, "p1"),
        return_exceptions=True)
    accepted, refused = outcomes
    assert accepted == 2
    assert isinstance(refused, ServiceError)
    assert (refused.code, "seat 1 may not act now" in refused.message) == ("illegal_move", True)


async def test_seats_asking_for_a_new_game_at_once_share_one_get_game(
    service: RunningGameService, games: GrpcGames, monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = await create_samurai(service.stub)
    calls = _counted_loads(games, monkeypatch)
    infos = await asyncio.gather(*(games.game_info(game_id) for _ in range(4)))
    assert calls == [game_id] and all(info.game_id == game_id for info in infos)
    missing = await asyncio.gather(*(games.game_info("no-such-game") for _ in range(2)),
                                   return_exceptions=True)
    assert all(isinstance(e, ServiceError) and e.code == "not_found" for e in missing)
    with pytest.raises(ServiceError):
        await games.game_info("no-such-game")  # a failure is not kept: the next ask tries again
    assert calls == [game_id, "no-such-game", "no-such-game"]


async def test_a_fresh_ask_sees_the_end_a_kept_answer_missed_and_a_finished_game_is_not_asked_again(
    service: RunningGameService, games: GrpcGames, monkeypatch: pytest.MonkeyPatch,
) -> None:
    game_id = await create_samurai(service.stub, seed=3)
    assert not (await games.game_info(game_id)).finished
    rng = random.Random(3)
    while await play_random_move(service.stub, game_id, rng) is not None:
        pass
    calls = _counted_loads(games, monkeypatch)
    assert not (await games.game_info(game_id)).finished, "the kept answer is the one first given"
    assert (await games.game_info(game_id, fresh=True)).finished
    assert (await games.game_info(game_id, fresh=True)).finished
    assert (await games.game_info(game_id)).finished, "the fresh answer is kept"
    assert calls == [game_id], "a finished game stays finished: asked once"


async def test_a_move_holding_an_integer_wider_than_64_bits_is_refused_as_malformed(
    service: RunningGameService, games: GrpcGames,
) -> None:
    game_id = await create_samurai(service.stub)
    with pytest.raises(ServiceError) as refused:
        await games.submit_move(game_id, 0, {"type": "place", "tile": 2**70, "hex": "h1"}, 1,
                                uuid.uuid4().hex, "p0")
    assert refused.value.code == "malformed"


async def test_a_move_holding_nan_is_refused_as_malformed_not_read_as_null(
    service: RunningGameService, games: GrpcGames,
) -> None:
    game_id = await create_samurai(service.stub)
    with pytest.raises(ServiceError) as refused:
        await games.submit_move(game_id, 0, {"type": "place", "tile": float("nan"), "hex": "h1"}, 1,
                                uuid.uuid4().hex, "p0")
    assert refused.value.code == "malformed" and "NaN" in refused.value.message
