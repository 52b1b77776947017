"""A player may hold one live game and any number of correspondence games at once (matchmaking on
real Postgres, fake game service): the live slot is refused with a sentence, never an id."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from daimyo_matchmaking.domain import PlayerBusy
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier, scratch_store

pytestmark = pytest.mark.integration

SLOW = '{"type": "correspondence", "days_per_move": 3}'
LIVE = '{"type": "live", "initial_seconds": 600, "increment_seconds": 10}'


@pytest.fixture
async def mm(database_url: str) -> AsyncIterator[MatchmakingHandlers]:
    async with scratch_store(database_url) as store:
        yield MatchmakingHandlers(store, InMemoryGameCreator(), RecordingNotifier(),
                                  StaticCatalog({"samurai": (2, 3, 4)}), FakeClock(), Policy(),
                                  rng=random.Random(3))


async def seat_pair(mm: MatchmakingHandlers, a: str, b: str, clock: str) -> None:
    for player in (a, b):
        await mm.enqueue(Enqueue(player, "samurai", [2], time_control_json=clock))
    assert len(await mm.match_round("samurai")) == 1


async def test_correspondence_games_pile_up_beside_one_live_game(mm: MatchmakingHandlers) -> None:
    await seat_pair(mm, "ann", "bob", SLOW)
    await seat_pair(mm, "ann", "cid", SLOW)
    await seat_pair(mm, "ann", "dan", LIVE)
    await seat_pair(mm, "ann", "eve", SLOW)  # a third correspondence game beside the live one


async def test_a_second_live_game_is_refused_in_words_without_ids(mm: MatchmakingHandlers) -> None:
    await seat_pair(mm, "ann", "bob", LIVE)
    with pytest.raises(PlayerBusy) as refused:
        await mm.enqueue(Enqueue("ann", "samurai", [2], time_control_json=LIVE))
    message = str(refused.value)
    assert message.startswith("You are already in a live game") and "ann" not in message
    assert "correspondence" in message


async def test_one_ticket_waits_at_a_time_whatever_its_clock(mm: MatchmakingHandlers) -> None:
    await mm.enqueue(Enqueue("ann", "samurai", [2], time_control_json=SLOW))
    with pytest.raises(PlayerBusy, match="already waiting for a table"):
        await mm.enqueue(Enqueue("ann", "samurai", [2], time_control_json=SLOW))
