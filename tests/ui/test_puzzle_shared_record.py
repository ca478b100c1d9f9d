"""Two trainers on one page share the learner's one puzzle record (learner trial 28, its blocker): answers in the
upper trainer, then a level problem in the lower one, and nothing is lost — the lower trainer shows the rating the
upper one reached before it plays, every answer is in the record after, and a reload shows them all.  Kernel-less
page (the puzzles saved in it), 1280 px."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.myst import myst_notebook

NOTEBOOK = myst_notebook(
    "Two trainers",
    """from fivehundred_tutor.widgets import PuzzleTrainer
PuzzleTrainer(size=20, levels=False)""",
    'PuzzleTrainer("Problem sets A–E", mode="levels")',
)
CHOICE = (
    ".fht-pz-hand button:not([disabled]), .fht-pz-calls button:not([disabled]), "
    ".fht-pz-joker button, .fht-piles button:not([disabled])"
)
KEY = "fht/v2:w:puzzle-trainer"


@pytest.fixture(scope="module")
def page_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.browser import render_notebook_to_html

    folder = tmp_path_factory.mktemp("shared")
    source = folder / "two.md"
    source.write_text(NOTEBOOK, encoding="utf-8")
    return render_notebook_to_html(source, folder / "out")


def _answer(root: Any) -> None:
    """Next puzzle, then the first card (or call) the position offers; the verdict shows."""
    root.locator(".fht-pz-next").first.click()
    root.locator(CHOICE).first.click()
    root.locator(".fht-pz-verdict").wait_for(state="visible")


def _rating(root: Any) -> str:
    text = root.locator(".fht-pz-status").inner_text()
    found = re.search(r"Your rating: (\d+) \(±(\d+)\)", text)
    assert found, text
    return found.group(0)


@pytest.mark.browser
def test_two_trainers_keep_each_others_answers(page_html: Path) -> None:
    from tests.support.browser import launch_chromium, open_page, serve_directory

    with launch_chromium() as browser, serve_directory(page_html.parent) as base:
        page, problems = open_page(browser, base + page_html.name, viewport={"width": 1280, "height": 900})
        trainers = page.locator(".fht-puzzles")
        trainers.nth(1).wait_for()
        upper, lower = trainers.nth(0), trainers.nth(1)
        _answer(upper)
        _answer(upper)
        reached = _rating(upper)
        assert reached != "Your rating: 1500 (±350)", reached
        assert _rating(lower) == reached, "the other trainer on the page follows at once"
        _answer(lower)
        record = json.loads(page.evaluate(f"() => localStorage.getItem('{KEY}')"))
        assert len(record["history"]) == 3, record["history"]
        assert record["history"][2]["before"] == record["history"][1]["after"], "rated from the rating reached above"
        assert _rating(upper) == _rating(lower)
        page.reload()
        page.locator(".fht-puzzles").nth(1).wait_for()
        summary = page.locator(".fht-puzzles").first.locator(".fht-pz-stats summary").inner_text()
        assert "3 puzzles" in summary, summary
        problems.assert_clean()
        page.context.close()
