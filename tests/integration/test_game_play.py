"""A whole Samurai game through gRPC on real Postgres and NATS, watched by seat and spectator
subscribers: every version arrives in order and no seat ever receives another's hand."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import grpc
import orjson
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from daimyo_bus import subjects
from daimyo_bus.bus import Bus
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import (
    RunningGameService,
    create_samurai,
    game_service,
    play_random_move,
    seat_viewer,
    settings_for,
    spectator,
)

pytestmark = pytest.mark.integration
EVERY_GAME = "daimyo.game.>"  # tests only: a real subscriber is confined to its own seat's subject


class Inbox:
    """Every message of one game's subjects, by subject."""

    def __init__(self) -> None:
        self.by_subject: dict[str, list[Any]] = {}

    async def __call__(self, subject: str, message: Any) -> None:
        """Each message as its subscriber reads it (a view: its envelope and its frame together)."""
        kind = subjects.kind_of(subject)
        data = message.body if kind in ("seat", "watch") else orjson.loads(message.encode())
        self.by_subject.setdefault(subject, []).append(data)

    def versions(self, subject: str) -> list[int]:
        return [m["version"] for m in self.by_subject.get(subject, [])]


async def wait_for(check: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)


@pytest.fixture
async def service(database_url: str, nats_url: str, fresh_schema: str) -> Any:
    async with game_service(settings_for(database_url, nats_url, fresh_schema, snapshot_every=20)) as s:
        yield s


async def play_to_the_end(service: RunningGameService, game_id: str, seed: int) -> int:
    rng = random.Random(seed)
    version = 1
    while (response := await play_random_move(service.stub, game_id, rng)) is not None:
        version = response.version
    return version


def string_lists_in(value: Any) -> list[list[str]]:
    """Every non-empty list of strings inside a JSON value (recursively)."""
    if isinstance(value, list):
        own = [value] if value and all(isinstance(v, str) for v in value) else []
        return own + [inner for item in value for inner in string_lists_in(item)]
    if isinstance(value, dict):
        return [inner for item in value.values() for inner in string_lists_in(item)]
    return []


async def test_a_whole_game_is_played_and_every_seat_sees_every_version_in_order(
    service: RunningGameService, nats_url: str
) -> None:
    bus = await Bus.connect(nats_url)
    inbox = Inbox()
    await bus.subscribe(EVERY_GAME, inbox)  # before the game exists: its version 1 is published at once
    await bus.flush()
    game_id = await create_samurai(service.stub, seed=11)
    final = await play_to_the_end(service, game_id, seed=11)
    expected = list(range(1, final + 1))
    await wait_for(lambda: inbox.versions(subjects.watch(game_id))[-1:] == [final])
    await bus.close()
    for subject in (subjects.seat(game_id, 0), subjects.seat(game_id, 1), subjects.watch(game_id)):
        seen = inbox.versions(subject)
        assert sorted(set(seen)) == expected and seen == sorted(seen)
    assert inbox.by_subject[subjects.finished(game_id)][0]["outcome"]["winners"]


async def test_seat_zero_never_receives_seat_ones_hand(service: RunningGameService, nats_url: str) -> None:
    bus = await Bus.connect(nats_url)
    inbox = Inbox()
    await bus.subscribe(EVERY_GAME, inbox)
    await bus.flush()
    game_id = await create_samurai(service.stub, seed=5)
    final = await play_to_the_end(service, game_id, seed=5)
    await wait_for(lambda: inbox.versions(subjects.seat(game_id, 1))[-1:] == [final])
    await bus.close()
    hands_of_one = {m["version"]: m["view"]["hand"] for m in inbox.by_subject[subjects.seat(game_id, 1)]}
    running = [m for m in inbox.by_subject[subjects.seat(game_id, 0)] if not m["view"]["finished"]]
    assert len(running) > 20
    for message in running:
        own, other = message["view"]["hand"], hands_of_one[message["version"]]
        assert "hands" not in message["view"]
        if sorted(other) != sorted(own):
            leaks = [found for found in string_lists_in(message) if sorted(found) == sorted(other)]
            assert not leaks, message["version"]
        for effect in message["effects"] or []:
            if effect["type"] == "turn_ended" and effect["seat"] == 1:
                assert isinstance(effect["drew"], int)


