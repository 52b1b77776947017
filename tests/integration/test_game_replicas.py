"""Two replicas of the game service on one database: racing moves produce exactly one accepted
move per version (the loser is ABORTED), and only one relay publishes at a time."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from typing import Any

import grpc
import pytest

from daimyo_bus import subjects
from daimyo_bus.bus import Bus
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import (
    create_samurai,
    moves_from_legal,
    play_random_move,
    seat_viewer,
    settings_for,
    spectator,
    start_service,
)

pytestmark = pytest.mark.integration


async def race_one_version(stubs: list[Any], game_id: str, rng: random.Random) -> list[Any]:
    """Both replicas get a legal move for the same version at once; each call's result or error."""
    state = await stubs[0].GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=spectator()))
    seat = state.to_act[0]
    view = json.loads((await stubs[1].GetView(game_pb2.GetViewRequest(game_id=game_id,
                                                                        viewer=seat_viewer(seat)))).view_json)
    requests = [game_pb2.SubmitMoveRequest(
        game_id=game_id, seat=seat, move_json=json.dumps(rng.choice(moves_from_legal(view["legal"], rng))),
        expected_version=state.version, command_id=uuid.uuid4().hex) for _ in stubs]
    return list(await asyncio.gather(*(s.SubmitMove(r) for s, r in zip(stubs, requests, strict=True)),
                                     return_exceptions=True))


async def test_racing_replicas_get_exactly_one_move_per_version(
    database_url: str, nats_url: str, fresh_schema: str
) -> None:
    settings = settings_for(database_url, nats_url, fresh_schema)
    replicas = [await start_service(settings, relay=False) for _ in range(2)]
    stubs = [r.stub for r in replicas]
    game_id = await create_samurai(stubs[0], seed=77)
    rng = random.Random(77)
    try:
        for _ in range(15):
            outcomes = await race_one_version(stubs, game_id, rng)
            accepted = [o for o in outcomes if not isinstance(o, BaseException)]
            refused = [o for o in outcomes if isinstance(o, grpc.aio.AioRpcError)]
            assert len(accepted) == 1 and [e.code() for e in refused] == [grpc.StatusCode.ABORTED]
        events = await stubs[1].ListEvents(game_pb2.ListEventsRequest(game_id=game_id))
        assert [e.version for e in events.events] == list(range(1, 17))
    finally:
        for replica in replicas:
            await replica.stop()


async def test_only_the_lease_holder_relays_and_the_other_takes_over(
    database_url: str, nats_url: str, fresh_schema: str
) -> None:
    settings = settings_for(database_url, nats_url, fresh_schema)
    replicas = [await start_service(settings) for _ in range(2)]
    bus = await Bus.connect(nats_url)
    seen: list[int] = []

    async def on_watch(_subject: str, message: Any) -> None:
        seen.append(message.version)

    game_id = await create_samurai(replicas[0].stub, seed=3)
    await bus.subscribe(subjects.watch(game_id), on_watch)
    rng = random.Random(3)
    for _ in range(5):
        await play_random_move(replicas[0].stub, game_id, rng)
    await _wait(lambda: seen[-1:] == [6])
    await asyncio.sleep(0.3)
    duplicates_while_both_ran = len(seen) - len(set(seen))
    await replicas[0].stop()
    for _ in range(5):
        last = await play_random_move(replicas[1].stub, game_id, rng)
    await _wait(lambda: seen[-1:] == [last.version], timeout=15)
    await replicas[1].stop()
    await bus.close()
    assert duplicates_while_both_ran == 0
    assert sorted(set(seen)) == list(range(seen[0], last.version + 1))


async def _wait(check: Any, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)
