"""Shogun's round told at the player's pace (issue 33): the other seats' moves play back slowly,
and the player pauses them (nothing moves on), steps one move at a time, plays on or skips to
the present where their decision waits; once a season is over its recap says what changed, per
province and per player; winter is a step of its own, where the playback waits for the player.
Screens go to test-artifacts/ui33/."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.pages import LAPTOP, TIMEOUT, current_version, sign_in, wait_for_version_after
from tests.e2e.stack import Stack
from tests.e2e.test_shogun_in_browser import queue_shogun_against_bots, wait_for_my_decision_or_end

VERY_SLOW_MS = 3200
FAST_MS = 350
ROUND_BUDGET_S = 150
YEAR_BUDGET_S = 300


def test_the_round_plays_back_paused_stepped_and_skipped_and_ends_in_a_recap(stack: Stack, browser: Any,
                                                                              artifacts: Path) -> None:
    page = browser.new_context(viewport=LAPTOP).new_page()
    sign_in(page, stack.url, "Stepper", pace_ms=VERY_SLOW_MS)
    queue_shogun_against_bots(page)
    pause, step, skip = (page.locator(f".playback [data-{name}]") for name in ("pause", "step-one", "skip"))
    started = time.monotonic()
    while not pause.is_visible():
        assert time.monotonic() - started < ROUND_BUDGET_S, "nothing was ever played back"
        if wait_for_my_decision_or_end(page) == "Plan":
            page.click("#decide [data-act=submit-plan]")
        elif pause.is_visible():
            break
        else:
            page.locator("#decide .sg-decide button:not([disabled])").first.click()
        page.wait_for_timeout(400)

    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".playback")).to_contain_text("paused")
    held = current_version(page)
    page.wait_for_timeout(VERY_SLOW_MS + 800)
    assert current_version(page) == held, "the playback moved on while paused"
    step.click()
    wait_for_version_after(page, held)
    stepped = current_version(page)
    page.wait_for_timeout(VERY_SLOW_MS + 800)
    assert current_version(page) == stepped, "a step played on past one move"
    (artifacts / "ui33").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "ui33" / "laptop-shogun-stepping.png"), full_page=True)
    if skip.is_visible():  # more to play back: skip to the present
        skip.click()
    else:  # the step showed the last of it: only "Play on" is left
        pause.click()
    expect(skip).to_be_hidden(timeout=TIMEOUT)
    expect(pause).to_have_attribute("aria-pressed", "false")

    page.select_option(".playback [data-pace]", "0")
    while not page.locator("#recap .sg-recap").count():
        assert time.monotonic() - started < ROUND_BUDGET_S, "no recap within the budget"
        kind = wait_for_my_decision_or_end(page)
        if kind == "over" or page.locator("#recap .sg-recap").count():
            break
        version = current_version(page)
        page.locator("#decide .sg-decide button.primary:not([disabled]), #decide [data-act=skip],"
                     " #decide [data-special], #decide [data-act=draft]").first.click()
        wait_for_version_after(page, version)
    recap = page.locator("#recap .sg-recap")
    expect(recap).to_contain_text("changed")
    expect(recap.locator("tbody tr")).to_have_count(3)
    recap.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "ui33" / "laptop-shogun-recap.png"), full_page=True)
    page.context.close()


def test_winter_is_a_step_of_its_own_where_the_playback_waits(stack: Stack, browser: Any,
                                                              artifacts: Path) -> None:
    page = browser.new_context(viewport=LAPTOP).new_page()
    sign_in(page, stack.url, "Winterer", pace_ms=FAST_MS)
    queue_shogun_against_bots(page)
    pause = page.locator(".playback [data-pause]")
    started = time.monotonic()
    while not (page.locator("#winter .sg-winter").count() and pause.get_attribute("aria-pressed") == "true"):
        assert time.monotonic() - started < YEAR_BUDGET_S, "the playback never waited at winter"
        decision = page.locator("#decide .sg-decide button.primary:not([disabled]), #decide [data-act=skip],"
                                " #decide [data-special], #decide [data-act=draft]")
        if decision.count():
            decision.first.click()
        page.wait_for_timeout(300)
    held = current_version(page)
    page.wait_for_timeout(FAST_MS * 4)
    assert current_version(page) == held, "the playback went on past winter by itself"
    page.locator("#winter").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "ui33" / "laptop-shogun-winter-step.png"), full_page=True)
    pause.click()  # play on
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.context.close()
