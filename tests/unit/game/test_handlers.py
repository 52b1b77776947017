"""The game service's handlers over the in-memory store and a tiny hidden-hand game."""

from __future__ import annotations

from typing import Any

import pytest

from daimyo_game.aggregate import stream_id
from daimyo_game.catalogue import InMemoryCatalogue
from daimyo_game.commands import CreateGame, SeatSpec, SubmitMove
from daimyo_game.errors import DuplicateCommand, Illegal, Malformed, NotFound, PermissionDenied, Stale
from daimyo_game.events import UPCASTERS
from daimyo_game.handlers import GameHandlers
from daimyo_game.repository import GameRepository
from daimyo_store.memory import InMemoryEventStore

from .fake_game import fake_games

SEATS = (SeatSpec(player_id="ann"), SeatSpec(bot_level="random"))


def make_handlers(snapshot_every: int = 4, cache_size: int = 16) -> GameHandlers:
    store = InMemoryEventStore(UPCASTERS)
    repository = GameRepository(store, fake_games, cache_size=cache_size, snapshot_every=snapshot_every)
    return GameHandlers(repository, InMemoryCatalogue(), fake_games)


async def new_game(handlers: GameHandlers, **kw: object) -> str:
    command = CreateGame("cards", {"rounds": 2}, SEATS, seed=7, **kw)  # type: ignore[arg-type]
    game_id, _ = await handlers.create_game(command)
    return game_id


async def play_first_legal(handlers: GameHandlers, game_id: str, command_id: str = "") -> int:
    view = await handlers.get_view(game_id, None)
    seat = view.to_act[0]
    move = (await handlers.get_view(game_id, seat)).view["legal_moves"][0]
    result = await handlers.submit_move(SubmitMove(game_id, seat, move, view.version, command_id))
    return result.version


async def test_a_created_game_starts_at_version_one_with_seat_zero_to_act() -> None:
    handlers = make_handlers()
    view = await handlers.get_view(await new_game(handlers), 0)
    assert (view.version, view.to_act, view.finished) == (1, [0], False)


async def test_a_seat_sees_its_own_hand_but_only_the_size_of_another() -> None:
    handlers = make_handlers()
    view = (await handlers.get_view(await new_game(handlers), 0)).view
    assert isinstance(view["hands"]["0"], list) and view["hands"]["1"] == 3


async def test_a_whole_game_finishes_with_a_game_finished_event() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    for _ in range(4):
        version = await play_first_legal(handlers, game_id)
    view = await handlers.get_view(game_id, None)
    events, _ = await handlers.list_events(game_id, 0, None)
    assert version == 6 and view.finished and events[-1].type == "GameFinished"


async def test_a_retried_create_game_returns_the_same_game() -> None:
    handlers = make_handlers()
    assert await new_game(handlers, command_id="c1") == await new_game(handlers, command_id="c1")


async def test_an_unknown_game_name_is_malformed_and_names_the_known_games() -> None:
    with pytest.raises(Malformed, match="known games: cards"):
        await make_handlers().create_game(CreateGame("chess", {}, SEATS))


async def test_too_many_seats_is_malformed() -> None:
    with pytest.raises(Malformed, match="2 to 3 players, not 4"):
        await make_handlers().create_game(CreateGame("cards", {}, SEATS * 2))


async def test_a_bad_config_is_malformed() -> None:
    with pytest.raises(Malformed, match="bad config for cards: rounds"):
        await make_handlers().create_game(CreateGame("cards", {"rounds": 0}, SEATS))


async def test_an_unknown_game_id_is_not_found() -> None:
    with pytest.raises(NotFound, match="no such game"):
        await make_handlers().submit_move(SubmitMove("nope", 0, {"type": "play", "card": 1}))


async def test_a_move_out_of_turn_is_illegal_and_names_who_must_act() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    with pytest.raises(Illegal, match=r"seat 1 may not act now .*waiting for seat 0"):
        await handlers.submit_move(SubmitMove(game_id, 1, {"type": "play", "card": 1}, 1))


async def test_a_stale_version_is_stale() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    await play_first_legal(handlers, game_id)
    with pytest.raises(Stale, match="you saw version 1, the game is at 2"):
        await handlers.submit_move(SubmitMove(game_id, 1, {"type": "play", "card": 1}, 1))


async def test_a_player_who_does_not_hold_the_seat_is_denied() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    with pytest.raises(PermissionDenied, match="you do not hold seat 0"):
        await handlers.submit_move(SubmitMove(game_id, 0, {"type": "play", "card": 1}, 1, player_id="bob"))


