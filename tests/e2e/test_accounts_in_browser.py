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


def an_account(browser: Any, url: str, name: str) -> Page:
    """A guest who at once became the account `name` (with a password), on the lobby."""
    page: Page = browser.new_context(viewport=LAPTOP).new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave the game?", "Delete your account?"
    sign_in(page, url, "Newcomer")
    page.goto(f"{url}/account")
    page.fill("#upgrade-name", name)
    page.fill("#upgrade-password", "a long enough secret")
    page.click("#upgrade-with-password")
    expect(page.locator("#settings")).to_be_visible(timeout=TIMEOUT)
    page.goto(f"{url}/")
    page.wait_for_selector("#queue")
    return page


def post(page: Page, path: str, body: dict[str, Any]) -> int:
    return int(page.evaluate(
        "async ([p, b]) => (await fetch(p, {method: 'POST', body: JSON.stringify(b), headers: {"
        "'Content-Type': 'application/json', Authorization: "
        "`Bearer ${JSON.parse(localStorage.getItem('daimyo.token')).token}`}})).status", [path, body]))


def leave(page: Page, last: bool = False) -> None:
    page.click("[data-live=leave]")
    shown = page.locator("[data-live=reclaim]").or_(page.locator(".after-game"))
    expect(shown.first).to_be_visible(timeout=TIMEOUT if not last else 60_000)


def test_block_rated_chart_export_and_deletion(stack: Stack, browser: Any, artifacts: Path) -> None:
    """A blocked player is refused at the host's rated table; once unblocked they play it (both
    leave, bots finish it), which moves the host's profile chart; the guest exports its data,
    deletes its account, and the game then replays with a 'deleted player'."""
    url, tag = on_localhost(stack.url), uuid.uuid4().hex[:5]
    host_name, guest_name = f"Host{tag}", f"Gst{tag}"
    host, guest = an_account(browser, url, host_name), an_account(browser, url, guest_name)
    host.click("a[href='#/private']")
    host.wait_for_selector("#table-form")
    host.click("#table-form button[type=submit]")
    invite = host.input_value("#invite")
    host.goto(f"{url}/players/{guest_name}")
    host.click("#block")
    expect(host.locator("#profile-status")).to_contain_text(guest_name, timeout=TIMEOUT)
    guest.goto(on_localhost(invite))
    guest.click("[data-table=join]")
    expect(guest.locator("#refusal")).to_be_visible(timeout=TIMEOUT)
    assert post(host, "/api/account/unblock", {"name": guest_name}) == 200
    host.goto(on_localhost(invite))
    guest.reload()
    guest.click("[data-table=join]")
    game_id = wait_for_game(guest)
    assert wait_for_game(host) == game_id
    leave(host)
    leave(guest, last=True)
    chart = host.locator("#ratings .rating circle")
    for _ in range(30):  # matchmaking rates the game once it hears it finished
        host.goto(f"{url}/players/{host_name}")
        host.wait_for_selector("#profile-name:not(:empty)")
        if chart.count():
            break
        host.wait_for_timeout(1000)
    expect(chart).to_have_count(1)
    shot(host, artifacts, "accounts-03-profile-chart")
    exported = guest.evaluate(
        "async () => (await fetch('/api/account/export', {headers: {Authorization: "
        "`Bearer ${JSON.parse(localStorage.getItem('daimyo.token')).token}`}})).json()")
    assert exported["account"]["name"] == guest_name
    assert any(g["game_id"] == game_id for g in exported["games"])
    guest.goto(f"{url}/account")
    guest.click("#delete-account")
    expect(guest.locator("#sign-in")).to_be_visible(timeout=TIMEOUT)
    host.goto(f"{url}/#/replay/{game_id}")  # its seats as the accounts service names them now
    expect(host.locator("#app select option", has_text="deleted player")).to_have_count(1, timeout=TIMEOUT)
    shot(host, artifacts, "accounts-04-replay-deleted-player")
    host.context.close()
    guest.context.close()


def test_a_friend_challenge_opens_a_table_the_friend_is_told_of(stack: Stack, browser: Any,
                                                                 artifacts: Path) -> None:
    url, tag = on_localhost(stack.url), uuid.uuid4().hex[:5]
    challenger, friend = an_account(browser, url, f"Chl{tag}"), an_account(browser, url, f"Frd{tag}")
    assert post(challenger, "/api/account/follow", {"name": f"Frd{tag}"}) == 200
    challenger.goto(f"{url}/players/Frd{tag}")
    challenger.click("#challenge")
    challenger.wait_for_selector("#table-room", timeout=TIMEOUT)
    told = friend.locator("#toast a")  # the notice, on the lobby the friend has open
    expect(told).to_contain_text(f"Chl{tag}", timeout=TIMEOUT)
    shot(friend, artifacts, "accounts-05-challenged")
    told.click()
    friend.click("[data-table=join]")
    game_id = wait_for_game(friend)
    assert wait_for_game(challenger) == game_id
    challenger.context.close()
    friend.context.close()


def test_the_lobby_follows_friends_online_by_their_current_name_and_the_leaderboard_a_board_per_player_count(
        stack: Stack, browser: Any, artifacts: Path) -> None:
    """The follower's lobby is open while the friend is away: the friend shows up there once their
    lobby opens (the list is read again while it shows), and a rename shows at once, without a
    reload (the gateway's `names` frame)."""
    url, tag = on_localhost(stack.url), uuid.uuid4().hex[:5]
    follower, friend = an_account(browser, url, f"Fol{tag}"), an_account(browser, url, f"Onl{tag}")
    friend.goto(f"{url}/account")  # a page without a socket: the friend is away
    assert post(follower, "/api/account/follow", {"name": f"Onl{tag}"}) == 200
    follower.reload()
    expect(follower.locator("#friends")).to_be_hidden()
    friend.goto(f"{url}/")
    expect(follower.locator("#friends")).to_contain_text(f"Onl{tag}", timeout=TIMEOUT)
    shot(follower, artifacts, "accounts-06-friends-online")
    assert post(friend, "/api/account/rename", {"name": f"New{tag}"}) == 200
    expect(follower.locator("#friends")).to_contain_text(f"New{tag}", timeout=5_000)  # sooner than a poll
    follower.goto(f"{url}/#/leaders/samurai@3")
    follower.wait_for_selector("#rated")
    expect(follower.locator("nav strong")).to_have_text("3 players")
    follower.click("nav a >> text=2 players")
    expect(follower.locator("nav strong")).to_have_text("2 players", timeout=TIMEOUT)
    follower.context.close()
    friend.context.close()
