"""The fresh-eyes learner's quiz findings, in Chromium at 1280 and 390 px: what a person SEES.

1. A first miss after reading every hint said only "✗ Not yet / You chose 6♥.", and the hints read before
   answering vanished when the verdict appeared.  Now the verdict always teaches (the next hint not read yet,
   or the last one read again) and the hints read stay on screen, above the verdict.
2. After a round with skipped questions the header said "Right at the first try: 1 of 10" and the summary
   "1 of 12 right at the first try".  Now both count the answered questions; the summary says the skipped
   ones apart.

Screenshots go to test-artifacts/quiz-findings/ (look at them).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor import Rules
from fivehundred_tutor.widgets import BowerTrainer, CardHierarchyQuiz
from tests.support.browser import (
    assert_seen,
    launch_chromium,
    open_page,
    render_notebook_to_html,
    serve_directory,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
NOTEBOOK = Path(__file__).parent / "notebooks" / "quiz_journey.md"
ARTIFACTS = TESTS.parent / "test-artifacts" / "quiz-findings"
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
RULES = Rules.preset("american")
QUIZZES: dict[str, tuple[str, Callable[[], Any]]] = {
    "hierarchy": ("Card ranking quiz", lambda: CardHierarchyQuiz(rules=RULES, seed=2, questions=3)),
    "bower": ("Bower trainer", lambda: BowerTrainer(rules=RULES, seed=3, questions=3)),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: Any) -> Any:
    out = tmp_path_factory.mktemp("quiz-findings")
    page = render_notebook_to_html(NOTEBOOK, out)
    with launch_chromium() as browser, serve_directory(out) as base:
        yield browser, base + page.name


def _open(site: Any, size: str, label: str) -> tuple[Any, Any, Any]:
    browser, url = site
    page, problems = open_page(browser, url, viewport=WIDTHS[size])
    wait_for_widgets(page)
    return page, problems, page.locator(f'.fht-root[aria-label="{label}"]')


def _shot(page: Any, locator: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _answer(quiz: Any, question: dict[str, Any], right: bool) -> None:
    kind, answer = question["kind"], question["answer"]
    ids = [c["id"] for c in question.get("choices") or []]
    if kind == "choice":
        pick = answer if right else next(i for i in ids if i != answer)
        quiz.locator(f'.fht-answer [data-choice="{pick}"]').click()
    elif kind in ("multi", "order"):
        picks = answer if right else ([i for i in ids if i not in answer] or ids)
        if kind == "order" and not right:
            picks = list(reversed(answer))
        for cid in picks:
            quiz.locator(f'.fht-answer [data-choice="{cid}"]').click()
        quiz.locator(".fht-check").click()
    else:
        raise AssertionError(kind)


def _in_viewport(page: Any, locator: Any) -> None:
    """Each line really on screen: visible, a real box, inside the viewport (not text in the DOM)."""
    locator.scroll_into_view_if_needed()
    assert locator.is_visible()
    box, view = locator.bounding_box(), page.viewport_size
    assert box is not None and box["width"] > 50 and box["height"] > 10, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, (box, view)
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"] + 1, (box, view)


@pytest.mark.parametrize("size", list(WIDTHS))
@pytest.mark.parametrize("family", list(QUIZZES))
def test_a_miss_after_every_hint_still_teaches_and_the_hints_stay(site: Any, family: str, size: str) -> None:
    label, make = QUIZZES[family]
    first = make().quiz["bank"][0]
    principle, clue = first["hints"]
    page, problems, quiz = _open(site, size, label)
    quiz.locator(".fht-prompt").filter(has_text=first["prompt"]).wait_for()
    quiz.get_by_role("button", name="Hint").click()
    quiz.get_by_role("button", name="Another hint").click()
    _answer(quiz, first, right=False)
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    reason = verdict.locator(".fht-verdict-reason")
    _in_viewport(page, reason)
    text = reason.inner_text()
    # never a bare "You chose X.": the last hint read, offered again; still not the answer
    assert re.fullmatch(r"You chose [^.]*\.", text.strip()) is None, text
    assert clue in text and first["answer_words"] not in text.replace(first["prompt"], ""), text
    assert "The answer:" not in verdict.inner_text()
    # the two hints read before answering are still on screen, above the verdict
    read = quiz.locator(".fht-hints-read")
    assert_seen(page, read, min_height=20)
    lines = read.locator(".fht-hint-line")
    assert lines.all_inner_texts() == [principle, clue]
    for i in range(2):
        _in_viewport(page, lines.nth(i))
    assert read.bounding_box()["y"] < verdict.bounding_box()["y"]
    _shot(page, read, f"{family}-{size}-miss-after-every-hint")
    # the answer still waits for "Show the answer" (or a second miss)
    verdict.get_by_role("button", name="Show the answer").click()
    verdict = quiz.locator(".fht-verdict")
    assert first["answer_words"] in verdict.inner_text() and first["explanation"] in verdict.inner_text()
    assert quiz.locator(".fht-hints-read .fht-hint-line").all_inner_texts() == [principle, clue]
    problems.assert_clean(f"a miss after every hint ({family}, {size})")
    page.context.close()


@pytest.mark.parametrize("size", list(WIDTHS))
def test_a_miss_after_one_hint_shows_the_next_and_keeps_the_first(site: Any, size: str) -> None:
    first = CardHierarchyQuiz(rules=RULES, seed=2, questions=3).quiz["bank"][0]
    principle, clue = first["hints"]
    page, problems, quiz = _open(site, size, "Card ranking quiz")
    quiz.locator(".fht-prompt").filter(has_text=first["prompt"]).wait_for()
    quiz.get_by_role("button", name="Hint").click()
    _answer(quiz, first, right=False)
    reason = quiz.locator(".fht-verdict .fht-verdict-reason")
    _in_viewport(page, reason)
    assert clue in reason.inner_text() and principle not in reason.inner_text()
    read = quiz.locator(".fht-hints-read .fht-hint-line")
    assert read.all_inner_texts() == [principle]
    _in_viewport(page, read.first)
    _shot(page, quiz.locator(".fht-verdict"), f"hierarchy-{size}-miss-after-one-hint")
    # Try again: the ladder lists both rungs read, and its button offers the answer
    quiz.get_by_role("button", name="Try again").click()
    assert quiz.locator(".fht-hint-line").all_inner_texts() == [principle, clue]
    assert quiz.locator(".fht-hint-btn").inner_text() == "Show the answer"
    problems.assert_clean(f"a miss after one hint at {size}")
    page.context.close()


@pytest.mark.parametrize("size", list(WIDTHS))
def test_the_header_and_the_summary_count_the_same_questions(site: Any, size: str) -> None:
    """Skip one of three, miss one at the first try, get one right: the header's "1 of 2" and the summary's
    "1 of 2 answered right at the first try; 1 skipped." agree (the summary said "1 of 3")."""
    bank = BowerTrainer(rules=RULES, seed=3, questions=3).quiz["bank"]
    page, problems, quiz = _open(site, size, "Bower trainer")
    quiz.locator(".fht-prompt").filter(has_text=bank[0]["prompt"]).wait_for()
    quiz.locator(".fht-next").click()  # skip it
    quiz.locator(".fht-prompt").filter(has_text=bank[1]["prompt"]).wait_for()
    _answer(quiz, bank[1], right=False)
    quiz.get_by_role("button", name="Try again").click()
    _answer(quiz, bank[1], right=True)
    quiz.locator(".fht-continue").click()
    quiz.locator(".fht-prompt").filter(has_text=bank[2]["prompt"]).wait_for()
    _answer(quiz, bank[2], right=True)
    quiz.locator(".fht-continue").click()
    summary = quiz.locator(".fht-summary")
    assert_seen(page, summary, rows="start")
    score = summary.locator(".fht-summary-score")
    _in_viewport(page, score)
    assert score.inner_text() == "1 of 2 answered right at the first try; 1 skipped."
    header = quiz.locator(".fht-score")
    _in_viewport(page, header)
    assert header.inner_text() == "Right at the first try: 1 of 2"
    header_numbers = re.findall(r"\d+", header.inner_text())
    assert re.findall(r"\d+", score.inner_text())[:2] == header_numbers
    assert bank[0]["prompt"] in summary.inner_text()
    _shot(page, summary, f"bower-{size}-summary-after-a-skip")
    problems.assert_clean(f"score lines at {size}")
    page.context.close()
