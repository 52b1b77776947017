"""Browser tests need every service and a browser: one stack of subprocesses for the session
(against the test Postgres/NATS), and Debian's Chromium driven by Playwright. Without
`/usr/bin/chromium` the tests fail, naming the command that installs it (`make test` runs
.ci/ensure-chromium first); they skip only with DAIMYO_SKIP_BROWSER=1."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.stack import REPO, Stack, start_stack

CHROMIUM = Path(os.environ.get("DAIMYO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = REPO / "test-artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def stack(database_url: str, nats_url: str) -> Iterator[Stack]:
    if os.environ.get("DAIMYO_SKIP_BROWSER") == "1":
        pytest.skip("DAIMYO_SKIP_BROWSER=1: browser tests not run on this machine")
    if not CHROMIUM.exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: install it with `sudo apt-get install -y chromium` "
                    "(or set DAIMYO_SKIP_BROWSER=1 on a machine that cannot run a browser)", pytrace=False)
    running = start_stack(database_url, nats_url, ARTIFACTS / "e2e-logs")
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser(stack: Stack) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
