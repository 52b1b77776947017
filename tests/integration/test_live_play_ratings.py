"""Abandonment through the real services: matchmaking seats two players in a real game; one
leaves it to a bot, keeps the live slot until the game ends (a left seat is still theirs), and when the
game ends the one who left is ranked last in the rating update — whatever their bot achieved."""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daimyo_bus import Bus
from daimyo_kit import grpc_client
from daimyo_matchmaking.domain import PlayerBusy
from daimyo_matchmaking.game_client import GrpcGameCreator
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.messaging import consume_abandoned_seats, consume_finished_games
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.testing import FakeClock, RecordingNotifier, scratch_store
from daimyo_proto.daimyo.game.v1 import game_pb2
from tests.support.game_service import RunningGameService, game_service, moves_from_legal, settings_for

pytestmark = pytest.mark.integration


@pytest.fixture
async def game(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[RunningGameService]:
    async with game_service(settings_for(database_url, nats_url, fresh_schema)) as service:
        yield service


@pytest.fixture
async def matchmaking(database_url: str, nats_url: str,
                      game: RunningGameService) -> AsyncIterator[MatchmakingHandlers]:
    channel = grpc_client.channel(game.address, role="matchmaking")
    bus = await Bus.connect(nats_url, name="live-play-ratings")
    async with scratch_store(database_url) as store:
        catalog = StaticCatalog({"samurai": (2, 3, 4)})
        handlers = MatchmakingHandlers(store, GrpcGameCreator(channel), RecordingNotifier(), catalog,
                                       FakeClock(), rng=random.Random(4))
        suffix = uuid.uuid4().hex[:8]
        # only_new: a fresh durable on a shared NATS must not wade through other runs' games first
        await consume_finished_games(bus, handlers, durable=f"ratings-{suffix}", only_new=True)
        await consume_abandoned_seats(bus, handlers, durable=f"abandoned-{suffix}", only_new=True)
        try:
            yield handlers
        finally:
            await bus.close()
            await channel.close()


async def enqueue(mm: MatchmakingHandlers, player: str) -> Any:
    return await mm.enqueue(Enqueue(player, "samurai", player_counts=[2], display_name=player))


async def eventually(check: Any, timeout: float = 10.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while not (result := await check()):
        assert asyncio.get_running_loop().time() < deadline, "timed out waiting"
        await asyncio.sleep(0.05)
    return result


async def play_to_the_end(stub: Any, game_id: str, players: dict[int, str]) -> Any:
    """Random legal moves: each player's own seat as that player, a bot's seat as the driver does."""
    rng = random.Random(9)
    watch = game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(spectator=True))
    while not (state := await stub.GetView(watch)).finished:
        seat = state.to_act[0]
        view = await stub.GetView(game_pb2.GetViewRequest(game_id=game_id, viewer=game_pb2.Viewer(seat=seat)))
        move = rng.choice(moves_from_legal(json.loads(view.view_json)["legal"], rng))
        taken = {t.seat for t in state.takeovers}
        await stub.SubmitMove(game_pb2.SubmitMoveRequest(
            game_id=game_id, seat=seat, move_json=json.dumps(move), expected_version=state.version,
            player_id="" if seat in taken else players[seat]))
    return state


async def test_a_player_who_leaves_keeps_the_live_slot_until_the_end_and_is_ranked_last(
        game: RunningGameService, matchmaking: MatchmakingHandlers) -> None:
    ann, ben = f"ann-{uuid.uuid4().hex[:6]}", f"ben-{uuid.uuid4().hex[:6]}"
    await enqueue(matchmaking, ann)
    await enqueue(matchmaking, ben)
    (match,) = await matchmaking.match_round("samurai")
    seats = {n: s.player_id for n, s in enumerate(match.seats)}
    ann_seat = next(n for n, p in seats.items() if p == ann)
    with pytest.raises(PlayerBusy):
        await enqueue(matchmaking, ann)

    await game.stub.HandOverSeat(game_pb2.HandOverSeatRequest(
        game_id=match.game_id, seat=ann_seat, player_id=ann, reason="resigned"))
    await asyncio.sleep(0.5)  # the abandoned-seat message arrives: it frees nothing
    for player in (ann, ben):
        with pytest.raises(PlayerBusy):
            await enqueue(matchmaking, player)

    final = await play_to_the_end(game.stub, match.game_id, seats)
    rated = await eventually(lambda: _rated(matchmaking, ben))
    await eventually(lambda: _is_free(matchmaking, ann))  # free once the game is over
    left = await matchmaking.get_rating(ann, "samurai")
    assert left.games == 1 and left.mu < 25 < rated.mu, (final.finished, left, rated)


async def _is_free(mm: MatchmakingHandlers, player: str) -> bool:
    return await mm.store.busy_state(player) is None


async def _rated(mm: MatchmakingHandlers, player: str) -> Any:
    rating = await mm.get_rating(player, "samurai")
    return rating if rating.games else None
