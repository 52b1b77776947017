"""Both registered engines through the handlers (in-memory store): whole games, snapshots that
rebuild the same state, and secret moves hidden from the other seats while the game runs."""

from __future__ import annotations

import pytest

from daimyo_game.catalogue import InMemoryCatalogue
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.handlers import GameHandlers
from daimyo_game.repository import GameRepository
from daimyo_rules.core import Rng
from daimyo_rules.registry import get_game
from daimyo_store.memory import InMemoryEventStore

CASES = [("samurai", 2, {"random_setup": False}), ("shogun", 3, {})]


async def play_until(handlers: GameHandlers, game_id: str, seed: int, moves: int) -> int:
    rng = Rng(seed)
    version = 1
    for _ in range(moves):
        record = await handlers.repository.load(game_id)
        if not (to_act := record.engine.to_act(record.state)):
            break
        move = record.engine.move_to_json(record.engine.random_move(record.state, to_act[0], rng))
        version = (await handlers.submit_move(SubmitMove(game_id, to_act[0], move, record.version))).version
    return version


async def new_game(name: str, players: int, config: dict[str, object]) -> tuple[GameHandlers, str]:
    store = InMemoryEventStore()
    handlers = GameHandlers(GameRepository(store, get_game, snapshot_every=10), InMemoryCatalogue(), get_game)
    seats = tuple(SeatSpec(bot_level="random") for _ in range(players))
    game_id, _ = await handlers.create_game(CreateGame(name, config, seats, seed=9))
    return handlers, game_id


@pytest.mark.parametrize(("name", "players", "config"), CASES)
async def test_a_whole_game_ends_with_an_outcome_and_reloads_identically(
    name: str, players: int, config: dict[str, object]
) -> None:
    handlers, game_id = await new_game(name, players, config)
    version = await play_until(handlers, game_id, 9, 2000)
    warm = await handlers.get_view(game_id, 0)
    for snapshot_every in (0, 10):
        cold = GameHandlers(GameRepository(handlers.repository.store, get_game, 0, snapshot_every),
                            handlers.catalog, get_game)
        assert await cold.get_view(game_id, 0) == warm
    assert warm.finished and warm.version == version


@pytest.mark.parametrize(("name", "players", "config"), CASES)
async def test_secret_moves_show_only_their_kind_to_other_seats_while_running(
    name: str, players: int, config: dict[str, object]
) -> None:
    handlers, game_id = await new_game(name, players, config)
    await play_until(handlers, game_id, 9, 40)
    events, _ = await handlers.list_events(game_id, 0, 1)
    secret = [e.data["move"] for e in events if e.type == "MoveMade" and e.data["seat"] != 1
              and e.data["move"]["type"] in ("choose_hand", "plan")]
    assert secret and all(move == {"type": move["type"]} for move in secret)
