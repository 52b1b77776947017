"""Notices in a real browser: the service worker at the site's root shows a push delivered through
DevTools (`ServiceWorker.deliverPushMessage`) in the page's language, tagged with the notice's key
and pointing at its game; the My-games panel reads and saves the player's preferences through the
gateway and the notifier of the stack."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.pages import LAPTOP, TIMEOUT, sign_in
from tests.e2e.stack import Stack


def registration_id(page: Page, cdp: Any) -> str:
    """The service worker's registration id, as DevTools knows it."""
    found: list[str] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: found.extend(r["registrationId"] for r in event["registrations"]
                                      if r["scopeURL"].endswith("/") and not r.get("isDeleted")))
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + TIMEOUT / 1000
    while not found and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert found, "the service worker never registered"
    return found[-1]


def shown_notification(page: Page, tag: str) -> dict[str, Any]:
    """The notification tagged `tag` the worker shows, read as soon as it is there (a headless
    browser may close it soon after: it has no notification centre to keep it in). When none
    comes, the failure says what the worker showed instead and what state it was in."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while time.monotonic() < deadline:
        found = page.evaluate("""async tag => {
            const [n] = await (await navigator.serviceWorker.ready).getNotifications({tag});
            return n ? {title: n.title, body: n.body, tag: n.tag, data: n.data} : null;
        }""", tag)
        if found:
            return dict(found)
        page.wait_for_timeout(20)
    seen = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        return {shown: (await registration.getNotifications()).map(n => n.tag),
                active: registration.active && registration.active.state,
                permission: Notification.permission};
    }""")
    raise AssertionError(f"no notification tagged {tag} was shown; the worker: {seen}")


def test_a_pushed_notice_shows_in_the_devices_language_and_points_at_its_game(stack: Stack,
                                                                            browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    context.grant_permissions(["notifications"], origin=stack.url)
    page = context.new_page()
    sign_in(page, stack.url, "Pushed")
    page.evaluate("navigator.serviceWorker.register('/sw.js', {scope: '/'})"
                  ".then(() => navigator.serviceWorker.ready)")
    cdp = context.new_cdp_session(page)
    registration = registration_id(page, cdp)
    for locale, title, body in (("en", "Your turn", "Samurai: it is your move."),
                                ("es", "Tu turno", "Samurai: te toca jugar.")):
        notice: dict[str, Any] = {"key": f"g-push-{locale}:7:your_turn:p", "kind": "your_turn",
                                  "game_id": f"g-push-{locale}", "game": "samurai", "version": 7,
                                  "deadline_ms": 0, "locale": locale}
        cdp.send("ServiceWorker.deliverPushMessage",
                 {"origin": stack.url, "registrationId": registration, "data": json.dumps(notice)})
        assert shown_notification(page, notice["key"]) == {"title": title, "body": body, "tag": notice["key"],
                                                           "data": {"url": f"/#/game/g-push-{locale}"}}
    context.close()


def test_a_friends_challenge_names_the_host_and_points_at_the_private_table(stack: Stack,
                                                                           browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    context.grant_permissions(["notifications"], origin=stack.url)
    page = context.new_page()
    sign_in(page, stack.url, "Challenged")
    page.evaluate("navigator.serviceWorker.register('/sw.js', {scope: '/'})"
                  ".then(() => navigator.serviceWorker.ready)")
    cdp = context.new_cdp_session(page)
    notice: dict[str, Any] = {"key": "Tk7Q2x:0:friend_challenge:p", "kind": "friend_challenge",
                              "game_id": "Tk7Q2x", "game": "go", "version": 0, "deadline_ms": 0,
                              "host": "Ana", "locale": "pt-BR"}
    cdp.send("ServiceWorker.deliverPushMessage",
             {"origin": stack.url, "registrationId": registration_id(page, cdp), "data": json.dumps(notice)})
    assert shown_notification(page, notice["key"]) == {
        "title": "Um desafio", "body": "Ana desafia você para Go.", "tag": notice["key"],
        "data": {"url": "/#/table/Tk7Q2x"}}
    context.close()


def test_the_panel_on_my_games_saves_the_players_notice_preferences(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP, timezone_id="Asia/Tokyo")
    page = context.new_page()
    sign_in(page, stack.url, "Quiet")
    page.goto(f"{stack.url}/#/mine")
    panel = page.locator("#push-settings")
    expect(panel).to_contain_text("Notices while Daimyo is closed", timeout=TIMEOUT)
    expect(panel).to_contain_text("Asia/Tokyo")
    panel.locator("[data-kind=game_ended]").uncheck()
    panel.locator("#quiet-from").fill("22:00")
    panel.locator("#quiet-to").fill("07:30")
    panel.locator("#prefs-save").click()
    expect(panel.locator("#push-status")).to_have_text("Saved.", timeout=TIMEOUT)
    page.reload()
    expect(page.locator("#quiet-from")).to_have_value("22:00", timeout=TIMEOUT)
    expect(page.locator("[data-kind=game_ended]")).not_to_be_checked()
    expect(page.locator("[data-kind=your_turn]")).to_be_checked()
    context.close()


def test_the_tab_icon_counts_the_games_awaiting_a_move(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Counted")
    page.evaluate("""async () => (await import('/static/shell/notices.js')).yourTurn(
        {game_id: 'g-count', version: 3, seat: 0, time_control: 'correspondence'})""")
    expect(page.locator("link[rel=icon]")).to_have_attribute("data-count", "1", timeout=TIMEOUT)
    assert ">1</text>" in (page.locator("link[rel=icon]").get_attribute("href") or "")
    context.close()


def test_a_live_turn_shows_a_notice_while_the_tab_is_hidden(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    context.grant_permissions(["notifications"], origin=stack.url)
    page = context.new_page()
    sign_in(page, stack.url, "Hidden")
    page.evaluate("navigator.serviceWorker.register('/sw.js', {scope: '/'})"
                  ".then(() => navigator.serviceWorker.ready)")
    page.evaluate("""async () => {
        localStorage.setItem('daimyo.notices.live', '1');
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
        (await import('/static/shell/notices.js')).yourTurn(
            {game_id: 'g-live', version: 4, seat: 1, game: 'shogun', time_control: 'live'});
    }""")
    assert shown_notification(page, "g-live:4:your_turn") == {
        "title": "Your turn", "body": "Shogun: it is your move.", "tag": "g-live:4:your_turn",
        "data": {"url": "/#/game/g-live"}}
    context.close()


def test_the_panel_takes_vacation_days_and_says_until_when(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    sign_in(page, stack.url, "Away")
    page.goto(f"{stack.url}/#/mine")
    vacation = page.locator("#vacation")
    expect(vacation).to_contain_text("21 of 21 vacation days left this year", timeout=TIMEOUT)
    vacation.locator("#vacation-days").select_option("2")
    vacation.locator("#vacation-take").click()
    expect(vacation).to_contain_text("19 of 21 vacation days left this year", timeout=TIMEOUT)
    expect(vacation.locator("#vacation-until")).to_contain_text("On vacation until")
    context.close()
