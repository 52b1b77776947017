"""The client fits a phone (390×844) and a laptop (1366×800): the lobby, a Samurai game, Shogun
planning on the map, a battle reopened from the history and the winter scoring, each asserted
by its layout — nothing wider than the window, map labels big enough to read, keyboard focus
kept — and saved as a screenshot under test-artifacts/ for a person to look at."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import (
    TIMEOUT,
    current_version,
    queue,
    shot,
    sign_in,
    wait_for_game,
    wait_for_version_after,
)
from tests.e2e.stack import Stack
from tests.e2e.test_shogun_in_browser import queue_shogun_against_bots, wait_for_my_decision_or_end

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 800}}
OVERFLOW = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
SMALLEST_LABEL = ("() => { const svg = document.querySelector('#board svg');"
                  " const box = svg.getBoundingClientRect();"
                  " const seen = [...svg.querySelectorAll('.sg-name')].filter(t => {"
                  " const r = t.getBoundingClientRect(); return r.left >= box.left && r.right <= box.right"
                  " && r.top >= box.top && r.bottom <= box.bottom; });"
                  " return seen.length ? Math.min(...seen.map(t => parseFloat(getComputedStyle(t).fontSize)"
                  " * t.getScreenCTM().a)) : 0; }")
FOCUS_IN = "s => !!document.activeElement.closest(s)"
YEAR_BUDGET_S = 150


def assert_fits(page: Page) -> None:
    scroll, client = page.evaluate(OVERFLOW)
    assert scroll <= client, f"the page scrolls sideways: {scroll} px of content in {client} px"


@pytest.fixture(params=list(VIEWPORTS))
def screen(request: pytest.FixtureRequest, browser: Any) -> Any:
    context = browser.new_context(viewport=VIEWPORTS[request.param], has_touch=request.param == "phone")
    yield request.param, context.new_page()
    context.close()


def test_the_lobby_and_a_samurai_game_fit_the_screen_and_keep_keyboard_focus(screen: Any, stack: Stack,
                                                                           artifacts: Path) -> None:
    name, page = screen
    sign_in(page, stack.url, "Fitter")
    assert_fits(page)
    expect(page.locator(".howto-links a")).to_have_count(2)
    shot(page, artifacts, f"layout-{name}-lobby")
    queue(page, 2, "bots")
    wait_for_game(page)
    page.wait_for_selector("#hand button.tile[draggable=true]", timeout=TIMEOUT)
    assert_fits(page)
    board = page.locator("#board svg").bounding_box()
    if name == "laptop":  # the whole board in the window (a phone scrolls to the hand under it)
        assert board and board["y"] + board["height"] <= VIEWPORTS[name]["height"] + 1, board
    page.locator("#hand button.tile[draggable=true]").first.focus()
    page.keyboard.press("Enter")
    assert page.evaluate(FOCUS_IN, "#board"), "focus left the board after a tile"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUS_IN, "#board .target"), "the arrow key lost the targets"
    version = current_version(page)
    page.keyboard.press("Enter")
    wait_for_version_after(page, version)
    words = page.inner_text("#side").split()
    assert not any(w.startswith("h") and w[1:].isdigit() for w in words), "a hex is named by its internal id"
    expect(page.locator(".howto-link")).to_have_count(1)
    shot(page, artifacts, f"layout-{name}-samurai")


def test_shogun_planning_battles_and_winter_fit_the_screen(screen: Any, stack: Stack,
                                                           artifacts: Path) -> None:
    name, page = screen
    sign_in(page, stack.url, "Planner")
    queue_shogun_against_bots(page)
    assert wait_for_my_decision_or_end(page) == "Plan"
    assert_fits(page)
    assert page.evaluate(SMALLEST_LABEL) >= 9, "province names too small to read"
    for chip in range(2):  # two actions planned by the province buttons under the card row
        page.locator("#decide [data-plan-province]").first.click()
        expect(page.locator("#board .sg-plan-tag")).to_have_count(chip + 1)
    assert page.evaluate(FOCUS_IN, "#decide"), "focus dropped after a choice"
    page.click("#board-frame [data-pz=in]")
    assert page.evaluate(SMALLEST_LABEL) >= 9
    shot(page, artifacts, f"layout-{name}-shogun-plan")
    page.click("#decide [data-act=submit-plan]")
    battle_shot = False
    started = time.monotonic()
    while not page.locator("#winter .sg-winter").count():
        assert time.monotonic() - started < YEAR_BUDGET_S, "no winter within the budget"
        kind = wait_for_my_decision_or_end(page)
        if kind == "over" or page.locator("#winter .sg-winter").count():
            break
        version = current_version(page)
        if kind == "Plan":
            page.click("#decide [data-act=submit-plan]")
        elif kind == "Special card":
            page.locator("#decide [data-special]").first.click()
        elif kind == "Move":
            page.click("#decide [data-act=skip]")
        else:
            page.click("#decide [data-act=draft]")
        wait_for_version_after(page, version)
        if not battle_shot and page.locator("#battle .sg-battle-item").count():
            battle_shot = True
            newest = page.locator("#battle .sg-battle-item summary").first
            newest.click()  # folded away, then reopened: the history keeps every battle
            expect(page.locator("#battle .sg-battle-item[open]")).to_have_count(0)
            newest.click()
            expect(page.locator("#battle .sg-battle-item[open] table")).to_be_visible()
            assert "in" in page.inner_text("#battle .sg-battle-item[open] thead")
            assert_fits(page)
            page.locator("#battle").scroll_into_view_if_needed()
            shot(page, artifacts, f"layout-{name}-shogun-battles")
    page.wait_for_selector("#winter .sg-winter", timeout=TIMEOUT)
    assert_fits(page)
    table = page.eval_on_selector("#winter table", "t => [t.scrollWidth, t.parentElement.clientWidth]")
    assert table[0] <= table[1] + 1, f"the winter table is wider than its panel: {table}"
    page.locator("#winter").scroll_into_view_if_needed()
    shot(page, artifacts, f"layout-{name}-shogun-winter")


@pytest.mark.parametrize("width", [360, 1920])
def test_a_shogun_game_never_scrolls_sideways_at_the_narrowest_and_widest_screens(width: int, stack: Stack,
                                                                                  browser: Any) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    sign_in(page, stack.url, "Edges")
    assert_fits(page)
    queue_shogun_against_bots(page)
    assert wait_for_my_decision_or_end(page) == "Plan"
    assert_fits(page)
    assert page.evaluate(SMALLEST_LABEL) >= 9, "province names too small to read"
    context.close()


# While Skip shows, the page notes what the playback says and pauses it, in one task (null when
# no playback is under way): a playback that ends while the test looks leaves nothing to skip.
DECISIONS = ("Plan", "Special card")
PAUSE_IF_PLAYING_BACK = """() => {
  const skip = document.querySelector('.playback [data-skip]');
  if (!skip || skip.hidden) return null;
  const said = document.querySelector('.playback').textContent;
  document.querySelector('.playback [data-pause]').click();
  return said;
}"""


def test_other_players_moves_play_back_with_a_pause_that_skip_cuts_short(stack: Stack, browser: Any,
                                                                        artifacts: Path) -> None:
    context = browser.new_context(viewport=VIEWPORTS["laptop"])
    page = context.new_page()
    sign_in(page, stack.url, "Watcher", pace_ms=1600)
    queue_shogun_against_bots(page)
    expect(page.locator(".playback [data-pace]")).to_have_value("1600")
    skip = page.locator(".playback [data-skip]")
    said = None
    for _ in range(8):  # rounds: a playback that ended before the pause is caught at the next one
        while not skip.is_visible() and (kind := wait_for_my_decision_or_end(page)) in DECISIONS:
            if skip.is_visible():
                break
            if kind == "Plan":
                page.click("#decide [data-act=submit-plan]")
            else:
                page.locator("#decide [data-special]").first.click()
            page.wait_for_timeout(300)
        said = page.evaluate(PAUSE_IF_PLAYING_BACK)
        if said is not None:
            break
    assert said is not None and "playing back" in said
    expect(skip).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".playback")).to_contain_text("paused")  # paused, so Skip stays there to click
    shot(page, artifacts, "layout-laptop-playback")
    skip.click()
    page.select_option(".playback [data-pace]", "0")  # instant from now on: nothing waits again
    expect(skip).to_be_hidden(timeout=TIMEOUT)
    assert page.evaluate("() => localStorage.getItem('daimyo.pace')") == "0"
    context.close()
