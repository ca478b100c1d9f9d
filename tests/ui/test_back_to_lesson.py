"""A random New deal on a commented lesson deal (chapter 12, the engine in the browser), at 1280 and
390 px: the new deal is labelled as one dealt at random with *Back to the lesson deal*, visible;
Back brings the lesson deal (its title, its comments) again.  Screenshots in test-artifacts/play/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

DEALS = "chapters/12-annotated-deals.html"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "play"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def _seen(page: Any, locator: Any, size: str) -> None:
    locator.scroll_into_view_if_needed()
    assert locator.is_visible()
    box = locator.bounding_box()
    assert box is not None and box["height"] >= 20 and box["width"] > 40, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= SIZES[size]["height"], box


def _step_to(replay: Any, n: int) -> None:
    """Step forward to step ``n``, one click at a time (each step drawn before the next click)."""
    for k in range(1, n + 1):
        replay.locator(".fht-forward").click()
        replay.locator(".fht-progress").filter(has_text=f"Step {k} of").wait_for(timeout=10000)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_random_deal_is_labelled_and_goes_back_to_the_lesson(built_book: Any, browser: Any, size: str) -> None:
    page, problems = open_page(browser, built_book.url(DEALS), viewport=SIZES[size])
    wait_for_widgets(page)
    replay = page.locator(".fht-replay").first
    lesson_title = replay.locator(".fht-title").inner_text()
    _step_to(replay, 3)
    comments = replay.evaluate("(r) => JSON.stringify(r.querySelector('.fht-step')?.innerText)")
    new = replay.locator(".fht-new-deal")
    new.wait_for(state="visible", timeout=30000)  # the live book answers hello: New deal is offered
    new.click()
    note = replay.locator(".fht-random-note")
    note.wait_for(state="visible", timeout=180000)  # the first request starts the engine
    _seen(page, note, size)
    assert "dealt at random" in note.inner_text() and "not part of the lesson" in note.inner_text()
    assert replay.locator(".fht-title").inner_text() != lesson_title
    back = replay.locator(".fht-back-to-lesson")
    _seen(page, back, size)
    assert back.inner_text().strip() == "Back to the lesson deal"
    assert back.bounding_box()["height"] >= 44  # a touch target
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"random-deal-{size}.png"))
    # a second random deal: still a way back to the lesson (not to the first random one)
    new.click()
    page.wait_for_timeout(300)
    replay.locator(".fht-back-to-lesson").wait_for(state="visible", timeout=60000)
    replay.locator(".fht-back-to-lesson").click()
    replay.locator(".fht-title").filter(has_text=lesson_title).wait_for(timeout=10000)
    assert replay.locator(".fht-random-note").count() == 0
    assert replay.locator(".fht-progress").inner_text().startswith("Step 0 of")
    _step_to(replay, 3)
    assert replay.evaluate("(r) => JSON.stringify(r.querySelector('.fht-step')?.innerText)") == comments
    page.screenshot(path=str(ARTIFACTS / f"back-to-lesson-{size}.png"))
    problems.assert_clean(f"back to the lesson deal at {size}")
    page.context.close()
