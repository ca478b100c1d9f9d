"""The hand evaluator in a real JupyterLab: Enter submits the estimates (JupyterLab would take the
key), and past the saved hand *Try another hand* gets a new hand from the kernel, simulated there
(DDS where installed), judged like the saved ones."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import jupyterlab_server, launch_chromium, open_page

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

TESTS = Path(__file__).resolve().parents[1]
ARTIFACTS = TESTS.parent / "test-artifacts" / "evaluator"
WIDGET = '.fht-root[aria-label="Lab hand"]'


def _notebook(path: Path) -> None:
    source = 'from fivehundred_tutor.widgets import HandEvaluator\nHandEvaluator(hands=1, layouts=6, title="Lab hand")'
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {}, "outputs": [], "source": source}
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
    _notebook(work / "evaluator.ipynb")
    with jupyterlab_server(work, tmp_path) as (base, token):
        yield base, token


def _estimate_with_enter(page: Any, widget: Any, value: str) -> None:
    widget.locator('input[data-den="S"]').click()
    for i, _d in enumerate(("S", "C", "D", "H", "NT")):
        page.keyboard.press("Control+A")
        page.keyboard.type(value)
        if i < 4:
            page.keyboard.press("Tab")
    page.keyboard.press("Enter")


def test_enter_submits_and_the_kernel_deals_a_new_hand(lab: Any) -> None:
    base, token = lab
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser:
        page, problems = open_page(browser, f"{base}/lab/tree/evaluator.ipynb?token={token}")
        page.get_by_text("| Idle").first.wait_for(timeout=90000)
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).first.click()
        widget = page.locator(WIDGET)
        widget.wait_for(timeout=60000)
        assert widget.locator(".fht-progress").inner_text() == "Hand 1 of 1"
        _estimate_with_enter(page, widget, "6")
        verdict = widget.locator(".fht-verdict")
        verdict.wait_for(timeout=5000)
        if widget.locator(".fht-show-answer").count():  # a first miss holds the answer back
            widget.locator(".fht-show-answer").click()
        assert verdict.is_visible() and widget.locator(".fht-ev-chart").count() == 5
        # the kernel answers: Try another hand deals hand 2, simulated in the kernel
        started = time.monotonic()
        widget.get_by_role("button", name="Try another hand").click()
        page.wait_for_function(
            f"() => document.querySelector('{WIDGET} .fht-progress')?.textContent === 'Hand 2 of 2'", timeout=120000
        )
        print(f"JupyterLab: a new hand from the kernel in {time.monotonic() - started:.1f} s (wall, loaded machine)")
        assert widget.locator(".fht-verdict").count() == 0
        _estimate_with_enter(page, widget, "7")
        widget.locator(".fht-verdict").wait_for(timeout=120000)
        if widget.locator(".fht-show-answer").count():  # a first miss holds the answer (and its note) back
            widget.locator(".fht-show-answer").click()
        assert (
            "dealt 60 times" in widget.locator(".fht-ev-note").inner_text()
            or "dealt 5 times" in widget.locator(".fht-ev-note").inner_text()
        )
        # the widget may draw the verdict again when the kernel's state arrives: scroll to the one drawn last
        page.wait_for_function(
            f"() => {{ const v = document.querySelector('{WIDGET} .fht-verdict'); if (!v) return false;"
            " v.scrollIntoView({block: 'center'}); return v.isConnected && v.getBoundingClientRect().height > 0; }"
        )
        page.screenshot(path=str(ARTIFACTS / "lab-new-hand.png"))
        errors = [e for e in problems.page_errors if "fht" in e or "anywidget" in e]
        assert not errors, errors
        page.context.close()
