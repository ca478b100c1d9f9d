"""A real JupyterLab: run a notebook with two widgets, answer a question, the kernel judges it."""

from __future__ import annotations

import json
import shutil
import time

import pytest

from tests.support.browser import jupyterlab_server, launch_chromium, open_page
from tests.support.widgets import LAB_NOTEBOOK

pytestmark = pytest.mark.jupyterlab


@pytest.fixture
def lab(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(LAB_NOTEBOOK, work / LAB_NOTEBOOK.name)
    out = tmp_path / "judged.json"
    with jupyterlab_server(work, tmp_path, extra_env={"FHT_LAB_OUT": str(out)}) as (base, token):
        yield base, token, out


def test_lab_runs_widgets_and_kernel_judges_answer(lab):
    from fivehundred_tutor import Rules
    from fivehundred_tutor.widgets import BowerTrainer
    from tests.support.widgets import gallery  # noqa: F401  (same engine objects as the notebook)

    bank = BowerTrainer(Rules(), seed=3, questions=3).quiz["bank"]
    base, token, out = lab
    with launch_chromium() as browser:
        page, problems = open_page(browser, f"{base}/lab/tree/{LAB_NOTEBOOK.name}?token={token}")
        page.get_by_text("| Idle").first.wait_for(timeout=90_000)
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        quiz = page.locator('.fht-root[aria-label="Lab quiz"]')
        quiz.wait_for(timeout=90_000)  # Run All builds the widgets in the kernel first
        page.locator('.fht-root[aria-label="Lab replay"]').wait_for(timeout=60_000)
        # the kernel answered the widget's hello: the live controls appear
        quiz.locator(".fht-new").wait_for(timeout=10000)
        question = bank[0]
        assert question["kind"] == "choice"
        quiz.locator(f'.fht-answer [data-choice="{question["answer"]}"]').click()
        quiz.locator(".fht-verdict-right").wait_for(timeout=10000)
        deadline = time.monotonic() + 10
        while not out.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        judged = json.loads(out.read_text())
        assert judged[-1]["index"] == 0 and judged[-1]["correct"] is True
        assert judged[-1]["response"] == question["answer"]
        # a new question comes from the engine in the kernel, asked next (after question 1, the one answered)
        quiz.locator(".fht-new").click()
        page.wait_for_function(
            "() => document.querySelector('.fht-root[aria-label=\"Lab quiz\"] .fht-progress')"
            ".textContent === 'Question 2 of 4'"
        )
        # a new variant: the engine rebuilds the bank for the three-player rules
        quiz.locator("select.fht-rules").select_option("three-player")
        page.wait_for_function(
            "() => document.querySelector('.fht-root[aria-label=\"Lab quiz\"] select.fht-rules')?.value === 'three-player'"
        )
        page.wait_for_function(
            "() => document.querySelector('.fht-root[aria-label=\"Lab quiz\"] .fht-progress')"
            ".textContent === 'Question 1 of 4'"
        )
        # the replay steps in the live host too
        replay = page.locator('.fht-root[aria-label="Lab replay"]')
        replay.locator(".fht-forward").click()
        assert replay.locator(".fht-progress").inner_text().startswith("Step 1 ")
        errors = [e for e in problems.console_errors + problems.page_errors if "fht" in e or "anywidget" in e]
        assert not errors, errors
        page.context.close()