async def test_a_seat_that_does_not_exist_is_malformed() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    with pytest.raises(Malformed, match="seat 5 does not exist"):
        await handlers.submit_move(SubmitMove(game_id, 5, {"type": "play", "card": 1}, 1))


async def test_an_unparsable_move_is_malformed_and_an_impossible_one_illegal() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    with pytest.raises(Malformed, match="move rejected: expected"):
        await handlers.submit_move(SubmitMove(game_id, 0, {"type": "jump"}, 1))
    with pytest.raises(Illegal, match="move rejected: card 99 is not in seat 0's hand"):
        await handlers.submit_move(SubmitMove(game_id, 0, {"type": "play", "card": 99}, 1))
    assert await handlers.repository.store.stream_version(stream_id(game_id)) == 1


async def test_a_retried_command_returns_the_first_result_and_appends_nothing() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    move = (await handlers.get_view(game_id, 0)).view["legal_moves"][0]
    first = await handlers.submit_move(SubmitMove(game_id, 0, move, 1, "m1"))
    again = await handlers.submit_move(SubmitMove(game_id, 0, move, 1, "m1"))
    assert (again.version, again.view.view, again.replayed) == (first.version, first.view.view, True)
    assert await handlers.repository.store.stream_version(stream_id(game_id)) == 2


async def test_a_stale_move_is_refused_without_loading_the_game_again_the_store_saying_it_is_no_retry(
        monkeypatch: pytest.MonkeyPatch) -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    await play_first_legal(handlers, game_id, "m1")
    asked: list[str] = []
    store = handlers.repository.store
    for name in ("previous", "stream_version", "read_stream", "append"):
        monkeypatch.setattr(store, name, _recording(asked, name, getattr(store, name)))
    with pytest.raises(Stale, match="you saw version 1, the game is at 2"):
        await handlers.submit_move(SubmitMove(game_id, 1, {"type": "play", "card": 1}, 1, "m2"))
    assert asked == ["previous"]


async def test_a_retried_command_is_answered_from_the_store_even_by_a_replica_that_never_saw_it() -> None:
    one = make_handlers()
    game_id = await new_game(one)
    move = (await one.get_view(game_id, 0)).view["legal_moves"][0]
    first = await one.submit_move(SubmitMove(game_id, 0, move, 1, "m1", player_id="ann"))
    stale_copy = GameHandlers(GameRepository(one.repository.store, fake_games), one.catalog, fake_games)
    again = await stale_copy.submit_move(SubmitMove(game_id, 0, move, 1, "m1", player_id="ann"))
    assert (again.version, again.replayed, first.replayed) == (first.version, True, False)


async def test_another_actor_using_the_same_command_id_is_not_treated_as_a_replay() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    move = (await handlers.get_view(game_id, 0)).view["legal_moves"][0]
    await handlers.submit_move(SubmitMove(game_id, 0, move, 1, "same", player_id="ann"))
    bot_move = (await handlers.get_view(game_id, 1)).view["legal_moves"][0]
    driver = await handlers.submit_move(SubmitMove(game_id, 1, bot_move, 2, "same", role="driver"))
    assert (driver.version, driver.replayed) == (3, False)
    retried = await handlers.submit_move(SubmitMove(game_id, 0, move, 1, "same", player_id="ann"))
    assert (retried.version, retried.replayed) == (2, True)  # the player's own first result


async def test_a_retry_reaching_another_replica_still_returns_the_first_result() -> None:
    one = make_handlers()
    game_id = await new_game(one)
    move = (await one.get_view(game_id, 0)).view["legal_moves"][0]
    first = await one.submit_move(SubmitMove(game_id, 0, move, 1, "m1"))
    other = GameHandlers(GameRepository(one.repository.store, fake_games), one.catalog, fake_games)
    await other.get_view(game_id, 0)  # its copy is at version 2 already: the retry looks stale to it
    again = await other.submit_move(SubmitMove(game_id, 0, move, 1, "m1"))
    assert (again.version, again.replayed) == (first.version, True)


def _recording(asked: list[str], name: str, method: Any) -> Any:
    async def recorded(*args: Any, **kwargs: Any) -> Any:
        asked.append(name)
        return await method(*args, **kwargs)
    return recorded


async def test_a_command_id_reused_for_another_move_is_refused() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    await play_first_legal(handlers, game_id, "m1")
    move = (await handlers.get_view(game_id, 1)).view["legal_moves"][0]
    with pytest.raises(DuplicateCommand, match="'m1' was already used"):
        await handlers.submit_move(SubmitMove(game_id, 1, move, 2, "m1"))


