"""A guided first game of each game, completed in the browser (issue 33): opened from the lobby
(and linked from the how-to page), a game against a bot with a coach that moves on when the
player has done what it asks — pick a tile, place it, end the turn in Samurai; plan an action on
the map and send the plan in Shogun — and on "Next" for what is only read (surrounding, the
swaps and scoring; costs, the bid, the tower, events and winter), to its last word."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.pages import LAPTOP, TIMEOUT, current_version, sign_in, wait_for_game, wait_for_version_after
from tests.e2e.stack import Stack

LESSON = "#app .coach .coach-text"


def lesson(page: Page, name: str) -> None:
    expect(page.locator(LESSON)).to_have_attribute("data-lesson", name, timeout=TIMEOUT)


def read_on(page: Page, *names: str) -> None:
    for name in names:
        lesson(page, name)
        page.click("[data-coach=next]")


def finish(page: Page, artifacts: Path, game: str) -> None:
    lesson(page, "done")
    (artifacts / "ui33").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "ui33" / f"laptop-{game}-tutorial-done.png"), full_page=True)
    page.click("[data-coach=end]")
    expect(page.locator("#app .coach")).to_have_count(0)
    assert page.evaluate("() => localStorage.getItem('daimyo.coach')") is None


def open_tutorial(browser: Any, url: str, game: str) -> Page:
    page: Page = browser.new_context(viewport=LAPTOP).new_page()
    sign_in(page, url, f"Learner {game}")
    page.click(f".learn-links a[href='#/learn/{game}']")
    wait_for_game(page)
    return page


def test_the_how_to_pages_link_the_guided_game(stack: Stack, browser: Any) -> None:
    page = browser.new_context(viewport=LAPTOP).new_page()
    for game in ("samurai", "shogun"):
        for locale in ("en", "pt-BR", "es", "zh-Hans"):
            page.goto(f"{stack.url}/static/games/{game}/rules/{locale}.html")
            expect(page.locator(f".learn-link a[href='/#/learn/{game}']")).to_have_count(1)
    page.context.close()


def test_a_guided_samurai_game_is_completed_by_doing_and_reading(stack: Stack, browser: Any,
                                                                 artifacts: Path) -> None:
    page = open_tutorial(browser, stack.url, "samurai")
    lesson(page, "pick")
    page.locator("#hand button.tile[draggable=true]").first.click(timeout=60_000)
    lesson(page, "place")
    version = current_version(page)
    page.locator("#board .target").first.click()
    wait_for_version_after(page, version)
    # a normal tile ends the turn by itself, which is the "end" lesson done too
    expect(page.locator(LESSON)).to_have_attribute("data-lesson", re.compile("^(end|surround)$"))
    end = page.locator("#hand [data-act=end_turn]")
    if end.count():
        end.click()
    read_on(page, "surround", "swaps", "scoring")
    finish(page, artifacts, "samurai")
    page.context.close()


def test_a_guided_shogun_game_is_completed_by_doing_and_reading(stack: Stack, browser: Any,
                                                                artifacts: Path) -> None:
    page = open_tutorial(browser, stack.url, "shogun")
    lesson(page, "plan")
    page.locator("#decide [data-plan-province]").first.click(timeout=60_000)
    read_on(page, "costs", "bid")
    lesson(page, "submit")
    page.click("#decide [data-act=submit-plan]")
    read_on(page, "tower", "events", "winter")
    finish(page, artifacts, "shogun")
    page.context.close()
