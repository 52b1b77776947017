"""The matchmaking handlers on the in-memory store, a fake clock and a fake game service: the
queue, window widening, bot backfill, cancellation, bad input, the bot-game quota, ratings once
per game and rematch expiry. The store's rules are held on Postgres too by
tests/contract/test_matchmaking_store_contract.py; tests/integration runs the handlers on it."""

from __future__ import annotations

import asyncio
import random
from functools import partial
from typing import Any

import grpc
import pytest

from daimyo_matchmaking.domain import (
    CANCELLED,
    MATCHED,
    InvalidRequest,
    PlayerBusy,
    PlayerRating,
    QuotaExceeded,
    Refused,
    TicketNotCancellable,
)
from daimyo_matchmaking.grpc_api import status_for
from daimyo_matchmaking.handlers import Enqueue, MatchmakingHandlers
from daimyo_matchmaking.matching import Policy
from daimyo_matchmaking.ports import RulesCatalog
from daimyo_matchmaking.rematch import REMATCH_SECONDS
from daimyo_matchmaking.store_memory import InMemoryStore
from daimyo_matchmaking.testing import FakeClock, InMemoryGameCreator, RecordingNotifier

SLOW = '{"type": "correspondence", "days_per_move": 3}'

POLICY = Policy(base_window=3.0, window_growth_per_second=0.5, max_window=50.0, backfill_seconds=15.0)
GAMES = RulesCatalog()


@pytest.fixture
def store() -> InMemoryStore:
    return InMemoryStore()


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
    store: InMemoryStore, games: InMemoryGameCreator, notifier: RecordingNotifier, clock: FakeClock
) -> MatchmakingHandlers:
    return MatchmakingHandlers(store, games, notifier, GAMES, clock, POLICY, rng=random.Random(7))


def set_rating(store: InMemoryStore, player: str, mu: float, game: str = "samurai") -> None:
    store.put_rating(PlayerRating(player, game, mu, 5.0, 3))


ask = partial(Enqueue, game="samurai")  # ask("alice", player_counts=[2]): a request for samurai unless told


def finished(game_id: str, seats: list[str], winners: list[int], **outcome: list[int]) -> dict[str, Any]:
    occupants = [{"bot_level": s[4:]} if s.startswith("bot:") else {"player_id": s} for s in seats]
    return {"game_id": game_id, "game": "samurai", "seats": occupants,
            "outcome": {"winners": winners, **outcome}}


# -- the queue -------------------------------------------------------------------------------


async def test_an_enqueued_ticket_waits_with_an_estimate(mm: MatchmakingHandlers, clock: FakeClock) -> None:
    status = await mm.enqueue(ask("alice", player_counts=[2, 3]))
    clock.advance(4)
    status = await mm.get_ticket(status.ticket.ticket_id)
    assert status.ticket.state == "queued" and status.ticket.player_counts == (2, 3)
    assert status.waited_seconds == pytest.approx(4.0)
    assert status.estimated_wait_seconds == pytest.approx(POLICY.backfill_seconds - 4)


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


async def test_seats_are_shuffled_between_matches(
    store: InMemoryStore, games: InMemoryGameCreator, clock: FakeClock
) -> None:
    first_seats = set()
    for seed in range(8):
        mm = MatchmakingHandlers(
            store, games, RecordingNotifier(), GAMES, clock, POLICY, rng=random.Random(seed)
        )
        await mm.enqueue(ask(f"a{seed}", player_counts=[2]))
        await mm.enqueue(ask(f"b{seed}", player_counts=[2]))
        (match,) = await mm.match_round("samurai")
        first_seats.add(match.seats[0].player_id[0])
    assert first_seats == {"a", "b"}


async def test_the_rating_window_widens_with_waiting_time(
    mm: MatchmakingHandlers, store: InMemoryStore, clock: FakeClock
) -> None:
    set_rating(store, "weak", 20.0)
    set_rating(store, "strong", 30.0)
    await mm.enqueue(ask("weak", player_counts=[2]))
    await mm.enqueue(ask("strong", player_counts=[2]))
    clock.advance(13)
    assert await mm.match_round("samurai") == []  # window 3 + 0.5 * 13 = 9.5 < 10
    clock.advance(1)
    (match,) = await mm.match_round("samurai")
    assert sorted(s.player_id for s in match.seats) == ["strong", "weak"]


