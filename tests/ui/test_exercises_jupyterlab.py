"""The assignment widget in a real JupyterLab: a click reaches the kernel and the answers file."""

from __future__ import annotations

import json
import time

import pytest

from fivehundred_tutor.exercises import assign, expected_question
from tests.support import browser as browser_support
from tests.support.exercises import jupyterlab, roster, small_assignment

pytestmark = pytest.mark.jupyterlab


def test_clicked_answer_lands_in_the_answers_file(tmp_path):
    hw = small_assignment("immediate")
    work = tmp_path / "work"
    assign(hw, roster("amy"), work)
    home = work / "students" / "amy"
    answers_file = home / "hw1-amy.answers.json"
    first = expected_question(hw, "amy", "1.1")
    with jupyterlab(home, tmp_path / "lab") as (base, token), browser_support.launch_chromium() as browser:
        page, problems = browser_support.open_page(browser, f"{base}/lab/tree/hw1-amy.ipynb?token={token}")
        page.get_by_text("| Idle").first.wait_for(timeout=90_000)
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        item = page.locator('.fht-assignment section[data-item="1.1"]')
        item.wait_for(timeout=30_000)
        item.locator(f'input[value="{first["answer"]}"]').check()
        item.locator(".fht-asg-check").click()
        assert "Correct!" in item.locator(".fht-feedback").inner_text()
        deadline = time.monotonic() + 15
        while not answers_file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        saved = json.loads(answers_file.read_text(encoding="utf-8"))
        assert saved["student"] == "amy" and saved["answers"] == {"1.1": first["answer"]}
        # the kernel's status line and the notebook's answer-sheet output follow
        page.locator(".fht-asg-status", has_text="Saved 1 answer").wait_for(timeout=10_000)
        page.get_by_text("Answer sheet of amy: 1 of").first.wait_for(timeout=10_000)
        errors = [e for e in problems.console_errors + problems.page_errors if "fht" in e or "anywidget" in e]
        assert not errors, errors
        page.context.close()
