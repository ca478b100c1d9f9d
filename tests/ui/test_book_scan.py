"""Every built page, as a learner on a phone sees it: no sideways scrolling, and no machinery in
the widgets' visible text.

For each page of the built book at 390 × 844: ``document.scrollingElement.scrollWidth <= 390``;
the innerText of every rendered widget (what a sighted learner reads) has no raw card codes
(``JH``, ``10S``), no rules-preset slugs (``open-misere-above-10h``), and no "engine" / "kernel" /
"seed" when nothing is loading; then at 1280 px, no widget heading with nothing after it.  ``FIVEHUNDRED_BOOK_OUTPUT=/tmp/me-book`` reuses a build.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from fivehundred_tutor.rules import Rules  # noqa: E402
from tests.support.browser import open_page, toc_pages, wait_for_widgets  # noqa: E402
from tests.ui.test_no_empty_headings import empty_headings  # noqa: E402

pytestmark = pytest.mark.browser

CARD_CODE = re.compile(r"\b(10|[2-9AKQJT])[SHDC]\b")
MACHINERY = re.compile(r"\b(engine|kernel|seed)\b", re.IGNORECASE)
# the analysis's own words, never a learner's, loading or not: "with every hand in view", "in 200 deals
# of the other cards", "on average" say the same plainly
JARGON = re.compile(r"\b(double[ -]dummy|solver|simulation'?s?|layouts)\b", re.IGNORECASE)
# ordinary English adjectives that happen to be preset names too ("the two-player game")
PLAIN_WORDS = {"two-player", "three-player", "five-player", "six-player"}
SLUGS = [s for s in Rules.preset_names() if s not in PLAIN_WORDS]
SLUG = re.compile(r"(?<![\w-])(" + "|".join(re.escape(s) for s in SLUGS) + r")(?![\w-])")

VISIBLE_WIDGET_TEXT = """() => [...document.querySelectorAll('.fht-root')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => ({kind: [...e.classList].filter((c) => c !== 'fht-root').join(' '), text: e.innerText}))"""


def scan_text(text: str, loading: bool) -> list[str]:
    """What a learner should never read in a widget: card codes, preset slugs, machinery words."""
    found = [f"card code {m.group(0)!r}" for m in CARD_CODE.finditer(text)]
    found += [f"preset slug {m.group(0)!r}" for m in SLUG.finditer(text)]
    found += [f"jargon {m.group(0)!r}" for m in JARGON.finditer(text)]
    if not loading:
        for line in text.splitlines():
            if MACHINERY.search(line):
                found.append(f"machinery: {line.strip()[:100]!r}")
    return found


def test_scan_finds_what_it_should() -> None:
    assert scan_text("Then: AH 5H QH. Contract 6H", False) == [
        "card code 'AH'",
        "card code '5H'",
        "card code 'QH'",
        "card code '6H'",
    ]
    assert scan_text("Then: A♥ 5♥ Q♥. Contract 6♥. The two-player game.", False) == []
    assert scan_text("Rules: open-misere-above-10h", False) == ["preset slug 'open-misere-above-10h'"]
    assert scan_text("Saved examples. The engine starts in your browser.", False)
    assert scan_text("Starting the engine in your browser…", True) == []
    assert scan_text("A deal played by the bots (10♠ led)", False) == []
    assert scan_text("Double dummy: North–South can take 6 tricks.", False) == ["jargon 'Double dummy'"]
    assert scan_text("Your play, checked by the solver", False) == ["jargon 'solver'"]
    assert scan_text("within a trick of the simulation's average; 200 layouts", True) == [
        'jargon "simulation\'s"',
        "jargon 'layouts'",
    ]
    assert (
        scan_text("With every hand in view, North–South can take 6 tricks; in 200 deals of the other cards", False)
        == []
    )


@pytest.mark.parametrize("rel", toc_pages())
def test_every_page_fits_a_phone_and_widgets_speak_plainly(built_book: Any, browser: Any, rel: str) -> None:
    """One page at 390 × 844 (width, words), then at 1280 × 900 (no empty heading in a widget,
    tests/ui/test_no_empty_headings.py): one load serves both scans."""
    trouble: list[str] = []
    shots = TESTS.parent / "test-artifacts" / "scan"
    shots.mkdir(parents=True, exist_ok=True)
    assert (built_book.html / rel).exists(), f"{rel} is in the table of contents but was not built"
    page, _problems = open_page(browser, built_book.url(rel), viewport={"width": 390, "height": 844})
    try:
        wait_for_widgets(page)
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > 390:
            wide = page.evaluate(
                """() => [...document.querySelectorAll('body *')]
                  .filter((e) => e.getBoundingClientRect().right > 391 && e.offsetParent !== null)
                  .slice(-3).map((e) => e.tagName + '.' + [...e.classList].join('.'))"""
            )
            trouble.append(f"{rel}: {width} px wide at a 390 px screen ({', '.join(wide)})")
            page.screenshot(path=str(shots / (rel.replace("/", "_") + ".png")))
        loading = page.evaluate("!!document.querySelector('.fht-live-status[data-status=\"loading\"]')")
        for widget in page.evaluate(VISIBLE_WIDGET_TEXT):
            for item in scan_text(widget["text"], loading):
                trouble.append(f"{rel} [{widget['kind']}]: {item}")
        page.set_viewport_size({"width": 1280, "height": 900})
        trouble += [f"{rel} [{kind}]: {name!r}: {why}" for kind, name, why in empty_headings(page)]
    finally:
        page.context.close()
    assert not trouble, "\n".join(trouble)
