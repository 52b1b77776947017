"""The relay as the game service wires it, over Postgres: what this process's handlers appended is
published from memory (the handlers' states and events), not read back and decoded again."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from daimyo_game.bootstrap import GameApp, build, relay_for
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.lease import LocalLease
from daimyo_rules.core import Rng
from tests.support.game_service import settings_for
from tests.unit.game.test_relay import ListPublisher

pytestmark = pytest.mark.integration


@pytest.fixture
async def app(database_url: str, nats_url: str, fresh_schema: str) -> AsyncIterator[GameApp]:
    built = await build(settings_for(database_url, nats_url, fresh_schema))
    yield built
    await built.close()


async def play_moves(app: GameApp, moves: int, after_each: Callable[[], Awaitable[Any]] | None = None) -> str:
    seats = (SeatSpec(bot_level="random"), SeatSpec(bot_level="random"))
    game_id, _ = await app.handlers.create_game(CreateGame("samurai", {}, seats, seed=5))
    rng = Rng(5)
    for _ in range(moves):
        if after_each is not None:
            await after_each()
        record = await app.handlers.repository.load(game_id)
        seat = record.engine.to_act(record.state)[0]
        move = record.engine.move_to_json(record.engine.random_move(record.state, seat, rng))
        await app.handlers.submit_move(SubmitMove(game_id, seat, move, record.version))
    if after_each is not None:
        await after_each()
    return game_id


def watch_versions(publisher: ListPublisher) -> list[int]:
    return [message["version"] for subject, message in publisher.messages if subject.endswith(".watch")]


async def test_the_relay_publishes_this_processs_appends_without_decoding_them_again(
        app: GameApp, monkeypatch: pytest.MonkeyPatch) -> None:
    decoded: list[Any] = []
    decode = app.store._event

    def counted(row: Any) -> Any:
        decoded.append(row)
        return decode(row)

    monkeypatch.setattr(app.store, "_event", counted)
    publisher = ListPublisher()
    relay = relay_for(app, publisher, LocalLease())
    relayed: list[int] = []

    async def relay_now() -> None:  # as live: the relay keeps up with every append
        relayed.append(await relay.run_once())

    await play_moves(app, 6, relay_now)
    assert relayed == [1, 1, 1, 1, 1, 1, 1]  # the creation and six moves, each as it came
    assert decoded == []
    assert watch_versions(publisher) == [1, 2, 3, 4, 5, 6, 7]


async def test_events_another_process_appended_are_read_from_the_store(app: GameApp) -> None:
    await play_moves(app, 3)
    other = await build(app.settings)  # a second replica's handlers: it appended nothing itself
    try:
        publisher = ListPublisher()
        assert await relay_for(other, publisher, LocalLease()).run_once() == 4
        assert watch_versions(publisher) == [1, 2, 3, 4]
    finally:
        await other.close()
