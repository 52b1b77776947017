"""The matching policy on a fake clock: windows widen, big tables first, bots after the wait."""

from __future__ import annotations

from typing import Any

from daimyo_matchmaking.matching import Policy, Waiting, bot_level_for, plan_matches

POLICY = Policy(base_window=3.0, window_growth_per_second=0.5, max_window=50.0, backfill_seconds=15.0)
T0 = 1000.0


def ticket(
    name: str, rating: float = 25.0, counts: tuple[int, ...] = (2, 3, 4), bots: bool = False, at: float = T0,
    **kw: Any,
) -> Waiting:
    party = kw.pop("party", ())
    return Waiting(name, (name, *party), rating, frozenset(counts), bots, at, **kw)


def tables(queue: list[Waiting], now: float) -> list[list[str]]:
    return [sorted(t.ticket_id for t in plan.tickets) for plan in plan_matches(queue, now, POLICY)]


def test_players_of_close_rating_are_matched_at_once() -> None:
    assert tables([ticket("a", 25), ticket("b", 26)], T0) == [["a", "b"]]


def test_distant_ratings_wait_until_the_window_has_widened_enough() -> None:
    queue = [ticket("a", 20), ticket("b", 30, at=T0)]
    assert tables(queue, T0) == []
    assert tables(queue, T0 + 13.9) == []  # window 3 + 0.5 * 13.9 = 9.95 < 10
    assert tables(queue, T0 + 14.0) == [["a", "b"]]


def test_the_window_grows_linearly_and_is_capped() -> None:
    assert POLICY.window(0) == 3.0
    assert POLICY.window(10) == 8.0
    assert POLICY.window(10_000) == 50.0


def test_the_largest_table_that_can_be_filled_now_is_preferred() -> None:
    queue = [ticket(n) for n in "abc"]
    (plan,) = plan_matches(queue, T0, POLICY)
    assert plan.table_size == 3 and plan.bot_seats == 0


def test_a_fifth_player_waits_while_four_sit_down() -> None:
    queue = [ticket(n, at=T0 + i) for i, n in enumerate("abcde")]
    assert tables(queue, T0 + 5) == [["a", "b", "c", "d"]]


def test_only_sizes_every_seated_ticket_accepts_are_used() -> None:
    queue = [ticket("a", counts=(2,)), ticket("b", counts=(4,)), ticket("c", counts=(2, 3))]
    (plan,) = plan_matches(queue, T0, POLICY)
    assert plan.table_size == 2 and {t.ticket_id for t in plan.tickets} == {"a", "c"}


def test_a_party_sits_together_and_fills_seats() -> None:
    queue = [ticket("a", party=("a2", "a3")), ticket("b", counts=(4,))]
    (plan,) = plan_matches(queue, T0, POLICY)
    assert plan.table_size == 4 and sorted(plan.players) == ["a", "a2", "a3", "b"]


def test_bots_fill_empty_seats_only_after_the_backfill_wait() -> None:
    queue = [ticket("a", bots=True, counts=(3,))]
    assert plan_matches(queue, T0 + 14.9, POLICY) == []
    (plan,) = plan_matches(queue, T0 + 15, POLICY)
    assert (plan.table_size, plan.bot_seats, plan.bot_level) == (3, 2, "greedy")


def test_no_bots_when_a_ticket_does_not_welcome_them() -> None:
    queue = [ticket("a", bots=True, counts=(3,)), ticket("b", bots=False, counts=(3,))]
    (plan,) = plan_matches(queue, T0 + 60, POLICY)
    assert [t.ticket_id for t in plan.tickets] == ["a"] and plan.bot_seats == 2


def test_a_ticket_refusing_bots_keeps_waiting_alone() -> None:
    assert plan_matches([ticket("a", bots=False)], T0 + 600, POLICY) == []


def test_bots_only_tickets_start_at_once_at_their_table_size() -> None:
    (plan,) = plan_matches([ticket("a", counts=(2,), bots_only=True, bot_level="mcts")], T0, POLICY)
    assert (plan.table_size, plan.bot_seats, plan.bot_level) == (2, 1, "mcts")


def test_bots_only_tickets_never_take_a_human_seat_elsewhere() -> None:
    queue = [ticket("a", counts=(2,)), ticket("b", counts=(2,), bots_only=True)]
    plans = plan_matches(queue, T0, POLICY)
    assert [[t.ticket_id for t in p.tickets] for p in plans] == [["b"]]


def test_different_time_controls_never_share_a_table() -> None:
    queue = [ticket("a", time_control='{"s": 60}'), ticket("b", time_control='{"s": 600}')]
    assert tables(queue, T0 + 5) == []


def test_each_ticket_is_in_at_most_one_table() -> None:
    queue = [ticket(f"p{i}", 20 + i % 10, counts=(2, 3, 4), at=T0 + i) for i in range(40)]
    seen = [t for plan in plan_matches(queue, T0 + 100, POLICY) for t in plan.players]
    assert len(seen) == len(set(seen)) == 40


def test_bot_level_follows_the_players_ratings() -> None:
    assert bot_level_for([15.0, 18.0]) == "random"
    assert bot_level_for([25.0]) == "greedy"
    assert bot_level_for([31.0, 33.0]) == "mcts"