async def test_a_replica_that_loses_a_race_for_one_command_id_keeps_the_winners_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    store, catalogue = InMemoryEventStore(UPCASTERS), InMemoryCatalogue()
    winner = GameHandlers(GameRepository(store, fake_games), catalogue, fake_games)
    loser_repository = GameRepository(store, fake_games)
    loser = GameHandlers(loser_repository, catalogue, fake_games)
    game_id = await new_game(winner)
    loaded_before_the_race = await loser_repository.load(game_id)
    first, second = (await winner.get_view(game_id, 0)).view["legal_moves"][:2]
    await winner.submit_move(SubmitMove(game_id, 0, first, 1, "bot:1"))

    async def stale_load(_: str, check: bool = True) -> object:  # loaded just before the winner appended
        return loaded_before_the_race
    monkeypatch.setattr(loser_repository, "load", stale_load)
    with pytest.raises(DuplicateCommand):
        await loser.submit_move(SubmitMove(game_id, 0, second, 1, "bot:1"))
    monkeypatch.undo()
    assert (await loser.get_view(game_id, None)).view == (await winner.get_view(game_id, None)).view


async def test_events_are_redacted_for_other_seats_until_the_game_ends() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    await play_first_legal(handlers, game_id)
    events, _ = await handlers.list_events(game_id, 0, 1)
    assert "seed" not in events[0].data
    assert events[1].data["effects"]["drew"] == "hidden"
    for _ in range(3):
        await play_first_legal(handlers, game_id)
    events, _ = await handlers.list_events(game_id, 0, 1)
    assert events[0].data["seed"] == 7 and isinstance(events[1].data["effects"]["seats"]["0"]["drew"], int)


async def test_replay_shows_a_seat_what_it_saw_at_that_version() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    before = (await handlers.get_view(game_id, 0)).view
    for _ in range(4):
        await play_first_legal(handlers, game_id)
    replayed = await handlers.replay(game_id, 1, 0)
    assert (replayed.version, replayed.view) == (1, before)


async def test_a_finished_game_replays_with_every_hand_revealed_as_the_engine_says() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    for _ in range(4):
        await play_first_legal(handlers, game_id)
    revealed = await handlers.replay(game_id, 1, None, reveal_all=True)
    assert revealed.version == 1 and all(isinstance(h, list) for h in revealed.view["hands"].values())
    assert (await handlers.replay(game_id, 1, None)).view["hands"]["0"] == 3


async def test_a_running_game_reveals_nothing() -> None:
    handlers = make_handlers()
    with pytest.raises(PermissionDenied, match="only once it is finished"):
        await handlers.replay(await new_game(handlers), 1, None, reveal_all=True)


async def test_replay_beyond_the_stream_is_malformed() -> None:
    handlers = make_handlers()
    with pytest.raises(Malformed, match="version 9 does not exist"):
        await handlers.replay(await new_game(handlers), 9, None)


@pytest.mark.parametrize("snapshot_every", [0, 2])
async def test_a_cold_load_equals_the_warm_state(snapshot_every: int) -> None:
    handlers = make_handlers(snapshot_every=snapshot_every)
    game_id = await new_game(handlers)
    for _ in range(3):
        await play_first_legal(handlers, game_id)
    warm = await handlers.get_view(game_id, 0)
    cold = GameHandlers(GameRepository(handlers.repository.store, fake_games, 0, snapshot_every),
                        handlers.catalog, fake_games)
    assert await cold.get_view(game_id, 0) == warm


async def test_a_replica_with_a_stale_cache_sees_moves_made_elsewhere() -> None:
    one = make_handlers()
    game_id = await new_game(one)
    other = GameHandlers(GameRepository(one.repository.store, fake_games), one.catalog, fake_games)
    await other.get_view(game_id, 0)
    await play_first_legal(one, game_id)
    assert (await other.get_view(game_id, 0)).version == 2


async def test_list_games_finds_a_players_live_game() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    games = await handlers.list_games("ann", live=True, finished=False, limit=10)
    assert [g.game_id for g in games] == [game_id]


async def test_people_sharing_a_name_at_one_table_are_told_apart_by_a_number() -> None:
    handlers = make_handlers()
    seats = (SeatSpec(player_id="a", display_name="Ann"), SeatSpec(player_id="b", display_name="ann"))
    game_id, _ = await handlers.create_game(CreateGame("cards", {"rounds": 2}, seats, seed=7))
    record = await handlers.repository.load(game_id)
    assert [s["display_name"] for s in record.created.seats] == ["Ann", "ann 2"]
