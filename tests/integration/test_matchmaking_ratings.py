"""Ratings on real Postgres and NATS: one update per finished game however often the message
arrives, ties for shared victories, no change when a bot sat at the table, a leaderboard."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import GameResult, ResultSeat
from daimyo_matchmaking.domain import PlayerRating
from daimyo_matchmaking.handlers import MatchmakingHandlers
from daimyo_matchmaking.messaging import consume_finished_games
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier, scratch_store

pytestmark = pytest.mark.integration


@pytest.fixture
async def mm(database_url: str) -> AsyncIterator[MatchmakingHandlers]:
    async with scratch_store(database_url) as store:
        yield MatchmakingHandlers(
            store,
            InMemoryGameCreator(),
            RecordingNotifier(),
            StaticCatalog({"samurai": (2, 3, 4)}),
            FakeClock(),
            rng=random.Random(1),
        )


def finished(game_id: str, seats: list[str], winners: list[int], **outcome: list[int]) -> dict[str, Any]:
    occupants = [{"bot_level": s[4:]} if s.startswith("bot:") else {"player_id": s} for s in seats]
    return {
        "game_id": game_id,
        "game": "samurai",
        "seats": occupants,
        "outcome": {"winners": winners, **outcome},
    }


def result_message(data: dict[str, Any]) -> GameResult:
    """The relay's message for the finished game `data` describes."""
    seats = tuple(ResultSeat(n, s.get("player_id"), s.get("bot_level"), False)
                  for n, s in enumerate(data["seats"]))
    return GameResult(data["game_id"], data["game"], 90, data["outcome"], seats, ())


async def ratings(mm: MatchmakingHandlers, *players: str) -> dict[str, PlayerRating]:
    return {p: await mm.get_rating(p, "samurai") for p in players}


async def test_a_redelivered_finished_game_counts_once(mm: MatchmakingHandlers) -> None:
    message = finished("g1", ["ann", "ben", "cat"], [0])
    assert await mm.game_finished(message)
    once = await ratings(mm, "ann", "ben", "cat")
    assert not await mm.game_finished(message)
    assert await ratings(mm, "ann", "ben", "cat") == once
    assert once["ann"].games == 1 and once["ann"].mu > 25 > once["ben"].mu


async def test_concurrent_redeliveries_still_count_once(mm: MatchmakingHandlers) -> None:
    message = finished("g2", ["ann", "ben"], [1])
    applied = await asyncio.gather(*(mm.game_finished(message) for _ in range(8)))
    assert sorted(applied) == [False] * 7 + [True]
    assert (await mm.get_rating("ben", "samurai")).games == 1


async def test_a_shared_victory_rates_the_winners_alike(mm: MatchmakingHandlers) -> None:
    await mm.game_finished(finished("g3", ["ann", "ben", "cat"], [0, 2]))
    got = await ratings(mm, "ann", "ben", "cat")
    assert got["ann"].mu == pytest.approx(got["cat"].mu) and got["ann"].mu > got["ben"].mu


async def test_a_game_with_a_bot_leaves_human_ratings_alone(mm: MatchmakingHandlers) -> None:
    assert await mm.game_finished(finished("g4", ["ann", "bot:greedy"], [0]))
    assert (await mm.get_rating("ann", "samurai")).games == 0


async def test_the_leaderboard_ranks_by_conservative_skill(mm: MatchmakingHandlers) -> None:
    for i in range(4):
        await mm.game_finished(finished(f"lb{i}", ["ann", "ben", "cat"], [0], scores=[9, 5, 1]))
    board = await mm.leaderboard("samurai", 10)
    assert [r.player_id for r in board] == ["ann", "ben", "cat"]
    assert board[0].ordinal == pytest.approx(board[0].mu - 3 * board[0].sigma)


async def test_finished_games_arrive_over_jetstream_and_redelivery_counts_once(
    mm: MatchmakingHandlers, nats_url: str
) -> None:
    bus = await Bus.connect(nats_url, name="mm-ratings-test")
    durable = f"mm-test-{uuid.uuid4().hex[:8]}"
    game_id = f"nats-{uuid.uuid4().hex[:8]}"
    try:
        await bus.ensure_games_stream()  # the relay's job; the matchmaker only waits for it
        await consume_finished_games(bus, mm, durable, only_new=True)  # not the shared stream's backlog
        message = result_message(finished(game_id, ["dan", "eve"], [0]))
        await bus.publish_durable(subjects.finished(game_id), message, message_id=f"{game_id}-a")
        await bus.publish_durable(
            subjects.finished(game_id), message, message_id=f"{game_id}-b"
        )  # a relay retry
        await bus.publish_durable(subjects.finished(game_id), b'{"game_id": "x"}')  # malformed: dropped
        for _ in range(300):  # up to 15 s on a busy machine
            if (await mm.get_rating("dan", "samurai")).games:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        assert (await mm.get_rating("dan", "samurai")).games == 1
        assert (await mm.get_rating("eve", "samurai")).games == 1
    finally:
        await bus.client.jetstream().delete_consumer(subjects.GAMES_STREAM, durable)
        await bus.close()
