"""The rules pages as a reader meets them on a phone: "How to play" opens each game's rules in the
browser's language (or in the one the reader saved), the page says so, and nothing in it is wider
than the screen, a 390 px phone or a 1280 px laptop — Portuguese and Spanish with their long words,
Chinese with its own breaks.
Each page is saved as a screenshot under test-artifacts/ for a person to look at."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from daimyo_rules.registry import game_names
from tests.e2e.pages import PHONE, TIMEOUT, shot, sign_in
from tests.e2e.stack import REPO, Stack

RULES = REPO / "services" / "daimyo_gateway" / "static" / "games"
# the browser's language → the rules page it should get
BROWSER_LOCALES = {"en-GB": "en", "pt-BR": "pt-BR", "es-ES": "es", "zh-CN": "zh-Hans"}
SCREENS = {"phone": PHONE, "laptop": {"width": 1280, "height": 800}}
WIDER_THAN_SCREEN = ("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                     " [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right"
                     " > document.documentElement.clientWidth + 0.5).map(e => e.tagName + ' ' +"
                     " (e.textContent || '').trim().slice(0, 40))]")


def title_of(game: str, locale: str) -> str:
    """The page's h1 as written in its file."""
    text = (RULES / game / "rules" / f"{locale}.html").read_text(encoding="utf-8")
    found = re.search(r"<h1>(.*?)</h1>", text, re.S)
    assert found, f"{game}/rules/{locale}.html has no h1"
    return found.group(1)


def assert_fits_the_screen(page: Any) -> None:
    scroll, client, wide = page.evaluate(WIDER_THAN_SCREEN)
    assert scroll <= client, f"the page scrolls sideways: {scroll} px of content in {client} px"
    assert not wide, f"wider than the screen: {wide}"


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("game", sorted(game_names()))
@pytest.mark.parametrize("browser_locale", list(BROWSER_LOCALES))
def test_the_rules_open_in_the_browsers_language_and_fit_the_screen(
        stack: Stack, browser: Any, artifacts: Path, game: str, browser_locale: str, screen: str) -> None:
    locale = BROWSER_LOCALES[browser_locale]
    context = browser.new_context(viewport=SCREENS[screen], locale=browser_locale,
                                  has_touch=screen == "phone")
    page = context.new_page()
    page.goto(f"{stack.url}/static/games/{game}/howto.html")
    page.wait_for_url(f"**/static/games/{game}/rules/{locale}.html", timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", locale)
    expect(page.locator("h1")).to_have_text(title_of(game, locale))
    expect(page.locator(f".rules-langs [aria-current=page][hreflang='{locale}']")).to_have_count(1)
    assert_fits_the_screen(page)
    shot(page, artifacts, f"rules-{game}-{locale}-{screen}")
    context.close()


def test_the_saved_language_wins_over_the_browsers(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.add_init_script("localStorage.setItem('daimyo.locale', 'es')")
    page = context.new_page()
    game = sorted(game_names())[0]
    page.goto(f"{stack.url}/static/games/{game}/howto.html")
    page.wait_for_url("**/rules/es.html", timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    context.close()


def test_how_to_play_in_the_lobby_opens_the_rules_in_the_readers_language(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="pt-BR")
    page = context.new_page()
    sign_in(page, stack.url, "Leitora")
    with context.expect_page() as opened:
        page.locator(".howto-links a").first.click()
    rules = opened.value
    rules.wait_for_url("**/rules/pt-BR.html", timeout=TIMEOUT)
    expect(rules.locator("html")).to_have_attribute("lang", "pt-BR")
    assert_fits_the_screen(rules)
    context.close()


UNTRANSLATED = ("() => { const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);"
                " const left = []; for (let n = w.nextNode(); n; n = w.nextNode()) {"
                " const t = n.nodeValue.trim();"
                " if (t && !(t.startsWith('[') && t.endsWith(']'))) left.push(t); }"
                " const labels = [...document.querySelectorAll('[aria-label]')]"
                ".map(e => e.getAttribute('aria-label'));"
                " return left.concat(labels.filter(t => !t.startsWith('['))); }")


def test_the_pseudo_locale_shows_the_english_rules_pseudo_localised(stack: Stack, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-US")
    context.add_init_script("localStorage.setItem('daimyo.locale', 'en-XA')")
    page = context.new_page()
    for game in sorted(game_names()):
        page.goto(f"{stack.url}/static/games/{game}/howto.html")
        page.wait_for_url(f"**/static/games/{game}/rules/en.html", timeout=TIMEOUT)
        expect(page.locator("html")).to_have_attribute("lang", "en-XA")
        assert not page.evaluate(UNTRANSLATED), f"{game}: text left out of the pseudo-locale"
        assert_fits_the_screen(page)
    context.close()
