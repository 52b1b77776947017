"""The relay over the in-memory store, publishing into a list."""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest
from prometheus_client import REGISTRY

from daimyo_bus import subjects
from daimyo_bus.messages import Message, SeatView, WatchView
from daimyo_game.aggregate import stream_id
from daimyo_game.catalogue import InMemoryCatalogue
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.handlers import GameHandlers
from daimyo_game.lease import LocalLease
from daimyo_game.relay import CHECKPOINT, Relay, RelayConfig
from daimyo_game.repository import GameRepository
from daimyo_store.api import LOG_START, LogPosition, NewEvent
from daimyo_store.memory import InMemoryEventStore

from .fake_game import fake_games


def as_json(message: Message) -> dict[str, Any]:
    """What a subscriber reads of `message` (a view: its envelope and its frame together)."""
    if isinstance(message, SeatView | WatchView):
        return {"event": message.event, **message.body}
    return dict(orjson.loads(message.encode()))


class ListPublisher:
    def __init__(self) -> None:
        self.messages: list[tuple[str, Any]] = []
        self.sent: list[tuple[str, Message]] = []
        self.durable_ids: list[str | None] = []

    async def publish(self, subject: str, payload: Message) -> None:
        self.sent.append((subject, payload))
        self.messages.append((subject, as_json(payload)))

    async def publish_durable(self, subject: str, payload: Message, message_id: str | None = None) -> int:
        self.durable_ids.append(message_id)
        await self.publish(subject, payload)
        return len(self.messages)

    async def flush(self, timeout: int = 2) -> None: ...


def make() -> tuple[GameHandlers, Relay, ListPublisher]:
    store = InMemoryEventStore()
    catalogue = InMemoryCatalogue()
    handlers = GameHandlers(GameRepository(store, fake_games), catalogue, fake_games)
    publisher = ListPublisher()
    relay = Relay(GameRepository(store, fake_games), publisher, LocalLease(), catalog=catalogue)
    return handlers, relay, publisher


async def play_game(handlers: GameHandlers, rounds: int = 1) -> str:
    seats = (SeatSpec(player_id="ann"), SeatSpec(bot_level="random"))
    game_id, version = await handlers.create_game(CreateGame("cards", {"rounds": rounds}, seats, seed=3))
    for seat in (0, 1) * rounds:
        move = (await handlers.get_view(game_id, seat)).view["legal_moves"][0]
        version = (await handlers.submit_move(SubmitMove(game_id, seat, move, version))).version
    return game_id


def on(publisher: ListPublisher, subject_end: str) -> list[Any]:
    return [p for s, p in publisher.messages if s.endswith(subject_end)]


async def test_every_version_reaches_every_seat_in_order() -> None:
    handlers, relay, publisher = make()
    await play_game(handlers)
    await relay.run_once()
    assert [m["version"] for m in on(publisher, ".seat.0")] == [1, 2, 3, 4]
    assert [m["version"] for m in on(publisher, ".watch")] == [1, 2, 3, 4]


async def test_a_seat_never_sees_another_seats_hand_or_draw_while_the_game_runs() -> None:
    handlers, relay, publisher = make()
    await play_game(handlers, rounds=2)
    await relay.run_once()
    running = [m for m in on(publisher, ".seat.0") if m["to_act"]]
    assert all(isinstance(m["view"]["hands"]["1"], int) for m in running)
    assert [m["effects"] for m in running if m["last_move"] and m["last_move"]["seat"] == 1] \
        == [{"seat": 1, "drew": "hidden"}]


async def test_a_turn_notice_goes_out_when_a_bot_must_act_and_names_the_bot_seats() -> None:
    handlers, relay, publisher = make()
    await play_game(handlers, rounds=2)
    await relay.run_once()
    turns = on(publisher, ".turn")
    assert [t["to_act"] for t in turns] == [[1], [1]]  # not when only the person (seat 0) is to act
    assert turns[0]["seats"][1]["bot_level"] == "random" and turns[0]["seats"][0]["bot_level"] is None


async def test_a_finished_game_is_published_durably_once_per_event() -> None:
    handlers, relay, publisher = make()
    game_id = await play_game(handlers)
    await relay.run_once()
    finished = on(publisher, ".finished")
    assert len(finished) == 1 and finished[0]["seats"][0]["player_id"] == "ann"
    assert publisher.durable_ids == [f"game-{game_id}:4"]


async def test_the_relay_continues_from_its_checkpoint() -> None:
    handlers, relay, _ = make()
    await play_game(handlers)
    assert await relay.run_once() == 4
    assert await relay.run_once() == 0


class FailingOncePublisher(ListPublisher):
    """Loses the connection on its fifth message, as NATS going away mid-batch would."""

    async def publish(self, subject: str, payload: Message) -> None:
        if len(self.messages) == 4 and not getattr(self, "failed", False):
            self.failed = True
            raise ConnectionError("nats went away")
        await super().publish(subject, payload)


async def test_a_failed_batch_is_published_again_from_the_checkpoint() -> None:
    handlers, _, _ = make()
    publisher = FailingOncePublisher()
    relay = Relay(handlers.repository, publisher, LocalLease())
    await play_game(handlers)
    with pytest.raises(ConnectionError):
        await relay.run_once()
    await relay.run_once()
    assert [m["version"] for m in on(publisher, ".watch")] == [1, 1, 2, 3, 4]  # at least once, in order


