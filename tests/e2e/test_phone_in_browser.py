"""Every game screen fits a 390×844 phone for every player count, and the parts a player needs
sit where they look (issue 33): Samurai with 2, 3 and 4 players (the 4-player board zooms to
the hexes a chosen tile may go to), Shogun with 3, 4 and 5 (its decisions right under the map),
"My games" with games in it, the influence hint inside a 1280×800 laptop screen, and a board
that does not move when the "just now" line grows. Screens go to test-artifacts/ui33/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.a11y import overflow
from tests.e2e.pages import PHONE, TIMEOUT, queue, sign_in, wait_for_game
from tests.e2e.stack import Stack
from tests.e2e.test_shogun_in_browser import wait_for_my_decision_or_end

LAPTOP_800 = {"width": 1280, "height": 800}
# The hexes a chosen tile may go to, as seen: how many are wholly in view, and the narrowest one.
IN_VIEW = ("() => { const box = document.querySelector('#board svg').getBoundingClientRect();"
           " const all = [...document.querySelectorAll('#board [tabindex=\"0\"]')]"
           ".map(el => el.getBoundingClientRect());"
           " const seen = all.filter(r => r.left >= box.left - 1 && r.right <= box.right + 1"
           " && r.top >= box.top - 1 && r.bottom <= box.bottom + 1);"
           " return [seen.length, Math.min(...all.map(r => r.width))]; }")
FINGER_PX = 30


def new_page(browser: Any, viewport: dict[str, int]) -> Page:
    page: Page = browser.new_context(viewport=viewport, has_touch=viewport["width"] < 500).new_page()
    return page


def shot(page: Page, artifacts: Path, name: str) -> None:
    (artifacts / "ui33").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "ui33" / f"{name}.png"))


def assert_fits(page: Page, where: str) -> None:
    scroll, client = overflow(page)
    assert scroll <= client, f"{where} scrolls sideways: {scroll} px in {client} px"


def start(page: Page, url: str, game: str, players: int) -> None:
    sign_in(page, url, f"Kit {game[:3]}{players}")
    page.check(f"input[name=game][value={game}]")
    queue(page, players, "bots", "random")
    wait_for_game(page)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samurai_fits_a_phone_and_zooms_a_big_board_to_the_chosen_tiles_hexes(
        players: int, stack: Stack, browser: Any, artifacts: Path) -> None:
    page = new_page(browser, PHONE)
    start(page, stack.url, "samurai", players)
    page.wait_for_selector("#hand button.tile[draggable=true]", timeout=60_000)
    assert_fits(page, f"samurai {players}p")
    page.locator("#hand button.tile[draggable=true]").first.click()
    page.wait_for_selector("#board .target")
    zoom = float(page.get_attribute("#board-frame", "data-zoom") or 1)
    if players == 4:
        assert zoom > 1.2, f"the 4-player board stays at zoom {zoom} on a phone"
    seen, narrowest = page.evaluate(IN_VIEW)
    assert seen, "no hex the tile may go to is in view"
    assert narrowest >= FINGER_PX, f"a hex the tile may go to is {narrowest} px wide"
    assert_fits(page, f"samurai {players}p with a tile chosen")
    shot(page, artifacts, f"phone-samurai-{players}p-tile-chosen")
    page.context.close()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_shogun_fits_a_phone_with_its_decisions_right_under_the_map(
        players: int, stack: Stack, browser: Any, artifacts: Path) -> None:
    page = new_page(browser, PHONE)
    start(page, stack.url, "shogun", players)
    assert wait_for_my_decision_or_end(page) == "Plan"
    assert_fits(page, f"shogun {players}p")
    gap = page.evaluate("() => document.querySelector('#decide').getBoundingClientRect().top"
                        " - document.querySelector('#board-frame').getBoundingClientRect().bottom")
    assert 0 <= gap < 40, f"the decisions are {gap} px under the map"
    shot(page, artifacts, f"phone-shogun-{players}p-plan")
    page.goto(f"{stack.url}/#/mine")
    page.wait_for_selector("#my-games table", timeout=TIMEOUT)
    assert_fits(page, "My games")
    page.context.close()


def test_the_influence_hint_shows_inside_a_laptop_screen_and_news_never_moves_the_board(
        stack: Stack, browser: Any, artifacts: Path) -> None:
    page = new_page(browser, LAPTOP_800)
    start(page, stack.url, "samurai", 3)
    page.wait_for_selector("#hand button.tile[draggable=true]", timeout=60_000)
    page.locator("#board [data-settlement]").first.hover()
    page.wait_for_function("() => document.querySelector('#site-hint').innerText.trim()")
    bottom = page.evaluate("() => document.querySelector('#site-hint').getBoundingClientRect().bottom")
    assert bottom <= LAPTOP_800["height"], f"the influence hint ends at y = {bottom}"
    top = page.evaluate("() => document.querySelector('#board-frame').getBoundingClientRect().top")
    page.evaluate("() => { document.querySelector('#just-now').textContent = 'x '.repeat(400); }")
    moved = page.evaluate("() => document.querySelector('#board-frame').getBoundingClientRect().top")
    assert moved == top, f"a long 'just now' line moved the board from y = {top} to {moved}"
    shot(page, artifacts, "laptop-800-samurai-hint")
    page.context.close()
