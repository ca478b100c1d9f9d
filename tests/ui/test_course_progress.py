"""A course a learner can follow, across reloads and hosts (issue 30; issue 31 item 10).

- The book: a chapter's quiz answered to mastery shows its done moment (quiz mastered, chapter done,
  the day's goal, a link to the next chapter) on screen at 1280 and 390 px; after a reload the quiz
  says it is mastered, the sidebar marks the chapter done, and the front page's course map says
  "1 of 22 chapters done", the streak (a day practised yesterday and today: "2 days in a row") and the
  next step.  The map's progress file saves, and loads into a fresh browser (another device).
- The live book: a fresh question from the engine counts too (today's answers, the chapter started).
- JupyterLite (the book's own, same site): a question answered in a chapter's notebook shows in the
  book's course map, and the book's answers show in that notebook's quiz ("Mastered n of 12"): one
  learner, one progress, whichever host they answer in.

Screenshots go to test-artifacts/course/ (look at them).
"""

from __future__ import annotations

import json
import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import assert_seen, open_page, wait_for_widgets

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "course"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
FIRST = "chapters/01-how-to-use"
SECOND = "chapters/02-deck-and-hierarchy"

BANK_JS = """() => {
  const st = JSON.parse(document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]').textContent).state;
  const quiz = Object.values(st).map((m) => m.state).find((s) => s && s._fht_host && s._fht_host.kind === 'quiz');
  return quiz.quiz.bank.map((q) => ({kind: q.kind, answer: q.answer, id: q.id}));
}"""


def _answer(quiz: Any, question: dict[str, Any], *, right: bool = True) -> None:
    """Answer the question on screen (right, or with another choice)."""
    if question["kind"] == "choice":
        if right:
            quiz.locator(f'.fht-answer [data-choice="{question["answer"]}"]').click()
        else:
            quiz.locator(f'.fht-answer [data-choice]:not([data-choice="{question["answer"]}"])').first.click()
    elif question["kind"] == "order":
        order = list(question["answer"]) if right else list(reversed(question["answer"]))
        for code in order:
            quiz.locator(f'.fht-answer [data-choice="{code}"]').click()
        quiz.locator(".fht-answer .fht-check").click()
    else:
        raise AssertionError(f"the test answers choice and order questions, not {question['kind']}")
    quiz.locator(".fht-verdict").wait_for()


def _answer_whatever(quiz: Any) -> None:
    """Answer a question the test did not make (a fresh one from the engine): pick until Check can go."""
    choices = quiz.locator(".fht-answer [data-choice]:not([disabled])")
    check = quiz.locator(".fht-answer .fht-check")
    for _ in range(12):
        if quiz.locator(".fht-verdict").count() or not choices.count():
            break
        choices.first.click()
        if check.count() and check.is_enabled():
            check.click()
    quiz.locator(".fht-verdict").wait_for()


def _left_behind(problems: Any) -> None:
    """Forget the favicon request a reload or a link cut short (the browser asks for it after the page loaded)."""
    problems.failed_requests = [u for u in problems.failed_requests if not ("favicon" in u and "ERR_ABORTED" in u)]


