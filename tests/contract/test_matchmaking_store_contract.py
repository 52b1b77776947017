"""The contract of matchmaking's store port (`store_api.MatchmakingStore`), held by both the
in-memory store and the Postgres one: tickets, the live slot, queue claims, pending matches,
ratings once per game, rematch offers and private tables."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from daimyo_matchmaking import rematch as offers
from daimyo_matchmaking import tables as private
from daimyo_matchmaking.allowance import Holdings
from daimyo_matchmaking.domain import (
    CANCELLED,
    MATCHED,
    MATCHING,
    QUEUED,
    MatchRecord,
    NewTicket,
    NotAllowed,
    NotFound,
    PlayerBusy,
    QuotaExceeded,
    Refused,
    SeatSpec,
    TicketNotCancellable,
    TicketNotFound,
)
from daimyo_matchmaking.ratings import FinishedGame, board
from daimyo_matchmaking.rematch import Rematch, RematchBusy
from daimyo_matchmaking.store_api import MatchmakingStore
from daimyo_matchmaking.store_memory import InMemoryStore
from daimyo_matchmaking.tables import NewTable
from daimyo_matchmaking.testing import scratch_store

T0 = 1_000_000.0
SLOW = '{"type": "correspondence", "days_per_move": 3}'


@pytest.fixture(params=["memory", pytest.param("postgres", marks=pytest.mark.integration)])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[MatchmakingStore]:
    """A fresh store of the implementation under test (this module's, not the event store's)."""
    if request.param == "memory":
        yield InMemoryStore()
        return
    async with scratch_store(request.getfixturevalue("database_url")) as postgres:
        yield postgres


def ticket(player: str, *party: str, game: str = "samurai", clock: str = "", at: float = T0,
           bots_only: bool = False, name: str = "") -> NewTicket:
    return NewTicket(uuid.uuid4().hex, player, game, (player, *party), (2, 3), bots_only, bots_only, "",
                     name, clock, 25.0, at)


def match_of(*tickets: NewTicket, bots: int = 0, at: float = T0 + 5) -> MatchRecord:
    seats = tuple(SeatSpec(player_id=p, ticket_id=t.ticket_id, display_name=p.title())
                  for t in tickets for p in t.players)
    seats += (SeatSpec(bot_level="random", display_name="Bot (random)"),) * bots
    return MatchRecord(uuid.uuid4().hex, tickets[0].game, seats, {"players": len(seats)},
                       tickets[0].time_control_json, at, ticket_ids=tuple(t.ticket_id for t in tickets))


async def queued(store: MatchmakingStore, *tickets: NewTicket) -> None:
    for new in tickets:
        await store.insert_ticket(new)


async def formed(store: MatchmakingStore, *tickets: NewTicket, bots: int = 0) -> MatchRecord:
    """The tickets queued and claimed into one pending match."""
    await queued(store, *tickets)
    match = match_of(*tickets, bots=bots)
    async with store.claim_queue(match.game) as claim:
        await claim.record_match(match)
    return match


async def created(store: MatchmakingStore, match: MatchRecord, game_id: str = "") -> str:
    game_id = game_id or f"game-{uuid.uuid4().hex[:8]}"
    async with store.pending_match(match.match_id) as pending:
        assert pending is not None
        await pending.created(game_id)
    return game_id


async def played(store: MatchmakingStore, *tickets: NewTicket, bots: int = 0) -> tuple[MatchRecord, str]:
    match = await formed(store, *tickets, bots=bots)
    return match, await created(store, match)


def finished(game_id: str, *players: str | None) -> FinishedGame:
    return FinishedGame(game_id, "samurai", players, (0,))


async def rate_as(store: MatchmakingStore, **mus: float) -> None:
    """Give the players these skills (and one game) through a finished game."""
    await store.record_finished_game(finished(uuid.uuid4().hex, *mus), lambda current: [
        replace(r, mu=mus[r.player_id], sigma=2.0, games=r.games + 1) for r in current])


# -- tickets ---------------------------------------------------------------------------------


async def test_a_stored_ticket_reads_back_queued_and_unmatched(store: MatchmakingStore) -> None:
    new = ticket("ann", "ben", name="Ann")
    await store.insert_ticket(new)
    got = await store.get_ticket(new.ticket_id)
    assert (got.player_id, got.players, got.player_counts, got.display_name) == ("ann", ("ann", "ben"),
                                                                                 (2, 3), "Ann")
    assert (got.state, got.closed_at, got.match_id, got.game_id, got.seat, got.fill_now) == (
        QUEUED, None, "", "", -1, False)
    assert await store.busy_state("ben") == QUEUED


async def test_an_unknown_ticket_is_not_found(store: MatchmakingStore) -> None:
    with pytest.raises(TicketNotFound):
        await store.get_ticket("nope")


async def test_a_player_waits_on_one_ticket_at_a_time_whatever_its_clock(store: MatchmakingStore) -> None:
    await store.insert_ticket(ticket("ann", clock=SLOW))
    for again in (ticket("ann"), ticket("ann", clock=SLOW)):
        with pytest.raises(PlayerBusy) as refused:
            await store.insert_ticket(again)
        assert refused.value.queued and refused.value.player_id == "ann"


async def test_a_party_with_a_queued_member_is_refused_and_stores_nothing(store: MatchmakingStore) -> None:
    await store.insert_ticket(ticket("ben"))
    party = ticket("ann", "ben", "cid")
    with pytest.raises(PlayerBusy, match=r"^A player of your party"):
        await store.insert_ticket(party)
    with pytest.raises(TicketNotFound):
        await store.get_ticket(party.ticket_id)
    assert await store.busy_state("ann") is None and await store.busy_state("cid") is None
    await store.insert_ticket(ticket("ann", "cid"))


async def test_racing_tickets_of_one_player_store_exactly_one(store: MatchmakingStore) -> None:
    results = await asyncio.gather(*(store.insert_ticket(ticket("ann")) for _ in range(6)),
                                   return_exceptions=True)
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, PlayerBusy) for r in results if r is not None)


async def test_a_cancelled_ticket_frees_its_players(store: MatchmakingStore) -> None:
    new = ticket("ann", "ben")
    await store.insert_ticket(new)
    await store.cancel_ticket(new.ticket_id, "ben", T0 + 3)
    got = await store.get_ticket(new.ticket_id)
    assert (got.state, got.closed_at) == (CANCELLED, T0 + 3)
    assert await store.busy_state("ann") is None
    await store.insert_ticket(ticket("ann", "ben"))


async def test_only_a_player_of_a_queued_ticket_may_cancel_it(store: MatchmakingStore) -> None:
    new = ticket("ann")
    await store.insert_ticket(new)
    with pytest.raises(TicketNotCancellable, match="not yours"):
        await store.cancel_ticket(new.ticket_id, "eve", T0)
    await store.cancel_ticket(new.ticket_id, "", T0)  # the service itself names nobody
    with pytest.raises(TicketNotCancellable, match="this ticket is cancelled: too late"):
        await store.cancel_ticket(new.ticket_id, "ann", T0)
    with pytest.raises(TicketNotFound):
        await store.cancel_ticket("nope", "ann", T0)


async def test_heartbeats_keep_tickets_and_absence_cancels_them(store: MatchmakingStore) -> None:
    ann, ben, solo = ticket("ann"), ticket("ben"), ticket("cid", bots_only=True)
    await queued(store, ann, ben, solo)
    assert await store.touch_player("ann", T0 + 20) == 1
    assert await store.player_gone("ben", T0 - 50) == 1
    assert await store.player_gone("cid", T0 - 50) == 1
    assert await store.touch_player("nobody", T0) == 0
    assert await store.cancel_unseen(T0 + 10, T0 + 30) == [(ben.ticket_id, "ben")]
    assert (await store.get_ticket(ben.ticket_id)).closed_at == T0 + 30
    assert await store.busy_state("ben") is None
    assert (await store.get_ticket(solo.ticket_id)).state == QUEUED  # bots-only tickets need no page
    assert await store.touch_player("ben", T0 + 40) == 0  # only queued tickets count


async def test_a_later_heartbeat_outweighs_an_earlier_goodbye(store: MatchmakingStore) -> None:
    ann = ticket("ann")
    await store.insert_ticket(ann)
    await store.touch_player("ann", T0 + 20)
    await store.touch_player("ann", T0 + 5)  # a late, older heartbeat never moves it back
    assert await store.cancel_unseen(T0 + 19, T0 + 21) == []
    await store.player_gone("ann", T0 + 1)
    await store.touch_player("ann", T0 + 2)
    assert await store.cancel_unseen(T0 + 3, T0 + 21) == [(ann.ticket_id, "ann")]


async def test_its_owner_may_ask_for_bots_now_while_it_is_queued(store: MatchmakingStore) -> None:
    new = ticket("ann", "ben")
    await store.insert_ticket(new)
    with pytest.raises(TicketNotFound):
        await store.fill_now(new.ticket_id, "ben")
    await store.fill_now(new.ticket_id, "ann")
    got = await store.get_ticket(new.ticket_id)
    assert got.fill_now and got.bots_welcome
    await store.cancel_ticket(new.ticket_id, "ann", T0)
    with pytest.raises(TicketNotCancellable, match="too late to ask for bots"):
        await store.fill_now(new.ticket_id, "ann")


async def test_queued_games_lists_each_game_with_a_queued_ticket_once(store: MatchmakingStore) -> None:
    gone = ticket("cid", game="go")
    await queued(store, ticket("ann", game="shogun"), ticket("ben"), ticket("dan"), gone)
    await store.cancel_ticket(gone.ticket_id, "cid", T0)
    assert await store.queued_games() == ["samurai", "shogun"]


async def test_recent_waits_are_the_latest_matched_tickets_waits(store: MatchmakingStore) -> None:
    for n, wait in enumerate((4.0, 9.0, 1.0)):
        pair = (ticket(f"a{n}", at=T0 + n * 100), ticket(f"b{n}", at=T0 + n * 100))
        await queued(store, *pair)
        match = replace(match_of(*pair), formed_at=T0 + n * 100 + wait)
        async with store.claim_queue("samurai") as claim:
            await claim.record_match(match)
        await created(store, match)
    assert await store.recent_waits("samurai", limit=4) == [1.0, 1.0, 9.0, 9.0]
    assert await store.recent_waits("shogun") == []


# -- matching --------------------------------------------------------------------------------


async def test_a_claim_holds_the_queue_oldest_first(store: MatchmakingStore) -> None:
    late, early = ticket("ann", at=T0 + 9), ticket("ben", at=T0 + 1)
    await queued(store, late, early, ticket("cid", game="shogun"))
    async with store.claim_queue("samurai") as claim:
        assert [t.ticket_id for t in claim.tickets] == [early.ticket_id, late.ticket_id]
        assert all((t.state, t.game_id, t.seat) == (QUEUED, "", -1) for t in claim.tickets)


async def test_a_recorded_match_shows_only_once_the_claim_ends(store: MatchmakingStore) -> None:
    ann, ben = ticket("ann"), ticket("ben")
    await queued(store, ann, ben)
    match = match_of(ann, ben)
    async with store.claim_queue("samurai") as claim:
        await claim.record_match(match)
        assert (await store.get_ticket(ann.ticket_id)).state == QUEUED
    got = await store.get_ticket(ann.ticket_id)
    assert (got.state, got.match_id, got.closed_at) == (MATCHING, match.match_id, match.formed_at)
    assert await store.busy_state("ben") == "playing"
    assert await store.stale_pending_matches(T0 + 6) == [match.match_id]
    assert await store.stale_pending_matches(T0 + 5) == []


async def test_a_claim_that_fails_changes_nothing(store: MatchmakingStore) -> None:
    ann, ben = ticket("ann"), ticket("ben")
    await queued(store, ann, ben)
    with pytest.raises(RuntimeError):
        async with store.claim_queue("samurai") as claim:
            await claim.record_match(match_of(ann, ben))
            raise RuntimeError("the matcher crashed")
    assert (await store.get_ticket(ann.ticket_id)).state == QUEUED
    assert await store.stale_pending_matches(T0 + 100) == []
    async with store.claim_queue("samurai") as again:
        assert len(again.tickets) == 2


async def test_two_claims_never_hold_the_same_ticket(store: MatchmakingStore) -> None:
    await queued(store, ticket("ann"), ticket("ben"))
    async with store.claim_queue("samurai") as first:
        await store.insert_ticket(ticket("cid"))
        async with store.claim_queue("samurai") as second:
            assert [t.player_id for t in second.tickets] == ["cid"]
        assert sorted(t.player_id for t in first.tickets) == ["ann", "ben"]


async def test_a_cancel_of_a_held_ticket_waits_for_the_claim(store: MatchmakingStore) -> None:
    ann, ben, cid = ticket("ann"), ticket("ben"), ticket("cid")
    await queued(store, ann, ben, cid)
    async with store.claim_queue("samurai") as claim:
        await claim.record_match(match_of(ann, ben))
        late = asyncio.create_task(store.cancel_ticket(ann.ticket_id, "ann", T0))
        other = asyncio.create_task(store.cancel_ticket(cid.ticket_id, "cid", T0))
        await asyncio.sleep(0.3)
        assert not late.done()
        assert await store.cancel_unseen(T0 + 100, T0) == []  # held tickets are skipped, not awaited
    with pytest.raises(TicketNotCancellable, match="matching: too late"):
        await late
    await other
    assert (await store.get_ticket(cid.ticket_id)).state == CANCELLED


async def test_a_created_game_seats_its_tickets(store: MatchmakingStore) -> None:
    ann, ben = ticket("ann"), ticket("ben")
    match, game_id = await played(store, ann, ben, bots=1)
    got = await store.get_ticket(ben.ticket_id)
    assert (got.state, got.game_id, match.seats[got.seat].player_id) == (MATCHED, game_id, "ben")
    stored = await store.match_by_game(game_id)
    assert stored is not None and (stored.state, stored.game_id, stored.seats) == ("created", game_id,
                                                                                  match.seats)
    assert stored.ticket_ids == tuple(sorted((ann.ticket_id, ben.ticket_id)))
    assert (stored.config, stored.rated, stored.listed) == ({"players": 3}, True, True)
    assert await store.stale_pending_matches(T0 + 100) == []
    assert await store.match_by_game("nope") is None


async def test_a_match_is_driven_by_one_holder_at_a_time(store: MatchmakingStore) -> None:
    match = await formed(store, ticket("ann"), ticket("ben"))
    async with store.pending_match(match.match_id) as pending:
        assert pending is not None and pending.match.match_id == match.match_id
        async with store.pending_match(match.match_id) as other:
            assert other is None
        await pending.created("g-1")
    async with store.pending_match(match.match_id) as done:
        assert done is None  # no longer pending
    async with store.pending_match("nope") as unknown:
        assert unknown is None


async def test_a_pending_match_that_fails_stays_pending(store: MatchmakingStore) -> None:
    match = await formed(store, ticket("ann"), ticket("ben"))
    with pytest.raises(RuntimeError):
        async with store.pending_match(match.match_id) as pending:
            assert pending is not None
            await pending.created("g-1")
            raise RuntimeError("crashed before the commit")
    assert await store.match_by_game("g-1") is None
    assert await store.stale_pending_matches(T0 + 100) == [match.match_id]


async def test_an_abandoned_match_queues_its_tickets_again_with_their_wait(store: MatchmakingStore) -> None:
    ann, ben = ticket("ann", at=T0 - 7), ticket("ben")
    match = await formed(store, ann, ben)
    async with store.pending_match(match.match_id) as pending:
        assert pending is not None
        await pending.abandon()
    got = await store.get_ticket(ann.ticket_id)
    assert (got.state, got.match_id, got.closed_at, got.enqueued_at) == (QUEUED, "", None, T0 - 7)
    assert await store.busy_state("ann") == QUEUED
    assert await store.stale_pending_matches(T0 + 100) == []
    async with store.claim_queue("samurai") as claim:
        assert len(claim.tickets) == 2


async def test_the_ticket_of_a_match_is_found_by_any_of_its_players(store: MatchmakingStore) -> None:
    party, cid = ticket("ann", "ben"), ticket("cid")
    match, _ = await played(store, party, cid)
    found = await store.ticket_of_match(match.match_id, "ben")
    assert found is not None and found.ticket_id == party.ticket_id
    assert await store.ticket_of_match(match.match_id, "eve") is None


async def test_a_live_game_holds_the_live_slot_and_correspondence_games_pile_up(
        store: MatchmakingStore) -> None:
    await played(store, ticket("ann"), ticket("ben"))
    with pytest.raises(PlayerBusy) as refused:
        await store.insert_ticket(ticket("ann"))
    assert not refused.value.queued
    assert await store.tables.live_slot_taken("ann")
    for rival in ("cid", "dan"):
        await played(store, ticket("ann", clock=SLOW), ticket(rival, clock=SLOW))
    assert not await store.tables.live_slot_taken("cid")


async def test_games_with_bots_count_in_the_holdings_until_they_finish(store: MatchmakingStore) -> None:
    solo = ticket("ann", bots_only=True)
    await store.insert_ticket(solo)
    assert (await store.holdings("ann", T0 - 60)).bot_games == 1  # a queued ticket asking for bots
    async with store.claim_queue("samurai") as claim:
        match = match_of(solo, bots=1)
        await claim.record_match(match)
    assert (await store.holdings("ann", T0 - 60)).bot_games == 1
    game_id = await created(store, match)
    assert await store.release_player(game_id, "ann")
    assert (await store.holdings("ann", T0 - 60)).bot_games == 1  # the bots play on
    await store.record_finished_game(finished(game_id, "ann", None), None)
    assert (await store.holdings("ann", T0 - 60)).bot_games == 0


async def test_a_table_of_people_with_a_bot_seat_is_a_bot_game_for_each_of_them(
        store: MatchmakingStore) -> None:
    match = await formed(store, ticket("ann", clock=SLOW), ticket("ben", clock=SLOW), bots=1)
    await created(store, match)
    for player in ("ann", "ben"):
        assert (await store.holdings(player, T0 - 60)).bot_games == 1
    await played(store, ticket("cid", clock=SLOW), ticket("dan", clock=SLOW))
    assert (await store.holdings("cid", T0 - 60)).bot_games == 0


async def test_the_holdings_say_the_live_slot_the_queue_and_the_tickets_opened_lately(
        store: MatchmakingStore) -> None:
    assert await store.holdings("ann", T0 - 60) == Holdings()
    first = ticket("ann", at=T0)
    await store.insert_ticket(first)
    held = await store.holdings("ann", T0 - 60)
    assert held.live_slot and held.queued and held.recent_joins == 1 and held.bot_games == 0
    await store.cancel_ticket(first.ticket_id, "ann", T0 + 1)
    await store.insert_ticket(ticket("ann", at=T0 + 2, clock=SLOW))
    held = await store.holdings("ann", T0 - 60)
    assert not held.live_slot and held.queued and held.recent_joins == 2
    assert (await store.holdings("ann", T0 + 1)).recent_joins == 1  # only what was opened since


async def test_releasing_a_player_frees_only_that_game(store: MatchmakingStore) -> None:
    _, live = await played(store, ticket("ann"), ticket("ben"))
    _, slow = await played(store, ticket("ann", clock=SLOW), ticket("cid", clock=SLOW))
    assert not await store.release_player(live, "cid")
    assert await store.release_player(slow, "ann")
    assert not await store.release_player(slow, "ann")
    assert await store.tables.live_slot_taken("ann")


# -- ratings ---------------------------------------------------------------------------------


async def test_newcomers_have_default_ratings_in_the_order_asked(store: MatchmakingStore) -> None:
    await rate_as(store, ben=30.0, ann=20.0)
    got = await store.ratings("samurai", ["cid", "ann", "ben"])
    assert [(r.player_id, r.mu, r.games) for r in got] == [("cid", 25.0, 0), ("ann", 20.0, 1),
                                                           ("ben", 30.0, 1)]
    assert (await store.ratings("shogun", ["ann"]))[0].mu == 25.0


async def test_a_ticket_remembers_its_players_name_for_the_leaderboard(store: MatchmakingStore) -> None:
    await store.insert_ticket(ticket("ann", name="Ann"))
    await rate_as(store, ann=30.0, ben=20.0)
    (first, second) = await store.leaderboard("samurai", 10)
    assert (first.player_id, first.display_name, second.display_name) == ("ann", "Ann", "")


async def test_a_finished_game_frees_finishes_and_rates_once(store: MatchmakingStore) -> None:
    _, game_id = await played(store, ticket("ann"), ticket("ben"))
    bump = lambda current: [replace(r, mu=r.mu + 1, games=r.games + 1) for r in current]  # noqa: E731
    assert await store.record_finished_game(finished(game_id, "ann", "ben"), bump)
    assert not await store.record_finished_game(finished(game_id, "ann", "ben"), bump)
    assert [r.mu for r in await store.ratings("samurai", ["ann", "ben"])] == [26.0, 26.0]
    stored = await store.match_by_game(game_id)
    assert stored is not None and stored.state == "finished"
    assert await store.busy_state("ann") is None


async def test_a_rated_game_moves_its_player_counts_board_too(store: MatchmakingStore) -> None:
    bump = lambda current: [replace(r, mu=r.mu + 1, games=r.games + 1) for r in current]  # noqa: E731
    assert await store.record_finished_game(finished("g-pc", "ann", "ben"), bump)
    assert [(r.player_id, r.games) for r in await store.leaderboard(board("samurai", 2), 10)] == [
        ("ann", 1), ("ben", 1)]
    assert await store.leaderboard(board("samurai", 3), 10) == []
    assert [h.game_id for h in await store.rating_history("samurai", "ann", 10)] == ["g-pc"]


async def test_concurrent_reports_of_one_game_apply_once(store: MatchmakingStore) -> None:
    bump = lambda current: [replace(r, games=r.games + 1) for r in current]  # noqa: E731
    applied = await asyncio.gather(*(store.record_finished_game(finished("g-x", "ann", "ben"), bump)
                                     for _ in range(6)))
    assert sorted(applied) == [False] * 5 + [True]
    assert [r.games for r in await store.ratings("samurai", ["ann", "ben"])] == [1, 1]


async def test_a_game_recorded_without_a_rater_rates_nobody(store: MatchmakingStore) -> None:
    assert await store.record_finished_game(finished("g-bot", "ann", None), None)
    assert (await store.ratings("samurai", ["ann"]))[0].games == 0
    assert await store.leaderboard("samurai", 10) == []


async def test_the_leaderboard_ranks_by_conservative_skill_then_id(store: MatchmakingStore) -> None:
    await rate_as(store, cid=30.0, ann=20.0, ben=20.0, dan=25.0)
    board = await store.leaderboard("samurai", 3)
    assert [r.player_id for r in board] == ["cid", "dan", "ann"]


# -- rematch offers --------------------------------------------------------------------------


def rematch_of(game_id: str, *players: str, bots: int = 0, clock: str = "", at: float = T0) -> Rematch:
    seats = tuple(SeatSpec(player_id=p, ticket_id=f"t-{p}", display_name=p.title()) for p in players)
    seats += (SeatSpec(bot_level="random", display_name="Bot (random)"),) * bots
    return Rematch(uuid.uuid4().hex, game_id, "samurai", seats, {"players": len(seats)}, clock, True, False,
                   (players[0],), offers.OPEN, "", at, at + offers.REMATCH_SECONDS)


async def test_an_offer_is_stored_once_per_game_without_tickets(store: MatchmakingStore) -> None:
    first = await store.rematches.offer(rematch_of("g-1", "ann", "ben"))
    assert [s.ticket_id for s in first.seats] == ["", ""] and first.state == offers.OPEN
    second = await store.rematches.offer(rematch_of("g-1", "ben", "ann"))
    assert second == first == await store.rematches.get(first.rematch_id)
    assert await store.rematches.for_game("g-1") == first
    assert await store.rematches.for_game("g-2") is None and await store.rematches.get("nope") is None


async def test_answers_gather_acceptances_and_a_refusal_closes_the_offer(store: MatchmakingStore) -> None:
    offer = await store.rematches.offer(rematch_of("g-1", "ann", "ben", "cid"))
    accepted = await store.rematches.answer(offer.rematch_id, "cid", True, T0 + 1)
    assert accepted.accepted == ("ann", "cid") and not accepted.everyone_accepted
    with pytest.raises(NotAllowed):
        await store.rematches.answer(offer.rematch_id, "eve", True, T0 + 1)
    declined = await store.rematches.answer(offer.rematch_id, "ben", False, T0 + 2)
    assert (declined.state, declined.reason) == (offers.REFUSED, "Ben declined")
    assert await store.rematches.get(offer.rematch_id) == declined
    with pytest.raises(Refused, match="refused: Ben declined"):
        await store.rematches.answer(offer.rematch_id, "cid", True, T0 + 3)
    with pytest.raises(NotFound):
        await store.rematches.answer("nope", "ann", True, T0)


async def test_an_answer_after_the_wait_expires_the_offer(store: MatchmakingStore) -> None:
    offer = await store.rematches.offer(rematch_of("g-1", "ann", "ben"))
    late = await store.rematches.answer(offer.rematch_id, "ben", True, offer.expires_at)
    assert (late.state, late.reason) == (offers.EXPIRED, offers.NOBODY_ANSWERED)
    assert (await store.rematches.get(offer.rematch_id)) == late


async def test_a_started_rematch_seats_its_people_once(store: MatchmakingStore) -> None:
    offer = await store.rematches.offer(rematch_of("g-1", "ann", "ben", bots=1))
    offer = await store.rematches.answer(offer.rematch_id, "ben", True, T0 + 1)
    started, match = await store.rematches.start(offer, T0 + 2)
    assert started.state == offers.STARTED and match is not None
    assert (match.match_id, match.seats, match.listed) == (offer.rematch_id, offer.seats, False)
    assert await store.busy_state("ann") == "playing"
    assert await store.stale_pending_matches(T0 + 3) == [match.match_id]
    again, none = await store.rematches.start(offer, T0 + 4)
    assert none is None and again.state == offers.STARTED
    await store.rematches.started(offer.rematch_id, "g-2")
    stored = await store.rematches.get(offer.rematch_id)
    assert stored is not None and stored.new_game_id == "g-2"


async def test_a_rematch_whose_person_plays_another_live_game_does_not_start(store: MatchmakingStore) -> None:
    await played(store, ticket("ben"), ticket("cid"))
    offer = await store.rematches.offer(rematch_of("g-1", "ann", "ben"))
    with pytest.raises(RematchBusy, match="Ben is already playing another live game"):
        await store.rematches.start(offer, T0 + 2)
    assert (await store.rematches.get(offer.rematch_id)) == offer
    assert await store.busy_state("ann") is None and await store.stale_pending_matches(T0 + 9) == []
    refused = await store.rematches.refuse(offer, "Ben is busy")
    assert (refused.state, refused.reason) == (offers.REFUSED, "Ben is busy")
    assert await store.rematches.get(offer.rematch_id) == refused


async def test_offers_expire_once_their_wait_is_over(store: MatchmakingStore) -> None:
    early = await store.rematches.offer(rematch_of("g-1", "ann", "ben", at=T0))
    await store.rematches.offer(rematch_of("g-2", "cid", "dan", at=T0 + 30))
    (expired,) = await store.rematches.expire_due(early.expires_at)
    assert (expired.rematch_id, expired.state, expired.reason) == (early.rematch_id, offers.EXPIRED,
                                                                   offers.NOBODY_ANSWERED)
    assert await store.rematches.expire_due(early.expires_at + 1) == []


# -- private tables --------------------------------------------------------------------------


async def open_table(store: MatchmakingStore, host: str = "ann", seats: int = 2, clock: str = "",
                     now: float = T0) -> private.Table:
    table = private.new_table(NewTable(host, host.title(), "samurai", seats, {"random_setup": False},
                                       clock), {"random_setup": False}, now)
    await store.tables.insert(table)
    return table


async def test_a_table_is_found_by_its_code_and_counted_while_open(store: MatchmakingStore) -> None:
    table = await open_table(store)
    await open_table(store, now=T0 - private.TABLE_SECONDS)  # expired by now
    assert await store.tables.by_code(table.code) == table
    assert await store.tables.by_code("nope") is None
    assert await store.tables.open_tables_of("ann", T0) == 1
    assert await store.tables.open_tables_of("ben", T0) == 0


async def test_a_challenge_waits_in_the_outbox_with_its_table_until_it_is_sent(
    store: MatchmakingStore,
) -> None:
    from daimyo_bus.messages import TableChallenge

    table = private.new_table(NewTable("ann", "Ann", "samurai", 2, {}, "", invited=("ben",)), {}, T0)
    challenge = TableChallenge(table.code, "samurai", "ann", "Ann", ("ben",))
    await store.tables.insert(table, challenge)
    await open_table(store, host="cat")  # no challenge
    assert await store.tables.unsent_challenges(T0) == []  # only those older than `before`
    assert await store.tables.unsent_challenges(T0 + 1) == [challenge]
    await store.tables.challenge_sent(table.code)
    assert await store.tables.unsent_challenges(T0 + 1) == []


async def test_a_table_starts_once_its_last_seat_is_taken(store: MatchmakingStore) -> None:
    table = await open_table(store, seats=3)
    seated, none = await store.tables.change(table.code, private.seat_guest("ben", "Ben"), T0 + 1)
    assert none is None and seated.empty_seats == [2]
    assert await store.tables.by_code(table.code) == seated
    started, match = await store.tables.change(table.code, private.seat_bots("ann", ["random"]), T0 + 2)
    assert started.state == private.STARTED and match is not None
    assert (match.match_id, match.config, len(match.seats)) == (table.table_id,
                                                                {"random_setup": False, "players": 3}, 3)
    assert await store.tables.live_slot_taken("ben")
    await store.tables.started(table.table_id, "g-9")
    stored = await store.tables.by_code(table.code)
    assert stored is not None and (stored.state, stored.game_id) == (private.STARTED, "g-9")
    with pytest.raises(Refused, match="already started"):
        await store.tables.change(table.code, private.leave("ben"), T0 + 3)


async def test_a_change_refused_by_its_rules_changes_nothing(store: MatchmakingStore) -> None:
    table = await open_table(store, seats=3)
    with pytest.raises(NotAllowed):
        await store.tables.change(table.code, private.seat_bots("ben", ["random"]), T0 + 1)
    with pytest.raises(NotFound):
        await store.tables.change("nope", private.seat_guest("ben", "Ben"), T0 + 1)
    with pytest.raises(Refused, match="expired"):
        await store.tables.change(table.code, private.seat_guest("ben", "Ben"), table.expires_at)
    assert await store.tables.by_code(table.code) == table
    closed, _ = await store.tables.change(table.code, private.leave("ann"), T0 + 1)
    with pytest.raises(Refused, match="closed by its host"):
        await store.tables.change(table.code, private.seat_guest("ben", "Ben"), T0 + 2)
    assert await store.tables.open_tables_of("ann", T0 + 2) == 0 and closed.state == private.CLOSED


async def test_a_full_table_whose_guest_plays_a_live_game_stays_open(store: MatchmakingStore) -> None:
    await played(store, ticket("ben"), ticket("cid"))
    table = await open_table(store)
    with pytest.raises(Refused, match="Ben is already playing another live game"):
        await store.tables.change(table.code, private.seat_guest("ben", "Ben"), T0 + 1)
    assert await store.tables.by_code(table.code) == table
    assert await store.stale_pending_matches(T0 + 100) == []
    slow = await open_table(store, host="dan", clock=SLOW)
    started, match = await store.tables.change(slow.code, private.seat_guest("ben", "Ben"), T0 + 1)
    assert started.state == private.STARTED and match is not None


def at_most_one_bot_game(player_id: str, held: Holdings) -> None:
    if held.bot_games >= 1:
        raise QuotaExceeded(f"{player_id} has a game with bots")


async def test_a_table_with_bots_starts_only_past_the_guard_and_a_refusal_changes_nothing(
        store: MatchmakingStore) -> None:
    seen: list[tuple[str, Holdings]] = []
    table = await open_table(store, seats=3, clock=SLOW)
    await store.tables.change(table.code, private.seat_guest("ben", "Ben"), T0 + 1)
    _, match = await store.tables.change(table.code, private.seat_bots("ann", ["random"]), T0 + 2,
                                         lambda p, held: seen.append((p, held)))
    assert match is not None and [p for p, _ in seen] == ["ann", "ben"]
    assert all(held.bot_games == 0 for _, held in seen)  # the game being started is not counted
    second = await open_table(store, host="ben", clock=SLOW)
    with pytest.raises(QuotaExceeded, match="ben has a game with bots"):
        await store.tables.change(second.code, private.seat_bots("ben", ["random"]), T0 + 3,
                                  at_most_one_bot_game)
    assert await store.tables.by_code(second.code) == second


async def test_tables_racing_to_start_games_with_bots_for_one_player_pass_the_guard_one_by_one(
        store: MatchmakingStore) -> None:
    tables = [await open_table(store, clock=SLOW) for _ in range(5)]
    with_bots = private.seat_bots("ann", ["random"])
    outcomes = await asyncio.gather(*(store.tables.change(t.code, with_bots, T0 + 1, at_most_one_bot_game)
                                      for t in tables), return_exceptions=True)
    assert sum(1 for o in outcomes if not isinstance(o, BaseException)) == 1
    assert sum(1 for o in outcomes if isinstance(o, QuotaExceeded)) == 4
    assert (await store.holdings("ann", 0.0)).bot_games == 1


async def test_a_rematch_with_bots_starts_only_past_the_guard(store: MatchmakingStore) -> None:
    await played(store, ticket("ann", clock=SLOW), bots=1)
    rematch = Rematch("r-1", "g-old", "samurai", (SeatSpec(player_id="ann", display_name="Ann"),
                                                   SeatSpec(bot_level="random", display_name="Bot")),
                      {"players": 2}, SLOW, False, True, ("ann",), offers.OPEN, "", T0, T0 + 60)
    stored = await store.rematches.offer(rematch)
    with pytest.raises(QuotaExceeded):
        await store.rematches.start(stored, T0 + 1, at_most_one_bot_game)
    assert (await store.rematches.get("r-1")) == stored


async def test_rated_leaves_count_once_per_game_and_read_back_from_a_time(store: MatchmakingStore) -> None:
    await store.record_leaves("g1", ["ann", "ben"], T0)
    await store.record_leaves("g1", ["ann"], T0 + 50)  # a redelivery changes nothing
    await store.record_leaves("g2", ["ann"], T0 + 100)
    assert await store.leaves_since("ann", T0) == [T0, T0 + 100]
    assert await store.leaves_since("ann", T0 + 1) == [T0 + 100]
    assert await store.leaves_since("cat", T0) == []


async def test_a_casual_ticket_reads_back_casual(store: MatchmakingStore) -> None:
    casual = replace(ticket("guest"), casual=True)
    await queued(store, casual)
    assert (await store.get_ticket(casual.ticket_id)).casual


async def test_each_rated_game_adds_a_point_to_its_players_rating_history(store: MatchmakingStore) -> None:
    from daimyo_matchmaking.domain import PlayerRating

    def bump(current: list[PlayerRating]) -> list[PlayerRating]:
        return [replace(r, mu=r.mu + 1, games=r.games + 1) for r in current]

    await store.record_finished_game(finished("g1", "ann", "ben"), bump)
    await store.record_finished_game(finished("g2", "ann", "ben"), bump)
    await store.record_finished_game(finished("g3", "ann", "ben"), None)  # unrated: no point
    history = await store.rating_history("samurai", "ann", 10)
    assert [p.game_id for p in history] == ["g1", "g2"]
    assert history[1].mu == history[0].mu + 1
    assert [p.game_id for p in await store.rating_history("samurai", "ann", 1)] == ["g2"]
