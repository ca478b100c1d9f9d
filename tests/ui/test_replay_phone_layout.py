"""On a phone (390 × 844) nothing covers a card: in the built book (chapter 12's annotated deals),
the deal replay's step buttons never lie over a hand or the trick, wherever the page is scrolled,
at several steps of the deal; and with the hand to move at the top of the screen, the trick and
the step buttons are on the same screen.  (A page of its own is not enough: the book's layout is
what made a sticky step bar cover North's and East's hands.)  Screenshots go to
test-artifacts/play/ (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from tests.support.browser import open_page, wait_for_widgets  # noqa: E402

pytestmark = pytest.mark.browser

DEALS = "chapters/12-annotated-deals.html"
ARTIFACTS = TESTS.parent / "test-artifacts" / "play"
PHONE = {"width": 390, "height": 844}

# Pairs (bar, covered) whose boxes overlap on screen: the step bar against every hand and the trick.
OVERLAPS = """(replay) => {
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const seen = (e) => { const r = box(e); return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight; };
  const bar = replay.querySelector('.fht-nav');
  const cards = [...replay.querySelectorAll('.fht-seat .fht-cards, .fht-trick, .fht-stop-hand, .fht-kitty, .fht-piles')].filter(seen);
  if (!bar || !seen(bar)) return {bar: false, found: []};
  const b = box(bar);
  return {bar: true, found: cards.filter((c) => meet(b, box(c))).map((c) => {
    const seat = c.closest('.fht-seat');
    return (seat ? (seat.querySelector('.fht-seat-name')?.textContent || 'a seat') + ': ' : '') + c.className;
  })};
}"""

# The bottom of the page's own header when it stays on screen (sticky or fixed), else 0.
HEADER = """() => { const h = document.querySelector('.bd-header-article'); if (!h) return 0;
  const p = getComputedStyle(h).position; return p === 'sticky' || p === 'fixed' ? h.getBoundingClientRect().bottom : 0; }"""


def test_the_step_bar_never_covers_a_hand_or_the_trick(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(DEALS), viewport=PHONE)
    wait_for_widgets(page)
    replay = page.locator(".fht-replay").first
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    checked = 0
    trouble: list[str] = []
    for step in range(24):
        if replay.locator(".fht-stop").count():
            break
        if step in (0, 6, 10, 14, 19, 23):
            # every scroll position a learner could be at, 60 px apart: the widget coming in from below,
            # the hand to move at the top, the step buttons at the bottom of the screen, and between
            top0, bottom0 = replay.evaluate(
                "(r) => { const b = r.getBoundingClientRect(); return [window.scrollY + b.top, window.scrollY + b.bottom]; }"
            )
            tops = [y for y in range(int(top0) - 800, int(bottom0), 60)]
            for top in tops:
                page.evaluate("(y) => window.scrollTo(0, Math.max(0, y))", top)
                result = replay.evaluate(OVERLAPS)
                if result["bar"]:
                    checked += 1
                for what in result["found"]:
                    trouble.append(f"step {step}, scrolled to {top:.0f}: the step buttons cover {what}")
                    page.screenshot(path=str(ARTIFACTS / f"replay-covered-step{step}.png"))
            # the hand to move, the trick and the step buttons fit one screen: scrolled to the top of
            # the three, all of them are inside it
            hand = replay.locator(".fht-seat.fht-to-move")
            trick = replay.locator(".fht-trick-wrap").filter(has=page.locator(".fht-card"))
            parts = [what for what in (hand, trick, replay.locator(".fht-nav")) if what.count()]
            if hand.count():
                top = min(what.evaluate("e => window.scrollY + e.getBoundingClientRect().top") for what in parts)
                header = page.evaluate(HEADER)  # the theme's header stays at the top of the screen
                page.evaluate("(y) => window.scrollTo(0, y)", top - header - 4)
                for what in parts:
                    box = what.bounding_box()
                    assert box is not None and box["height"] > 10, (what, box)
                    if not (box["y"] >= header and box["y"] + box["height"] <= PHONE["height"]):
                        trouble.append(f"step {step}: {what} is off the screen with the hand to move: {box}")
                page.screenshot(path=str(ARTIFACTS / f"replay-phone-book-step{step}.png"))
        replay.locator(".fht-forward").click()
    page.evaluate(
        "(y) => window.scrollTo(0, y)", replay.evaluate("(r) => window.scrollY + r.getBoundingClientRect().top")
    )
    page.screenshot(path=str(ARTIFACTS / "replay-phone-top.png"))
    assert checked >= 6, "the step buttons were never on screen"
    assert not trouble, "\n".join(trouble)
    problems.assert_clean("the replay on a phone")
    page.context.close()
