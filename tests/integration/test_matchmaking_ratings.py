"""Ratings on real Postgres and NATS: finished games arrive over JetStream and one redelivered
counts once. The rating rules themselves run on the in-memory store (tests/unit/matchmaking)."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from daimyo_bus import Bus, subjects
from daimyo_bus.messages import GameResult, ResultSeat
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