def _yesterday_practised(page: Any) -> None:
    """A day practised yesterday, as the store keeps it (the streak counts days)."""
    day = (date.today() - timedelta(days=1)).isoformat()
    page.evaluate("(day) => localStorage.setItem('fht/v2:days', JSON.stringify({goal: 10, days: {[day]: 4}}))", day)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_chapter_mastered_is_a_moment_and_the_course_remembers(built_book: Any, browser: Any, size: str) -> None:
    view = SIZES[size]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, problems = open_page(browser, built_book.url(f"{FIRST}.html"), viewport=view)
    _yesterday_practised(page)
    page.reload()
    wait_for_widgets(page)
    quiz = page.locator(".fht-quiz").last
    bank = page.evaluate(BANK_JS)
    assert len(bank) == 12
    # nine right and one missed: not mastered (four in five of 12 is 10)
    for i, question in enumerate(bank[:10]):
        _answer(quiz, question, right=i != 4)
        if i < 9:
            assert quiz.locator(".fht-moment").count() == 0
        else:  # the tenth answer today: the day's goal, and the streak with yesterday
            goal = quiz.locator(".fht-moment")
            assert_seen(page, goal, rows="whole")
            assert goal.inner_text().split("\n")[-1] == (
                "Today's goal reached: 10 answers. 2 days in a row. Come back tomorrow to make it 3."
            )
        quiz.locator(".fht-continue").click()
    assert quiz.locator(".fht-mastered").inner_text() == "Mastered 9 of 12"
    _answer(quiz, bank[10])  # the tenth right at the first try masters it
    moment = quiz.locator(".fht-moment")
    assert_seen(page, moment, rows="whole")
    text = moment.inner_text()
    assert "Quiz mastered" in text and "10 of its questions right at your first try." in text, text
    assert "Chapter done: How to use this book." in text, text
    link = moment.get_by_role("link", name=re.compile("Next: A hand in five phases"))
    assert link.get_attribute("href").endswith("chapters/01a-phases-of-a-hand.html")
    page.screenshot(path=str(ARTIFACTS / f"moment-{size}.png"))

    page.reload()
    wait_for_widgets(page)
    quiz = page.locator(".fht-quiz").last
    assert quiz.locator(".fht-mastered-done").inner_text() == "\u2713 Quiz mastered (10 of 12)"
    assert quiz.locator(".fht-moment").count() == 0, "a moment is said once"
    if size == "desktop":  # the sidebar (a phone opens it from the header)
        mark = page.locator(".bd-sidebar-primary a.fht-course-done", has_text="How to use this book")
        assert mark.is_visible() and mark.locator(".fht-course-mark").inner_text().strip().startswith("\u2713")
        side = page.locator(".fht-course-side")
        assert "2 days in a row" in side.inner_text() and "Next: A hand in five phases" in side.inner_text()

    page.goto(built_book.url("index.html"))
    course = page.locator(".fht-course")
    assert_seen(page, course.locator(".fht-course-next-big"), min_height=40)
    if size == "phone":  # "Where to start" and the next step on the first screen of a phone
        page.evaluate("window.scrollTo(0, 0)")
        box = course.locator(".fht-course-next-big").bounding_box()
        assert box is not None and box["y"] + box["height"] <= view["height"], box
    assert course.locator(".fht-course-next-big").inner_text().startswith("Next: A hand in five phases")
    assert "2 days in a row" in course.inner_text()
    assert "Today: 11 answers, the day's goal reached" in course.inner_text()
    chapters = json.loads(
        re.search(
            r"var course = (\{.*\});",
            (built_book.html / "_static" / "widgetjs" / "fivehundred-course.js").read_text(encoding="utf-8"),
        ).group(1)
    )["chapters"]
    assert course.locator(".fht-course-count").inner_text() == f"1 of {len(chapters)} chapters done."
    course.locator("summary").click()
    done = course.locator(".fht-course-item.fht-course-done")
    assert done.count() == 1 and "How to use this book" in done.inner_text()
    assert course.locator(".fht-course-item").count() == len(chapters)
    assert "four in five" in course.locator(".fht-course-rule").inner_text()
    page.screenshot(path=str(ARTIFACTS / f"front-page-{size}.png"), full_page=True)

    # the progress file: saved here, loaded into a fresh browser (another device)
    with page.expect_download() as download:
        course.locator(".fht-progress-save").click()
    saved = ARTIFACTS / f"progress-{size}.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["format"] == "fivehundred-tutor progress"
    _left_behind(problems)
    problems.assert_clean(f"the course at {size}")
    page.context.close()

    other, problems = open_page(browser, built_book.url("index.html"), viewport=view)
    course = other.locator(".fht-course")
    assert course.locator(".fht-course-count").inner_text() == f"0 of {len(chapters)} chapters done."
    course.locator("summary").click()
    course.locator(".fht-progress-input").set_input_files(str(saved))
    status = course.locator(".fht-progress-file-status")
    status.filter(has_text="Progress loaded from").wait_for()
    assert course.locator(".fht-course-count").inner_text() == f"1 of {len(chapters)} chapters done."
    # a file that is not one: said plainly, nothing changes
    bad = ARTIFACTS / "not-progress.json"
    bad.write_text('{"format": "something else"}')
    course.locator(".fht-progress-input").set_input_files(str(bad))
    status.filter(has_text="not a progress file from this book").wait_for()
    assert_seen(other, status, min_height=10)
    assert course.locator(".fht-course-count").inner_text() == f"1 of {len(chapters)} chapters done."
    problems.assert_clean("a progress file loaded")
    other.context.close()


def test_the_live_books_fresh_questions_count(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(f"{SECOND}.html"), viewport=SIZES["desktop"])
    wait_for_widgets(page)
    quiz = page.locator(".fht-quiz").last
    quiz.locator(".fht-new").click()
    quiz.locator(".fht-progress").filter(has_text="Question 2 of 13").wait_for(timeout=120000)
    _answer_whatever(quiz)
    page.reload()
    wait_for_widgets(page)
    quiz = page.locator(".fht-quiz").last
    # the fresh question went with the page: back at the first one not answered
    assert quiz.locator(".fht-progress").inner_text() == "Question 1 of 12"
    # a reader who used the engine gets it started again once the page is idle: let it start before leaving
    page.wait_for_function("() => window.__fhtLive && window.__fhtLive.status === 'live'", timeout=180000)
    page.goto(built_book.url("index.html"))
    course = page.locator(".fht-course")
    assert "Today: 1 of 10 answers" in course.inner_text()
    course.locator("summary").click()
    item = course.locator(".fht-course-item", has_text="The deck and the card hierarchy")
    assert "in progress" in item.inner_text()
    _left_behind(problems)
    problems.assert_clean("the live book's progress")
    page.context.close()


LITE_IDLE = "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => /Idle/.test(e.textContent))"


