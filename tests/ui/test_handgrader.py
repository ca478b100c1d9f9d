"""Written answers end to end, as a person does it: a student types one on their own page (Chromium), the
instructor marks the class's answers in a real JupyterLab with the keyboard (the HandGrader widget), and
``grade`` puts the marks in the gradebook and both LMS files.  Seen at 1280 and 390 px, light and dark."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.exercises import assign, grade, load_assignment, load_roster, make_sheet
from fivehundred_tutor.exercises.grading.handgrading import MarkingSession
from tests.support import browser as browser_support
from tests.support.exercises import TEST_SECRET, jupyterlab

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "handgrader"

ASSIGNMENT = """
id = "hw3"
title = "Week 3: the whole hand"
seed = 303
feedback = "after-submit"

[[sections]]
title = "Bowers"
topic = "bowers"
count = 2
difficulty = 1

[[sections]]
name = "why"
title = "Explain your play"
kind = "written"
prompt = "Say why that card, and not a higher one."
topic = "play-decision"
difficulty = 1
points = 3
rubric = [{label = "Names the cheapest winning card", points = 1}, {label = "Says why a higher card waits", points = 2}]
"""

WORDS = {
    "amy": "The lowest card that still wins: a higher one would be wasted.\nKeep the ace for a later trick.",
    "ben": "<script>alert('hi')</script> I play the ace because it is the highest.",
}


def _course(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "hw3.toml").write_text(ASSIGNMENT, encoding="utf-8")
    (root / "hw3.secret").write_text(TEST_SECRET.hex() + "\n", encoding="utf-8")
    (root / "roster.csv").write_text("id,name\namy,Amy Ng\nben,Ben Ode\ncy,Cy Young\n", encoding="utf-8")
    return root


def _hand_in(root: Path, sid: str, written: str | None) -> None:
    hw = load_assignment(root / "hw3.toml")
    qs = hw.questions_for(sid)
    answers: dict[str, Any] = {q["item"]: q["answer"] for q in qs if q["kind"] == "choice"}
    if written is not None:
        answers["2.1"] = written
    sheet = make_sheet(hw.id, hw.fingerprint, sid, answers, {q["item"]: q["id"] for q in qs}, token=hw.token_for(sid))
    home = root / "collected" / sid
    home.mkdir(parents=True, exist_ok=True)
    (home / "hw3.answers.json").write_text(json.dumps(sheet), encoding="utf-8")


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_a_student_writes_an_answer_on_their_own_page(tmp_path: Path, width: int) -> None:
    root = _course(tmp_path / "course")
    hw = load_assignment(root / "hw3.toml")
    assign(hw, load_roster(root / "roster.csv"), root / "release")
    page_dir = root / "release" / "students" / "amy"
    with browser_support.launch_chromium() as browser, browser_support.serve_directory(page_dir) as base:
        page, problems = browser_support.open_page(
            browser, base + "hw3-amy.html", viewport={"width": width, "height": 900}
        )
        item = page.locator('section[data-item="2.1"]')
        item.wait_for()
        box = item.get_by_label("Your answer")
        browser_support.assert_seen(page, box, min_height=60)
        browser_support.assert_seen(page, item.get_by_role("group", name="Your hand", exact=False), min_height=30)
        assert item.get_by_role("button", name="Check").count() == 0  # marked by hand: no instant verdict
        box.focus()
        page.keyboard.type(WORDS["amy"])
        assert page.locator(".fht-asg-progress").inner_text() == "Answered 1 of 3."
        SHOTS.mkdir(parents=True, exist_ok=True)
        item.screenshot(path=str(SHOTS / f"student-page-{width}.png"))
        with page.expect_download() as download:
            page.get_by_role("button", name="Download my answer sheet").click()
        subs = tmp_path / "subs" / "amy"
        subs.mkdir(parents=True)
        download.value.save_as(subs / "hw3-amy.answers.json")
        problems.assert_clean(f"amy's page at {width} px")
        page.context.close()
    sheet = json.loads((subs / "hw3-amy.answers.json").read_text(encoding="utf-8"))
    assert sheet["answers"]["2.1"] == WORDS["amy"]
    report = grade(hw, load_roster(root / "roster.csv"), tmp_path / "subs", tmp_path / "g")
    amy = report.by_id()["amy"]
    assert amy.pending == 1 and amy.items[-1].response == WORDS["amy"]


def _luminance(page: Any, selector: str) -> float:
    rgb = page.eval_on_selector(
        selector, "(e) => getComputedStyle(e).backgroundColor.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number)"
    )
    return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255


@pytest.mark.jupyterlab
def test_marking_written_answers_by_keyboard_in_jupyterlab(tmp_path: Path) -> None:
    root = _course(tmp_path / "course")
    for sid in ("amy", "ben"):
        _hand_in(root, sid, WORDS[sid])
    _hand_in(root, "cy", None)  # no written answer: nothing to mark
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [
            {
                "cell_type": "code",
                "id": "mark",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": 'from fivehundred_tutor.widgets import HandGrader\n\nHandGrader("hw3.toml", "roster.csv", "collected")',
            }
        ],
    }
    (root / "mark.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    marks_file = root / "hw3.marks.json"
    # the widget goes through the answers in an order of its own, not the roster's (marking blind)
    first, second = (
        a.student
        for a in MarkingSession(
            load_assignment(root / "hw3.toml"), load_roster(root / "roster.csv"), root / "collected"
        ).answers
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    with jupyterlab(root, tmp_path / "lab") as (base, token), browser_support.launch_chromium() as browser:
        page, problems = browser_support.open_page(browser, f"{base}/lab/tree/mark.ipynb?token={token}")
        page.get_by_text("| Idle").first.wait_for(timeout=90_000)
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        widget = page.locator(".fht-handgrader")
        answer = widget.locator(".fht-hg-answer")
        answer.wait_for(timeout=60_000)
        assert widget.locator(".fht-hg-progress").inner_text() == "0 of 2 answers marked"
        assert "Answer 1 of 2" in widget.locator(".fht-hg-where").inner_text()
        assert "amy" not in widget.inner_text() and "Amy" not in widget.inner_text()  # anonymous
        assert answer.inner_text() == WORDS[first]
        browser_support.assert_seen(page, answer, min_height=30)
        # the keyboard does it all: tick both lines, write a comment, save, the next one not marked; a click on
        # the widget's heading (not only on the answer) puts the keys in the widget, not in JupyterLab's notebook
        widget.locator(".fht-title").click()
        assert page.evaluate("!!document.activeElement.closest('.fht-handgrader')")
        page.keyboard.press("1")
        widget.locator(".fht-hg-message", has_text="Saved: 1 of 3").wait_for(timeout=15_000)
        page.keyboard.press("2")
        widget.locator(".fht-hg-message", has_text="Saved: 3 of 3").wait_for(timeout=15_000)
        assert (
            widget.get_by_role("button", name="2. Says why a higher card waits (+2)").get_attribute("aria-pressed")
            == "true"
        )
        page.keyboard.press("c")
        assert page.evaluate("document.activeElement.classList.contains('fht-hg-comment')")
        page.keyboard.type("Clear, and the reason is right.")
        page.keyboard.press("Control+Enter")
        widget.locator(".fht-hg-progress", has_text="1 of 2 answers marked").wait_for(timeout=15_000)
        page.keyboard.press("Escape")
        page.keyboard.press("n")
        widget.locator(".fht-hg-where", has_text="Answer 2 of 2").wait_for(timeout=5_000)
        # a student's markup is shown as the words it is, never run
        assert answer.inner_text() == WORDS[second] and not problems.page_errors
        assert page.evaluate("document.querySelectorAll('.fht-hg-answer script').length") == 0
        page.keyboard.press("1")
        widget.locator(".fht-hg-progress", has_text="2 of 2 answers marked").wait_for(timeout=15_000)
        page.keyboard.press("k")
        widget.locator(".fht-hg-where", has_text="Answer 1 of 2").wait_for(timeout=5_000)
        assert widget.locator(".fht-hg-comment").input_value() == "Clear, and the reason is right."
        # the notebook's own keys did not act meanwhile (1 = heading, c = copy, j/k = move between cells)
        assert page.locator(".jp-Notebook .jp-Cell").count() == 1
        assert page.locator(".jp-Notebook .jp-MarkdownCell").count() == 0
        widget.screenshot(path=str(SHOTS / "lab-1280.png"))
        # a phone: JupyterLab's side panel closed (its open tab clicked again), the notebook the whole width
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current").click()
        page.set_viewport_size({"width": 390, "height": 900})
        page.wait_for_timeout(500)
        page.screenshot(path=str(SHOTS / "lab-390-page.png"))
        for part in (answer, widget.locator(".fht-hg-rubric"), widget.locator(".fht-hg-save")):
            part.scroll_into_view_if_needed()
            box = part.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391 and box["width"] > 60, box
        widget.screenshot(path=str(SHOTS / "lab-390.png"))
        page.set_viewport_size({"width": 1280, "height": 900})
        light = _luminance(page, ".fht-handgrader")
        page.locator("#jp-MainMenu").get_by_text("Settings", exact=True).click()
        page.get_by_text("Theme", exact=True).hover()
        page.get_by_text("JupyterLab Dark", exact=True).click()
        deadline = time.monotonic() + 15
        while _luminance(page, ".fht-handgrader") > 0.3 and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert light > 0.7 and _luminance(page, ".fht-handgrader") < 0.3
        widget.screenshot(path=str(SHOTS / "lab-dark.png"))
        errors = [e for e in problems.console_errors + problems.page_errors if "fht" in e or "anywidget" in e]
        assert not errors, errors
        page.context.close()
    saved = json.loads(marks_file.read_text(encoding="utf-8"))["marks"]
    assert (
        saved[first]["why#1"]["points"] == 3 and saved[first]["why#1"]["comment"] == "Clear, and the reason is right."
    )
    assert saved[second]["why#1"]["points"] == 1
    hw = load_assignment(root / "hw3.toml")
    report = grade(hw, load_roster(root / "roster.csv"), root / "collected", root / "grades")
    by = report.by_id()
    assert (by[first].total, by[second].total, by["cy"].total) == (5, 3, 2) and not report.warnings
    with (root / "grades" / "canvas_grades.csv").open(encoding="utf-8") as fh:
        canvas = {r[3]: r[5] for r in csv.reader(fh)}
    assert (canvas[first], canvas[second], canvas["cy"]) == ("5", "3", "2")
    md = (root / "grades" / "feedback" / second / "hw3.md").read_text(encoding="utf-8")
    assert "Marked by hand: Names the cheapest winning card." in md
