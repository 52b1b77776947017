"""Calls about one game reach one game-service replica (daimyo_kit.affinity): the gateway's
moves, views and seat changes, and the bot driver's calls; a replica that does not answer is
gone round, and calls about no game spread."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from typing import Any

import pytest

from daimyo_devkit.embedded import free_port
from daimyo_gateway.grpc_clients import GrpcGames
from daimyo_kit import grpc_client
from daimyo_kit.affinity import RoutedStub, owner
from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from tests.support.game_service import (
    RunningGameService,
    create_samurai,
    game_service,
    random_move_from_legal,
    seat_viewer,
    settings_for,
)

pytestmark = pytest.mark.integration


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


async def test_the_drivers_calls_about_a_game_reach_its_replica_and_the_rest_spread(
        two_replicas: Any) -> None:
    one, other = two_replicas
    reached: dict[str, set[str]] = {}
    _record_moves(one, reached, "one")
    _record_moves(other, reached, "other")
    replicas = f"ipv4:{one.address},{other.address}"
    spreading = grpc_client.channel(replicas, role="driver")
    one.channels.append(spreading)
    stub = RoutedStub(replicas, game_pb2_grpc.GameServiceStub(spreading), game_pb2_grpc.GameServiceStub,
                      lambda address: grpc_client.channel(address, role="driver"))
    try:
        game_ids = [await _bot_game(one) for _ in range(12)]
        rng = random.Random(3)
        for game_id in game_ids:
            for _ in range(3):
                await _bot_move(stub, game_id, rng)
        listed = await stub.ListGames(game_pb2.ListGamesRequest(live=True, limit=50))
    finally:
        await stub.close()
    assert all(len(reached[g]) == 1 for g in game_ids)
    assert {name for g in game_ids for name in reached[g]} == {"one", "other"}
    assert set(game_ids) <= {g.game_id for g in listed.games}


async def _bot_game(service: RunningGameService) -> str:
    request = game_pb2.CreateGameRequest(game="samurai", seats=[game_pb2.Seat(bot_level="random")] * 2,
                                         command_id=uuid.uuid4().hex, config_json='{"random_setup": true}')
    return str((await service.stub.CreateGame(request)).game_id)


async def _bot_move(stub: RoutedStub, game_id: str, rng: random.Random) -> None:
    """One move as the driver makes it: the seat's view, then the move at that view's version."""
    everyone = game_pb2.Viewer(spectator=True)
    seat = (await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=everyone))).to_act[0]
    view = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(seat)))
    move = random_move_from_legal(json.loads(view.view_json)["legal"], rng)
    await stub.SubmitMove(game_pb2.SubmitMoveRequest(
        game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=view.version,
        command_id=uuid.uuid4().hex))
