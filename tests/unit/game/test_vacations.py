"""Vacation through the handlers on the in-memory store, a clock moved by hand: a player's days
pause every correspondence clock of theirs (a turn running now and one begun meanwhile), the yearly
allowance holds, opponents see until when, and the notices say it."""

from __future__ import annotations

import pytest

from daimyo_bus.messages import GameNotices
from daimyo_game.errors import Illegal, Malformed
from daimyo_game.events import from_recorded
from daimyo_game.fanout import messages_for
from daimyo_game.handlers import GameHandlers

from .test_takeovers import FakeClock, make, new_game, play

DAY = 86_400_000
SLOW = {"type": "correspondence", "days_per_move": 3}


async def deadline(handlers: GameHandlers, game_id: str, seat: int) -> int | None:
    clock = (await handlers.repository.load(game_id)).clock
    assert clock is not None
    return clock.deadline(seat)


async def test_a_vacation_moves_the_deadline_of_a_turn_running_now() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, SLOW)
    before = await deadline(handlers, game_id, 0)
    clock.now += DAY
    taken = await handlers.take_vacation("ann", 5)
    assert taken.until_ms == clock.now + 5 * DAY and taken.days_left == 16
    assert await deadline(handlers, game_id, 0) == (before or 0) + 5 * DAY


async def test_a_turn_begun_on_vacation_counts_only_from_its_end() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, SLOW)
    taken = await handlers.take_vacation("bob", 4)  # not bob's turn: nothing moves yet
    clock.now += DAY
    await play(handlers, game_id)  # ann moves: bob's turn begins while he is away
    assert await deadline(handlers, game_id, 1) == taken.until_ms + 3 * DAY


async def test_the_yearly_allowance_holds_and_a_second_vacation_extends_the_first() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, SLOW)
    first = await handlers.take_vacation("ann", 14)
    second = await handlers.take_vacation("ann", 7)
    assert second.until_ms == first.until_ms + 7 * DAY and second.days_left == 0
    assert await deadline(handlers, game_id, 0) == clock.now + 21 * DAY + 3 * DAY
    with pytest.raises(Illegal, match="only 0 vacation days are left"):
        await handlers.take_vacation("ann", 1)
    with pytest.raises(Malformed):
        await handlers.take_vacation("bob", 0)
    assert (await handlers.vacation("bob")).days_left == 21


async def test_a_live_game_is_left_alone() -> None:
    handlers = make(FakeClock())
    game_id = await new_game(handlers)
    version = (await handlers.repository.load(game_id)).version
    await handlers.take_vacation("ann", 3)
    assert (await handlers.repository.load(game_id)).version == version


async def test_opponents_see_until_when_and_hear_of_it_and_reminders_follow_the_new_deadline() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, SLOW)
    taken = await handlers.take_vacation("ann", 2)
    record = await handlers.repository.load(game_id)
    event = from_recorded((await handlers.repository.read_events(game_id))[-1])
    messages = dict(messages_for(record, event, clock.now))
    view = messages[f"daimyo.game.{game_id}.seat.1"].body  # type: ignore[attr-defined]
    assert view["clock"]["vacations"] == {"0": taken.until_ms}
    notices = messages[f"daimyo.game.{game_id}.notices"]
    assert isinstance(notices, GameNotices)
    said = {(n.kind, n.player_id): n.deadline_ms for n in notices.notices}
    assert record.clock is not None
    assert said == {("vacation", "bob"): taken.until_ms, ("deadline_moved", "ann"): record.clock.deadline(0)}
