"""Every player in their own language (issue 30), in a real browser against every real service.

In the pseudo-locale en-XA every catalogue message is accented and bracketed, so a person's walk
through the lobby, the lists, a Samurai game against bots, its replay and Shogun's planning may
show no visible text, aria-label, title or placeholder outside brackets other than data (a <time>, player
names, numbers, board coordinates, symbols); the Samurai game is played to its end screen. Per
real locale a browser whose language is that
locale meets the lobby and a game screen in it, and nothing is wider than a 390 px phone.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import (
    PHONE,
    TIMEOUT,
    current_version,
    place_any_tile,
    swap_figures,
    swap_tiles,
    wait_for_version_after,
)
from tests.e2e.stack import Stack

STATIC = Path(__file__).resolve().parents[2] / "services" / "daimyo_gateway" / "static"
NAMES = ("Ayame", "Kenji")

# Every visible text node and every aria-label, title and placeholder, with where it was found.
# Players' names are data, marked translate="no" where lists show other players' (any test's).
FOREIGN_TEXT = """() => {
  const found = [];
  const visible = (el) => !!el
    && (el.closest('svg') || el.checkVisibility?.({ checkOpacity: false }) !== false);
  // each element holding text is read whole: a message may wrap markup (a colour dot) mid-way
  const parents = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !visible(parent)) continue;
    if (parent.closest('script, style, time, [hidden], [translate=no]')) continue;
    if (node.textContent.trim()) parents.add(parent);
  }
  for (const parent of parents) {
    found.push([parent.tagName + '.' + (parent.className?.baseVal ?? parent.className), parent.textContent]);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && value.trim()) found.push([el.tagName + '@' + name, value]);
    }
  }
  found.push(['title', document.title]);
  return found;
}"""

# What may stand outside a catalogue's brackets: numbers, punctuation and symbols, board
# coordinates ("E7"), versions ("v12"), the brand, the player names, and each language's own name.
DATA = re.compile(r"^(?:[\d\s]|[^\w\s]|_|[A-Z]{1,2}\d{1,2}\b|v\d+|Daimyo|N\b|" + "|".join(NAMES) + r")*$")
LANGUAGE_NAMES = {"English", "Português (Brasil)", "Español", "中文（简体）"}


def outside_brackets(text: str) -> str:
    """The text with every bracketed (pseudo-locale) message taken out, innermost first."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\[[^\[\]]*\]", "", text)
    return text


def foreign(page: Page, where: str) -> list[str]:
    leaks = []
    for place, text in page.evaluate(FOREIGN_TEXT):
        if text.strip() in LANGUAGE_NAMES or text.strip() == "[Ƥşḗŭḓǿ]":
            continue
        rest = outside_brackets(text)
        if not DATA.match(rest):
            leaks.append(f"{where}: {place}: {text.strip()[:120]!r}")
    return leaks


def catalogue(owner: str, locale: str) -> dict[str, str]:
    """The single-line messages of one catalogue (enough to know what a screen must show)."""
    text = (STATIC / owner / "locales" / f"{locale}.ftl").read_text(encoding="utf-8")
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"^([a-z][\w-]*) = (.+)$", text, re.M)}


def open_page(browser: Any, locale: str, viewport: dict[str, int] | None = None,
              saved: str | None = None) -> Page:
    context = browser.new_context(locale=locale, viewport=viewport or {"width": 1280, "height": 860})
    script = "localStorage.setItem('daimyo.pace', '0');"
    if saved:
        script += f"localStorage.setItem('daimyo.locale', '{saved}');"
    once = f"if (!sessionStorage.getItem('seeded')) {{ {script} sessionStorage.setItem('seeded', '1'); }}"
    context.add_init_script(once)
    page: Page = context.new_page()
    return page


