"""A quiz in a real JupyterLab: a busy kernel, a restarted kernel, Enter in a number answer.

- a cell that sleeps 10 s after the quiz: the quiz says it waits for the kernel, then gets live
  answers (New question) once the kernel is free;
- Enter submits a number answer (JupyterLab would otherwise take the key);
- after a kernel restart, New question shows "Python restarted: run the whole notebook again (Run → Run All
  Cells).", and
  after re-running the cell the new quiz works.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from tests.support.browser import jupyterlab_server, launch_chromium, open_page  # noqa: E402

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

ARTIFACTS = TESTS.parent / "test-artifacts" / "quiz"
QUIZ = '.fht-root[aria-label="Lab numbers"]'


def _notebook(path: Path) -> None:
    cells = [
        "from fivehundred_tutor.widgets import QuizWidget\n"
        'quiz = QuizWidget("american", topics=["bid-values"], seed=4, questions=2, title="Lab numbers")\n'
        "quiz",
        "import time\ntime.sleep(10)",
    ]
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": src}
            for i, src in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb))


@pytest.fixture
def lab(tmp_path: Path) -> Any:
    work = tmp_path / "work"
    work.mkdir()
    _notebook(work / "quiz.ipynb")
    with jupyterlab_server(work, tmp_path) as (base, token):
        yield base, token


def _menu(page: Any, menu: str, item: str) -> None:
    page.locator("#jp-MainMenu").get_by_text(menu, exact=True).click()
    page.get_by_text(item, exact=True).first.click()


def test_busy_kernel_then_restart_then_rerun(lab: Any) -> None:
    base, token = lab
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser:
        page, problems = open_page(browser, f"{base}/lab/tree/quiz.ipynb?token={token}")
        page.get_by_text("| Idle").first.wait_for(timeout=60000)
        _menu(page, "Run", "Run All Cells")
        quiz = page.locator(QUIZ)
        quiz.wait_for(timeout=30000)
        # the second cell keeps the kernel busy: the quiz says it is waiting, visibly
        waiting = quiz.locator(".fht-status-line").filter(has_text="Waiting for Python")
        waiting.wait_for(state="visible", timeout=15000)
        page.screenshot(path=str(ARTIFACTS / "lab-waiting.png"))
        # …and once the sleep is over the quiz is live: New question appears, the message goes
        quiz.locator(".fht-new").wait_for(timeout=30000)
        assert not waiting.is_visible()
        at = int(re.search(r"Question (\d+) of 2", quiz.locator(".fht-progress").inner_text()).group(1))
        quiz.locator(".fht-new").click()
        # a new question is asked next, right after the one the learner is at
        page.wait_for_function(
            f"() => document.querySelector('{QUIZ} .fht-progress')?.textContent === 'Question {at + 1} of 3'",
            timeout=15000,
        )

        # Enter submits a number answer
        box = quiz.locator(".fht-answer input[data-field]").first
        box.click()
        page.keyboard.type("12345")
        page.keyboard.press("Enter")
        quiz.locator(".fht-verdict-wrong").wait_for(timeout=5000)
        assert quiz.locator(".fht-verdict").is_visible()

        # restart the kernel: the old quiz says so instead of doing nothing
        _menu(page, "Kernel", "Restart Kernel…")
        page.locator(".jp-Dialog .jp-mod-accept").click()
        page.get_by_text("| Idle").first.wait_for(timeout=60000)
        page.wait_for_timeout(1000)
        quiz.locator(".fht-new").click()
        restarted = quiz.get_by_text("Python restarted: run the whole notebook again (Run → Run All Cells).")
        restarted.wait_for(state="visible", timeout=15000)
        page.screenshot(path=str(ARTIFACTS / "lab-restarted.png"))

        # run the cell again: a new quiz, live
        page.locator(".jp-Cell").first.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Control+Enter")
        page.wait_for_function(f"() => document.querySelectorAll('{QUIZ} .fht-new').length === 1", timeout=30000)
        quiz = page.locator(QUIZ)
        assert quiz.locator(".fht-progress").inner_text() == "Question 1 of 2"
        quiz.locator(".fht-new").click()
        page.wait_for_function(
            f"() => document.querySelector('{QUIZ} .fht-progress')?.textContent === 'Question 2 of 3'", timeout=15000
        )
        errors = [e for e in problems.page_errors if "fht" in e or "anywidget" in e]
        assert not errors, errors
        page.context.close()