async def test_an_event_of_a_game_no_engine_can_replay_is_skipped_not_retried_forever() -> None:
    handlers, relay, publisher = make()
    await handlers.repository.store.append("game-ghost", 0, [NewEvent("GameCreated", {
        "game": "chess", "config": {}, "seats": [{}, {}], "seed": 1})])
    await play_game(handlers)
    assert await relay.run_once() == 5
    assert [m["version"] for m in on(publisher, ".watch")] == [1, 2, 3, 4]


class NotingHandOver:
    """The handlers' repository handed over to the relay, noting whether each game was reused."""

    def __init__(self, repository: GameRepository) -> None:
        self.repository = repository
        self.applied: list[str] = []

    def cached_at(self, game_id: str, version: int) -> Any:
        record = self.repository.cached_at(game_id, version)
        self.applied.append("reused" if record is not None else "rebuilt")
        return record

    def appended(self, stream: str, version: int) -> None:
        return None


async def test_the_relay_publishes_the_game_the_handler_computed_without_applying_the_move_again() -> None:
    store = InMemoryEventStore()
    repository = GameRepository(store, fake_games)
    handlers = GameHandlers(repository, InMemoryCatalogue(), fake_games)
    rebuilt, reused = ListPublisher(), ListPublisher()
    await play_game(handlers)
    await Relay(GameRepository(store, fake_games, 0), rebuilt, LocalLease()).run_once()

    await store.set_checkpoint(CHECKPOINT, LOG_START)
    handed_over = NotingHandOver(repository)
    relay = Relay(GameRepository(store, fake_games, 0), reused, LocalLease(), handed_over=handed_over)
    await relay.run_once()
    assert reused.messages == rebuilt.messages
    assert handed_over.applied[-1] == "reused"  # the newest version is the one the handler holds


async def test_the_relay_reads_the_log_in_batches_of_its_configured_size() -> None:
    handlers, _, publisher = make()
    await play_game(handlers)  # four events: creation, two moves, the end
    relay = Relay(GameRepository(handlers.repository.store, fake_games), publisher, LocalLease(),
                  RelayConfig(batch=3, now_ms=lambda: 42))
    assert [await relay._relay_batch() for _ in range(3)] == [3, 1, 0]
    assert relay.config == RelayConfig(batch=3, now_ms=relay.config.now_ms)


async def test_every_event_the_handlers_append_is_held_once_for_the_relay_as_recorded() -> None:
    store = InMemoryEventStore()
    repository = GameRepository(store, fake_games)
    handlers = GameHandlers(repository, InMemoryCatalogue(), fake_games)
    game_id = await play_game(handlers)
    stream = stream_id(game_id)
    recorded = await store.read_stream(stream)
    assert [repository.appended(stream, e.version) for e in recorded] == recorded  # creation and moves
    assert [repository.appended(stream, e.version) for e in recorded] == [None] * len(recorded)


async def test_under_load_versions_reach_the_catalogue_and_checkpoint_every_catalog_seconds() -> None:
    store, catalogue, now = InMemoryEventStore(), InMemoryCatalogue(), [0.0]
    handlers = GameHandlers(GameRepository(store, fake_games), catalogue, fake_games)
    config = RelayConfig(catalog_seconds=10, clock=lambda: now[0])
    relay = Relay(GameRepository(store, fake_games), ListPublisher(), LocalLease(), config, catalog=catalogue)
    seats = (SeatSpec(player_id="ann"), SeatSpec(bot_level="random"))
    game_id, version = await handlers.create_game(CreateGame("cards", {"rounds": 3}, seats, seed=3))

    async def move_and_relay(seat: int) -> tuple[int, LogPosition]:
        nonlocal version
        move = (await handlers.get_view(game_id, seat)).view["legal_moves"][0]
        version = (await handlers.submit_move(SubmitMove(game_id, seat, move, version))).version
        assert await relay._relay_batch() > 0  # one batch, as the running relay reads them
        summary = await catalogue.get_game_summary(game_id)
        assert summary is not None
        return summary.version, await store.get_checkpoint(CHECKPOINT)

    assert await relay._relay_batch() == 1  # the creation (the handler catalogued it)
    assert await relay._relay_batch() == 0  # caught up: saved at once
    created_at = await store.get_checkpoint(CHECKPOINT)
    assert created_at > LOG_START
    assert await move_and_relay(0) == (1, created_at)  # a move under load waits
    now[0] += 10
    saved = await move_and_relay(1)
    assert saved[0] == 3 and saved[1] > created_at
    assert await move_and_relay(0) == saved
    assert await relay._relay_batch() == 0  # caught up: saved at once
    assert (await catalogue.get_game_summary(game_id)).version == 4  # type: ignore[union-attr]
    assert await store.get_checkpoint(CHECKPOINT) > saved[1]


async def test_every_publish_is_counted_under_its_subjects_kind() -> None:
    handlers, relay, publisher = make()
    kinds = ("seat", "watch", "turn", "player", "finished", "abandoned")
    before = {k: REGISTRY.get_sample_value("daimyo_relay_published_total", {"kind": k}) or 0 for k in kinds}
    await play_game(handlers)
    await relay.run_once()
    counted = {k: (REGISTRY.get_sample_value("daimyo_relay_published_total", {"kind": k}) or 0) - before[k]
               for k in kinds}
    by_subject = Counter(subjects.kind_of(subject) for subject, _ in publisher.sent)
    assert counted == {k: by_subject.get(k, 0) for k in kinds} and sum(counted.values()) > 0
