"""The one decision every route asks (`allowance.py`), first on its own, then through each route
of the handlers that could start a game: queue, "play bots", fill now, "same settings again",
private tables (create, join, seat bots) and rematches — none of them skips it."""

from __future__ import annotations

import random

import pytest

from daimyo_matchmaking.allowance import Holdings, Quota, Wish, may_have_bots, refusal
from daimyo_matchmaking.domain import PlayerBusy, QuotaExceeded
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import RulesCatalog
from daimyo_matchmaking.store_memory import InMemoryStore
from daimyo_matchmaking.tables import NewTable
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier

SLOW = '{"type": "correspondence", "days_per_move": 3}'
QUOTA = Quota(bot_games=1, queue_joins_per_minute=3)


# -- the decision ----------------------------------------------------------------------------


def test_nothing_held_allows_every_wish() -> None:
    assert refusal(Holdings(), Wish(queue=True, bots=True, live=True), QUOTA) is None


def test_a_queued_player_may_not_queue_again_but_may_be_seated() -> None:
    held = Holdings(queued=True)
    assert isinstance(refusal(held, Wish(queue=True), QUOTA), PlayerBusy)
    assert refusal(held, Wish(bots=True), QUOTA) is None


def test_queue_joins_stop_at_the_rate_whatever_the_route() -> None:
    refused = refusal(Holdings(recent_joins=3), Wish(queue=True), QUOTA)
    assert isinstance(refused, QuotaExceeded) and "at most 3 queue requests a minute" in str(refused)
    assert refusal(Holdings(recent_joins=2), Wish(queue=True), QUOTA) is None


def test_the_live_slot_admits_one_live_game() -> None:
    refused = refusal(Holdings(live_slot=True), Wish(live=True), QUOTA)
    assert isinstance(refused, PlayerBusy) and not refused.queued
    assert refusal(Holdings(live_slot=True), Wish(bots=True), QUOTA) is None  # correspondence


def test_games_with_bots_stop_at_the_quota() -> None:
    assert isinstance(refusal(Holdings(bot_games=1), Wish(bots=True), QUOTA), QuotaExceeded)
    assert refusal(Holdings(bot_games=1), Wish(bots=True), Quota(bot_games=2)) is None
    assert not may_have_bots(Holdings(bot_games=1), QUOTA) and may_have_bots(Holdings(), QUOTA)


# -- every route asks it ---------------------------------------------------------------------


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mm(clock: FakeClock) -> MatchmakingHandlers:
    return MatchmakingHandlers(InMemoryStore(), InMemoryGameCreator(), RecordingNotifier(), RulesCatalog(),
                               clock, Policy(backfill_seconds=15.0), rng=random.Random(3),
                               queue_joins_per_minute=3)


def bots_only(player: str, clock: str = SLOW) -> Enqueue:
    return Enqueue(player, "samurai", [2], bots_only=True, bot_level="random", time_control_json=clock)


async def bot_game(mm: MatchmakingHandlers, player: str, clock: str = SLOW) -> str:
    await mm.enqueue(bots_only(player, clock))
    (match,) = await mm.match_round("samurai")
    return match.game_id


async def test_same_settings_again_counts_as_a_queue_join(mm: MatchmakingHandlers, clock: FakeClock) -> None:
    game_id = await bot_game(mm, "ann")
    await mm.game_finished({"game_id": game_id, "game": "samurai", "outcome": {"winners": [0]},
                            "seats": [{"player_id": "ann"}, {"bot_level": "random"}]})
    for _ in range(2):
        again = await mm.play_again(game_id, "ann")
        await mm.cancel(again.ticket.ticket_id, "ann")
    with pytest.raises(QuotaExceeded, match="queue requests a minute"):
        await mm.play_again(game_id, "ann")
    with pytest.raises(QuotaExceeded, match="queue requests a minute"):
        await mm.enqueue(Enqueue("ann", "samurai", [2]))
    clock.advance(61)
    assert (await mm.play_again(game_id, "ann")).ticket.state == "queued"


async def test_fill_now_is_refused_at_the_bot_quota_and_the_ticket_stays_as_it_was(
        mm: MatchmakingHandlers) -> None:
    await bot_game(mm, "ann")
    people = await mm.enqueue(Enqueue("ann", "samurai", [2], time_control_json=SLOW))
    with pytest.raises(QuotaExceeded, match="game against bots"):
        await mm.fill_with_bots(people.ticket.ticket_id, "ann")
    after = await mm.get_ticket(people.ticket.ticket_id)
    assert after.ticket.state == "queued" and not after.ticket.fill_now and not after.ticket.bots_welcome


async def test_asking_twice_for_bots_now_is_not_counted_twice(mm: MatchmakingHandlers) -> None:
    people = await mm.enqueue(Enqueue("ann", "samurai", [2], time_control_json=SLOW))
    await mm.fill_with_bots(people.ticket.ticket_id, "ann")
    assert (await mm.fill_with_bots(people.ticket.ticket_id, "ann")).ticket.fill_now


async def test_a_host_at_the_bot_quota_may_not_seat_bots_at_a_private_table(mm: MatchmakingHandlers) -> None:
    await bot_game(mm, "ann")
    table = await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, SLOW))
    with pytest.raises(QuotaExceeded, match="game against bots"):
        await mm.seat_table_bots(table.code, "ann", ["random"])
    assert (await mm.get_table(table.code)).state == "open"


async def test_a_guest_at_the_bot_quota_may_not_join_a_table_with_bots(mm: MatchmakingHandlers) -> None:
    table = await mm.create_table(NewTable("ben", "Ben", "samurai", 3, {}, SLOW))
    await mm.seat_table_bots(table.code, "ben", ["random"])
    await bot_game(mm, "ann")
    with pytest.raises(QuotaExceeded, match="game against bots"):
        await mm.join_table(table.code, "ann", "Ann")
    assert (await mm.get_table(table.code)).empty_seats == [2]


async def test_live_tables_with_bots_one_at_a_time_even_after_leaving(mm: MatchmakingHandlers) -> None:
    first = await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, ""))
    started = await mm.seat_table_bots(first.code, "ann", ["random"])
    await mm.seat_abandoned({"game_id": started.game_id, "player_id": "ann"})  # "leave"
    with pytest.raises(PlayerBusy, match="a seat left to a bot stays yours"):
        await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, ""))


async def test_accepting_a_rematch_with_bots_asks_the_quota(mm: MatchmakingHandlers) -> None:
    table = await mm.create_table(NewTable("ann", "Ann", "samurai", 3, {}, SLOW))
    await mm.join_table(table.code, "ben", "Ben")
    started = await mm.seat_table_bots(table.code, "ann", ["random"])
    await mm.game_finished({"game_id": started.game_id, "game": "samurai", "outcome": {"winners": [0]},
                            "seats": [{"player_id": "ann"}, {"player_id": "ben"}, {"bot_level": "random"}]})
    offer = await mm.rematches.offer(started.game_id, "ann")
    await bot_game(mm, "ben")
    with pytest.raises(QuotaExceeded, match="game against bots"):
        await mm.rematches.answer(offer.rematch_id, "ben", True)
    assert (await mm.rematches.get(offer.rematch_id, "ann")).accepted == ("ann",)