async def test_the_largest_table_that_can_be_filled_now_wins(mm: MatchmakingHandlers) -> None:
    for name in ("a", "b", "c"):
        await mm.enqueue(ask(name))
    (match,) = await mm.match_round("samurai")
    assert len(match.seats) == 3 and all(not s.is_bot for s in match.seats)


async def test_bots_fill_the_empty_seats_after_the_backfill_wait(
    mm: MatchmakingHandlers, store: InMemoryStore, clock: FakeClock, games: InMemoryGameCreator
) -> None:
    set_rating(store, "pro", 32.0)
    await mm.enqueue(ask("pro", player_counts=[3], bots_welcome=True))
    clock.advance(14.9)
    assert await mm.match_round("samurai") == []
    clock.advance(0.1)
    (match,) = await mm.match_round("samurai")
    assert sorted(s.bot_level or s.player_id for s in games.games[match.game_id].seats) == [
        "mcts",
        "mcts",
        "pro",
    ]


async def test_no_bots_unless_every_ticket_welcomes_them(mm: MatchmakingHandlers, clock: FakeClock) -> None:
    await mm.enqueue(ask("a", player_counts=[3], bots_welcome=True))
    await mm.enqueue(ask("b", player_counts=[3], bots_welcome=False))
    clock.advance(60)
    (match,) = await mm.match_round("samurai")
    assert [s.player_id for s in match.seats if not s.is_bot] == ["a"]
    assert await mm.match_round("samurai") == []  # b waits for humans


async def test_play_bots_now_starts_at_once_at_the_chosen_level(
    mm: MatchmakingHandlers, games: InMemoryGameCreator
) -> None:
    status = await mm.enqueue(ask("solo", player_counts=[4], bots_only=True, bot_level="random"))
    (match,) = await mm.match_round("samurai")
    assert [s.bot_level for s in games.games[match.game_id].seats if s.is_bot] == ["random"] * 3
    assert (await mm.get_ticket(status.ticket.ticket_id)).ticket.state == MATCHED


async def test_a_party_sits_at_one_table_and_everyone_hears_of_it(
    mm: MatchmakingHandlers, notifier: RecordingNotifier
) -> None:
    await mm.enqueue(ask("lead", party=["friend1", "friend2"]))
    await mm.enqueue(ask("stranger", player_counts=[4]))
    (match,) = await mm.match_round("samurai")
    assert sorted(s.player_id for s in match.seats) == ["friend1", "friend2", "lead", "stranger"]
    assert set(notifier.messages) == {"friend1", "friend2", "lead", "stranger"}


async def test_a_cancelled_ticket_is_never_matched(mm: MatchmakingHandlers, clock: FakeClock) -> None:
    a = await mm.enqueue(ask("a", player_counts=[2]))
    await mm.enqueue(ask("b", player_counts=[2]))
    cancelled = await mm.cancel(a.ticket.ticket_id, "a")
    assert cancelled.ticket.state == CANCELLED
    assert await mm.match_round("samurai") == []
    again = await mm.enqueue(ask("a", player_counts=[2]))  # cancelling frees the player
    (match,) = await mm.match_round("samurai")
    assert again.ticket.ticket_id in {s.ticket_id for s in match.seats}


async def test_a_matched_ticket_cannot_be_cancelled(mm: MatchmakingHandlers) -> None:
    a = await mm.enqueue(ask("a", player_counts=[2]))
    await mm.enqueue(ask("b", player_counts=[2]))
    await mm.match_round("samurai")
    with pytest.raises(TicketNotCancellable, match="too late"):
        await mm.cancel(a.ticket.ticket_id, "a")


async def test_only_a_member_of_the_ticket_may_cancel_it(mm: MatchmakingHandlers) -> None:
    a = await mm.enqueue(ask("a"))
    with pytest.raises(TicketNotCancellable, match="not yours"):
        await mm.cancel(a.ticket.ticket_id, "mallory")


async def test_a_player_already_queued_is_refused(mm: MatchmakingHandlers) -> None:
    await mm.enqueue(ask("a"))
    with pytest.raises(PlayerBusy, match=r"^You are already waiting for a table") as refused:
        await mm.enqueue(ask("a", game="shogun"))
    assert refused.value.queued and "'a'" not in str(refused.value)


async def test_a_party_member_already_queued_is_refused_and_nobody_else_is_queued(
    mm: MatchmakingHandlers
) -> None:
    await mm.enqueue(ask("b"))
    with pytest.raises(PlayerBusy, match=r"^A player of your party is already waiting"):
        await mm.enqueue(ask("a", party=["b"]))
    await mm.enqueue(ask("a"))  # the failed party left nothing behind