def sign_in_as(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("#name", name)
    page.click("#signin button[type=submit]")
    page.wait_for_selector("#queue")


def start_against_bots(page: Page, game: str, players: int) -> str:
    page.check(f"input[name=game][value={game}]")
    page.check(f"input[name=players][value='{players}']")
    page.check("input[name=mode][value=bots]")
    page.check("input[name=level][value=random]")
    page.click("#queue button[type=submit]")
    try:
        page.wait_for_url(re.compile(r"#/game/"), timeout=TIMEOUT)
    except Exception as stuck:
        raise AssertionError(f"no game at {page.url}: {page.inner_text('#app')[:500]!r}") from stuck
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    page.wait_for_function("() => document.querySelector('#app').dataset.version", timeout=TIMEOUT)
    return page.url.rsplit("/", 1)[-1]


def play_to_the_end(page: Page, turns: int = 80) -> None:
    """Play Samurai turns by clicking until the final scoring shows, reading no words (any locale)."""
    mine = "#hand [data-act]:not([disabled]), #hand button.tile[draggable=true]"
    for _ in range(turns):
        ready = f"() => document.querySelector('section.final') || document.querySelector('{mine}')"
        page.wait_for_function(ready, timeout=60_000)
        if page.locator("section.final").count():
            return
        version = current_version(page)
        if page.locator("#hand [data-act=pass]").count():
            page.click("#hand [data-act=pass]")
        elif not (place_any_tile(page) or swap_tiles(page) or swap_figures(page)):
            raise AssertionError(f"nothing to click in: {page.inner_text('#hand')}")
        wait_for_version_after(page, version)
        end = page.locator("#hand [data-act=end_turn]")
        if end.count():
            end.click()
            expect(page.locator("#hand [data-act=end_turn]")).to_have_count(0, timeout=TIMEOUT)
    raise AssertionError(f"no final scoring after {turns} turns")


def overflow(page: Page) -> int:
    root = "document.documentElement"
    return int(page.evaluate(f"() => {root}.scrollWidth - {root}.clientWidth"))


def test_in_the_pseudo_locale_every_visible_word_comes_from_a_catalogue(stack: Stack, browser: Any) -> None:
    page = open_page(browser, "en-US", saved="en-XA")
    sign_in_as(page, stack.url, NAMES[0])
    assert page.evaluate("document.documentElement.lang") == "en-XA"
    leaks = foreign(page, "lobby")
    game_id = start_against_bots(page, "samurai", 2)
    page.wait_for_timeout(1500)
    leaks += foreign(page, "samurai game")
    play_to_the_end(page)
    page.wait_for_selector("section.after-game")
    leaks += foreign(page, "samurai end screen")
    page.goto(f"{stack.url}#/live")
    page.wait_for_selector("section.card h1")
    leaks += foreign(page, "live games")
    page.goto(f"{stack.url}#/leaders")
    page.wait_for_selector("#rated")
    leaks += foreign(page, "leaderboard")
    page.goto(f"{stack.url}#/mine")
    page.wait_for_selector("#my-games")
    leaks += foreign(page, "my games")
    page.goto(f"{stack.url}#/replay/{game_id}")
    page.wait_for_selector("#board svg", timeout=TIMEOUT)
    leaks += foreign(page, "samurai replay")
    page.goto(f"{stack.url}#/private")
    page.wait_for_selector("#table-form")
    leaks += foreign(page, "private table form")
    page.click("#table-form button[type=submit]")
    page.wait_for_selector("#table-room, #table-form #refusal:not([hidden])", timeout=TIMEOUT)
    assert page.locator("#table-room .table-seats").count() == 1, page.inner_text("#app")[:500]
    leaks += foreign(page, "private table room")
    page.goto(f"{stack.url}#/")
    page.wait_for_selector("#queue input[name=mode]")
    page.check("input[name=mode][value=people]")
    page.uncheck("input[name=welcome]")
    page.click("#queue button[type=submit]")
    page.wait_for_selector(".waiting #estimate:not(:empty)", timeout=TIMEOUT)
    leaks += foreign(page, "waiting for a table")
    page.click("#cancel")
    page = open_page(browser, "en-US", saved="en-XA")  # a second player: one live game each
    sign_in_as(page, stack.url, NAMES[1])
    start_against_bots(page, "shogun", 3)
    page.wait_for_selector("#decide .sg-decide", timeout=60_000)
    leaks += foreign(page, "shogun planning")
    assert leaks == []


@pytest.mark.parametrize("locale, browser_language",
                         [("pt-BR", "pt-BR"), ("es", "es-ES"), ("zh-Hans", "zh-CN")])
def test_a_browser_in_each_language_meets_lobby_and_game_in_it_without_overflow(
        stack: Stack, browser: Any, locale: str, browser_language: str) -> None:
    shell, samurai = catalogue("shell", locale), catalogue("games/samurai", locale)
    page = open_page(browser, browser_language, viewport=PHONE)
    sign_in_as(page, stack.url, NAMES[1])
    assert page.evaluate("document.documentElement.lang") == locale
    assert shell["shell-new-game"] in page.inner_text("#queue h1")
    assert page.input_value("#lang") == locale
    assert overflow(page) <= 0, "the lobby is wider than a 390 px phone"
    start_against_bots(page, "samurai", 2)
    page.wait_for_timeout(1000)
    assert page.get_attribute("#board svg", "aria-label") == samurai["samurai-board-label"]
    assert overflow(page) <= 0, "the Samurai screen is wider than a 390 px phone"
    page.set_viewport_size({"width": 1280, "height": 860})
    assert overflow(page) <= 0, "the Samurai screen is wider than 1280 px"
    shogun = catalogue("games/shogun", locale)
    page = open_page(browser, browser_language, viewport=PHONE)  # a second player: one live game each
    sign_in_as(page, stack.url, NAMES[0])
    start_against_bots(page, "shogun", 3)
    page.wait_for_selector("#decide .sg-decide", timeout=60_000)
    assert shogun["shogun-plan-title"] in page.inner_text("#decide")
    assert overflow(page) <= 0, "Shogun's planning is wider than a 390 px phone"


def test_the_header_switches_language_without_a_reload(stack: Stack, browser: Any) -> None:
    page = open_page(browser, "en-US")
    sign_in_as(page, stack.url, NAMES[0])
    assert page.evaluate("document.documentElement.lang") == "en"
    page.evaluate("window.notReloaded = true")
    page.select_option("#lang", "pt-BR")
    page.wait_for_function("() => document.documentElement.lang === 'pt-BR'")
    assert catalogue("shell", "pt-BR")["shell-new-game"] in page.inner_text("#queue h1")
    assert page.evaluate("window.notReloaded") is True
    page.reload()
    page.wait_for_selector("#queue")
    assert page.evaluate("document.documentElement.lang") == "pt-BR", "the choice is kept"
