"""An account's language follows it (issue 30): a signed-in account switches language in the
header; a second browser, whose own language is English, signs in with the same account and
meets the site in the account's language, the account page first and then the lobby."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.e2e.pages import LAPTOP, TIMEOUT, shot, sign_in
from tests.e2e.stack import Stack

SECRET = "a long enough secret"


def test_the_language_an_account_picks_in_the_header_greets_it_on_another_browser(
    stack: Stack, browser: Any, artifacts: Path
) -> None:
    url, name = stack.url, f"Lang{uuid.uuid4().hex[:6]}"
    first = browser.new_context(viewport=LAPTOP, locale="en-US")
    page = first.new_page()
    sign_in(page, url, "Wanderer")
    page.goto(f"{url}/account")
    page.fill("#upgrade-name", name)
    page.fill("#upgrade-password", SECRET)
    page.click("#upgrade-with-password")
    expect(page.locator("#settings")).to_be_visible(timeout=TIMEOUT)
    page.goto(url)
    with page.expect_response(lambda r: r.url.endswith("/api/account/language") and r.ok):
        page.select_option("#lang", "pt-BR")
    expect(page.locator("html")).to_have_attribute("lang", "pt-BR")

    second = browser.new_context(viewport=LAPTOP, locale="en-US")
    other = second.new_page()
    other.goto(f"{url}/account")
    expect(other.locator("html")).to_have_attribute("lang", "en", timeout=TIMEOUT)
    other.fill("#sign-in-name", name)
    other.fill("#sign-in-password", SECRET)
    other.click("#sign-in-with-password")
    expect(other.locator("html")).to_have_attribute("lang", "pt-BR", timeout=TIMEOUT)
    expect(other.locator("h1")).to_have_text("Sua conta")
    expect(other.locator("#account-status")).to_have_text("Você entrou.")
    expect(other.locator("#language-choice")).to_have_value("pt-BR")
    shot(other, artifacts, "accounts-language-second-browser")
    other.goto(url)
    expect(other.locator("html")).to_have_attribute("lang", "pt-BR", timeout=TIMEOUT)
    expect(other.locator("#lang")).to_have_value("pt-BR")
    first.close()
    second.close()