async def test_a_player_in_a_live_game_cannot_queue_until_it_finishes(mm: MatchmakingHandlers) -> None:
    await mm.enqueue(ask("a", player_counts=[2]))
    await mm.enqueue(ask("b", player_counts=[2]))
    (match,) = await mm.match_round("samurai")
    with pytest.raises(PlayerBusy, match="already in a live game") as refused:
        await mm.enqueue(ask("a"))
    assert not refused.value.queued and "'a'" not in str(refused.value)
    seats = [{"player_id": s.player_id} for s in match.seats]
    await mm.game_finished(
        {"game_id": match.game_id, "game": "samurai", "seats": seats, "outcome": {"winners": [0]}}
    )
    await mm.enqueue(ask("a"))


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (ask("a", game="chess"), "unknown game 'chess'"),
        (ask("a", player_counts=[5]), "2 to 4 players, not 5"),
        (ask("a", game="shogun", player_counts=[2, 3]), "3 to 5 players, not 2"),
        (ask("a", player_counts=[2], party=["b", "c"]), "party of 3 does not fit a table of 2"),
        (ask("a", bot_level="grandmaster"), "unknown bot level"),
        (ask("a", player_counts=[2], party=["b"], bots_only=True), "at least one seat left for a bot"),
        (ask("a", time_control_json="{oops"), "not valid JSON"),
        (ask("a", time_control_json='{"type": "blitz"}'), "a time control is"),
        (ask("a", time_control_json='{"type": "live", "initial_seconds": 0}'), "initial_seconds > 0"),
        (ask("a", time_control_json='{"type": "correspondence"}'), "days_per_move > 0"),
        (ask("a", time_control_json='{"type": "live", "initial_seconds": 60, "on_timeout": "x"}'),
         "on_timeout must be"),
        (ask("", player_counts=[2]), "player_id is required"),
    ],
)
async def test_bad_input_is_refused_with_a_clear_message(
    mm: MatchmakingHandlers, request_: Enqueue, message: str
) -> None:
    with pytest.raises(InvalidRequest, match=message):
        await mm.enqueue(request_)


async def test_a_game_without_a_registered_engine_is_refused_clearly(
    store: InMemoryStore, games: InMemoryGameCreator, notifier: RecordingNotifier, clock: FakeClock
) -> None:
    mm = MatchmakingHandlers(store, games, notifier, RulesCatalog(), clock, POLICY)
    with pytest.raises(InvalidRequest, match="unknown game 'go'"):
        await mm.enqueue(ask("a", game="go"))


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


async def test_recent_waits_drive_the_estimate(mm: MatchmakingHandlers, clock: FakeClock) -> None:
    for i in range(3):
        await mm.enqueue(ask(f"x{i}", player_counts=[2]))
        clock.advance(6)
        await mm.enqueue(ask(f"y{i}", player_counts=[2]))
        await mm.match_round("samurai")
    late = await mm.enqueue(ask("late", player_counts=[2]))
    clock.advance(1)
    status = await mm.get_ticket(late.ticket.ticket_id)
    assert status.estimated_wait_seconds == pytest.approx(3.0 - 1.0)  # median of 6,6,6,0,0,0 is 3


# -- games against bots ----------------------------------------------------------------------


def bots(player: str, clock: str = "") -> Enqueue:
    return Enqueue(player_id=player, game="samurai", player_counts=[2], bots_only=True, bot_level="random",
                   time_control_json=clock)


async def start_and_leave(mm: MatchmakingHandlers, player: str, clock: str = "") -> str:
    await mm.enqueue(bots(player, clock))
    (match,) = await mm.match_round("samurai")
    await mm.seat_abandoned({"game_id": match.game_id, "player_id": player})
    return match.game_id


