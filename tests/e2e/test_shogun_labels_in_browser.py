"""No province name on the Shogun map hides another, nor a piece (issue 33: "a Shogun label
overlaps another", found on a walk and never located). For 3, 4 and 5 players, on a laptop and a
phone, the page's own drawing is measured: no two names' boxes meet, and no name meets another
province's disc (where its owner's armies stand), a building site or a revolt marker, or the
compass. Screens go to test-artifacts/ui33/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.pages import LAPTOP, PHONE, TIMEOUT, queue, sign_in, wait_for_game
from tests.e2e.stack import Stack

# Every name's box and every piece's, in screen pixels, each with its province ("" for the compass).
BOXES = """() => {
  const box = (el, kind) => { const r = el.getBoundingClientRect();
    return { kind, province: el.closest('[data-province]')?.dataset.province || '',
             left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const all = (selector, kind) => [...document.querySelectorAll('#board ' + selector)]
    .map((el) => box(el, kind));
  return [...all('.sg-name', 'name'), ...all('.sg-disc', 'disc'), ...all('.sg-site', 'site'),
          ...all('.sg-revolt', 'revolt'), ...all('.sg-compass circle', 'compass')];
}"""
SLACK_PX = 0.5  # boxes that only touch do not overlap


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > SLACK_PX
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > SLACK_PX)


def collisions(boxes: list[dict[str, Any]]) -> list[str]:
    """Each name meeting another name, or a piece of another province."""
    names = [b for b in boxes if b["kind"] == "name"]
    found = []
    for n, name in enumerate(names):
        pieces = [b for b in boxes if b["kind"] != "name" and b["province"] != name["province"]]
        others = names[n + 1:] + pieces
        found += [f"{name['province']}'s name meets {other['province'] or 'the'} {other['kind']}"
                  for other in others if overlaps(name, other)]
    return found


def shogun_map(browser: Any, url: str, players: int, viewport: dict[str, int], who: str) -> Page:
    page: Page = browser.new_context(viewport=viewport, has_touch=viewport["width"] < 500).new_page()
    sign_in(page, url, who)
    page.check("input[name=game][value=shogun]")
    queue(page, players, "bots", "random")
    wait_for_game(page)
    page.wait_for_selector("#board svg .sg-prov .sg-armies", timeout=TIMEOUT)
    return page


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_no_province_name_hides_another_or_a_piece(players: int, size: str, stack: Stack, browser: Any,
                                                   artifacts: Path) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    page = shogun_map(browser, stack.url, players, viewport, f"Lab {size} {players}")
    boxes = page.evaluate(BOXES)
    assert sum(b["kind"] == "name" for b in boxes) >= 40, "the map drew fewer names than it has provinces"
    (artifacts / "ui33").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "ui33" / f"{size}-shogun-{players}p-names.png"), full_page=True)
    found = collisions(boxes)
    assert found == [], f"{players} players, {size}: " + "; ".join(found)
    page.context.close()
