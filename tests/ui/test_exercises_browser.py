"""Each student's own page and the notebook widget driven in real Chromium (offline)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from fivehundred_tutor.exercises import Roster, assign, expected_question, grade_folder
from fivehundred_tutor.exercises.roster import Student
from tests.support import browser as browser_support
from tests.support.exercises import MAX_POINTS, roster, small_assignment

pytestmark = pytest.mark.browser


def _answer_item(page, item: str, q: dict) -> None:
    box = page.locator(f'section[data-item="{item}"]')
    kind = q["kind"]
    if kind == "choice":
        box.locator(f'input[value="{q["answer"]}"]').check()
    elif kind in ("multi", "cards"):
        wanted = set(q["answer"]["example"] if kind == "cards" else q["answer"])
        for choice in q["choices"]:
            box.locator(f'input[value="{choice["id"]}"]').set_checked(choice["id"] in wanted)
    elif kind == "order":
        words = {c["id"]: c.get("words") or c["label"] for c in q["choices"]}
        for target, cid in enumerate(q["answer"]):
            current = box.locator("ol li").evaluate_all("(els) => els.map((e) => e.dataset.choice)")
            for _ in range(current.index(cid) - target):
                box.get_by_role("button", name=f"Move {words[cid]} up", exact=True).click()
        box.get_by_role("button", name="This is my order").click()
    elif kind == "number":
        for field in q["fields"]:
            box.get_by_label(field["label"], exact=True).fill(str(q["answer"][field["id"]]))
    else:  # pragma: no cover
        raise AssertionError(kind)


def test_own_page_answer_download_and_grade(tmp_path):
    hw = small_assignment("immediate")
    people = roster("amy", "ben")
    assign(hw, people, tmp_path / "rel")
    page_dir = tmp_path / "rel" / "students" / "amy"
    text = (page_dir / "hw1-amy.html").read_text(encoding="utf-8")
    assert "ben" not in text and hw.token_for("amy") in text and hw.token_for("ben") not in text
    with browser_support.launch_chromium() as browser, browser_support.serve_directory(page_dir) as base:
        page, problems = browser_support.open_page(browser, base + "hw1-amy.html")
        # amy's own page: her questions at once, no id to type, no way to ask for another student's
        page.wait_for_selector(".fht-asg-item")
        assert page.locator("input[name=student]").count() == 0
        assert page.get_by_role("button", name="Not you? Use another id").count() == 0
        assert page.locator(".fht-asg-item").count() == hw.question_count
        assert page.locator(".fht-asg-student").inner_text() == "Student amy"  # the roster name (id beside it)
        # cards are announced in words
        assert page.locator('[role="img"][aria-label]').count() > 0
        first = expected_question(hw, "amy", "1.1")
        card_choice = next(c for c in first["choices"] if c.get("words"))
        assert page.get_by_role("radio", name=card_choice["words"]).count() >= 1
        # a wrong answer first, checked with the keyboard
        wrong = next(c["id"] for c in first["choices"] if c["id"] != first["answer"])
        page.locator(f'section[data-item="1.1"] input[value="{wrong}"]').check()
        page.locator('section[data-item="1.1"] .fht-asg-check').focus()
        page.keyboard.press("Enter")
        feedback = page.locator('section[data-item="1.1"] .fht-feedback')
        assert "Not quite" in feedback.inner_text() and first["explanation"][:30] in feedback.inner_text()
        # now every answer right
        for label, *_ in hw.items():
            _answer_item(page, label, expected_question(hw, "amy", label))
        page.locator('section[data-item="1.1"] .fht-asg-check').click()
        assert "Correct!" in feedback.inner_text()
        assert page.locator(".fht-asg-progress").inner_text() == f"Answered {hw.question_count} of {hw.question_count}."
        # nothing lost on reload: answers come back from local storage
        page.reload()
        page.wait_for_selector(".fht-asg-item")
        assert page.locator(".fht-asg-progress").inner_text().startswith(f"Answered {hw.question_count}")
        with page.expect_download() as download:
            page.get_by_role("button", name="Download my answer sheet").click()
        assert download.value.suggested_filename == "hw1-amy.answers.json"
        subs = tmp_path / "subs"
        subs.mkdir()
        download.value.save_as(subs / "hw1-amy.answers.json")
        problems.assert_clean("amy's page")
        page.context.close()
    assert json.loads((subs / "hw1-amy.answers.json").read_text(encoding="utf-8"))["token"] == hw.token_for("amy")
    report = grade_folder(hw, people, subs)
    amy = report.by_id()["amy"]
    assert amy.status == "graded" and amy.total == MAX_POINTS, amy.problems
    assert report.by_id()["ben"].status == "missing"


def test_exam_page_has_no_check_buttons_and_follows_dark_mode(tmp_path):
    hw = small_assignment("none")
    assign(hw, roster("amy"), tmp_path / "rel")
    home = tmp_path / "rel/students/amy"
    with browser_support.launch_chromium() as browser, browser_support.serve_directory(home) as base:
        colours = {}
        for scheme in ("light", "dark"):
            page, problems = browser_support.open_page(browser, base + "hw1-amy.html", color_scheme=scheme)
            page.wait_for_selector(".fht-asg-item")
            assert page.locator(".fht-asg-check").count() == 0
            violations = browser_support.run_axe(page)
            assert not [v for v in violations if v["impact"] in ("serious", "critical")], violations
            assert "Exam" in page.locator(".fht-asg-head").inner_text()
            data = json.loads(page.locator("#fht-data").text_content())
            assert all("accept" not in item for item in data["students"]["amy"])
            colours[scheme] = page.locator(".fht-root").evaluate("(el) => getComputedStyle(el).backgroundColor")
            problems.assert_clean(f"the exam page ({scheme})")
            page.context.close()
        assert colours["light"] != colours["dark"]


def test_after_submit_notebook_renders_offline_without_answers(tmp_path):
    hw = small_assignment("after-submit")
    assign(hw, roster("amy"), tmp_path / "rel")
    nb = tmp_path / "rel/students/amy/hw1-amy.ipynb"
    html = browser_support.render_notebook_to_html(nb, tmp_path / "html")
    first = expected_question(hw, "amy", "1.1")
    rendered = html.read_text(encoding="utf-8")
    assert '"accept"' not in rendered and first["explanation"] not in rendered  # nothing to peek at before grading
    with browser_support.launch_chromium() as browser, browser_support.serve_directory(html.parent) as base:
        page, problems = browser_support.open_page(browser, base + html.name)
        page.wait_for_selector(".fht-assignment .fht-asg-item", timeout=20_000)
        assert page.locator(".fht-asg-item").count() == hw.question_count
        page.locator(f'section[data-item="1.1"] input[value="{first["answer"]}"]').check()
        assert page.get_by_role("button", name="Finish and show my results").count() == 0
        assert "after grading" in page.locator(".fht-asg-head").inner_text()
        problems.assert_clean("the notebook page")
        page.context.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_own_page_greets_the_student_by_their_roster_name(tmp_path, width):
    hw = small_assignment("immediate")
    assign(hw, Roster([Student("s001", "Zoë Ng"), Student("s002", "Ben Ode")]), tmp_path / "rel")
    page_dir = tmp_path / "rel" / "students" / "s001"
    assert "Ben Ode" not in (page_dir / "hw1-s001.html").read_text(encoding="utf-8")  # nobody else's name
    with browser_support.launch_chromium() as browser, browser_support.serve_directory(page_dir) as base:
        page, problems = browser_support.open_page(browser, base + "hw1-s001.html")
        page.set_viewport_size({"width": width, "height": 844})
        heading = page.get_by_role("heading", name="Questions for Zoë Ng (s001)")
        heading.wait_for()
        expect(heading).to_be_visible()
        box = heading.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        shots = Path(__file__).resolve().parents[2] / "test-artifacts" / "exercises"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"own-page-name-{width}.png"))
        assert not problems, problems


@pytest.mark.parametrize("width", [1280, 390])
def test_student_page_shows_due_date_penalty_and_where_to_hand_in(tmp_path, width):
    from fivehundred_tutor.exercises import parse_assignment
    from tests.support.exercises import SECTIONS, TEST_SECRET

    data = {
        "id": "hw1",
        "title": "Homework one",
        "seed": 77,
        "feedback": "after-submit",
        "hand_in": "the course page",
        "sections": SECTIONS,
        "deadline": {"due": "2026-03-01T23:59:00+10:00", "penalty_per_day": 10, "max_penalty": 50},
    }
    hw = parse_assignment(data, secret=TEST_SECRET)
    assign(hw, Roster([Student("amy", "Amy")]), tmp_path / "rel")
    home = tmp_path / "rel" / "students" / "amy"
    notebook = (home / "hw1-amy.ipynb").read_text(encoding="utf-8")
    assert "Due Sunday 1 March 2026 at 23:59 (UTC+10:00)." in notebook and "It is not on PyPI" in notebook
    # never an unpublished PyPI name to install (anyone could register it): issue 31's defect 4, in assignments
    assert "pip install fivehundred-tutor" not in notebook
    with browser_support.launch_chromium() as browser, browser_support.serve_directory(home) as base:
        page, problems = browser_support.open_page(browser, base + "hw1-amy.html")
        page.set_viewport_size({"width": width, "height": 844})
        for words in (
            "Due Sunday 1 March 2026 at 23:59 (UTC+10:00).",
            "Late work loses 10% of its score for each day (or part of a day) late, at most 50%.",
            "When you have answered, download your answer sheet and hand it in through the course page.",
        ):
            line = page.get_by_text(words, exact=True)
            line.wait_for()
            expect(line).to_be_visible()
            box = line.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
            assert box["y"] < page.locator(".fht-asg-item").first.bounding_box()["y"]  # before the questions
        # nothing is focused on load (a focus ring on the first choice looked like a chosen answer)
        assert page.evaluate("document.activeElement === document.body")
        shots = Path(__file__).resolve().parents[2] / "test-artifacts" / "exercises"
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"own-page-due-{width}.png"))
        with page.expect_download():
            page.get_by_role("button", name="Download my answer sheet").click()
        expect(page.get_by_text("hand in that file through the course page")).to_be_visible()
        assert not problems, problems
