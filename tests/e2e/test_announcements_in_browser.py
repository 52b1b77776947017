"""Who did what, told at the table (issue 33), with two people in two browsers: an opponent who
leaves and comes back is announced in the log and by a polite status line, and so is one who
loses the connection and is back within the grace (no bot in between); the one who left is
told what happened and what they may do (never "Your turn"); a greyed tile says why; "My games"
follows the game without a reload; the Live list shows dates and counts of moves, never the
store's versions; "let bots join" shows only where it means something; and the connection dot
stays green once signed in. Screens go to test-artifacts/ui33/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.pages import LAPTOP, TIMEOUT, play_one_turn, queue, sign_in, status, wait_for_game
from tests.e2e.stack import TUNING, Stack

GRACE_MS = int(float(TUNING["DAIMYO_DISCONNECT_GRACE_SECONDS"]) * 1000)


def shot(page: Page, artifacts: Path, name: str) -> None:
    (artifacts / "ui33").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "ui33" / f"{name}.png"), full_page=True)


def leave(page: Page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-live=leave]")


def test_a_leave_and_a_return_are_told_to_both_players_and_the_lists_follow(stack: Stack, browser: Any,
                                                                            artifacts: Path) -> None:
    contexts = [browser.new_context(viewport=LAPTOP) for _ in range(2)]
    alice, bob = (c.new_page() for c in contexts)
    for page, name in ((alice, "Alice Announce"), (bob, "Bob Announce")):
        sign_in(page, stack.url, name)
        page.check("input[name=mode][value=bots]")
        expect(page.locator("#welcome")).to_be_hidden()  # "let bots join" means nothing against bots
        queue(page, 2, "people")
    game_id = wait_for_game(alice)
    assert wait_for_game(bob) == game_id
    alice.wait_for_timeout(1000)  # the visitor's socket, closed at sign-in, must not paint the dot red
    expect(alice.locator("#conn")).to_have_class("conn up")
    waiting = bob if "Your turn" in status(alice) else alice
    expect(waiting.locator("#hand button.tile[disabled]").first).to_have_attribute(
        "title", re.compile("not your turn yet"), timeout=TIMEOUT)

    mine = contexts[0].new_page()  # Alice's second tab on "My games"
    mine.goto(f"{stack.url}/#/mine")
    mine.wait_for_selector("#my-games table", timeout=TIMEOUT)
    before = mine.inner_text("#my-games tbody")
    mover = alice if "Your turn" in status(alice) else bob
    play_one_turn(mover)
    expect(mine.locator("#my-games tbody")).not_to_have_text(before, timeout=12_000)

    leave(bob)
    expect(bob.locator(".live-left")).to_contain_text("You left this game", timeout=TIMEOUT)
    expect(bob.locator("[data-live=reclaim]")).to_be_visible()
    expect(bob.locator("#status")).not_to_contain_text("Your turn")
    expect(alice.locator("#table-news")).to_contain_text("Bob Announce has gone", timeout=TIMEOUT)
    expect(alice.locator("#table-news")).to_have_attribute("role", "status")
    expect(alice.locator(".log")).to_contain_text("Bob Announce has gone")
    shot(bob, artifacts, "laptop-after-leave")
    shot(alice, artifacts, "laptop-opponent-left")

    bob.click("[data-live=reclaim]")
    expect(alice.locator("#table-news")).to_contain_text("Bob Announce is back", timeout=TIMEOUT)
    expect(alice.locator(".log")).to_contain_text("Bob Announce is back")
    expect(bob.locator(".log")).to_contain_text("You took your seat back", timeout=TIMEOUT)

    bob.goto(f"{stack.url}/#/")  # Bob's page lets the table go: his seat has no socket any more
    expect(alice.locator("#table-news")).to_contain_text("Bob Announce lost connection", timeout=GRACE_MS)
    expect(alice.locator(".log")).to_contain_text("Bob Announce lost connection")
    bob.goto(f"{stack.url}/#/game/{game_id}")
    expect(alice.locator("#table-news")).to_contain_text("Bob Announce is back.", timeout=GRACE_MS)
    expect(alice.locator(".log")).to_contain_text("Bob Announce is back.")
    assert alice.inner_text(".log").count("has gone") == 1  # back within the grace: no bot took the seat
    shot(alice, artifacts, "laptop-opponent-lost-connection-and-back")

    alice.goto(f"{stack.url}/#/live")
    alice.wait_for_selector("table.list", timeout=TIMEOUT)
    listed = alice.inner_text("table.list")
    assert not re.search(r"\bv\d+\b", listed), f"an internal version in the Live list: {listed}"
    assert re.search(r"\d+ moves?\b", listed), listed
    expect(alice.locator("table.list time").first).to_be_visible()
    for context in contexts:
        context.close()
