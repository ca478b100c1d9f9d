"""A learner's journey through the quizzes in Chromium, at 1280 and 390 px wide.

Answer wrong → a VISIBLE verdict (not text in the DOM: a real box inside the viewport) with the
reason and the right answer highlighted → Try again → right → … → the round's summary with the
missed question → Practise the missed ones.  Progress survives a reload; the Review widget
brings the missed question back.  Screenshots go to test-artifacts/quiz/ (look at them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from fivehundred_tutor import Rules  # noqa: E402
from fivehundred_tutor.widgets import (  # noqa: E402
    BiddingLadder,
    BowerTrainer,
    CardHierarchyQuiz,
    QuizWidget,
    ScoringQuiz,
    TrickTrainer,
)
from tests.support.browser import (  # noqa: E402
    assert_seen,
    launch_chromium,
    open_page,
    render_notebook_to_html,
    serve_directory,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "quiz_journey.md"
ARTIFACTS = TESTS.parent / "test-artifacts" / "quiz"
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
RULES = Rules.preset("american")


@pytest.fixture(scope="module")
def site(tmp_path_factory: Any) -> Any:
    out = tmp_path_factory.mktemp("quiz-journey")
    page = render_notebook_to_html(NOTEBOOK, out)
    with launch_chromium() as browser, serve_directory(out) as base:
        yield browser, base + page.name


def _open(site: Any, size: str) -> tuple[Any, Any]:
    browser, url = site
    page, problems = open_page(browser, url, viewport=WIDTHS[size])
    declared, rendered = wait_for_widgets(page)
    assert declared == rendered == 8
    return page, problems


def _shot(page: Any, locator: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _wrong_choice(question: dict[str, Any]) -> str:
    return next(c["id"] for c in question["choices"] if c["id"] != question["answer"])


def _answer(quiz: Any, question: dict[str, Any], right: bool) -> None:
    kind, answer = question["kind"], question["answer"]
    ids = [c["id"] for c in question.get("choices") or []]
    if kind == "choice":
        quiz.locator(f'.fht-answer [data-choice="{answer if right else _wrong_choice(question)}"]').click()
    elif kind in ("multi", "order"):
        pick = answer if right else [i for i in ids if i not in answer] or ids
        if kind == "order" and not right:
            pick = list(reversed(answer))
        for cid in pick:
            quiz.locator(f'.fht-answer [data-choice="{cid}"]').click()
        quiz.locator(".fht-check").click()
    elif kind == "number":
        values = answer if isinstance(answer, dict) else {"": answer}
        for fid, value in values.items():
            quiz.locator(f'.fht-answer input[data-field="{fid}"]').fill(str(value if right else value + 10))
        quiz.locator(".fht-check").click()
    else:
        raise AssertionError(kind)


FAMILIES = {
    "bower": ("Bower trainer", lambda: BowerTrainer(rules=RULES, seed=3, questions=3)),
    "hierarchy": ("Card ranking quiz", lambda: CardHierarchyQuiz(rules=RULES, seed=2, questions=3)),
    "tricks": ("Trick trainer", lambda: TrickTrainer(rules=RULES, seed=7, questions=3)),
    "scoring": ("Scoring quiz", lambda: ScoringQuiz(rules=RULES, seed=9, questions=2)),
    "ladder": ("bidding ladder and quiz", lambda: BiddingLadder(RULES, seed=4)),
}


@pytest.mark.parametrize("size", list(WIDTHS))
@pytest.mark.parametrize("family", list(FAMILIES))
def test_quiz_journey(site: Any, family: str, size: str) -> None:
    label, make = FAMILIES[family]
    bank = make().quiz["bank"]
    page, problems = _open(site, size)
    quiz = page.locator(f'.fht-root[aria-label="{label}"]')
    first = bank[0]
    quiz.locator(".fht-prompt").filter(has_text=first["prompt"]).wait_for()
    # the hint ladder first: the principle, then a narrower clue, neither naming the answer; the last rung
    # (the answer) waits for its own button
    quiz.get_by_role("button", name="Hint").click()
    lines = quiz.locator(".fht-hint-line")
    assert_seen(page, lines.first, min_height=10)
    assert lines.first.inner_text() == first["hints"][0]
    quiz.get_by_role("button", name="Another hint").click()
    assert_seen(page, lines.nth(1), min_height=10)
    assert lines.nth(1).inner_text() == first["hints"][1] != first["hints"][0]
    assert first["answer_words"] not in quiz.locator(".fht-hints").inner_text()
    assert quiz.locator(".fht-hint-btn").inner_text() == "Show the answer"

    _answer(quiz, first, right=False)
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    text = verdict.inner_text()
    # a first miss: why it is wrong, not yet the answer (Try again is a real second try); both hints were read
    # already: they stay listed above the verdict, and the verdict offers the last one again (never a bare
    # "You chose …")
    assert "Not yet" in text and "The answer:" not in text and first["answer_words"] not in text, text
    assert first["hints"][0] not in text and first["hints"][1] in text, text
    assert quiz.locator(".fht-hints-read .fht-hint-line").all_inner_texts() == first["hints"]
    assert quiz.locator(".fht-right-answer").count() == 0
    if first["kind"] == "choice":
        picked = quiz.locator(f'[data-choice="{_wrong_choice(first)}"]')
        assert "fht-wrong-pick" in (picked.get_attribute("class") or "")
    if first["kind"] == "number" and len(first.get("fields") or []) > 1:  # which boxes, not only how many
        assert "Not right yet: " + " and ".join(f["label"] for f in first["fields"]) + "." in text, text
        boxes = quiz.locator('.fht-answer input[aria-invalid="true"]')
        assert boxes.count() == len(first["fields"]), "each wrong box is marked for a screen reader too"
    _shot(page, verdict, f"{family}-{size}-1-miss")
    page.wait_for_timeout(600)  # the verdict is final: nothing replaces it later
    assert verdict.inner_text() == text
    # the answer when the learner asks for it
    show = verdict.get_by_role("button", name="Show the answer")
    assert_seen(page, show)
    show.click()
    verdict = quiz.locator(".fht-verdict")
    text = verdict.inner_text()
    assert "Not yet" in text and first["explanation"] in text and first["answer_words"] in text
    assert "Wrong" not in text and "Not quite" not in text and "Correct!" not in text
    assert verdict.get_by_role("button", name="Show the answer").count() == 0
    if first["kind"] in ("choice", "multi"):
        answers = first["answer"] if isinstance(first["answer"], list) else [first["answer"]]
        for cid in answers:
            assert "fht-right-answer" in (quiz.locator(f'[data-choice="{cid}"]').get_attribute("class") or "")
    if first["kind"] == "choice":
        picked = quiz.locator(f'[data-choice="{_wrong_choice(first)}"]')
        assert "fht-wrong-pick" in (picked.get_attribute("class") or "")
    _shot(page, verdict, f"{family}-{size}-1-wrong")

    quiz.get_by_role("button", name="Try again").click()
    assert quiz.locator(".fht-verdict").count() == 0
    _answer(quiz, first, right=True)
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    assert "Right" in verdict.inner_text()
    _shot(page, verdict, f"{family}-{size}-2-right")
    quiz.locator(".fht-continue").click()
    for question in bank[1:]:
        quiz.locator(".fht-prompt").filter(has_text=question["prompt"]).wait_for()
        _answer(quiz, question, right=True)
        quiz.locator(".fht-verdict-right").wait_for()
        quiz.locator(".fht-continue").click()
    summary = quiz.locator(".fht-summary")
    assert_seen(page, summary, rows="start")
    text = summary.inner_text()
    assert f"{len(bank) - 1} of {len(bank)} right at the first try" in text and first["prompt"] in text
    _shot(page, summary, f"{family}-{size}-3-summary")
    quiz.get_by_role("button", name="Practise the missed ones").click()
    assert quiz.locator(".fht-prompt").inner_text() == first["prompt"]
    assert quiz.locator(".fht-progress").inner_text() == "Question 1 of 1"
    problems.assert_clean(f"{family} quiz journey at {size}")
    page.context.close()


def test_keyboard_only_number_quiz_with_enter(site: Any) -> None:
    bank = QuizWidget(RULES, topics=["bid-values"], seed=4, questions=3, title="What is the bid worth?").quiz["bank"]
    page, problems = _open(site, "desktop")
    quiz = page.locator('.fht-root[aria-label="What is the bid worth?"]')
    first = bank[0]
    assert first["kind"] == "number"
    (field,) = first["fields"]
    right = str(first["answer"][field["id"]])
    box = quiz.locator("input[data-field]")
    box.focus()
    page.keyboard.type(str(int(right) + 20))
    page.keyboard.press("Enter")
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    # a first miss: the principle to work it out again, not the number
    text = verdict.inner_text()
    assert "Not yet" in text and first["hints"][0] in text and "The answer:" not in text, text
    # the keyboard sits on Try again; a second miss gives the answer
    assert page.evaluate("document.activeElement.textContent") == "Try again"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.tagName") == "INPUT"
    page.keyboard.type(str(int(right) + 40))
    page.keyboard.press("Enter")
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    assert "The answer:" in verdict.inner_text() and right in verdict.inner_text()
    # the answer is shown: going on leads (issue 30), Try again is the second button
    buttons = verdict.locator(".fht-verdict-actions button")
    assert buttons.first.inner_text() == "Next question" and buttons.nth(1).inner_text() == "Try again"
    assert page.evaluate("document.activeElement.textContent") == "Next question"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Try again"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.tagName") == "INPUT"
    page.keyboard.type(right)
    page.keyboard.press("Enter")
    quiz.locator(".fht-verdict-right").wait_for()
    assert page.evaluate("document.activeElement.textContent") == "Next question"
    page.keyboard.press("Enter")
    assert quiz.locator(".fht-prompt").inner_text() == bank[1]["prompt"]
    problems.assert_clean("keyboard-only quiz")
    page.context.close()


@pytest.mark.parametrize("size", list(WIDTHS))
def test_progress_survives_reload_and_review_brings_the_miss_back(site: Any, size: str) -> None:
    bank = ScoringQuiz(rules=RULES, seed=9, questions=2).quiz["bank"]
    page, problems = _open(site, size)
    quiz = page.locator('.fht-root[aria-label="Scoring quiz"]')
    first = bank[0]
    _answer(quiz, first, right=False)
    quiz.locator(".fht-verdict-wrong").wait_for()
    quiz.get_by_role("button", name="Next question").click()
    second = bank[1]
    _answer(quiz, second, right=True)
    quiz.locator(".fht-verdict-right").wait_for()
    assert quiz.locator(".fht-mastered").inner_text() == "Mastered 1 of 2"

    page.reload()
    wait_for_widgets(page)
    quiz = page.locator('.fht-root[aria-label="Scoring quiz"]')
    assert quiz.locator(".fht-mastered").inner_text() == "Mastered 1 of 2"
    # the round goes on where it was: the second question still shows its verdict
    assert quiz.locator(".fht-prompt").inner_text() == second["prompt"]
    assert_seen(page, quiz.locator(".fht-verdict-right"), rows="start")

    review = page.locator('.fht-root[aria-label="Review"]')
    intro = review.locator(".fht-review-intro")
    assert intro.inner_text().startswith("1 question you missed")
    assert review.locator(".fht-prompt").inner_text() == first["prompt"]
    assert_seen(page, review.locator(".fht-prompt"), min_height=10, rows="start")
    _shot(page, review, f"review-{size}-missed-first")
    # answered right in the review, it moves up a box: no longer first
    _answer(review, first, right=True)
    assert_seen(page, review.locator(".fht-verdict-right"), rows="start")
    page.reload()
    wait_for_widgets(page)
    review = page.locator('.fht-root[aria-label="Review"]')
    assert not review.locator(".fht-review-intro").inner_text().startswith("1 question you missed")
    # known now: it waits behind fresh questions
    assert review.locator(".fht-prompt").inner_text() != first["prompt"]
    review.get_by_role("button", name="Reset my progress").click()
    review.get_by_role("button", name="Yes, reset").click()
    assert review.locator(".fht-review-reset-done").is_visible()
    page.reload()
    wait_for_widgets(page)
    quiz = page.locator('.fht-root[aria-label="Scoring quiz"]')
    assert quiz.locator(".fht-mastered").inner_text() == "Mastered 0 of 2"
    problems.assert_clean("progress and review")
    page.context.close()


def test_rules_menu_and_ladder_show_titles_not_slugs(site: Any) -> None:
    page, problems = _open(site, "desktop")
    ladder = page.locator('.fht-root[aria-label="bidding ladder and quiz"]')
    assert "american" not in ladder.locator(".fht-title").first.inner_text()
    assert "American rules" in ladder.locator(".fht-title").first.inner_text()
    for quiz in page.locator(".fht-root").all():
        text = quiz.inner_text()
        assert "engine" not in text.lower() and "kernel" not in text.lower(), text[:200]
    problems.assert_clean("titles")
    page.context.close()


RAW_CODE = re.compile(r"\b(10|[2-9AKQJT])[SHDC]\b")


def test_every_topic_reads_in_card_notation_after_a_wrong_answer(site: Any) -> None:
    from fivehundred_tutor import questions

    topics = [t for t in questions.TOPICS if t != "play-decision"]
    bank = QuizWidget(RULES, topics=topics, seed=21, questions=2 * len(topics), title="Every topic").quiz["bank"]
    slugs = [name for name in Rules.preset_names() if "-" in name]
    page, problems = _open(site, "phone")
    quiz = page.locator('.fht-root[aria-label="Every topic"]')
    for question in bank:
        quiz.locator(".fht-prompt").filter(has_text=question["prompt"]).wait_for()
        if question["kind"] != "cards":
            _answer(quiz, question, right=False)
            quiz.locator(".fht-verdict").wait_for()
        text = quiz.inner_text()
        assert not RAW_CODE.search(text), (question["topic"], RAW_CODE.search(text), text[:300])
        assert not [s for s in slugs if s in text], question["topic"]
        for word in ("engine", "kernel", "seed", "null", "undefined", "[object Object]"):
            assert word not in text, (word, question["topic"])
        box = quiz.bounding_box()
        inner = quiz.evaluate("(node) => node.scrollWidth - node.clientWidth")
        assert box["x"] + box["width"] <= 390 and inner <= 1, f"wider than a 390 px phone: {question['topic']}"
        if question is not bank[-1]:
            # answered: the verdict's Next question goes on; a hand to discard from is skipped unanswered
            quiz.locator(".fht-continue" if question["kind"] != "cards" else ".fht-next").click()
    problems.assert_clean("every topic")
    page.context.close()


@pytest.mark.parametrize("size", list(WIDTHS))
def test_a_skipped_question_is_listed_in_the_summary_not_jumped_back_to(site: Any, size: str) -> None:
    """Skip the first question, answer the rest: "See how you did" shows the summary with the skipped
    one listed (a reviewer was sent back to it without a word), and a button answers it."""
    bank = BowerTrainer(rules=RULES, seed=3, questions=3).quiz["bank"]
    page, problems = _open(site, size)
    quiz = page.locator('.fht-root[aria-label="Bower trainer"]')
    quiz.locator(".fht-prompt").filter(has_text=bank[0]["prompt"]).wait_for()
    quiz.locator(".fht-next").click()  # skip it
    for question in bank[1:]:
        quiz.locator(".fht-prompt").filter(has_text=question["prompt"]).wait_for()
        _answer(quiz, question, right=True)
        quiz.locator(".fht-verdict-right").wait_for()
        cont = quiz.locator(".fht-continue")
        if question is bank[-1]:
            assert cont.inner_text() == "See how you did"
        cont.click()
    summary = quiz.locator(".fht-summary")
    assert_seen(page, summary, rows="start")
    text = summary.inner_text()
    assert "2 of 2 answered right at the first try; 1 skipped." in text, text
    assert bank[0]["prompt"] in text, text
    _shot(page, summary, f"bower-{size}-skipped-summary")
    quiz.get_by_role("button", name="Answer the skipped one").click()
    quiz.locator(".fht-prompt").filter(has_text=bank[0]["prompt"]).wait_for()
    _answer(quiz, bank[0], right=True)
    quiz.locator(".fht-verdict-right").wait_for()
    assert quiz.locator(".fht-continue").inner_text() == "See how you did"
    quiz.locator(".fht-continue").click()
    text = quiz.locator(".fht-summary").inner_text()
    assert "3 of 3 right at the first try" in text and "skipped" not in text, text
    problems.assert_clean(f"a skipped question at {size}")
    page.context.close()


@pytest.mark.parametrize("size", list(WIDTHS))
def test_hints_go_on_after_a_miss_and_end_with_the_answer(site: Any, size: str) -> None:
    """A miss shows the first rung (the principle) with the verdict; Try again, and *Hint* goes on from there
    (the clue, not the principle word for word again); its last rung is *Show the answer*."""
    bank = BowerTrainer(rules=RULES, seed=3, questions=3).quiz["bank"]
    first = bank[0]
    principle, clue = first["hints"]
    page, problems = _open(site, size)
    quiz = page.locator('.fht-root[aria-label="Bower trainer"]')
    quiz.locator(".fht-prompt").filter(has_text=first["prompt"]).wait_for()
    _answer(quiz, first, right=False)
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    assert principle in verdict.inner_text() and clue not in verdict.inner_text()
    quiz.get_by_role("button", name="Try again").click()
    lines = quiz.locator(".fht-hint-line")
    # the principle stays listed (it was read), and the button offers the next rung
    assert lines.count() == 1 and lines.first.inner_text() == principle
    more = quiz.get_by_role("button", name="Another hint")
    assert_seen(page, more, min_height=40)
    more.click()
    assert lines.count() == 2 and lines.nth(1).inner_text() == clue
    assert first["answer_words"] not in quiz.locator(".fht-hints").inner_text()
    _shot(page, quiz.locator(".fht-hints"), f"hints-{size}-after-miss")
    last = quiz.locator(".fht-hint-btn")
    assert last.inner_text() == "Show the answer" and last.evaluate("(e) => e === document.activeElement")
    page.keyboard.press("Enter")
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    text = verdict.inner_text()
    assert first["answer_words"] in text and first["explanation"] in text, text
    assert verdict.get_by_role("button", name="Show the answer").count() == 0
    _shot(page, verdict, f"hints-{size}-answer")
    problems.assert_clean(f"hint ladder at {size}")
    page.context.close()


def test_show_the_answer_before_answering_counts_as_a_miss(site: Any) -> None:
    bank = CardHierarchyQuiz(rules=RULES, seed=2, questions=3).quiz["bank"]
    first = bank[0]
    page, problems = _open(site, "phone")
    quiz = page.locator('.fht-root[aria-label="Card ranking quiz"]')
    assert quiz.locator(".fht-score").inner_text() == "No answers yet"
    hint = quiz.locator(".fht-hint-btn")
    for expected in ("Hint", "Another hint", "Show the answer"):
        assert hint.inner_text() == expected
        hint.click()
    verdict = quiz.locator(".fht-verdict")
    assert_seen(page, verdict, rows="start")
    assert first["answer_words"] in verdict.inner_text() and first["explanation"] in verdict.inner_text()
    assert quiz.locator(".fht-score").inner_text() == "Right at the first try: 0 of 1"
    assert quiz.locator(".fht-mastered").inner_text() == "Mastered 0 of 3"
    if first["kind"] == "choice":
        assert "fht-right-answer" in (quiz.locator(f'[data-choice="{first["answer"]}"]').get_attribute("class") or "")
    problems.assert_clean("show the answer first")
    page.context.close()


@pytest.mark.parametrize("size", list(WIDTHS))
def test_one_way_on_after_an_answer_and_skip_before(site: Any, size: str) -> None:
    """Before an answer the bar offers *Previous* and *Skip* (past this question, unanswered); after one, the
    verdict's *Next question* is the only way on: never two "Next" buttons side by side.  Screen readers
    hear the bar as a group, "Move between questions", and the buttons by their words (not "triangle")."""
    bank = TrickTrainer(rules=RULES, seed=7, questions=3).quiz["bank"]
    page, problems = _open(site, size)
    quiz = page.locator('.fht-root[aria-label="Trick trainer"]')
    nav = quiz.get_by_role("group", name="Move between questions")
    skip = nav.get_by_role("button", name="Skip", exact=True)
    assert_seen(page, nav, min_height=40)
    assert nav.get_by_role("button", name="Previous", exact=True).is_disabled() and skip.is_enabled()
    assert skip.inner_text().startswith("Skip")
    skip.click()
    assert quiz.locator(".fht-prompt").inner_text() == bank[1]["prompt"]
    _answer(quiz, bank[1], right=True)
    verdict = quiz.locator(".fht-verdict-right")
    assert_seen(page, verdict, rows="start")
    onward = quiz.get_by_role("button", name=re.compile("Next|See how"))
    assert onward.count() == 1 and onward.inner_text() == "Next question", onward.all_inner_texts()
    assert skip.count() == 0
    assert page.evaluate("document.activeElement.textContent") == "Next question"
    _shot(page, quiz, f"nav-{size}-answered")
    page.keyboard.press("Enter")
    assert quiz.locator(".fht-prompt").inner_text() == bank[2]["prompt"]
    problems.assert_clean(f"moving between questions at {size}")
    page.context.close()


def test_keyboard_focus_brings_a_half_hidden_card_fully_into_view(site: Any) -> None:
    """On a phone, the first card of a quiz half below the screen's bottom edge: reached with the keyboard
    (Shift+Tab from the next card), it scrolls fully into view, its focus ring too."""
    page, problems = _open(site, "phone")
    quiz = page.locator('.fht-root[aria-label="Trick trainer"]')  # far enough down the page to scroll to
    cards = quiz.locator(".fht-answer [data-choice]")
    first, second = cards.nth(0), cards.nth(1)
    top = first.evaluate("(e) => e.getBoundingClientRect().top + window.scrollY")
    height = WIDTHS["phone"]["height"]
    page.evaluate(f"window.scrollTo(0, {top} - {height} + 20)")
    box = first.bounding_box()
    assert box is not None and box["y"] + box["height"] > height, box  # cut off at the bottom edge
    second.evaluate("(e) => e.focus({preventScroll: true})")
    page.keyboard.press("Shift+Tab")
    assert first.evaluate("(e) => e === document.activeElement")
    page.wait_for_timeout(300)
    box = first.bounding_box()
    ring = 5  # the focus outline: 3 px, 2 px off the card
    assert box is not None and box["y"] - ring >= 0 and box["y"] + box["height"] + ring <= height, box
    _shot(page, first, "focus-phone-first-card")
    problems.assert_clean("keyboard focus in view")
    page.context.close()
