"""What a person does on the web client, as small steps the browser tests read like sentences."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

TIMEOUT = 20_000
LAPTOP = {"width": 1366, "height": 860}
PHONE = {"width": 390, "height": 844}


def sign_in(page: Page, url: str, name: str, pace_ms: int = 0) -> None:
    """Sign in as a guest; other players' moves are played back without a pause unless `pace_ms`."""
    page.goto(url)
    page.evaluate(f"() => localStorage.setItem('daimyo.pace', '{pace_ms}')")
    page.fill("#name", name)
    page.click("#signin button[type=submit]")
    page.wait_for_selector("#queue")


def press_slowly(page: Page, selector: str, hold_ms: int) -> None:
    """A press held for `hold_ms` before its release, as a hesitant thumb on a phone does."""
    page.locator(selector).scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(hold_ms)
    page.mouse.up()


def queue(page: Page, players: int, mode: str, level: str = "random") -> None:
    page.check(f"input[name=players][value='{players}']")
    page.check(f"input[name=mode][value='{mode}']")
    if mode == "bots":
        page.check(f"input[name=level][value='{level}']")
    page.click("#queue button[type=submit]")


def wait_for_game(page: Page) -> str:
    page.wait_for_url(re.compile(r"#/game/"), timeout=TIMEOUT)
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    return page.url.rsplit("/", 1)[-1]


def status(page: Page) -> str:
    return page.inner_text("#status")


def wait_my_turn_or_end(page: Page, timeout: int = 60_000) -> str:
    """'turn' when it is this player's turn, 'over' when the final scoring shows."""
    page.wait_for_function(
        "() => { const s = document.querySelector('#status'); const d = s ? s.innerText : '';"
        " return d.includes('Your turn') || d.includes('Game over') ||"
        " document.querySelector('#hand [data-act], #hand [data-figure]:not([disabled])'); }",
        timeout=timeout)
    return "over" if "Game over" in status(page) else "turn"


def placed_tiles(page: Page) -> int:
    return page.locator("#board g.placed").count()


def place_any_tile(page: Page) -> bool:
    """Click a placeable tile, then the first highlighted hex; False when no tile can be placed."""
    tiles = page.locator("#hand button.tile[draggable=true]")
    if not tiles.count():
        return False
    before = page.evaluate("() => document.querySelectorAll('#board g.placed').length")
    tiles.first.click()
    page.locator("#board .target").first.click()
    page.wait_for_function(f"() => document.querySelectorAll('#board g.placed').length > {before}"
                           " || document.querySelector('.toast:not([hidden])')", timeout=TIMEOUT)
    return True


def swap_figures(page: Page) -> bool:
    tile = page.locator("#hand button.tile[data-tile=figure_swap]:not([disabled])")
    if not tile.count():
        return False
    tile.click()
    page.locator("#board .figure.pick").first.click()
    page.locator("#board .figure.pick:not(.picked)").first.click()
    return True


def swap_tiles(page: Page) -> bool:
    tile = page.locator("#hand button.tile[data-tile=tile_swap]:not([disabled])")
    if not tile.count():
        return False
    tile.click()
    page.locator("#board g.placed.source").first.click()
    page.locator("#board polygon.target").first.click()
    return True


def play_one_turn(page: Page) -> None:
    """One whole turn by clicking: pass if that is all there is, else one placement, then end it."""
    version = current_version(page)
    if page.locator("#hand [data-act=pass]").count():
        page.click("#hand [data-act=pass]")
    elif not (place_any_tile(page) or swap_tiles(page) or swap_figures(page)):
        raise AssertionError(f"nothing to click in: {page.inner_text('#hand')}")
    wait_for_version_after(page, version)
    end = page.locator("#hand [data-act=end_turn]")
    if end.count() and "Your turn" in status(page):
        end.click()
        expect(page.locator("#hand [data-act=end_turn]")).to_have_count(0, timeout=TIMEOUT)


def current_version(page: Page) -> int:
    return int(page.evaluate("() => Number(document.querySelector('#app').dataset.version || 0)"))


def shot(page: Page, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def wait_for_version_after(page: Page, version: int) -> None:
    """Until the screen shows a game version newer than `version` (screenshot if it never does)."""
    try:
        page.wait_for_function(f"() => Number(document.querySelector('#app').dataset.version) > {version}",
                               timeout=TIMEOUT)
    except Exception:
        page.screenshot(path="test-artifacts/failed-wait.png", full_page=True)
        raise


def player_id(page: Page) -> str:
    return str(page.evaluate("() => JSON.parse(localStorage.getItem('daimyo.token')).player_id"))