async def test_the_seed_is_never_shown_before_the_game_ends(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub, seed=987654321)
    await play_random_move(service.stub, game_id, random.Random(1))
    events = await service.stub.ListEvents(game_pb2.ListEventsRequest(game_id=game_id, viewer=seat_viewer(0)))
    view = await service.stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))
    assert "987654321" not in str(events) and "987654321" not in view.view_json
    assert [e.type for e in events.events] == ["GameCreated", "MoveMade"]


async def test_a_finished_game_shows_everything_including_the_seed(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub, seed=4242)
    await play_to_the_end(service, game_id, seed=3)
    events = await service.stub.ListEvents(game_pb2.ListEventsRequest(game_id=game_id, viewer=seat_viewer(1)))
    assert json.loads(events.events[0].data_json)["seed"] == 4242
    assert events.events[-1].type == "GameFinished"


async def test_replay_shows_a_seat_its_own_view_at_an_old_version(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub, seed=8)
    before = await service.stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=seat_viewer(1)))
    rng = random.Random(2)
    for _ in range(6):
        await play_random_move(service.stub, game_id, rng)
    replayed = await service.stub.Replay(game_pb2.ReplayRequest(game_id=game_id, at_version=1,
                                                                viewer=seat_viewer(1)))
    assert (replayed.version, json.loads(replayed.view_json)) == (1, json.loads(before.view_json))


async def test_reveal_all_shows_every_hand_only_once_the_game_is_finished(
        service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub, seed=12)
    asked = game_pb2.ReplayRequest(game_id=game_id, at_version=2, viewer=spectator(), reveal_all=True)
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await service.stub.Replay(asked)
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    await play_to_the_end(service, game_id, seed=4)
    revealed = json.loads((await service.stub.Replay(asked)).view_json)
    seats = [json.loads((await service.stub.Replay(game_pb2.ReplayRequest(
        game_id=game_id, at_version=2, viewer=seat_viewer(s)))).view_json) for s in range(2)]
    assert revealed["hands"] == [seat["hand"] for seat in seats]


async def test_list_games_finds_a_players_live_game(service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub)
    games = await service.stub.ListGames(game_pb2.ListGamesRequest(player_id="p1", live=True, limit=10))
    assert game_id in [g.game_id for g in games.games]


async def test_health_and_reflection_answer(service: RunningGameService) -> None:
    health = health_pb2_grpc.HealthStub(service.channels[0])
    status = await health.Check(health_pb2.HealthCheckRequest(service="daimyo.game.v1.GameService"))
    reflection = reflection_pb2_grpc.ServerReflectionStub(service.channels[0])
    ask = reflection_pb2.ServerReflectionRequest(list_services="")
    answers = reflection.ServerReflectionInfo(iter([ask]))
    names = [s.name async for a in answers for s in a.list_services_response.service]
    assert status.status == health_pb2.HealthCheckResponse.SERVING
    assert "daimyo.game.v1.GameService" in names


async def test_an_unknown_game_is_not_found(service: RunningGameService) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as error:
        await service.stub.GetView(game_pb2.GetViewRequest(game_id="nope", viewer=spectator()))
    assert error.value.code() == grpc.StatusCode.NOT_FOUND


async def test_get_game_tells_type_seats_status_and_public_options_without_reading_events(
    service: RunningGameService
) -> None:
    game_id = await create_samurai(service.stub, players=3, seed=4)
    info = await service.stub.GetGame(game_pb2.GetGameRequest(game_id=game_id))
    assert (info.game.game, info.status, info.players, info.game.version) == ("samurai", "live", 3, 1)
    assert [s.player_id for s in info.game.seats] == ["p0", "p1", "p2"] and info.game.created_at
    assert json.loads(info.options_json) == {"players": 3, "random_setup": True}
    with pytest.raises(grpc.aio.AioRpcError) as missing:
        await service.stub.GetGame(game_pb2.GetGameRequest(game_id="no-such-game"))
    assert missing.value.code() == grpc.StatusCode.NOT_FOUND
    with pytest.raises(grpc.aio.AioRpcError) as empty:
        await service.stub.GetGame(game_pb2.GetGameRequest())
    assert empty.value.code() == grpc.StatusCode.INVALID_ARGUMENT


async def test_get_game_and_the_game_list_agree_on_when_a_game_was_created(
        service: RunningGameService) -> None:
    game_id = await create_samurai(service.stub, seed=6)
    info = await service.stub.GetGame(game_pb2.GetGameRequest(game_id=game_id))
    listed = await service.stub.ListGames(game_pb2.ListGamesRequest(player_id="p0", live=True, finished=True))
    assert [g.created_at for g in listed.games if g.game_id == game_id] == [info.game.created_at]
