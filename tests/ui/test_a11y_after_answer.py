"""Accessibility after a wrong answer: the right answer highlighted (and the learner's pick marked)
keeps every control's accessible name starting with its visible words (WCAG 2.5.3, label in name:
axe's label-content-name-mismatch, an experimental rule switched on here), and axe finds no serious
violation on the page with the verdict showing.  Chapter 3 (the bowers: card and choice answers).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page, run_axe, wait_for_widgets

pytestmark = pytest.mark.browser

PAGES = ["chapters/03-bowers.html", "chapters/09-scoring.html"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "axe"

AXE_WITH_LABEL_IN_NAME = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations'],
                                     rules: {'label-content-name-mismatch': {enabled: true}}});
  return r.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 200)}))}));
}"""

NAMES = """(root) => [...root.querySelectorAll('.fht-right-answer, .fht-wrong-pick')].map((e) => ({
  visible: e.innerText.replace(/\\s+/g, ' ').trim(),
  label: e.getAttribute('aria-label'),
  text: e.textContent.replace(/\\s+/g, ' ').trim()}))"""


def _answer_wrong(quiz: Any) -> bool:
    """Answer questions until one is wrong (a choice or a card): True when a wrong verdict shows."""
    for _ in range(12):
        choices = quiz.locator(".fht-answer [data-choice]:not([disabled])")
        if choices.count() and not quiz.locator(".fht-answer input").count():
            choices.last.click()
            check = quiz.locator(".fht-answer .fht-check")
            if check.count() and check.is_enabled():
                check.click()
            quiz.locator(".fht-verdict").first.wait_for(timeout=10000)
            show = quiz.locator(".fht-show-answer")
            if show.count():
                show.click()  # a first miss shows the answer on request
            if quiz.locator(".fht-verdict-wrong").count() and quiz.locator(".fht-right-answer").count():
                return True
        nxt = quiz.locator(".fht-continue, .fht-next:not([disabled])").first
        if not nxt.count():
            return False
        nxt.click()
    return False


@pytest.mark.parametrize("chapter", PAGES)
def test_marked_answers_keep_their_visible_words_first(built_book: Any, browser: Any, chapter: str) -> None:
    page, _problems = open_page(browser, built_book.url(chapter))
    try:
        wait_for_widgets(page)
        quiz = page.locator(".fht-quiz").first
        assert _answer_wrong(quiz), "no wrong answer with the right one highlighted"
        for item in quiz.evaluate(NAMES):
            assert item["label"] is None, f"an aria-label replaces the words on screen: {item}"
            assert item["text"].endswith(("(the answer)", "(your answer)")), item
        run_axe(page)  # injects axe-core
        violations = page.evaluate(AXE_WITH_LABEL_IN_NAME)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"after-wrong-{chapter.split('/')[-1]}.png"))
    finally:
        page.context.close()
    mismatch = [v for v in violations if v["id"] == "label-content-name-mismatch"]
    serious = [v for v in violations if v["impact"] in {"serious", "critical"}]
    assert not mismatch, mismatch
    assert not serious, serious
