"""Matchmaking handlers on real Postgres with a fake clock and fake game service: a match from
enqueue to its players' messages, a restart that keeps the queue, a game-service outage waited
out. The rest of the handlers' behaviour runs on the in-memory store (tests/unit/matchmaking),
held to Postgres's rules by tests/contract/test_matchmaking_store_contract.py."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from functools import partial

import pytest

from daimyo_matchmaking.bootstrap import connected_store
from daimyo_matchmaking.domain import MATCHED
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import RulesCatalog
from daimyo_matchmaking.store import PostgresStore
from daimyo_matchmaking.testing import (
    FakeClock,
    InMemoryGameCreator,
    RecordingNotifier,
    scratch_store,
)

pytestmark = pytest.mark.integration

POLICY = Policy(base_window=3.0, window_growth_per_second=0.5, max_window=50.0, backfill_seconds=15.0)
GAMES = RulesCatalog()


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[PostgresStore]:
    async with scratch_store(database_url) as store:
        yield store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def games() -> InMemoryGameCreator:
    return InMemoryGameCreator()


@pytest.fixture
def notifier() -> RecordingNotifier:
    return RecordingNotifier()


@pytest.fixture
def mm(
    store: PostgresStore, games: InMemoryGameCreator, notifier: RecordingNotifier, clock: FakeClock
) -> MatchmakingHandlers:
    return MatchmakingHandlers(store, games, notifier, GAMES, clock, POLICY, rng=random.Random(7))


ask = partial(Enqueue, game="samurai")  # ask("alice", player_counts=[2]): a request for samurai unless told


async def test_two_close_players_get_one_game_with_shuffled_seats_and_a_message_each(
    mm: MatchmakingHandlers, games: InMemoryGameCreator, notifier: RecordingNotifier
) -> None:
    a = await mm.enqueue(ask("alice", player_counts=[2], display_name="Alice"))
    slow = '{"type": "correspondence", "days_per_move": 3}'
    b = await mm.enqueue(ask("bob", player_counts=[2], time_control_json=slow))
    assert await mm.match_round("samurai") == []  # different time controls never meet
    await mm.cancel(b.ticket.ticket_id, "bob")
    await mm.enqueue(ask("bob", player_counts=[2]))
    (match,) = await mm.match_round("samurai")
    created = games.games[match.game_id]
    assert created.config == {"players": 2, "random_setup": True}
    assert sorted(s.player_id for s in created.seats) == ["alice", "bob"]
    ticket = (await mm.get_ticket(a.ticket.ticket_id)).ticket
    assert (ticket.state, ticket.game_id) == (MATCHED, match.game_id)
    assert (
        created.seats[ticket.seat].player_id == "alice" and created.seats[ticket.seat].display_name == "Alice"
    )
    (message,) = notifier.messages["alice"]
    assert message == {
        "type": "match_found",
        "game_id": match.game_id,
        "seat": ticket.seat,
        "game": "samurai",
        "ticket_id": a.ticket.ticket_id,
    }


async def test_a_restart_keeps_the_queue(
    database_url: str,
    store: PostgresStore,
    games: InMemoryGameCreator,
    notifier: RecordingNotifier,
    clock: FakeClock,
) -> None:
    first = MatchmakingHandlers(store, games, notifier, GAMES, clock, POLICY)
    tickets = [await first.enqueue(ask(p, player_counts=[3])) for p in ("a", "b")]
    async with connected_store(database_url, store.schema) as reopened:
        second = MatchmakingHandlers(reopened, games, notifier, GAMES, clock, POLICY)
        assert [(await second.get_ticket(t.ticket.ticket_id)).ticket.state for t in tickets] == ["queued"] * 2
        await second.enqueue(ask("c", player_counts=[3]))
        (match,) = await second.match_round("samurai")
        assert sorted(s.player_id for s in match.seats) == ["a", "b", "c"]


async def test_a_match_waits_out_a_game_service_outage_and_is_created_once_it_returns(
    mm: MatchmakingHandlers, games: InMemoryGameCreator, notifier: RecordingNotifier, clock: FakeClock
) -> None:
    a = await mm.enqueue(ask("a", player_counts=[2]))
    await mm.enqueue(ask("b", player_counts=[2]))
    games.unavailable = True
    assert await mm.match_round("samurai") == []
    assert (await mm.get_ticket(a.ticket.ticket_id)).ticket.state == "matching"
    games.unavailable = False
    clock.advance(mm.stale_match_seconds + 1)
    await mm.match_all()
    ticket = (await mm.get_ticket(a.ticket.ticket_id)).ticket
    assert ticket.state == MATCHED and len(games.games) == 1 and len(notifier.messages["a"]) == 1
