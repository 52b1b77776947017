"""The gateway's calls to the game service: many sockets' moves share calls, each with its own
answer; many sockets asking for one game's seats share one call."""

from __future__ import annotations

import asyncio
import random
import uuid
from typing import Any

import pytest

from daimyo_gateway.grpc_clients import GrpcGames
from daimyo_gateway.ports import ServiceError
from daimyo_kit import grpc_client
from daimyo_kit.affinity import owner
from daimyo_kit.embedded import free_port
from tests.integration.test_game_bad_input import a_legal_move
from tests.support.game_service import (
    RunningGameService,
    create_samurai,
    game_service,
    random_move_from_legal,
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
    outcomes: list[int | BaseException] = await asyncio.gather(
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
    calls: list[str] = []
    load = games._load_info

    async def counted(asked: str) -> Any:
        calls.append(asked)
        return await load(asked)

    monkeypatch.setattr(games, "_load_info", counted)
    infos = await asyncio.gather(*(games.game_info(game_id) for _ in range(4)))
    assert calls == [game_id] and all(info.game_id == game_id for info in infos)
    missing = await asyncio.gather(*(games.game_info("no-such-game") for _ in range(2)),
                                   return_exceptions=True)
    assert all(isinstance(e, ServiceError) and e.code == "not_found" for e in missing)
    with pytest.raises(ServiceError):
        await games.game_info("no-such-game")  # a failure is not kept: the next ask tries again
    assert calls == [game_id, "no-such-game", "no-such-game"]


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


@pytest.fixture
async def two_replicas(database_url: str, nats_url: str, fresh_schema: str) -> Any:
    settings = settings_for(database_url, nats_url, fresh_schema)
    async with game_service(settings, relay=False) as one, game_service(settings, relay=False) as other:
        yield one, other


def _replica_games(service: RunningGameService, replicas_of: str) -> GrpcGames:
    """A gateway's GrpcGames: a channel spreading calls over `replicas_of`, one per replica."""
    spreading = grpc_client.channel(replicas_of, role="gateway")
    service.channels.append(spreading)
    return GrpcGames(spreading, replicas_of=replicas_of,
                     connect=lambda address: grpc_client.channel(address, role="gateway"))


def _record_moves(service: RunningGameService, into: dict[str, set[str]], name: str) -> None:
    submit = service.app.handlers.submit_move

    async def recorded(command: Any) -> Any:
        into.setdefault(command.game_id, set()).add(name)
        return await submit(command)
    service.app.handlers.submit_move = recorded  # type: ignore[method-assign]


async def _play(games: GrpcGames, game_id: str, moves: int, rng: random.Random) -> int:
    version = 0
    for _ in range(moves):
        seat = (await games.get_view(game_id, None)).to_act[0]
        snapshot = await games.get_view(game_id, seat)
        move = random_move_from_legal(snapshot.view["legal"], rng)
        version = await games.submit_move(game_id, seat, move, snapshot.version, uuid.uuid4().hex, f"p{seat}")
    return version


async def test_each_games_moves_go_to_one_replica_and_the_games_spread_over_both(two_replicas: Any) -> None:
    one, other = two_replicas
    reached: dict[str, set[str]] = {}
    _record_moves(one, reached, "one")
    _record_moves(other, reached, "other")
    games = _replica_games(one, f"ipv4:{one.address},{other.address}")
    try:
        game_ids = [await create_samurai(one.stub) for _ in range(16)]
        rng = random.Random(5)
        await asyncio.gather(*(_play(games, game_id, 4, rng) for game_id in game_ids))
    finally:
        await games.close()
    assert all(len(reached[g]) == 1 for g in game_ids)
    assert {name for g in game_ids for name in reached[g]} == {"one", "other"}


async def test_a_game_whose_replica_does_not_answer_is_played_on_another(two_replicas: Any) -> None:
    one, _ = two_replicas
    gone = f"127.0.0.1:{free_port()}"  # nothing listens there
    games = _replica_games(one, f"ipv4:{one.address},{gone}")
    try:
        game_ids = [await create_samurai(one.stub) for _ in range(8)]
        owners = {owner(g, sorted([one.address, gone])) for g in game_ids}
        versions = await asyncio.gather(*(_play(games, g, 2, random.Random(n))
                                          for n, g in enumerate(game_ids)))
    finally:
        await games.close()
    assert gone in owners and versions == [3] * len(game_ids)
