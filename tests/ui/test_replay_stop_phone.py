"""A replay's "your turn" stop on a phone (390 × 844), in the built book (chapter 12's annotated deal
"Defence: take your ace …"): after a wrong card, without the learner scrolling, the stop's question,
the whole verdict and the hand it judges are on one screen below the page's sticky header (a
reviewer found the question above the screen and the verdict's first lines under the header), and
no "Checking your answer …" line stays beside a verdict that is already there.  Screenshots go to
test-artifacts/play/ (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

DEALS = "chapters/12-annotated-deals.html"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "play"
PHONE = {"width": 390, "height": 844}

# The bottom of the page's own header when it stays on screen (sticky or fixed), else 0.
HEADER = """() => { const h = document.querySelector('.bd-header-article, .bd-header'); if (!h) return 0;
  const p = getComputedStyle(h).position; return p === 'sticky' || p === 'fixed' ? h.getBoundingClientRect().bottom : 0; }"""


def _on_screen(page: Any, locator: Any, top: float, what: str) -> None:
    assert locator.is_visible(), what
    box = locator.bounding_box()
    assert box is not None and box["height"] > 10 and box["width"] > 100, (what, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, (what, box)
    assert box["y"] >= top - 1, f"{what} starts under the page header or above the screen: {box}, header {top}"
    assert box["y"] + box["height"] <= PHONE["height"] + 1, f"{what} runs below the screen: {box}"


def test_a_wrong_answer_at_a_stop_fits_one_phone_screen(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(DEALS), viewport=PHONE)
    wait_for_widgets(page)
    replay = page.locator(".fht-replay").filter(has=page.locator(".fht-title", has_text="take your ace")).first
    assert replay.count(), "chapter 12 has no deal 'Defence: take your ace'"
    replay.scroll_into_view_if_needed()
    for _ in range(80):
        if replay.locator(".fht-stop-hand").count():
            break
        replay.locator(".fht-forward").click()
    else:
        raise AssertionError("the replay never reached its stop")
    stop = replay.locator(".fht-stop")
    right = stop.locator(".fht-stop-prompt")
    prompt = right.inner_text()
    hand = replay.locator(".fht-stop-hand")
    wrong = hand.locator("button:not([data-card='AS'])").first
    wrong.scroll_into_view_if_needed()
    wrong.click()
    verdict = stop.locator(".fht-verdict")
    verdict.wait_for(state="visible", timeout=10000)
    assert "Not yet" in verdict.inner_text()
    page.wait_for_timeout(300)  # any scrolling the widget does is instant; let layout settle
    top = page.evaluate(HEADER)
    _on_screen(page, stop.locator(".fht-stop-prompt"), top, "the stop's question")
    assert stop.locator(".fht-stop-prompt").inner_text() == prompt
    _on_screen(page, verdict, top, "the verdict")
    seat = replay.locator(".fht-seat").filter(has=page.locator(".fht-wrong-pick"))
    _on_screen(page, seat.locator(".fht-cards"), top, "the hand the verdict judges")
    # keyboard focus stays in the widget, on the verdict's first button
    assert page.evaluate("() => !!document.activeElement?.closest('.fht-stop .fht-verdict')")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "replay-stop-wrong-phone-book.png"))
    # no waiting line next to the verdict, now or once the engine has answered
    lines = replay.locator(".fht-live-status:visible")
    assert lines.count() == 0, lines.all_inner_texts()
    page.wait_for_timeout(2000)
    assert replay.locator(".fht-live-status:visible").count() == 0
    problems.assert_clean("a stop on a phone")
    page.context.close()
