"""Accounts in a real browser (issue 29): a guest plays, becomes an account with a passkey
(Chromium's virtual authenticator, driven through the DevTools WebAuthn domain) or a password,
signs out — the old token then fails everywhere — and signs in from a second browser context,
finding its game and its name.

Passkeys need a secure context and a domain as relying party id, so these pages are opened on
http://localhost (the accounts service's default RP id), not 127.0.0.1."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.pages import LAPTOP, TIMEOUT, player_id, queue, shot, sign_in, wait_for_game
from tests.e2e.stack import Stack


def on_localhost(url: str) -> str:
    return url.replace("127.0.0.1", "localhost")


def virtual_authenticator(context: BrowserContext, page: Page) -> tuple[Any, str]:
    """A platform authenticator that keeps discoverable passkeys and verifies its user at once."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, added["authenticatorId"]


def a_guest_with_a_game(page: Page, url: str) -> tuple[str, str]:
    """Signs in as a guest and starts a casual game against a bot: (player id, game id)."""
    sign_in(page, url, "Wanderer")
    queue(page, 2, "bots", "random")
    return player_id(page), wait_for_game(page)


def token(page: Page) -> str:
    return str(page.evaluate("() => JSON.parse(localStorage.getItem('daimyo.token')).token"))


def status_with(page: Page, token_value: str, path: str) -> int:
    return int(
        page.evaluate(
            "async ([t, p]) => (await fetch(p, {headers: {Authorization: `Bearer ${t}`}})).status",
            [token_value, path],
        )
    )


def finds_its_game_and_name(page: Page, url: str, player: str, game_id: str, name: str) -> None:
    expect(page.locator("#who")).to_contain_text(name, timeout=TIMEOUT)
    assert player_id(page) == player
    page.goto(f"{url}/#/mine")
    expect(page.locator(f"#my-games a[href*='{game_id}']").first).to_be_visible(timeout=TIMEOUT)


def signs_out_and_the_old_token_fails(page: Page, url: str) -> None:
    old = token(page)
    assert status_with(page, old, "/api/account") == 200
    page.click("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible(timeout=TIMEOUT)
    assert status_with(page, old, "/api/account") == 401


def test_a_guest_keeps_its_game_and_name_with_a_passkey_on_another_browser(
    stack: Stack, browser: Any, artifacts: Path
) -> None:
    url, name = on_localhost(stack.url), f"Key{uuid.uuid4().hex[:6]}"
    first = browser.new_context(viewport=LAPTOP)
    page = first.new_page()
    cdp, authenticator = virtual_authenticator(first, page)
    player, game_id = a_guest_with_a_game(page, url)
    page.goto(f"{url}/account")
    page.fill("#upgrade-name", name)
    page.click("#upgrade-with-passkey")
    expect(page.locator("#settings")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#passkeys li")).to_have_count(1)
    shot(page, artifacts, "accounts-01-upgraded-with-passkey")
    passkeys = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(passkeys) == 1 and passkeys[0]["isResidentCredential"]
    signs_out_and_the_old_token_fails(page, url)

    second = browser.new_context(viewport=LAPTOP)
    other = second.new_page()
    cdp2, authenticator2 = virtual_authenticator(second, other)
    cdp2.send("WebAuthn.addCredential", {"authenticatorId": authenticator2, "credential": passkeys[0]})
    other.goto(f"{url}/account")
    other.click("#sign-in-with-passkey")
    finds_its_game_and_name(other, url, player, game_id, name)
    shot(other, artifacts, "accounts-02-second-browser")
    first.close()
    second.close()


def test_a_guest_keeps_its_game_and_name_with_a_password_on_another_browser(
    stack: Stack, browser: Any, artifacts: Path
) -> None:
    url, name = on_localhost(stack.url), f"Pw{uuid.uuid4().hex[:6]}"
    first = browser.new_context(viewport=LAPTOP)
    page = first.new_page()
    player, game_id = a_guest_with_a_game(page, url)
    page.goto(f"{url}/account")
    page.fill("#upgrade-name", name)
    page.fill("#upgrade-password", "a long enough secret")
    page.click("#upgrade-with-password")
    expect(page.locator("#settings")).to_be_visible(timeout=TIMEOUT)
    signs_out_and_the_old_token_fails(page, url)

    second = browser.new_context(viewport=LAPTOP)
    other = second.new_page()
    other.goto(f"{url}/account")
    other.fill("#sign-in-name", name.upper())  # names compare without case
    other.fill("#sign-in-password", "a wrong secret!!")
    other.click("#sign-in-with-password")
    expect(other.locator("#account-status")).not_to_be_empty(timeout=TIMEOUT)
    expect(other.locator("#settings")).to_be_hidden()
    other.fill("#sign-in-password", "a long enough secret")
    other.click("#sign-in-with-password")
    finds_its_game_and_name(other, url, player, game_id, name)
    first.close()
    second.close()


def test_signing_out_everywhere_ends_the_other_browsers_session(stack: Stack, browser: Any) -> None:
    url, name = on_localhost(stack.url), f"All{uuid.uuid4().hex[:6]}"
    first = browser.new_context(viewport=LAPTOP)
    page = first.new_page()
    sign_in(page, url, "Someone")
    page.goto(f"{url}/account")
    page.fill("#upgrade-name", name)
    page.fill("#upgrade-password", "a long enough secret")
    page.click("#upgrade-with-password")
    expect(page.locator("#settings")).to_be_visible(timeout=TIMEOUT)
    second = browser.new_context(viewport=LAPTOP)
    other = second.new_page()
    other.goto(f"{url}/account")
    other.fill("#sign-in-name", name)
    other.fill("#sign-in-password", "a long enough secret")
    other.click("#sign-in-with-password")
    expect(other.locator("#settings")).to_be_visible(timeout=TIMEOUT)
    page.reload()
    expect(page.locator("#sessions li")).to_have_count(2, timeout=TIMEOUT)
    other_token = token(other)
    page.click("#end-everywhere")
    expect(page.locator("#sign-in")).to_be_visible(timeout=TIMEOUT)
    assert status_with(other, other_token, "/api/account") == 401
    first.close()
    second.close()
