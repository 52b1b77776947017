"""One game against bots in progress per guest, on real Postgres: leaving the seat (the bots
play on) does not free the guest to start another one until that game is over."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import grpc
import pytest

from daimyo_matchmaking.domain import QuotaExceeded
from daimyo_matchmaking.grpc_api import status_for
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.store import PostgresStore
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier, scratch_store

pytestmark = pytest.mark.integration


@pytest.fixture
async def mm(database_url: str) -> AsyncIterator[MatchmakingHandlers]:
    store: PostgresStore
    async with scratch_store(database_url) as store:
        yield MatchmakingHandlers(store, InMemoryGameCreator(), RecordingNotifier(),
                                  StaticCatalog({"samurai": (2, 3, 4)}), FakeClock(), Policy(),
                                  rng=random.Random(7))


def bots(player: str) -> Enqueue:
    return Enqueue(player_id=player, game="samurai", player_counts=[2], bots_only=True, bot_level="random")


async def start_and_leave(mm: MatchmakingHandlers, player: str) -> str:
    await mm.enqueue(bots(player))
    (match,) = await mm.match_round("samurai")
    assert match.game_id is not None
    await mm.seat_abandoned({"game_id": match.game_id, "player_id": player})
    return match.game_id


async def test_a_guest_who_left_a_bot_game_cannot_start_another_while_it_runs(
        mm: MatchmakingHandlers) -> None:
    game_id = await start_and_leave(mm, "g-solo")
    with pytest.raises(QuotaExceeded, match="at most 1 game against bots in progress"):
        await mm.enqueue(bots("g-solo"))
    people = await mm.enqueue(Enqueue(player_id="g-solo", game="samurai", player_counts=[2]))
    assert people.ticket.state == "queued"
    await mm.cancel(people.ticket.ticket_id, "g-solo")
    await mm.game_finished({"game_id": game_id, "game": "samurai", "outcome": {"winners": [0]},
                            "seats": [{"player_id": "g-solo"}, {"bot_level": "random"}]})
    assert (await mm.enqueue(bots("g-solo"))).ticket.state == "queued"


async def test_the_quota_is_per_guest_and_configurable(mm: MatchmakingHandlers) -> None:
    await start_and_leave(mm, "g-one")
    assert (await mm.enqueue(bots("g-two"))).ticket.state == "queued"
    mm.bot_games_per_player = 2
    assert (await mm.enqueue(bots("g-one"))).ticket.state == "queued"


def test_the_refusal_is_resource_exhausted_which_the_gateway_answers_with_429() -> None:
    assert status_for(QuotaExceeded("x")) == grpc.StatusCode.RESOURCE_EXHAUSTED
