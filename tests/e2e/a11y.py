"""What the accessibility and layout walks check on any screen, as small functions: axe-core's
serious and critical findings, one h1, no sideways scroll, and keyboard focus that shows.

axe-core is vendored under tests/e2e/vendor/axe-core/ (npm axe-core, MPL-2.0) and injected into
the page by the test only; the client never serves it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("critical", "serious")

RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map(v => ({ id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 4)
      .map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').slice(0, 160)) }));
}"""

# Every control a person can reach with Tab: each, focused, must show it (outline or shadow).
FOCUS_SHOWN = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const shown = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
    || style.boxShadow !== 'none';
  const classes = el.className && el.className.baseVal === undefined ? '.' + el.className : '';
  return { tag: el.tagName + (el.id ? '#' + el.id : '') + classes, shown };
}"""


def axe_findings(page: Page) -> list[dict[str, Any]]:
    """The serious and critical axe-core violations of the page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return [v for v in found if v["impact"] in BLOCKING]


def h1_count(page: Page) -> int:
    return int(page.evaluate("() => [...document.querySelectorAll('h1')].filter(h => h.checkVisibility()"
                             " || h.classList.contains('sr-only')).length"))


def overflow(page: Page) -> tuple[int, int]:
    scroll, client = page.evaluate("() => [document.documentElement.scrollWidth,"
                                   " document.documentElement.clientWidth]")
    return int(scroll), int(client)


def unshown_focus(page: Page, presses: int = 40) -> list[str]:
    """Tab through the page `presses` times; the controls whose focus cannot be seen."""
    page.evaluate("() => { document.activeElement?.blur?.(); window.scrollTo(0, 0); }")
    hidden = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS_SHOWN)
        if focused and not focused["shown"]:
            hidden.append(focused["tag"])
    return sorted(set(hidden))


def screen_problems(page: Page, where: str) -> list[str]:
    """Everything wrong with the screen as it is now, each line naming `where`."""
    problems = [f"{where}: axe {v['impact']} {v['id']}: {v['nodes']}" for v in axe_findings(page)]
    if (count := h1_count(page)) != 1:
        problems.append(f"{where}: {count} h1 elements (one wanted)")
    scroll, client = overflow(page)
    if scroll > client:
        problems.append(f"{where}: scrolls sideways ({scroll} px in {client} px)")
    return problems
