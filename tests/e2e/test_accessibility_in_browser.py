"""Every screen, on a laptop and a phone, passes axe-core with no serious or critical finding, has
one h1, never scrolls sideways, and shows the keyboard's focus (issue 33): the sign-in, the
lobby, a private table's form and room, "My games", both leaderboards, the Live and Replays
lists, both games' rules, a Samurai game, the screen after "Leave", its end and its replay, and
Shogun's planning and the panels after its first round (recap, battles, tower). Each screen is
saved under test-artifacts/ui33/ for a person to look at."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.a11y import screen_problems, unshown_focus
from tests.e2e.pages import TIMEOUT, current_version, queue, sign_in, wait_for_game, wait_for_version_after
from tests.e2e.stack import Stack
from tests.e2e.test_shogun_in_browser import queue_shogun_against_bots, wait_for_my_decision_or_end

VIEWPORTS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
ROUND_BUDGET_S = 120
DECISIONS = ("#decide .sg-decide button.primary:not([disabled]), #decide [data-act=skip],"
             " #decide [data-special], #decide [data-act=draft]")


class Walk:
    """A walk through the screens that gathers every problem and a screenshot of each."""

    def __init__(self, page: Page, name: str, artifacts: Path) -> None:
        self.page, self.name = page, name
        self.folder = artifacts / "ui33"
        self.folder.mkdir(parents=True, exist_ok=True)
        self.problems: list[str] = []

    def check(self, where: str) -> None:
        self.page.wait_for_timeout(150)  # let a screen's last redraw settle
        self.problems += screen_problems(self.page, f"{self.name}/{where}")
        self.page.screenshot(path=str(self.folder / f"{self.name}-{where}.png"), full_page=True)

    def keyboard(self, where: str) -> None:
        if hidden := unshown_focus(self.page):
            self.problems.append(f"{self.name}/{where}: focus not shown on {hidden}")

    def go(self, url: str, selector: str, where: str) -> None:
        self.page.goto(url)
        try:
            self.page.wait_for_selector(selector, timeout=TIMEOUT)
        except Exception:
            self.page.screenshot(path=str(self.folder / f"failed-{self.name}-{where}.png"), full_page=True)
            raise
        self.check(where)


@pytest.fixture(params=list(VIEWPORTS))
def walk(request: pytest.FixtureRequest, browser: Any, artifacts: Path) -> Any:
    context = browser.new_context(viewport=VIEWPORTS[request.param], has_touch=request.param == "phone",
                              bypass_csp=True)  # axe is injected as a script the page never serves
    yield Walk(context.new_page(), request.param, artifacts)
    context.close()


def walk_the_shell(walk: Walk, url: str) -> None:
    page = walk.page
    walk.go(url, "#signin", "signin")
    sign_in(page, url, f"Ada {walk.name.title()}")
    walk.check("lobby")
    walk.keyboard("lobby")
    walk.go(f"{url}/#/private", "#table-form", "private-form")
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#table-room[data-state=open]", timeout=TIMEOUT)
    walk.check("private-room")
    page.click("[data-table=leave]")
    page.wait_for_function("() => location.hash === '#/'", timeout=TIMEOUT)
    walk.go(f"{url}/#/mine", "#my-games", "my-games")
    for game in ("samurai", "shogun"):
        walk.go(f"{url}/#/leaders/{game}", "#rated", f"leaders-{game}")
        walk.go(f"{url}/static/games/{game}/howto.html", "h1", f"rules-{game}")
    walk.go(f"{url}/#/live", "main section", "live")
    walk.go(f"{url}/#/finished", "main section", "replays")


def walk_a_samurai_game(walk: Walk, url: str) -> None:
    page = walk.page
    page.goto(url)
    page.wait_for_selector("#queue", timeout=TIMEOUT)
    queue(page, 2, "bots", "random")
    game_id = wait_for_game(page)
    page.wait_for_selector("#hand button.tile[draggable=true]", timeout=TIMEOUT)
    walk.check("samurai")
    walk.keyboard("samurai")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-live=leave]")
    page.wait_for_timeout(1000)
    walk.check("samurai-left")
    page.wait_for_selector("section.final", timeout=60_000)
    walk.check("samurai-end")
    walk.go(f"{url}/#/replay/{game_id}", "#board svg", "samurai-replay")
    walk.go(f"{url}/#/finished", "table.list", "replays-listed")
    walk.go(f"{url}/#/mine", "#my-games", "my-games-after")


def walk_shogun_planning(walk: Walk, url: str) -> None:
    page = walk.page
    page.goto(url)
    page.wait_for_selector("#queue", timeout=TIMEOUT)
    try:
        queue_shogun_against_bots(page)
    except Exception as refused:
        raise AssertionError(f"not seated: {page.inner_text('main')}") from refused
    assert wait_for_my_decision_or_end(page) == "Plan"
    walk.check("shogun-plan")
    walk.keyboard("shogun-plan")
    started = time.monotonic()
    while not page.locator("#recap .sg-recap").count():  # the round's recap, battles and tower panels
        assert time.monotonic() - started < ROUND_BUDGET_S, "no recap within the budget"
        if wait_for_my_decision_or_end(page) == "over" or page.locator("#recap .sg-recap").count():
            break
        version = current_version(page)
        page.locator(DECISIONS).first.click()
        wait_for_version_after(page, version)
    walk.check("shogun-recap")
    walk.go(f"{url}/#/mine", "#my-games table", "my-games-playing")


def test_every_screen_is_clean_for_axe_has_one_h1_fits_and_shows_focus(walk: Walk, stack: Stack) -> None:
    walk_the_shell(walk, stack.url)
    walk_a_samurai_game(walk, stack.url)
    walk_shogun_planning(walk, stack.url)
    assert not walk.problems, "\n".join(walk.problems)