async def test_a_guest_who_left_a_live_bot_game_holds_its_slot_and_quota_until_it_ends(
    mm: MatchmakingHandlers
) -> None:
    game_id = await start_and_leave(mm, "g-solo")
    with pytest.raises(PlayerBusy, match="a seat left to a bot stays yours"):
        await mm.enqueue(Enqueue(player_id="g-solo", game="samurai", player_counts=[2]))
    with pytest.raises(QuotaExceeded, match="at most 1 game against bots in progress"):
        await mm.enqueue(bots("g-solo", SLOW))
    people = await mm.enqueue(Enqueue(player_id="g-solo", game="samurai", player_counts=[2],
                                      time_control_json=SLOW, bots_welcome=True))
    assert people.ticket.state == "queued" and not people.ticket.bots_welcome  # people only, at the quota
    await mm.cancel(people.ticket.ticket_id, "g-solo")
    await mm.game_finished({"game_id": game_id, "game": "samurai", "outcome": {"winners": [0]},
                            "seats": [{"player_id": "g-solo"}, {"bot_level": "random"}]})
    assert (await mm.enqueue(bots("g-solo"))).ticket.state == "queued"


async def test_the_bot_game_quota_is_per_guest_and_configurable(mm: MatchmakingHandlers) -> None:
    await start_and_leave(mm, "g-one", SLOW)
    assert (await mm.enqueue(bots("g-two", SLOW))).ticket.state == "queued"
    mm.bot_games_per_player = 2
    assert (await mm.enqueue(bots("g-one", SLOW))).ticket.state == "queued"


def test_the_quota_refusal_is_resource_exhausted_which_the_gateway_answers_with_429() -> None:
    assert status_for(QuotaExceeded("x")) == grpc.StatusCode.RESOURCE_EXHAUSTED


# -- ratings ---------------------------------------------------------------------------------


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


async def test_each_player_count_has_its_own_leaderboard_beside_the_games(mm: MatchmakingHandlers) -> None:
    await mm.game_finished(finished("pc2", ["ann", "ben"], [0]))
    await mm.game_finished(finished("pc3", ["cat", "dan", "eve"], [2], scores=[1, 5, 9]))
    two = await mm.leaderboard("samurai", 10, players=2)
    three = await mm.leaderboard("samurai", 10, players=3)
    assert [r.player_id for r in two] == ["ann", "ben"]
    assert [r.player_id for r in three] == ["eve", "dan", "cat"]
    assert {r.player_id for r in await mm.leaderboard("samurai", 10)} == {"ann", "ben", "cat", "dan", "eve"}
    assert await mm.leaderboard("samurai", 10, players=4) == []
    assert two[0].games == 1 and (await mm.get_rating("ann", "samurai")).games == 1


async def test_a_player_count_the_game_is_not_played_by_is_refused(mm: MatchmakingHandlers) -> None:
    with pytest.raises(InvalidRequest, match="played by"):
        await mm.leaderboard("samurai", 10, players=7)


# -- rematches -------------------------------------------------------------------------------


async def test_a_rematch_nobody_answers_expires_and_bots_accept_at_once(
    mm: MatchmakingHandlers, clock: FakeClock, notifier: RecordingNotifier
) -> None:
    await mm.enqueue(Enqueue("ann", "samurai", [3], bots_only=True, bot_level="random"))
    await mm.enqueue(Enqueue("ben", "samurai", [2]))
    await mm.enqueue(Enqueue("cid", "samurai", [2]))
    matches = await mm.match_round("samurai")
    (solo,) = [m for m in matches if "ann" in [s.player_id for s in m.seats]]
    (pair,) = [m for m in matches if m is not solo]
    for match in (solo, pair):
        seats = [{"player_id": s.player_id or None} for s in match.seats]
        await mm.game_finished({"game_id": match.game_id, "game": "samurai", "seats": seats,
                                "outcome": {"winners": [0]}})
    with_bots = await mm.rematches.offer(solo.game_id, "ann")
    assert with_bots.state == "started"  # the bots accepted at once

    offer = await mm.rematches.offer(pair.game_id, "ben")
    clock.advance(REMATCH_SECONDS + 1)
    await mm.match_all()
    assert (await mm.rematches.get(offer.rematch_id, "cid")).state == "expired"
    assert [m["type"] for m in notifier.messages["cid"]][-1] == "rematch_expired"
    with pytest.raises(Refused, match="expired: nobody answered in time"):
        await mm.rematches.answer(offer.rematch_id, "cid", True)


async def test_guests_sit_with_guests_only_and_their_games_are_not_rated(mm: MatchmakingHandlers) -> None:
    await mm.enqueue(ask("alice", player_counts=[2]))
    await mm.enqueue(ask("guest-1", player_counts=[2], casual=True))
    assert await mm.match_round("samurai") == []  # an account and a guest never meet in the queue
    await mm.enqueue(ask("guest-2", player_counts=[2], casual=True))
    (casual,) = await mm.match_round("samurai")
    assert not casual.rated and {s.player_id for s in casual.seats} == {"guest-1", "guest-2"}
    await mm.enqueue(ask("bob", player_counts=[2]))
    (rated,) = await mm.match_round("samurai")
    assert rated.rated


