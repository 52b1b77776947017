"""Samurai in a real browser against every real service: matchmaking two people who see each
other's moves live, a whole game against bots by clicking, a reload that resumes, a spectator
who sees no hand, and the replay of the finished game. Screenshots go to test-artifacts/."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest
from playwright.sync_api import expect

from daimyo_proto.daimyo.game.v1 import game_pb2, game_pb2_grpc
from daimyo_rules.samurai.tiles import TILE_IDS
from tests.e2e.pages import (
    LAPTOP,
    PHONE,
    TIMEOUT,
    current_version,
    place_any_tile,
    placed_tiles,
    play_one_turn,
    player_id,
    queue,
    shot,
    sign_in,
    status,
    wait_for_game,
    wait_for_version_after,
    wait_my_turn_or_end,
)
from tests.e2e.stack import Stack


@pytest.fixture
def people_game(stack: Stack, browser: Any, artifacts: Path) -> Any:
    """Two people in two browser contexts, queued for a 2-player game and matched together."""
    contexts = [browser.new_context(viewport=LAPTOP), browser.new_context(viewport=PHONE)]
    alice, bob = (c.new_page() for c in contexts)
    sign_in(alice, stack.url, "Alice")
    queue(alice, 2, "people")
    alice.wait_for_selector("#clock, #board svg", timeout=TIMEOUT)  # waiting, unless matched already
    if alice.locator("#clock").count():
        shot(alice, artifacts, "01-waiting")
    sign_in(bob, stack.url, "Bob")
    queue(bob, 2, "people")
    game_ids = {wait_for_game(alice), wait_for_game(bob)}
    assert len(game_ids) == 1
    yield alice, bob, game_ids.pop()
    for context in contexts:
        context.close()


def test_two_people_are_matched_and_each_sees_the_others_moves_live(people_game: Any,
                                                                   artifacts: Path) -> None:
    alice, bob, _ = people_game
    first, second = (alice, bob) if "Your turn" in status(alice) else (bob, alice)
    expect(first.locator("#status")).to_contain_text("Your turn", timeout=TIMEOUT)
    version = current_version(first)
    assert place_any_tile(first)
    wait_for_version_after(first, version)
    expect(second.locator("#board g.placed")).to_have_count(1, timeout=TIMEOUT)
    expect(second.locator(".log")).to_contain_text("placed", timeout=TIMEOUT)  # the turn may end after it
    if first.locator("#hand [data-act=end_turn]").count():
        first.click("#hand [data-act=end_turn]")
    expect(second.locator("#status")).to_contain_text("Your turn", timeout=TIMEOUT)
    assert place_any_tile(second)
    expect(first.locator("#board g.placed")).to_have_count(2, timeout=TIMEOUT)
    shot(alice, artifacts, "02-people-laptop")
    shot(bob, artifacts, "03-people-phone")


def test_a_spectator_sees_the_board_but_no_hand(people_game: Any, stack: Stack, browser: Any,
                                               artifacts: Path) -> None:
    _, _, game_id = people_game
    context = browser.new_context(viewport=LAPTOP)
    watcher = context.new_page()
    sign_in(watcher, stack.url, "Watcher")
    watcher.goto(f"{stack.url}/#/live")
    watcher.click(f"a[href='#/watch/{game_id}']")
    watcher.wait_for_selector("#board svg")
    expect(watcher.locator("#status")).to_contain_text("spectating", timeout=TIMEOUT)
    expect(watcher.locator("#hand .tile")).to_have_count(0)
    expect(watcher.locator(".players .p")).to_have_count(2)
    shot(watcher, artifacts, "04-spectator")
    context.close()


def test_a_reload_mid_game_resumes_where_it_was(stack: Stack, browser: Any, artifacts: Path) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Reloader")
    queue(page, 2, "bots", "random")
    game_id = wait_for_game(page)
    for _ in range(2):
        assert wait_my_turn_or_end(page) == "turn"
        play_one_turn(page)
    assert wait_my_turn_or_end(page) == "turn"
    before = placed_tiles(page)
    page.reload()
    page.wait_for_selector("#board svg")
    expect(page.locator("#board g.placed")).to_have_count(before, timeout=TIMEOUT)
    assert page.url.endswith(game_id)
    assert wait_my_turn_or_end(page) == "turn"
    play_one_turn(page)
    expect(page.locator("#board g.placed")).not_to_have_count(before, timeout=TIMEOUT)
    shot(page, artifacts, "05-after-reload")
    context.close()


def test_a_person_plays_a_whole_game_against_bots_to_the_final_score(stack: Stack, browser: Any,
                                                                    artifacts: Path) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Solo")
    queue(page, 3, "bots", "random")
    game_id = wait_for_game(page)
    turns = 0
    while wait_my_turn_or_end(page) == "turn":
        play_one_turn(page)
        turns += 1
        if turns == 3:
            shot(page, artifacts, "06-bots-midgame")
        assert turns < 60, "the game should end within 60 of my turns"
    final = page.locator("section.final")
    expect(final).to_be_visible(timeout=TIMEOUT)
    expect(final).to_contain_text("How it was decided")
    shot(page, artifacts, "07-final-score")
    page.goto(f"{stack.url}/#/replay/{game_id}")
    page.wait_for_selector("#board svg")
    page.select_option("#persp", "all")
    page.click("[data-step=first]")
    expect(page.locator("#at")).to_contain_text("start ·")
    page.click("[data-step='1']")
    expect(page.locator("#at")).to_contain_text("move 1 of")
    expect(page.locator("#hands .hand")).to_have_count(3, timeout=TIMEOUT)
    shot(page, artifacts, "08-replay-reveal-all")
    context.close()


def create_game(stack: Stack, player_ids: list[str], names: list[str], config: dict[str, Any],
                bot_seats: dict[int, str] | None = None) -> str:
    """A game made straight through the game service (matchmade games use the random setup)."""
    bots = bot_seats or {}
    with grpc.insecure_channel(stack.env["DAIMYO_GAME_ADDR"]) as channel:
        seats = [game_pb2.Seat(bot_level=bots[n], display_name=name) if n in bots
                 else game_pb2.Seat(player_id=p, display_name=name)
                 for n, (p, name) in enumerate(zip(player_ids, names, strict=True))]
        request = game_pb2.CreateGameRequest(game="samurai", seats=seats, config_json=json.dumps(config),
                                             command_id=uuid.uuid4().hex)
        as_matchmaking = (("x-daimyo-caller", "matchmaking"),
                          ("x-daimyo-token", stack.env["DAIMYO_MATCHMAKING_GRPC_TOKEN"]))
        stub = game_pb2_grpc.GameServiceStub(channel)
        return str(stub.CreateGame(request, timeout=10, metadata=as_matchmaking).game_id)


def test_the_setup_phase_is_played_by_clicking(stack: Stack, browser: Any, artifacts: Path) -> None:
    contexts = [browser.new_context(viewport=LAPTOP) for _ in range(2)]
    pages = [c.new_page() for c in contexts]
    for page, name in zip(pages, ("Kenshin", "Shingen"), strict=True):
        sign_in(page, stack.url, name)
    ids = [player_id(page) for page in pages]
    game_id = create_game(stack, ids, ["Kenshin", "Shingen"], {"players": 2, "random_setup": False})
    for page in pages:
        page.goto(f"{stack.url}/#/game/{game_id}")
        page.wait_for_selector("#board svg")
    placements = 0
    while not pages[0].locator("[data-act=choose]").count():
        actor = next((p for p in pages if p.locator("#hand [data-figure]:not([disabled])").count()), None)
        if actor is None:
            pages[0].wait_for_timeout(100)
            continue
        version = current_version(actor)
        actor.locator("#hand [data-figure]:not([disabled])").first.click()
        actor.locator("#board .target-site").first.click()
        wait_for_version_after(actor, version)
        placements += 1
        if placements == 5:
            shot(actor, artifacts, "09-setup-figures")
        assert placements < 40
    for n, page in enumerate(pages):
        page.wait_for_selector("[data-act=choose]")
        for tile in page.locator("#hand button.tile").all()[n: n + 5]:
            tile.click()
        if n == 0:
            shot(page, artifacts, "10-choose-hand")
        page.click("[data-act=choose]")
    expect(pages[0].locator("#status")).to_contain_text("Your turn", timeout=TIMEOUT)
    expect(pages[0].locator("#hand button.tile")).to_have_count(5)
    for context in contexts:
        context.close()


def test_figure_and_tile_swaps_are_played_by_clicking(stack: Stack, browser: Any, artifacts: Path) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Swapper")
    hand = {"figure_swap", "tile_swap", "buddha4", "samurai3", "ronin1"}
    stack_order = [t for t in TILE_IDS if t not in hand]
    config = {"players": 2, "random_setup": True, "draw_stacks": {"0": stack_order}}
    game_id = create_game(stack, [player_id(page), ""], ["Swapper", "Bot"], config, bot_seats={1: "random"})
    page.goto(f"{stack.url}/#/game/{game_id}")
    assert wait_my_turn_or_end(page) == "turn"
    version = current_version(page)
    page.click("#hand [data-tile=figure_swap]")
    page.locator("#board .figure.pick").first.click()
    shot(page, artifacts, "11-figure-swap-choose")
    page.locator("#board .figure.pick:not(.picked)").first.click()
    wait_for_version_after(page, version)
    expect(page.locator(".log li").first).to_contain_text("swapped")
    version = current_version(page)
    page.click("#hand [data-tile=buddha4]")
    page.locator("#board polygon.target").first.click()
    wait_for_version_after(page, version)
    version = current_version(page)
    page.locator("#hand [data-act=end_turn]").click(timeout=TIMEOUT)  # ronin1 could still be played
    wait_for_version_after(page, version)  # the bot may answer too fast to see its turn on screen
    assert wait_my_turn_or_end(page) == "turn"
    version = current_version(page)
    page.click("#hand [data-tile=tile_swap]")
    page.locator("#board g.placed.source").first.click()
    page.locator("#board polygon.target").first.click()
    wait_for_version_after(page, version)
    expect(page.locator(".log")).to_contain_text("moved Buddha 4")
    shot(page, artifacts, "12-after-tile-swap")
    context.close()
