"""The table says how many watch (issue 33): a player alone at a game against bots sees no count;
when someone opens the game as a spectator both the player and the spectator read "1 watching",
and when the spectator leaves the player's count goes again — live, without a reload."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.e2e.pages import LAPTOP, TIMEOUT, queue, sign_in, wait_for_game
from tests.e2e.stack import Stack

COUNT = "#table-watching"


def test_players_and_spectators_read_how_many_watch(stack: Stack, browser: Any) -> None:
    player = browser.new_context(viewport=LAPTOP).new_page()
    sign_in(player, stack.url, "Watched Player")
    queue(player, 2, "bots", "random")
    game_id = wait_for_game(player)
    expect(player.locator(COUNT)).to_have_text("", timeout=TIMEOUT)
    watcher = browser.new_context(viewport=LAPTOP).new_page()
    sign_in(watcher, stack.url, "Curious Onlooker")
    watcher.goto(f"{stack.url}/#/watch/{game_id}")
    expect(watcher.locator("#status")).to_contain_text("spectating", timeout=TIMEOUT)
    expect(player.locator(COUNT)).to_have_text("1 watching", timeout=TIMEOUT)
    expect(watcher.locator(COUNT)).to_have_text("1 watching", timeout=TIMEOUT)
    watcher.context.close()
    expect(player.locator(COUNT)).to_have_text("", timeout=TIMEOUT)
    player.context.close()
