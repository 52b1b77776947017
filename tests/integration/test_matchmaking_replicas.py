"""Two matchmaker replicas on one database: 200 tickets enqueued concurrently while both match,
some cancelled, some enqueued twice — nobody sits in two games, no cancelled ticket is seated,
and every game is exactly full."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

from daimyo_matchmaking.bootstrap import connected_store
from daimyo_matchmaking.domain import MatchmakingError
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import StaticCatalog
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier, scratch_store

pytestmark = pytest.mark.integration

PLAYERS = 200
POLICY = Policy(backfill_seconds=1e9)  # humans only: every game must be full of humans
COUNTS = ([2], [3], [4], [2, 3], [3, 4], [2, 3, 4])


async def matching_until(stop: asyncio.Event, replica: MatchmakingHandlers) -> int:
    formed = 0
    while not stop.is_set():
        formed += len(await replica.match_round("samurai"))
        await asyncio.sleep(0)
    return formed + len(await replica.match_round("samurai"))


async def enqueue_quietly(replica: MatchmakingHandlers, request: Enqueue) -> str | None:
    try:
        return (await replica.enqueue(request)).ticket.ticket_id
    except MatchmakingError:
        return None


async def cancel_quietly(replica: MatchmakingHandlers, ticket_id: str | None, player: str) -> str | None:
    if ticket_id is None:
        return None
    try:
        await replica.cancel(ticket_id, player)
    except MatchmakingError:
        return None
    return ticket_id


async def test_two_replicas_never_double_book_a_player(database_url: str) -> None:
    rng = random.Random(5)
    clock, games = FakeClock(), InMemoryGameCreator()
    catalog = StaticCatalog({"samurai": (2, 3, 4)})
    async with (
        scratch_store(database_url, max_size=8) as one,
        connected_store(database_url, one.schema, 8) as two,
    ):
        replicas = [
            MatchmakingHandlers(
                store, games, RecordingNotifier(), catalog, clock, POLICY, rng=random.Random(i)
            )
            for i, store in enumerate((one, two))
        ]
        stop = asyncio.Event()
        matchers = [asyncio.create_task(matching_until(stop, r)) for r in replicas]
        requests = [Enqueue(f"p{i}", "samurai", rng.choice(COUNTS)) for i in range(PLAYERS)]
        doubles = [Enqueue(f"p{i}", "samurai", [2, 3, 4]) for i in range(0, PLAYERS, 10)]
        ids = await asyncio.gather(
            *(enqueue_quietly(replicas[i % 2], r) for i, r in enumerate(requests + doubles))
        )
        cancelled = await asyncio.gather(
            *(cancel_quietly(replicas[i % 2], ids[i], f"p{i}") for i in range(3, PLAYERS, 9))
        )
        stop.set()
        formed = sum(await asyncio.gather(*matchers))

        seated = [s for game in games.games.values() for s in game.seats]
        assert formed == len(games.games) > 20
        assert all(
            len(g.seats) == g.config["players"] and not any(s.is_bot for s in g.seats)
            for g in games.games.values()
        )
        assert max(Counter(s.player_id for s in seated).values()) == 1
        assert not {s.ticket_id for s in seated} & {t for t in cancelled if t}
        assert sum(1 for t in ids if t) == PLAYERS  # each double enqueue was refused
        for ticket_id in {s.ticket_id for s in seated}:
            status = await replicas[0].get_ticket(ticket_id)
            assert status.ticket.state == "matched" and status.ticket.game_id in games.games


async def test_a_replica_skips_the_tickets_another_replica_is_matching(database_url: str) -> None:
    clock, games = FakeClock(), InMemoryGameCreator()
    catalog = StaticCatalog({"samurai": (2, 3, 4)})
    async with scratch_store(database_url) as one, connected_store(database_url, one.schema) as two:
        first, second = (
            MatchmakingHandlers(store, games, RecordingNotifier(), catalog, clock, POLICY)
            for store in (one, two)
        )
        for player in ("a", "b"):
            await first.enqueue(Enqueue(player, "samurai", [2]))
        async with one.claim_queue("samurai") as held:
            for player in ("c", "d"):
                await second.enqueue(Enqueue(player, "samurai", [2]))
            (meanwhile,) = await second.match_round("samurai")
            assert sorted(t.player_id for t in held.tickets) == ["a", "b"]
        assert sorted(s.player_id for s in meanwhile.seats) == ["c", "d"]
        (later,) = await first.match_round("samurai")
        assert sorted(s.player_id for s in later.seats) == ["a", "b"]
