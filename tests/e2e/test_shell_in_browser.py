"""The shell around every game's screen, in a real browser: leaving a screen takes its listeners
with it (a dead screen's Escape once wrote into the next one), and the log of a game in progress
is told from its history after a reload, and a press on a live-bar button that spans a tick of the
clocks still counts."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.pages import (
    LAPTOP,
    TIMEOUT,
    play_one_turn,
    press_slowly,
    queue,
    sign_in,
    wait_for_game,
    wait_my_turn_or_end,
)
from tests.e2e.stack import Stack


def document_listeners(page: Page, kind: str) -> int:
    """How many `kind` listeners the document holds now (asked of the browser's debugger)."""
    cdp = page.context.new_cdp_session(page)
    document = cdp.send("Runtime.evaluate", {"expression": "document"})["result"]["objectId"]
    listeners = cdp.send("DOMDebugger.getEventListeners", {"objectId": document})["listeners"]
    cdp.detach()
    return sum(1 for listener in listeners if listener["type"] == kind)


def test_a_screen_left_keeps_no_keyboard_listener(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Leaver")
    assert document_listeners(page, "keydown") == 0
    queue(page, 2, "bots", "random")
    game_id = wait_for_game(page)
    assert wait_my_turn_or_end(page) == "turn"
    page.locator("#hand button.tile:not([disabled])").first.click()
    expect(page.locator("#hand [data-act=cancel]")).to_have_count(1)
    assert document_listeners(page, "keydown") == 1
    page.goto(f"{stack.url}/#/watch/{game_id}")
    expect(page.locator("#status")).to_contain_text("spectating", timeout=TIMEOUT)
    assert document_listeners(page, "keydown") == 1
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    expect(page.locator("#status")).to_contain_text("spectating")
    expect(page.locator("#hand .tile")).to_have_count(0)
    page.goto(f"{stack.url}/#/")
    page.wait_for_selector("#queue")
    assert document_listeners(page, "keydown") == 0
    context.close()


def test_the_log_of_a_game_in_progress_is_whole_after_a_reload(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Rememberer")
    queue(page, 2, "bots", "random")
    wait_for_game(page)
    assert wait_my_turn_or_end(page) == "turn"
    play_one_turn(page)
    assert wait_my_turn_or_end(page) == "turn"
    moves = page.locator(".log li").count()
    page.reload()
    page.wait_for_selector("#board svg")
    expect(page.locator(".log")).to_contain_text("placed", timeout=TIMEOUT)
    assert page.locator(".log li").count() >= moves
    context.close()


def test_a_press_on_leave_held_across_a_clock_tick_still_leaves(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave the game?"
    sign_in(page, stack.url, "Hesitant")
    queue(page, 2, "bots", "random")
    wait_for_game(page)
    assert wait_my_turn_or_end(page) == "turn"
    expect(page.locator(".clock.running")).to_have_count(1, timeout=TIMEOUT)  # my clock ticks
    press_slowly(page, "[data-live=leave]", hold_ms=1300)  # the clocks redraw once in between
    expect(page.locator(".after-game")).to_contain_text("You left the game", timeout=60_000)
    context.close()
