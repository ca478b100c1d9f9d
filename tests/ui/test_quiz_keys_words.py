"""Chapter 1 tells a learner which keys work the quizzes (issue 30: it said Tab moves between the
choices, where the arrow keys do).  The sentence is read from the built page, and each key it names
is pressed in that page's own quiz: Tab reaches the choices, an arrow key moves between them, Enter
answers (a verdict shows)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

PAGE = "chapters/01-how-to-use.html"


def keys_sentence(text: str) -> str:
    """The sentence of 'How the quizzes work' that names the keys."""
    flat = " ".join(text.split())
    found = re.search(r"Choose an answer with the mouse, or with the keyboard[^.]*\.", flat)
    assert found, "chapter 1 no longer says how to answer with the keyboard"
    return found.group(0)


def test_the_keys_chapter_1_names_work_the_quiz_as_it_says(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(PAGE), viewport={"width": 1280, "height": 900})
    try:
        wait_for_widgets(page)
        said = keys_sentence(page.locator("article").inner_text())
        assert re.search(r"arrow keys move between (them|the choices)", said), said
        assert re.search(r"Tab takes you to the choices", said), said
        assert re.search(r"Enter answers", said), said
        assert not re.search(r"Tab (to move|moves) between", said), said
        quiz = page.locator(".fht-quiz").first
        choices = quiz.locator(".fht-choices button")
        assert choices.count() >= 2
        # Tab takes you to the choices: from the control before them, one Tab lands on the first
        quiz.scroll_into_view_if_needed()
        page.evaluate(
            """(quiz) => { const first = quiz.querySelector('.fht-choices button');
              const all = [...document.querySelectorAll('a[href], button:not([disabled]), input, select, summary, [tabindex="0"]')];
              all[all.indexOf(first) - 1].focus(); }""",
            quiz.element_handle(),
        )
        page.keyboard.press("Tab")

        def focused(i: int) -> bool:
            return bool(page.evaluate("(e) => document.activeElement === e", choices.nth(i).element_handle()))

        assert focused(0)
        # the arrow keys move between them
        page.keyboard.press("ArrowRight")
        assert focused(1)
        page.keyboard.press("ArrowLeft")
        assert focused(0)
        # Enter answers
        page.keyboard.press("Enter")
        quiz.locator(".fht-verdict").first.wait_for(state="visible", timeout=5000)
        problems.assert_clean(PAGE)
    finally:
        page.context.close()
