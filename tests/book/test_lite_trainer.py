"""The puzzle trainer in JupyterLite (issue 28: the trainer works in the static book, the live book,
JupyterLab *and* JupyterLite): chapter 12b opened as the book's *Open in JupyterLab* opens it, run by
itself, and then a learner's moves answered by the notebook's Python in the browser (Pyodide).

Proof that Python serves the puzzles, not the page: the trainer's theme drill of a theme the chapter's
saved spread holds only once (``joker-suit``) gives three puzzles in a row — a page on its own says it has
no more after the first.  At 1280 px the learner clicks; at 390 px (a phone) the keyboard chooses the card
(focus, Enter), so the trainer is driven by keyboard in JupyterLite too.  Each move's verdict is seen (on
screen, of real size); the figures printed are Next → the puzzle drawn (a round trip to Pyodide) and the
card → the verdict.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from fivehundred_tutor.handlers.puzzles import trainer_model
from tests.support.browser import scroll_to
from tests.support.lite import chapter_widgets, run_chapter

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHAPTER = "chapters/12b-puzzle-trainer"
THEME = "joker-suit"
#: the chapter's trainer (book/chapters/12b-puzzle-trainer.md: ``PuzzleTrainer(size=80, levels=False)``)
SAVED_SIZE = 80
ROUNDS = 3
CARD = (
    ".fht-pz-hand button:not([disabled]), .fht-pz-joker button, .fht-piles button, .fht-pz-calls button:not([disabled])"
)

SEEN = """(el) => { const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 10);
  const hit = document.elementFromPoint(x, y);
  return r.width > 20 && r.height > 10 && r.top >= 0 && r.bottom <= innerHeight + 1 && !!hit && el.contains(hit); }"""


def _seen(tab: Any, verdict: Any) -> tuple[bool, str]:
    """The verdict scrolled to, then whether it is on screen and its words (the widget may draw it again while
    its status settles: then ask again)."""
    for _ in range(10):
        try:
            verdict.scroll_into_view_if_needed()
            tab.wait_for_timeout(300)  # the scroll settles
            return bool(verdict.evaluate(SEEN)), str(verdict.inner_text())
        except PlaywrightError:
            tab.wait_for_timeout(200)
    raise AssertionError("the verdict kept being drawn again for 5 s")


def test_the_saved_spread_holds_the_theme_once() -> None:
    """The proof below needs a theme the page alone cannot give three times."""
    saved = trainer_model("x", size=SAVED_SIZE, levels=False)["puzzles"]
    assert sum(THEME in p["themes"] for p in saved) < ROUNDS


SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", list(SIZES))
def test_the_trainer_in_jupyterlite_gets_its_puzzles_from_python(built_book: Any, browser: Any, size: str) -> None:
    from tests.support.browser import serve_directory

    html = built_book.html
    widgets = chapter_widgets(html.parent / "jupyter_execute" / f"{CHAPTER}.ipynb")
    with serve_directory(html) as base:
        context = browser.new_context(viewport=SIZES[size])
        row = run_chapter(context, base, CHAPTER, widgets=widgets, limit_s=120.0, keep_open=True)
        tab = row["tab"]
        assert row["live"] is not None, row
        trainer = tab.locator(".fht-puzzles").first
        # JupyterLite may draw the cell's output anew meanwhile (CI at 390 px: 'not attached')
        scroll_to(tab, trainer, tries=10, wait_ms=300)
        trainer.locator('.fht-pz-mode[data-mode="theme"]').click()
        trainer.locator(f'.fht-pz-theme[data-theme="{THEME}"]').click()
        figures = []
        for n in range(ROUNDS):
            asked = time.perf_counter()
            trainer.locator(".fht-pz-next").first.click()
            # a new puzzle: no verdict yet, its cards to choose from (a page out of puzzles shows neither)
            tab.wait_for_function(
                """([root, card]) => { const r = document.querySelectorAll(root)[0];
                     return !!r && !r.querySelector('.fht-pz-verdict') && !!r.querySelector('.fht-pz-prompt')
                       && !!r.querySelector(card); }""",
                arg=[".fht-puzzles", CARD],
                timeout=60_000,
            )
            drawn = time.perf_counter() - asked
            card = trainer.locator(CARD).first
            scroll_to(tab, card, tries=10, wait_ms=300)
            clicked = time.perf_counter()
            if size == "phone":  # by keyboard
                card.focus()
                tab.keyboard.press("Enter")
            else:
                card.click()
            verdict = trainer.locator(".fht-pz-verdict").first
            verdict.wait_for(timeout=10_000)
            judged = time.perf_counter() - clicked
            seen, words = _seen(tab, verdict)
            assert seen, f"puzzle {n + 1}: the verdict is not on screen"
            assert words.strip(), f"puzzle {n + 1}: an empty verdict"
            figures.append((drawn, judged))
            print(f"{size} puzzle {n + 1}: Next → drawn {drawn:.2f} s, card → verdict {judged:.2f} s")
        done = trainer.inner_text()
        assert "solved every puzzle" not in done, "the page ran out: Python did not serve the theme's puzzles"
        errors = [e for e in row["errors"] if e]
        assert not errors, errors
        tab.close()
        context.close()
