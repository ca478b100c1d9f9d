"""Play against the bots (chapter 7) on a fresh page: Hint or Pass pressed at once, before Python has
started in the browser.  The widget says in one visible line that it is on its way, its status line
stays true (a hint leaves it the learner's call; only a call of the learner's makes the bots bid),
the answer arrives, and the buttons are usable again (a reviewer saw Hint leave every button
disabled for minutes).  Screenshots go to test-artifacts/play/ (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import assert_seen, open_page, wait_for_widgets

pytestmark = pytest.mark.browser

TRICKS = "chapters/07-playing-tricks.html"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "play"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# Python's start in a loaded browser (2 cores shared) plus the answer: generous, the line says so meanwhile.
ANSWER_MS = 150000


def _fresh_play(built_book: Any, browser: Any, size: str) -> tuple[Any, Any, Any]:
    page, problems = open_page(browser, built_book.url(TRICKS), viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared
    assert page.evaluate("() => (window.__fhtLive || {status: 'idle'}).status") == "idle", "Python started early"
    play = page.locator(".fht-play")
    if not play.locator(".fht-play-calls button:not([disabled])").count():
        pytest.skip("the saved deal does not open on the learner's call")
    return page, problems, play


@pytest.mark.parametrize("size", list(SIZES))
def test_hint_before_python_started_is_answered_and_gives_the_buttons_back(
    built_book: Any, browser: Any, size: str
) -> None:
    page, problems, play = _fresh_play(built_book, browser, size)
    play.locator(".fht-hint-btn").click()
    line = play.locator(".fht-live-status.fht-live-asking")
    line.wait_for(state="visible", timeout=10000)
    assert line.inner_text().startswith("Finding a hint"), line.inner_text()
    assert_seen(page, line, min_height=10)
    # still the learner's call: the status line must not say the bots are bidding
    prompt = play.locator(".fht-play-prompt").inner_text()
    assert "bots" not in prompt.lower() and "your call" in prompt.lower(), prompt
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"first-hint-wait-{size}.png"))
    hint = play.locator(".fht-verdict").filter(has_text="Hint")
    hint.wait_for(state="visible", timeout=ANSWER_MS)
    text = hint.inner_text()
    assert "Pass" in text or "Bid" in text, text
    assert "tricks" in text, text  # a reason, not just the call
    assert_seen(page, hint, min_height=30, rows="top")
    assert line.is_hidden()
    assert play.locator(".fht-play-slow").count() == 0
    calls = play.locator(".fht-play-calls button:not([disabled])")
    assert calls.count() > 1
    assert play.locator(".fht-hint-btn").is_enabled()
    page.screenshot(path=str(ARTIFACTS / f"first-hint-{size}.png"))
    # the buttons work: a call goes through and the deal moves on
    before = play.locator(".fht-play-auction").inner_text()
    calls.first.click()
    page.wait_for_function(
        "(before) => { const a = document.querySelector('.fht-play .fht-play-auction');"
        " return !a || a.innerText !== before; }",
        arg=before,
        timeout=60000,
    )
    problems.assert_clean(f"the first hint at {size}")
    page.context.close()


def test_pass_before_python_started_says_it_is_waiting_then_plays_on(built_book: Any, browser: Any) -> None:
    page, problems, play = _fresh_play(built_book, browser, "desktop")
    before = play.locator(".fht-play-auction").inner_text()
    play.locator(".fht-play-calls button[data-choice='pass']").click()
    line = play.locator(".fht-live-status.fht-live-asking")
    line.wait_for(state="visible", timeout=10000)
    assert line.inner_text().startswith("Waiting for the bots"), line.inner_text()
    assert_seen(page, line, min_height=10)
    assert "bidding" in play.locator(".fht-play-prompt").inner_text()  # true now: the learner has called
    page.screenshot(path=str(ARTIFACTS / "first-pass-wait-desktop.png"))
    # the bots' calls arrive, the line goes, and something is usable again
    line.wait_for(state="hidden", timeout=ANSWER_MS)
    page.wait_for_function(
        "(before) => { const a = document.querySelector('.fht-play .fht-play-auction');"
        " return !a || a.innerText !== before; }",
        arg=before,
        timeout=30000,
    )
    usable = play.locator(".fht-new-deal:not([disabled])")
    usable.wait_for(timeout=30000)
    usable.scroll_into_view_if_needed()
    box = usable.bounding_box()
    assert box is not None and box["height"] >= 44 and 0 <= box["y"] <= SIZES["desktop"]["height"] - 44, box
    problems.assert_clean("the first pass")
    page.context.close()
