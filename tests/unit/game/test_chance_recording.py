"""Chance results are data in the game's events, and stay inside the service until the end."""

from __future__ import annotations

from .test_handlers import make_handlers, new_game, play_first_legal


async def test_the_initial_deal_and_each_draw_are_recorded_in_the_events() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    await play_first_legal(handlers, game_id)
    stored = await handlers.repository.read_events(game_id, 0)
    assert stored[0].data["chance"][0]["chance"] == "deck"
    assert stored[1].data["chance"] == [{"chance": "drew", "card": stored[1].data["chance"][0]["card"]}]


async def test_no_viewer_reads_chance_results_while_the_game_runs() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    await play_first_legal(handlers, game_id)
    for viewer in (None, 0, 1):
        events, _ = await handlers.list_events(game_id, 0, viewer)
        assert all("chance" not in e.data and "seed" not in e.data for e in events)


async def test_after_the_end_the_chance_results_are_public() -> None:
    handlers = make_handlers()
    game_id = await new_game(handlers)
    for _ in range(4):
        await play_first_legal(handlers, game_id)
    events, _ = await handlers.list_events(game_id, 0, None)
    assert events[0].data["chance"][0]["chance"] == "deck"
