"""The relay's shortcut over random games of every registered game: publishing the game the
handler computed is byte for byte what rebuilding it from the stream publishes, and every
seat's frame is exactly the engine's view for that seat of the replayed game (redaction kept)."""

from __future__ import annotations

from typing import Any

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from daimyo_bus import subjects
from daimyo_bus.messages import Message, SeatView, WatchView
from daimyo_game.catalogue import InMemoryCatalogue
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.handlers import GameHandlers
from daimyo_game.lease import LocalLease
from daimyo_game.relay import CHECKPOINT, Relay
from daimyo_game.repository import GameRepository
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from daimyo_store.api import LOG_START
from daimyo_store.memory import InMemoryEventStore

TABLES = st.sampled_from([("samurai", 2), ("samurai", 3), ("samurai", 4), ("shogun", 3), ("shogun", 5)])
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[str, bytes]] = []

    async def publish(self, subject: str, message: Message) -> None:
        self.sent.append((subject, message.encode()))

    async def publish_durable(self, subject: str, message: Message, message_id: str | None = None) -> int:
        await self.publish(subject, message)
        return len(self.sent)

    async def flush(self, timeout: int = 2) -> None: ...


async def play(handlers: GameHandlers, game: str, players: int, seed: int, moves: int) -> str:
    seats = tuple(SeatSpec(player_id=f"p{n}") for n in range(players))
    game_id, version = await handlers.create_game(CreateGame(game, {"players": players}, seats, seed=seed))
    rng = Rng(seed)
    for _ in range(moves):
        record = await handlers.repository.load(game_id)
        if record.finished:
            break
        seat = record.to_act[0]
        move = record.engine.move_to_json(record.engine.random_move(record.state, seat, rng))
        version = (await handlers.submit_move(SubmitMove(game_id, seat, move, version))).version
    return game_id


async def relay_all(store: InMemoryEventStore, publisher: Recorder, handed_over: Any = None) -> None:
    await store.set_checkpoint(CHECKPOINT, LOG_START)
    relay = Relay(GameRepository(store, get_game, 0), publisher, LocalLease(), handed_over=handed_over)
    await relay.run_once()


@FAST
@given(TABLES, st.integers(0, 2**31), st.integers(1, 40))
async def test_the_handlers_game_publishes_exactly_what_the_stream_rebuilds(table: tuple[str, int], seed: int,
                                                                              moves: int) -> None:
    store = InMemoryEventStore()
    handlers = GameHandlers(GameRepository(store, get_game), InMemoryCatalogue(), get_game)
    game_id = await play(handlers, *table, seed, moves)
    rebuilt, reused = Recorder(), Recorder()
    await relay_all(store, rebuilt)
    await relay_all(store, reused, handlers.repository)
    assert reused.sent == rebuilt.sent
    await every_frame_is_the_engines_view(handlers, game_id, rebuilt.sent)


async def every_frame_is_the_engines_view(handlers: GameHandlers, game_id: str,
                                          sent: list[tuple[str, bytes]]) -> None:
    for subject, data in sent:
        kind = subjects.kind_of(subject)
        if kind not in ("seat", "watch"):
            continue
        view = SeatView.decode(data) if kind == "seat" else WatchView.decode(data)
        record = await handlers.repository.load_at(game_id, view.version)
        expected = record.engine.view(record.state, view.seat)
        assert view.view == orjson.loads(orjson.dumps(expected, option=orjson.OPT_NON_STR_KEYS))
