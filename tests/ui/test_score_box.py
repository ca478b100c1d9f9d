"""A score box on the student's own page refuses what is no whole number out loud (issue 27, review C13): "forty"
or "1e5" showed nothing and the question was silently not counted.  Seen at 1280 and 390 px."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from fivehundred_tutor.exercises import assign, load_assignment, load_roster
from tests.support import browser as browser_support
from tests.support.exercises import TEST_SECRET

ASSIGNMENT = """
id = "hw4"
title = "Scores"
seed = 404
feedback = "after-submit"

[[sections]]
title = "Scoring"
topic = "scoring"
count = 1
difficulty = 1
points = 2
"""


@pytest.fixture(scope="module")
def amy_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """amy's released page, served once for both widths."""
    root = tmp_path_factory.mktemp("course")
    (root / "hw4.toml").write_text(ASSIGNMENT, encoding="utf-8")
    (root / "hw4.secret").write_text(TEST_SECRET.hex() + "\n", encoding="utf-8")
    (root / "roster.csv").write_text("id,name\namy,Amy Ng\n", encoding="utf-8")
    assign(load_assignment(root / "hw4.toml"), load_roster(root / "roster.csv"), root / "release")
    with browser_support.serve_directory(root / "release" / "students" / "amy") as base:
        yield base + "hw4-amy.html"


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_a_score_box_holding_no_whole_number_says_so_beside_it(browser: Any, amy_page: str, width: int) -> None:
    page, problems = browser_support.open_page(browser, amy_page, viewport={"width": width, "height": 900})
    item = page.locator('section[data-item="1.1"]')
    item.wait_for()
    boxes = item.locator("input[type=text]")
    boxes.first.fill("forty")
    hint = item.locator(".fht-asg-hint")
    browser_support.assert_seen(page, hint, min_height=10)
    assert hint.inner_text() in (
        "Write whole numbers only, like 280 or -140.",
        "Write a number in every box (0 if nothing).",
    )
    assert boxes.first.get_attribute("aria-invalid") == "true"
    assert "1 to fix" in page.locator(".fht-asg-progress").inner_text()
    for n in range(boxes.count()):
        boxes.nth(n).fill("1e5")
    assert hint.inner_text() == "Write whole numbers only, like 280 or -140."
    for n in range(boxes.count()):
        boxes.nth(n).fill("40")
    assert item.locator(".fht-asg-hint").count() == 0 and boxes.first.get_attribute("aria-invalid") == "false"
    assert page.locator(".fht-asg-progress").inner_text() == "Answered 1 of 1."
    problems.assert_clean(f"amy's page at {width} px")
    page.context.close()
