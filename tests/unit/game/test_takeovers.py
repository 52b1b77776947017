"""Clocks and bots standing in for players, through the handlers on the in-memory store and a
clock the test moves by hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from daimyo_game.aggregate import fold
from daimyo_game.catalogue import InMemoryCatalogue
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.errors import Illegal, PermissionDenied
from daimyo_game.events import UPCASTERS, from_recorded
from daimyo_game.fanout import finished_message, messages_for, turn_message
from daimyo_game.handlers import GameHandlers
from daimyo_game.repository import GameRepository
from daimyo_store.memory import InMemoryEventStore

from .fake_game import fake_games

PLAYERS = (SeatSpec(player_id="ann"), SeatSpec(player_id="bob"))
LIVE = {"type": "live", "initial_seconds": 10, "increment_seconds": 2}


@dataclass
class FakeClock:
    now: int = 1_000_000

    def __call__(self) -> int:
        return self.now


def make(clock: FakeClock, snapshot_every: int = 0) -> GameHandlers:
    store = InMemoryEventStore(UPCASTERS)
    return GameHandlers(GameRepository(store, fake_games, snapshot_every=snapshot_every), InMemoryCatalogue(),
                        fake_games,
                        now_ms=clock)


async def new_game(handlers: GameHandlers, time_control: dict[str, Any] | None = None,
                   rounds: int = 2) -> str:
    command = CreateGame("cards", {"rounds": rounds}, PLAYERS, seed=3, time_control=time_control or LIVE)
    return (await handlers.create_game(command))[0]


async def play(handlers: GameHandlers, game_id: str, as_player: bool = True) -> int:
    """The first legal move of the seat to act (as its player, or as the bot driver does)."""
    seat = (await handlers.get_view(game_id, None)).to_act[0]
    view = await handlers.get_view(game_id, seat)
    player = PLAYERS[seat].player_id or "" if as_player else ""
    result = await handlers.submit_move(SubmitMove(game_id, seat, view.view["legal_moves"][0], view.version,
                                                   player_id=player))
    return result.version


async def types_after(handlers: GameHandlers, game_id: str, version: int) -> list[str]:
    return [e.type for e in await handlers.repository.read_events(game_id, version)]


async def test_a_new_game_runs_the_clock_of_the_seat_to_act() -> None:
    clock = FakeClock()
    handlers = make(clock)
    view = await handlers.get_view(await new_game(handlers), 0)
    assert view.clock is not None
    assert view.clock["remaining_ms"] == [10_000, 10_000] and view.clock["running"] == {"0": clock.now}


async def test_a_move_charges_the_mover_and_starts_the_next_seat() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers)
    clock.now += 3_000
    await play(handlers, game_id)
    view = await handlers.get_view(game_id, None)
    assert view.clock is not None
    assert view.clock["remaining_ms"] == [9_000, 10_000] and view.clock["running"] == {"1": clock.now}


async def test_nothing_expires_before_the_deadline() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers)
    clock.now += 9_999
    assert await handlers.expire_clocks(game_id) == 0


async def test_a_clock_expiry_hands_the_move_to_a_bot_and_the_seat_returns_after_it() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers)
    clock.now += 10_000
    assert await handlers.expire_clocks(game_id) == 2
    record = await handlers.repository.load(game_id)
    takeover = record.takeovers[0]
    assert (record.bot_level(0), takeover.reason, takeover.until) == ("greedy", "timeout", "move")
    assert turn_message(record).seats[0].bot_level == "greedy"
    with pytest.raises(Illegal, match="until its move is made"):
        await play(handlers, game_id)
    version = await play(handlers, game_id, as_player=False)
    expected = ["ClockExpired", "SeatTakenOver", "MoveMade", "SeatReturned"]
    assert await types_after(handlers, game_id, 1) == expected
    record = await handlers.repository.load(game_id)
    assert version == 5 and not record.takeovers and record.clock is not None
    assert record.clock.remaining_ms[0] == 2_000  # out of time, then the increment of the bot's turn


async def test_with_bot_rest_the_bot_keeps_the_seat_for_the_rest_of_the_game() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, {**LIVE, "on_timeout": "bot_rest", "bot_level": "mcts"})
    clock.now += 10_000
    await handlers.expire_clocks(game_id)
    for _ in range(4):
        await play(handlers, game_id, as_player=False)
    record = await handlers.repository.load(game_id)
    assert record.finished and record.takeovers[0].level == "mcts" and record.abandoned() == [0]
    assert finished_message(record).abandoned == (0,)


async def test_replaying_the_stream_reproduces_every_clock_exactly() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, rounds=3)
    live = {1: (await handlers.repository.load(game_id)).clock}
    for step in range(6):
        clock.now += 1_234 + 2_000 * step
        if step == 2:
            clock.now += 20_000
            await handlers.expire_clocks(game_id)
        await play(handlers, game_id, as_player=step != 2)
        record = await handlers.repository.load(game_id)
        live[record.version] = record.clock
    clock.now += 10**9  # a replay must not care what time it is now
    events = await handlers.repository.read_events(game_id)
    replayed = fold(None, ((e.version, from_recorded(e)) for e in events), game_id, fake_games)
    cold = make_cold(handlers).repository
    assert replayed is not None and replayed.clock == live[max(live)]
    assert {v: (await cold.load_at(game_id, v)).clock for v in live} == live


async def test_a_snapshot_keeps_the_clock_and_the_bot_in_the_seat() -> None:
    clock = FakeClock()
    handlers = make(clock, snapshot_every=2)
    game_id = await new_game(handlers)
    await handlers.hand_over_seat(game_id, 1, "bob", "disconnected")
    await play(handlers, game_id)
    live = await handlers.repository.load(game_id)
    cold = await make_cold(handlers).repository.load(game_id)
    assert (cold.clock, dict(cold.takeovers)) == (live.clock, dict(live.takeovers))


def make_cold(handlers: GameHandlers) -> GameHandlers:
    repository = GameRepository(handlers.repository.store, fake_games, cache_size=0, snapshot_every=2)
    return GameHandlers(repository, handlers.catalog, fake_games)


async def test_a_player_who_left_is_replaced_until_they_take_the_seat_back() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers)
    clock.now += 4_000
    left = await handlers.hand_over_seat(game_id, 0, "ann", "resigned")
    again = await handlers.hand_over_seat(game_id, 0, "ann", "disconnected")
    record = await handlers.repository.load(game_id)
    assert left.changed and not again.changed and record.takeovers[0].reason == "abandoned"
    assert record.clock is not None and record.clock.remaining_ms[0] == 6_000 and not record.clock.running
    summary = await handlers.catalog.get_game_summary(game_id)
    assert summary is not None and summary.seats[0]["acting_bot_level"] == "greedy"
    clock.now += 60_000
    assert await handlers.expire_clocks(game_id) == 0  # a bot's seat never runs out of time
    back = await handlers.reclaim_seat(game_id, 0, "ann")
    record = await handlers.repository.load(game_id)
    assert back.changed and not record.takeovers and record.clock is not None
    assert dict(record.clock.running) == {0: clock.now}
    await play(handlers, game_id)


async def test_only_the_seat_s_player_may_leave_or_reclaim_it() -> None:
    handlers = make(FakeClock())
    game_id = await new_game(handlers)
    with pytest.raises(PermissionDenied):
        await handlers.hand_over_seat(game_id, 0, "bob", "resigned")
    await handlers.hand_over_seat(game_id, 0, "ann", "resigned")
    with pytest.raises(PermissionDenied):
        await handlers.reclaim_seat(game_id, 0, "bob")


async def test_a_seat_lost_on_time_cannot_be_reclaimed() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, {**LIVE, "on_timeout": "bot_rest"})
    clock.now += 10_000
    await handlers.expire_clocks(game_id)
    with pytest.raises(Illegal, match="time ran out"):
        await handlers.reclaim_seat(game_id, 0, "ann")


async def test_a_player_seated_in_another_live_game_cannot_reclaim() -> None:
    handlers = make(FakeClock())
    first = await new_game(handlers)
    await handlers.hand_over_seat(first, 0, "ann", "resigned")
    await new_game(handlers)
    with pytest.raises(Illegal, match="you are playing another live game"):
        await handlers.reclaim_seat(first, 0, "ann")


async def test_a_correspondence_game_beside_does_not_stop_a_reclaim() -> None:
    handlers = make(FakeClock())
    first = await new_game(handlers)
    await handlers.hand_over_seat(first, 0, "ann", "resigned")
    await new_game(handlers, {"type": "correspondence", "days_per_move": 3})
    assert (await handlers.reclaim_seat(first, 0, "ann")).changed


async def test_abandoning_publishes_the_notice_that_frees_the_player() -> None:
    handlers = make(FakeClock())
    game_id = await new_game(handlers)
    await handlers.hand_over_seat(game_id, 1, "bob", "disconnected")
    record = await handlers.repository.load(game_id)
    events = await handlers.repository.read_events(game_id)
    messages = dict(messages_for(record, from_recorded(events[-1]), 5))
    assert messages[f"daimyo.game.{game_id}.abandoned"].player_id == "bob"  # type: ignore[attr-defined]
    view = messages[f"daimyo.game.{game_id}.seat.1"].body  # type: ignore[attr-defined]
    assert view["takeovers"] == {"1": {"level": "greedy", "reason": "abandoned", "until": "game"}}
    assert view["clock"]["now_ms"] == 5


async def test_a_game_without_a_time_control_has_no_clock_but_may_be_left() -> None:
    handlers = make(FakeClock())
    command = CreateGame("cards", {"rounds": 1}, PLAYERS, seed=3)
    game_id = (await handlers.create_game(command))[0]
    change = await handlers.hand_over_seat(game_id, 0, "ann", "resigned")
    view = await handlers.get_view(game_id, 0)
    assert change.changed and view.clock is None and view.takeovers[0].level == "greedy"


async def test_a_bot_keeping_a_seat_after_a_timeout_frees_the_player_but_one_move_does_not() -> None:
    clock = FakeClock()
    handlers = make(clock)
    keeps = await new_game(handlers, {**LIVE, "on_timeout": "bot_rest"})
    once = await new_game(handlers)
    clock.now += 10_000
    notices = []
    for game_id in (keeps, once):
        await handlers.expire_clocks(game_id)
        record = await handlers.repository.load(game_id)
        taken = from_recorded((await handlers.repository.read_events(game_id))[-1])
        notices.append(any(s.endswith(".abandoned") for s, _ in messages_for(record, taken)))
    assert notices == [True, False]