@pytest.mark.slow
def test_jupyterlite_and_the_book_share_one_progress(built_book: Any, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route(
        "**/*",
        lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort("blockedbyclient"),
    )
    page = context.new_page()
    # the book first: two questions of chapter 2 answered right
    page.goto(built_book.url(f"{SECOND}.html"))
    wait_for_widgets(page)
    quiz = page.locator(".fht-quiz").last
    bank = page.evaluate(BANK_JS)
    for question in bank[:2]:
        _answer(quiz, question)
        quiz.locator(".fht-continue").click()
    # the same chapter as a notebook in the book's JupyterLite: the book's answers count there
    with context.expect_page() as opened:
        page.get_by_role("link", name="Open in JupyterLab").click()
    tab = opened.value
    tab.wait_for_function(LITE_IDLE, timeout=420000)
    lite = tab.locator(".fht-quiz").last
    lite.locator(".fht-new").wait_for(state="attached", timeout=420000)  # the notebook's Python drew it
    lite.scroll_into_view_if_needed()
    # (JupyterLab lays out a cell's output only when it is near the screen: wait for the text on screen)
    expect(lite.locator(".fht-mastered")).to_have_text("Mastered 2 of 12")
    expect(lite.locator(".fht-progress")).to_have_text("Question 3 of 12")  # where the learner was in the book
    # a third answered in the notebook
    _answer(lite, bank[2])
    tab.screenshot(path=str(ARTIFACTS / "lite-quiz.png"))
    keys = tab.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('fht'))")
    assert not any(k.startswith("fht-progress/v1") for k in keys), keys
    tab.close()
    # back in the book: the notebook's answer is there
    page.goto(built_book.url("index.html"))
    course = page.locator(".fht-course")
    assert "Today: 3 of 10 answers" in course.inner_text()
    course.locator("summary").click()
    item = course.locator(".fht-course-item", has_text="The deck and the card hierarchy")
    assert "3 of 10 to master" in item.inner_text(), item.inner_text()
    page.goto(built_book.url(f"{SECOND}.html"))
    wait_for_widgets(page)
    assert page.locator(".fht-quiz").last.locator(".fht-mastered").inner_text() == "Mastered 3 of 12"
    context.close()


def test_the_front_pages_review_follows_answers_given_elsewhere(built_book: Any, browser: Any) -> None:
    """The front page open in one tab, a chapter's question missed in another: the review's first line
    counts it at once, and the review (not yet begun) asks it first.  (It said "Questions you miss …
    come back here" until the page was loaded again.)"""
    page, problems = open_page(browser, built_book.url("index.html"), viewport=SIZES["phone"])
    wait_for_widgets(page)
    review = page.locator('.fht-root[aria-label="Review"]')
    intro = review.locator(".fht-review-intro")
    assert not intro.inner_text().startswith("1 question you missed"), intro.inner_text()
    chapter = page.context.new_page()
    chapter.goto(built_book.url(f"{SECOND}.html"))
    wait_for_widgets(chapter)
    bank = chapter.evaluate(BANK_JS)
    _answer(chapter.locator(".fht-quiz").last, bank[0], right=False)
    chapter.close()
    expect(intro).to_have_text(re.compile(r"^1 question you missed"))
    assert_seen(page, intro, min_height=10)
    prompt = page.evaluate(
        "(id) => { const st = JSON.parse(localStorage.getItem('fht/v2:review')); return st.items[id].item.prompt; }",
        bank[0]["id"],
    )
    expect(review.locator(".fht-prompt")).to_have_text(prompt)
    _left_behind(problems)
    problems.assert_clean("the front page's review")
    page.context.close()


def test_one_right_answer_does_not_pass_the_final_test(built_book: Any, browser: Any) -> None:
    """Learner review, finding 1 (blocker): in a fresh browser, one right answer in the final test said
    '✓ Quiz mastered (1 of 41)', 'Chapter done: The final test' and counted the chapter done."""
    final = "chapters/15-final-test"
    page, problems = open_page(browser, built_book.url(f"{final}.html"), viewport=SIZES["desktop"])
    wait_for_widgets(page)
    quiz = page.locator(".fht-quiz").first
    bank = page.evaluate(BANK_JS)
    stated = re.search(r"Pass mark: (\d+) of (\d+)", page.locator("main").inner_text())
    assert stated and int(stated.group(2)) == len(bank) > int(stated.group(1)) > 1, stated
    _answer(quiz, bank[0])
    assert quiz.locator(".fht-verdict").inner_text().startswith("\u2713")
    assert quiz.locator(".fht-mastered").inner_text() == f"Mastered 1 of {len(bank)}"
    assert quiz.locator(".fht-mastered-done").count() == 0 and quiz.locator(".fht-moment").count() == 0
    page.goto(built_book.url("index.html"))
    course = page.locator(".fht-course")
    assert course.locator(".fht-course-count").inner_text().startswith("0 of ")
    course.locator("summary").click()
    item = course.locator(".fht-course-item", has_text="The final test")
    assert f"in progress: 1 of {stated.group(1)} to master the quiz" in item.inner_text()
    _left_behind(problems)
    problems.assert_clean("one answer in the final test")
    page.context.close()