async def test_a_guest_may_not_sit_at_a_rated_table_but_at_an_unrated_one(mm: MatchmakingHandlers) -> None:
    from daimyo_matchmaking.tables import NewTable

    rated = await mm.create_table(NewTable("ann", "Ann", "samurai", 3, {}, "", rated=True))
    with pytest.raises(Refused, match="account_needed"):
        await mm.join_table(rated.code, "guest-1", "~Guest", casual=True)
    await mm.join_table(rated.code, "ben", "Ben")
    casual = await mm.create_table(NewTable("cat", "Cat", "samurai", 2, {}, "", rated=False))
    joined = await mm.join_table(casual.code, "guest-1", "~Guest", casual=True)
    assert "guest-1" in joined.people


async def test_leaving_several_rated_games_in_a_day_makes_the_next_rated_queue_wait(
    mm: MatchmakingHandlers, clock: FakeClock
) -> None:
    from daimyo_matchmaking.handlers import LEAVE_WAIT_SECONDS, LEAVES_FREE_PER_DAY

    for n in range(LEAVES_FREE_PER_DAY):
        await mm.game_finished({**finished(f"g{n}", ["quitter", "bob"], [1]), "abandoned": [0]})
    status = await mm.enqueue(ask("quitter", player_counts=[2]))  # two leaves: no wait yet
    await mm.cancel(status.ticket.ticket_id, "quitter")
    await mm.game_finished({**finished("g-last", ["quitter", "bob"], [1]), "abandoned": [0]})
    with pytest.raises(Refused, match="left_too_often"):
        await mm.enqueue(ask("quitter", player_counts=[2]))
    casual = await mm.enqueue(ask("quitter", player_counts=[2], casual=True))  # casual play stays open
    await mm.cancel(casual.ticket.ticket_id, "quitter")
    clock.advance(LEAVE_WAIT_SECONDS + 1)
    await mm.enqueue(ask("quitter", player_counts=[2]))


async def test_a_leave_from_an_unrated_game_costs_nothing(mm: MatchmakingHandlers) -> None:
    for n in range(5):
        await mm.game_finished({**finished(f"g{n}", ["quitter", "bot:random"], [1]), "abandoned": [0]})
    await mm.enqueue(ask("quitter", player_counts=[2]))


async def test_a_challenge_table_tells_each_challenged_player_its_code(
    mm: MatchmakingHandlers, notifier: RecordingNotifier
) -> None:
    from daimyo_matchmaking.tables import NewTable

    table = await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, "", invited=("ben",)))
    told = {"type": "challenge", "code": table.code, "game": "samurai", "host": "Ann"}
    assert notifier.messages["ben"] == [told]
    with pytest.raises(InvalidRequest):
        await mm.create_table(NewTable("cat", "Cat", "samurai", 2, {}, "", invited=("cat",)))


async def test_a_challenge_table_is_kept_for_the_notifier_and_a_plain_table_is_not(
    mm: MatchmakingHandlers, notifier: RecordingNotifier
) -> None:
    from daimyo_bus.messages import TableChallenge
    from daimyo_matchmaking.tables import NewTable

    table = await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, "", invited=("ben",)))
    await mm.create_table(NewTable("cat", "Cat", "samurai", 2, {}, ""))
    assert notifier.challenges == [TableChallenge(table.code, "samurai", "ann", "Ann", ("ben",))]


async def test_a_challenge_the_stream_could_not_keep_is_relayed_from_the_outbox_later(
    mm: MatchmakingHandlers, notifier: RecordingNotifier, clock: FakeClock
) -> None:
    from daimyo_matchmaking.tables import NewTable

    notifier.stream_down = True
    table = await mm.create_table(NewTable("ann", "Ann", "samurai", 2, {}, "", invited=("ben",)))
    notifier.stream_down = False
    assert await mm.relay_challenges() == 0  # not yet: a fresh table's own announcement may be under way
    clock.advance(6)
    assert await mm.relay_challenges() == 1
    assert [c.code for c in notifier.challenges] == [table.code]
    assert await mm.relay_challenges() == 0  # out of the outbox once kept
