"""The live book while a learner waits (chapter 7's quiz): asking for a new question the first time
waits for the engine to start.  One short line in a learner's words says so, next to the quiz's
buttons, only in the widget that asked; the saved questions stay usable meanwhile (Next, an answer
and its verdict); the line goes once the new question is there.  When the engine cannot load, one
line says so and what to do.  Screenshots go to test-artifacts/live/ (look at them).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import QuietHandler, open_page, serve_directory, wait_for_widgets

pytestmark = pytest.mark.browser

TRICKS = "chapters/07-playing-tricks.html"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "live"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
MACHINERY = ("engine", "kernel", "pyodide", "worker", "wheel", "loading…")


def _visible_lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator(".fht-live-status:visible").all_inner_texts()]


def _seen(page: Any, locator: Any, size: str) -> None:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None and box["height"] > 10 and box["width"] > 100, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1, box


@pytest.mark.parametrize("size", list(SIZES))
def test_a_new_question_says_the_first_one_is_slower_and_the_saved_ones_work(
    built_book: Any, browser: Any, size: str
) -> None:
    page, problems = open_page(browser, built_book.url(TRICKS), viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared
    assert _visible_lines(page) == []  # nothing to say before anything is asked
    quiz = page.locator(".fht-quiz").first
    total = quiz.locator(".fht-progress").inner_text()
    quiz.locator(".fht-new").click()
    line = quiz.locator(".fht-live-status.fht-live-asking")
    line.wait_for(state="visible", timeout=10000)
    words = line.inner_text()
    assert words == "Getting a new question ready \u2014 the first one takes a few seconds.", words
    assert not any(m in words.lower() for m in MACHINERY)
    _seen(page, line, size)
    # next to the quiz's buttons (right after them), and no other widget says anything
    assert line.evaluate("(e) => e.previousElementSibling?.classList.contains('fht-nav')")
    assert _visible_lines(page) == [words]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"first-question-wait-{size}.png"))
    # the saved questions stay usable meanwhile, with nothing greyed out
    disabled = quiz.locator(".fht-nav button[disabled]:not(.fht-prev)")
    assert disabled.count() == 0, disabled.all_inner_texts()
    if line.is_visible():
        quiz.locator(".fht-next").click()
        assert quiz.locator(".fht-progress").inner_text() != total or line.is_hidden()
    choice = quiz.locator(".fht-answer [data-choice]:not([disabled])")
    if line.is_visible() and choice.count() and not quiz.locator(".fht-answer input").count():
        choice.first.click()
        check = quiz.locator(".fht-answer .fht-check")
        if check.count() and check.is_enabled():
            check.click()
        verdict = quiz.locator(".fht-verdict")
        verdict.wait_for(state="visible", timeout=5000)
        _seen(page, verdict, size)
        # the new question comes while the learner reads that verdict (they moved on from where they
        # asked): the verdict stays where it is, and one line says the new question comes next
        line.wait_for(state="hidden", timeout=180000)
        _seen(page, verdict, size)
        ready = quiz.locator(".fht-status-line:visible")
        assert any("comes next" in t for t in ready.all_inner_texts()), ready.all_inner_texts()
    # the new question comes, and the line goes
    line.wait_for(state="hidden", timeout=180000)
    assert _visible_lines(page) == []
    assert "of 13" in quiz.locator(".fht-progress").inner_text()
    problems.assert_clean(f"the first new question at {size}")
    page.context.close()


@contextlib.contextmanager
def _without_wasm(root: Path) -> Iterator[str]:
    """Serve the book with every .wasm file answering 404 (a worker's requests are not routed by Playwright)."""

    class Handler(QuietHandler):
        def do_GET(self) -> None:
            if self.path.split("?")[0].endswith(".wasm"):
                self.send_error(404, "blocked by the test")
            else:
                super().do_GET()

    with serve_directory(root, Handler) as url:
        yield url


def test_a_failure_says_what_to_do_in_one_line(built_book: Any, browser: Any) -> None:
    with _without_wasm(built_book.html) as base:
        page, _problems = open_page(browser, base + TRICKS, viewport=SIZES["phone"])
        try:
            wait_for_widgets(page)
            quiz = page.locator(".fht-quiz").first
            quiz.locator(".fht-new").click()
            line = quiz.locator(".fht-live-status.fht-live-failed")
            line.wait_for(state="visible", timeout=60000)
            words = line.inner_text().strip()
            assert "reload the page" in words and "\n" not in words and len(words) < 120, words
            assert not any(m in words.lower() for m in MACHINERY)
            _seen(page, line, "phone")
            assert quiz.locator(".fht-nav button[disabled]:not(.fht-prev)").count() == 0
            page.screenshot(path=str(ARTIFACTS / "failed-phone.png"))
        finally:
            page.context.close()
