"""Shogun in a real browser against every real service: a person plays a whole 3-player game
against two bots by clicking (plans, special cards, moves and attacks), a spectator watches
without any secret, and the finished game replays with every plan revealed.

The person decides fast but always through the page: on the plan, each action card in turn and
the first province the map highlights for it (blanks and the bid left alone); the first special
card; moves go to the first highlighted province on the map with the slider's default (every
army that may go).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.pages import TIMEOUT, current_version, shot, sign_in, wait_for_version_after
from tests.e2e.stack import Stack

GAME_BUDGET_S = 210
GAME_OVER = "() => (document.querySelector('#status')?.innerText || '').includes('Game over')"
SET_RANGE = "(r, v) => { r.value = v; r.dispatchEvent(new Event('input')); }"


def queue_shogun_against_bots(page: Page) -> str:
    page.check("input[name=game][value=shogun]")
    page.check("input[name=players][value='3']")
    page.check("input[name=mode][value=bots]")
    page.check("input[name=level][value=random]")
    page.click("#queue button[type=submit]")
    page.wait_for_url(re.compile(r"#/game/"), timeout=TIMEOUT)
    page.wait_for_selector("#board svg .sg-prov", timeout=TIMEOUT)
    return page.url.rsplit("/", 1)[-1]


def wait_for_my_decision_or_end(page: Page, timeout: int = 60_000) -> str:
    """The decision the page asks for ("Plan", "Special card", "Move", "Draft"), or "over"."""
    try:
        page.wait_for_function(
            "() => document.querySelector('#decide .sg-decide button:not([disabled])')"
            " || (document.querySelector('#status')?.innerText || '').includes('Game over')", timeout=timeout)
    except Exception as stuck:
        page.screenshot(path="test-artifacts/shogun-stuck.png", full_page=True)
        raise AssertionError(f"nothing to decide and no end: {page.inner_text('#status')!r} — do the bots "
                             "(bot service levels or the driver's fallback) play Shogun?") from stuck
    if "Game over" in page.inner_text("#status"):
        return "over"
    return str(page.get_attribute("#decide .sg-decide", "aria-label"))


def plan_first_free_provinces(page: Page) -> int:
    """Choose each action card in turn and click the first province the map highlights for it."""
    chosen = 0
    actions = page.eval_on_selector_all("#decide [data-plan-action]", "s => s.map(e => e.dataset.planAction)")
    for action in actions:
        card = f"#decide [data-plan-action={action}]"
        page.click(card)
        free = page.locator("#board .sg-prov.selectable:not(:has(.on))")
        if "set" not in (page.get_attribute(card, "class") or "") and free.count():
            free.first.locator(".sg-disc").click()  # the disc, as a person would (a name may sit aside)
            chosen += 1
    expect(page.locator("#board .sg-plan-tag")).to_have_count(len(set(
        page.eval_on_selector_all("#decide .sg-pcard.set span:not(.sr-only)",
                                  "s => s.map(e => e.textContent)"))))
    page.click("#decide [data-act=submit-plan]")
    return chosen


def move_to_first_target(page: Page) -> bool:
    """Click the first highlighted province on the map and send the armies; skip when none."""
    targets = page.locator("#board .sg-prov.target")
    if not targets.count():
        page.click("#decide [data-act=skip]")
        return False
    targets.first.locator(".sg-disc").click()
    page.click("#decide [data-act=go]")
    return True


def play_one_decision(page: Page, kind: str, seen: dict[str, int]) -> None:
    version = current_version(page)
    if kind == "Plan":
        plan_first_free_provinces(page)
    elif kind == "Special card":
        page.locator("#decide [data-special]").first.click()
    elif kind == "Move":
        move_to_first_target(page)
    elif kind == "Draft":
        page.click("#decide [data-act=draft]")
    else:
        raise AssertionError(f"unexpected decision {kind!r}: {page.inner_text('#decide')}")
    wait_for_version_after(page, version)
    seen[kind] = seen.get(kind, 0) + 1


def shoot_firsts(page: Page, artifacts: Path, kind: str, seen: dict[str, int]) -> None:
    """One screenshot of the first time each kind of decision comes up."""
    if not seen.get(kind):
        shot(page, artifacts, f"shogun-{kind.lower().replace(' ', '-')}")


def test_a_person_plays_a_whole_shogun_game_against_two_bots(stack: Stack, browser: object,
                                                             artifacts: Path) -> None:
    context = browser.new_context(viewport={"width": 1440, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    sign_in(page, stack.url, "Nobunaga")
    game_id = queue_shogun_against_bots(page)
    expect(page.locator("#board .sg-prov")).to_have_count(45)
    watcher = watch_as_spectator(browser, stack.url, game_id, artifacts)

    seen: dict[str, int] = {}
    battles_shot = winter_shot = False
    started = time.monotonic()
    while (kind := wait_for_my_decision_or_end(page)) != "over":
        assert time.monotonic() - started < GAME_BUDGET_S, f"the game took too long; decisions so far {seen}"
        shoot_firsts(page, artifacts, kind, seen)
        play_one_decision(page, kind, seen)
        if not battles_shot and page.locator("#battle .sg-battle").count():
            battles_shot = True
            shot(page, artifacts, "shogun-battle")
        if not winter_shot and page.locator("#winter .sg-winter").count():
            winter_shot = True
            shot(page, artifacts, "shogun-winter")

    expect(page.locator("#final .sg-final")).to_be_visible()
    shot(page, artifacts, "shogun-final")
    assert seen.get("Plan") == 6 and seen.get("Special card") == 6, seen
    assert "Year 2" in page.inner_text("#status") or "Game over" in page.inner_text("#status")
    expect(page.locator("#winter .sg-winter h3")).to_contain_text("year 2")
    assert page.locator("#final tr.winner").count() >= 1

    watcher.wait_for_function(GAME_OVER, timeout=TIMEOUT)
    replay_with_every_plan_revealed(page, stack.url, game_id, artifacts)
    context.close()


def watch_as_spectator(browser: object, url: str, game_id: str, artifacts: Path) -> Page:
    """A second person follows the live game: the map and the public state, no plan form, no plan."""
    watcher: Page = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1280, "height": 860}).new_page()
    sign_in(watcher, url, "Onlooker")
    watcher.goto(f"{url}/#/watch/{game_id}")
    watcher.wait_for_selector("#board svg .sg-prov", timeout=TIMEOUT)
    expect(watcher.locator("#status")).to_contain_text("spectating")
    expect(watcher.locator("#decide .sg-decide")).to_have_count(0)
    expect(watcher.locator("[aria-label='Your plan']")).to_have_count(0)
    shot(watcher, artifacts, "shogun-spectator")
    return watcher


def replay_with_every_plan_revealed(page: Page, url: str, game_id: str, artifacts: Path) -> None:
    page.goto(f"{url}/#/replay/{game_id}")
    page.wait_for_selector("#board svg .sg-prov", timeout=TIMEOUT)
    expect(page.locator("#persp")).to_have_value("all")
    page.click("[data-step=first]")
    expect(page.locator("#at")).to_contain_text("start ·")
    latest = int(page.get_attribute("input[type=range]", "max") or 0)
    page.eval_on_selector("input[type=range]", SET_RANGE, str(latest // 3))
    expect(page.locator("#at")).to_contain_text(f"move {latest // 3 - 1} of")
    headers = page.locator("[aria-label=Plans] thead th")  # a label column, then each seat that planned
    while headers.count() < 4:  # step on until all three plans of a round are on the table
        assert current_replay_version(page) < latest, "no version shows all three plans"
        page.click("[data-step='1']")
        page.wait_for_timeout(80)
    expect(page.locator("[aria-label=Plans] tbody")).not_to_contain_text("undefined")
    shot(page, artifacts, "shogun-replay")


def current_replay_version(page: Page) -> int:
    text = page.inner_text("#at")
    return 1 if text.startswith("start") else int(text.split()[1]) + 1
