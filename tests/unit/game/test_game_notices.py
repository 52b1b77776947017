"""What a correspondence game tells its players' notifier (daimyo.game.<id>.notices): its seats
when it starts, a turn when it begins (not a seat's own move that leaves it more to do), the end;
a live game tells it nothing."""

from __future__ import annotations

from daimyo_bus.messages import GameNotices
from daimyo_game.events import from_recorded
from daimyo_game.fanout import messages_for
from daimyo_game.handlers import GameHandlers

from .test_takeovers import FakeClock, make, new_game, play

SLOW = {"type": "correspondence", "days_per_move": 2}
DAY = 86_400_000


async def notices_at(handlers: GameHandlers, game_id: str, version: int) -> GameNotices | None:
    record = await handlers.repository.load_at(game_id, version)
    event = from_recorded((await handlers.repository.read_events(game_id, version - 1))[0])
    found = dict(messages_for(record, event, 0)).get(f"daimyo.game.{game_id}.notices")
    assert found is None or isinstance(found, GameNotices)
    return found


async def test_a_new_correspondence_game_tells_each_player_and_whose_turn_it_is() -> None:
    clock = FakeClock()
    handlers = make(clock)
    game_id = await new_game(handlers, SLOW)
    created = await notices_at(handlers, game_id, 1)
    assert created is not None
    said = sorted((n.kind, n.player_id, n.deadline_ms) for n in created.notices)
    assert said == [("game_found", "ann", 0), ("game_found", "bob", 0),
                    ("your_turn", "ann", clock.now + 2 * DAY)]


async def test_a_move_that_hands_over_the_turn_tells_the_next_player_only() -> None:
    handlers = make(FakeClock())
    game_id = await new_game(handlers, SLOW)
    version = await play(handlers, game_id)
    moved = await notices_at(handlers, game_id, version)
    assert moved is not None and [(n.kind, n.player_id) for n in moved.notices] == [("your_turn", "bob")]


async def test_the_end_tells_every_player_and_a_live_game_tells_nothing() -> None:
    handlers = make(FakeClock())
    game_id = await new_game(handlers, SLOW, rounds=1)
    while not (await handlers.repository.load(game_id)).finished:
        await play(handlers, game_id)
    ended = await notices_at(handlers, game_id, (await handlers.repository.load(game_id)).version)
    assert ended is not None and {(n.kind, n.player_id) for n in ended.notices} == {
        ("game_ended", "ann"), ("game_ended", "bob")}
    live = await new_game(handlers)
    assert await notices_at(handlers, live, 1) is None
