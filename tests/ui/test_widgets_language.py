"""The widgets' own words follow the page's language (issue 29, part 2).

A page of the built (English) book served with ``<html lang="pl">`` (the way the Polish edition's pages
are): the front page's course map shows its next step, streak line, summary, progress-file buttons and
its region's name in Polish, and chapter 1's quiz its question bar (Skip, its group's name) in Polish;
none of those English words is left on screen.  At 1280 and 390 px; screenshots go to
test-artifacts/language/ (look at them).  The English build is reused (the ``built_book`` fixture):
only the served HTML's ``lang`` and its widget models' ``language`` are changed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import assert_seen, open_page, wait_for_widgets

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "language"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
FIRST = "chapters/01-how-to-use"


def _in_polish(page: Any) -> None:
    """Serve every page of the book from now on as the Polish edition's: <html lang="pl"> (the page
    scripts: the course map) and the widgets' models saying ``"language": "pl"`` (what a kernel run with
    set_language("pl") hands them in ``_fht_host``; a model's language wins over the page's), then reload."""

    def rewrite(route: Any) -> None:
        response = route.fetch()
        body = re.sub(r"<html([^>]*?)\blang=\"[^\"]*\"", r'<html\1lang="pl"', response.text(), count=1)
        body = body.replace('"language":"en"}', '"language":"pl"}')
        route.fulfill(response=response, body=body)

    page.route("**/*.html", rewrite)
    page.reload()
    assert page.evaluate("document.documentElement.lang") == "pl"


@pytest.mark.parametrize("size", SIZES)
def test_the_course_map_and_a_quiz_speak_polish_on_a_polish_page(built_book: Any, browser: Any, size: str) -> None:
    view = SIZES[size]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, problems = open_page(browser, built_book.url("index.html"), viewport=view)
    try:
        _in_polish(page)
        course = page.locator("#fht-course-map .fht-course")
        course.wait_for()
        assert course.get_attribute("aria-label") == "Twój kurs"
        nxt = course.locator(".fht-course-next-big")
        assert_seen(page, nxt, min_height=20)
        assert nxt.inner_text().startswith("Zacznij tutaj: "), nxt.inner_text()
        assert "Nie masz jeszcze serii" in course.locator(".fht-course-days").inner_text()
        assert "Dziś: 0 z " in course.locator(".fht-course-days").inner_text()
        summary = course.locator("summary")
        assert summary.inner_text().strip() == "Wszystkie rozdziały, twój cel i plik postępów"
        summary.click()
        save = course.locator(".fht-progress-save")
        assert_seen(page, save, min_height=20)
        assert save.inner_text() == "Zapisz moje postępy do pliku"
        assert course.locator(".fht-progress-load").inner_text() == "Wczytaj postępy z pliku"
        assert "nierozpoczęty" in course.locator(".fht-course-list").inner_text()
        text = course.inner_text()
        for english in ("Start here", "No streak yet", "Save my progress", "not started", "Daily goal"):
            assert english not in text, english
        page.screenshot(path=str(ARTIFACTS / f"front-{size}.png"))

        page.goto(built_book.url(f"{FIRST}.html"))
        wait_for_widgets(page)
        quiz = page.locator(".fht-quiz").first
        nav = quiz.locator(".fht-nav")
        assert_seen(page, nav, min_height=20)
        assert nav.get_attribute("aria-label") == "Przechodzenie między pytaniami"
        assert "Pomiń" in nav.inner_text()
        words = quiz.inner_text()
        for english in ("Skip", "Previous", "Mastered ", "Show the answer"):
            assert english not in words, english
        quiz.screenshot(path=str(ARTIFACTS / f"quiz-{size}.png"))
        assert not problems.console_errors and not problems.page_errors and not problems.offsite_requests, problems
    finally:
        page.context.close()
