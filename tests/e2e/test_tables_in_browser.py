"""Players who come and go, in a real browser: friends at a private table joined by its link, who
choose their opening hands, chat and ask for a rematch; a correspondence game left for longer than
the live grace and taken up again; a closed waiting tab that no longer gets anyone matched; a lone
"play people" player whose empty seats bots fill. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import grpc
from playwright.sync_api import Page, expect

from daimyo_kit import credentials
from daimyo_kit.auth import CALLER_KEY, TOKEN_KEY
from daimyo_proto.daimyo.matchmaking.v1 import matchmaking_pb2, matchmaking_pb2_grpc
from tests.e2e.pages import (
    LAPTOP,
    PHONE,
    TIMEOUT,
    current_version,
    play_one_turn,
    press_slowly,
    shot,
    sign_in,
    wait_for_game,
    wait_for_version_after,
    wait_my_turn_or_end,
)
from tests.e2e.stack import TUNING, Stack

GRACE = float(TUNING["DAIMYO_DISCONNECT_GRACE_SECONDS"])


def new_page(browser: Any, viewport: dict[str, int] = LAPTOP) -> Page:
    page: Page = browser.new_context(viewport=viewport).new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Leave the game?"
    return page


def close(*pages: Page) -> None:
    for page in pages:
        page.context.close()


def create_table(page: Page, options: dict[str, str], clock: str = "live") -> str:
    """The host's private table from the lobby's link; returns the invitation link shown."""
    page.click("a[href='#/private']")
    page.wait_for_selector("#table-form")
    for name, value in options.items():
        page.check(f"input[name='option:{name}'][value='{value}']")
    page.check(f"input[name=clock][value^={clock}]")  # correspondence: its days make it correspondence-<n>d
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#invite")
    return page.input_value("#invite")


def place_figures_and_choose_hands(pages: list[Page]) -> None:
    """The set-up a private table chose: each places figures in turn, then picks five tiles."""
    placements = 0
    while not all(p.locator("[data-act=choose]").count() for p in pages):
        actor = next((p for p in pages if p.locator("#hand [data-figure]:not([disabled])").count()), None)
        if actor is None:
            pages[0].wait_for_timeout(100)
            continue
        version = current_version(actor)
        actor.locator("#hand [data-figure]:not([disabled])").first.click()
        actor.locator("#board .target-site").first.click()
        wait_for_version_after(actor, version)
        placements += 1
        assert placements < 40
    for n, page in enumerate(pages):
        for tile in page.locator("#hand button.tile").all()[n: n + 5]:
            tile.click()
        page.click("[data-act=choose]")


def chat(page: Page, text: str) -> None:
    page.fill(".chat-form input", text)
    page.click(".chat-form button")


def leave_game(page: Page, last: bool = False) -> None:
    """Leave, and see the offer to take the seat back. After the last person leaves, bots hold
    every seat and may finish the game (a few hundred ms) before the page shows that offer, which
    a finished game no longer makes: then the end screen is what shows."""
    page.click("[data-live=leave]")
    if last:
        shown = page.locator("[data-live=reclaim]").or_(page.locator(".after-game"))
        expect(shown.first).to_be_visible(timeout=TIMEOUT)
        return
    expect(page.locator("[data-live=reclaim]")).to_have_count(1, timeout=TIMEOUT)


def test_friends_at_a_private_table_choose_hands_chat_and_play_a_rematch(stack: Stack, browser: Any,
                                                                        artifacts: Path) -> None:
    host, guest = new_page(browser), new_page(browser, PHONE)
    sign_in(host, stack.url, "Hana")
    invite = create_table(host, {"random_setup": "false"})
    expect(host.locator(".table-seats li.empty")).to_have_count(1)
    shot(host, artifacts, "20-table-room")
    guest.goto(invite)  # a visitor: the room shows, joining signs in as a guest
    guest.evaluate("() => localStorage.setItem('daimyo.pace', '0')")  # others' moves without a pause
    guest.fill("#name", "Gen")
    guest.click("#guest button[type=submit]")
    game_id = wait_for_game(guest)
    assert wait_for_game(host) == game_id
    place_figures_and_choose_hands([host, guest])
    expect(host.locator("#status")).not_to_contain_text("Opening hands", timeout=TIMEOUT)
    chat(host, "Good luck <b>Gen</b>!")
    expect(guest.locator(".chat-lines")).to_contain_text("Hana Good luck <b>Gen</b>!", timeout=TIMEOUT)
    assert guest.locator(".chat-lines b").all_inner_texts() == ["~Hana"]  # tags stay text; a guest's ~
    guest.fill(".chat-form input", "x" * 12)
    expect(guest.locator(".chat-count")).to_have_text("12 / 500")
    chat(guest, "Thanks, you too")
    expect(host.locator(".chat-lines li")).to_have_count(2, timeout=TIMEOUT)
    for n in range(4):  # five lines in a few seconds is the most one may write
        expect(guest.locator(".chat-form input")).to_have_value("", timeout=TIMEOUT)
        chat(guest, f"line {n}")
    expect(guest.locator(".chat-form input")).to_have_value("", timeout=TIMEOUT)
    chat(guest, "one too many")
    expect(guest.locator(".chat-error")).not_to_be_empty(timeout=TIMEOUT)
    expect(guest.locator(".chat-form input")).to_have_value("one too many")  # kept, to send later
    shot(host, artifacts, "21-table-chat")
    leave_game(host)
    leave_game(guest, last=True)  # bots finish both seats quickly
    for page in (host, guest):
        expect(page.locator(".after-game")).to_be_visible(timeout=60_000)
    expect(host.locator(".after-game")).to_contain_text("You left the game; a bot finished the seat")
    expect(host.locator(".after-game .result")).to_contain_text("No winner")  # nobody stayed to win
    expect(host.locator("section.final h2")).to_contain_text("No winner")  # the game's own panel agrees
    shot(guest, artifacts, "22-end-screen")
    offer_rematch(host)
    expect(guest.locator(".rematch")).to_contain_text("Hana offers a rematch", timeout=TIMEOUT)
    press_slowly(guest, "[data-after=accept]", hold_ms=1300)  # the countdown ticks in between
    for page in (host, guest):  # both are taken to the new game
        page.wait_for_url(lambda url: "#/game/" in url and game_id not in url, timeout=TIMEOUT)
    assert host.url == guest.url
    host.wait_for_selector("#board svg")
    replay = host.context.new_page()
    replay.goto(f"{stack.url}/#/replay/{game_id}")
    expect(replay.locator(".chat-transcript")).to_contain_text("Good luck <b>Gen</b>!", timeout=TIMEOUT)
    shot(replay, artifacts, "23-replay-with-chat")
    close(host, guest)


def offer_rematch(page: Page) -> None:
    """Rematch, once matchmaking has heard that the game is over (a moment after the view)."""
    deadline = time.monotonic() + 15
    while True:
        page.click("[data-after=rematch]")
        page.wait_for_selector(".rematch .rematch-state", timeout=TIMEOUT)
        if "not finished yet" not in page.inner_text(".rematch") or time.monotonic() > deadline:
            break
        page.wait_for_timeout(500)
    expect(page.locator(".rematch")).to_contain_text("starts when everyone accepts")


def test_a_correspondence_game_waits_for_its_player_past_the_live_grace(stack: Stack, browser: Any,
                                                                       artifacts: Path) -> None:
    page = new_page(browser)
    sign_in(page, stack.url, "Letters")
    page.check("input[name=players][value='2']")
    page.check("input[name=mode][value=bots]")
    page.check("input[name=level][value=random]")
    page.check("input[name=clock][value^=correspondence]")
    page.click("#queue button[type=submit]")
    game_id = wait_for_game(page)
    assert wait_my_turn_or_end(page) == "turn"
    context = page.context
    page.close()  # the only tab: no socket, no heartbeat
    time.sleep(GRACE + 4)
    page = context.new_page()
    page.goto(f"{stack.url}/#/mine")
    row = page.locator(f"tr[data-game='{game_id}']")
    expect(row).to_contain_text("Your turn", timeout=TIMEOUT)
    expect(row).to_contain_text("correspondence")
    expect(row.locator("[data-left]")).to_contain_text(re.compile(r"^[23]d "))
    expect(page.locator("#turns")).to_have_text("1")
    assert page.title().startswith("(1) Your turn")
    shot(page, artifacts, "24-my-games")
    row.locator("a").click()
    page.wait_for_selector("#board svg")
    assert wait_my_turn_or_end(page) == "turn"
    expect(page.locator("[data-live=reclaim]")).to_have_count(0)  # no bot took the seat
    play_one_turn(page)
    assert current_version(page) > 1
    close(page)


def ticket_state(stack: Stack, ticket_id: str) -> str:
    """Asked of matchmaking directly: the gateway's GET would count as a sign of life."""
    token = credentials.grpc_token("gateway", stack.env)  # matchmaking admits the gateway only
    metadata = ((CALLER_KEY, "gateway"), (TOKEN_KEY, token or ""))
    with grpc.insecure_channel(stack.env["DAIMYO_MATCHMAKING_ADDR"]) as channel:
        stub = matchmaking_pb2_grpc.MatchmakingServiceStub(channel)
        request = matchmaking_pb2.GetTicketRequest(ticket_id=ticket_id)
        return str(stub.GetTicket(request, timeout=10, metadata=metadata).state)


def queue_people_only(page: Page) -> None:
    page.check("input[name=players][value='2']")
    page.check("input[name=mode][value=people]")
    page.uncheck("input[name=welcome]")
    page.click("#queue button[type=submit]")


def wait_for_people_only(page: Page) -> str:
    """The waiting screen of a ticket without bots; returns the ticket's id."""
    page.wait_for_url(re.compile(r"#/wait/"), timeout=TIMEOUT)
    expect(page.locator("#bots")).to_contain_text("Waiting for people only", timeout=TIMEOUT)
    return page.url.rsplit("/", 1)[-1]


def test_a_closed_waiting_tab_no_longer_gets_anyone_matched(stack: Stack, browser: Any,
                                                            artifacts: Path) -> None:
    ghost = new_page(browser)
    sign_in(ghost, stack.url, "Ghost")
    queue_people_only(ghost)
    ticket = wait_for_people_only(ghost)
    close(ghost)
    closed = time.monotonic()
    while ticket_state(stack, ticket) != "cancelled":
        assert time.monotonic() - closed < 15, "the closed tab's ticket should be cancelled within 10 s"
        time.sleep(0.25)
    print(f"ticket cancelled {time.monotonic() - closed:.1f} s after its tab closed")
    first, second = new_page(browser), new_page(browser)
    sign_in(first, stack.url, "First")
    queue_people_only(first)
    wait_for_people_only(first)
    first.wait_for_timeout(2000)
    assert "#/wait/" in first.url  # nobody to meet: the ghost is gone
    sign_in(second, stack.url, "Second")
    queue_people_only(second)
    game_id = wait_for_game(first)
    assert wait_for_game(second) == game_id
    expect(first.locator(".players")).to_contain_text("Second")
    expect(first.locator(".players")).not_to_contain_text("Ghost")
    shot(first, artifacts, "25-matched-without-the-ghost")
    close(first, second)


def test_a_lone_player_of_people_is_backfilled_with_bots(stack: Stack, browser: Any, artifacts: Path) -> None:
    page = new_page(browser, PHONE)
    sign_in(page, stack.url, "Lonely")
    page.check("input[name=players][value='3']")
    page.check("input[name=mode][value=people]")
    expect(page.locator("input[name=welcome]")).to_be_checked()  # allow bots after 15 s: on by default
    page.click("#queue button[type=submit]")
    page.wait_for_url(re.compile(r"#/wait/"), timeout=TIMEOUT)
    countdown = re.compile(r"Bots fill the empty seats in \d+ s")
    expect(page.locator("#bots")).to_contain_text(countdown, timeout=TIMEOUT)
    expect(page.locator("#estimate")).not_to_be_empty()
    shot(page, artifacts, "26-waiting-with-bots-welcome")
    page.click("#fill")
    wait_for_game(page)
    expect(page.locator(".players")).to_contain_text("Bot", timeout=TIMEOUT)
    expect(page.locator(".players .p")).to_have_count(3)
    close(page)
