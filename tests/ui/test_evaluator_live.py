"""The hand evaluator in the live book: past the saved hands, *Try another hand* deals a new hand
in the reader's browser (Pyodide in the worker, pure Python: no DDS there), simulated a little at
a time; the learner's estimate then gets its verdict and charts from that simulation."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from fivehundred_tutor.handlers.evaluator import LIVE_LAYOUTS
from tests.support.browser import open_page, wait_for_widgets

JUDGING = "chapters/09b-judging-a-hand.html"
STATE_RE = re.compile(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S)


def _saved_hands(built_book: Any) -> list[dict[str, Any]]:
    match = STATE_RE.search((built_book.html / JUDGING).read_text(encoding="utf-8"))
    assert match, "the judging chapter has no saved widget state"
    states = [m["state"] for m in json.loads(match.group(1))["state"].values()]
    (model,) = [s["evaluator"] for s in states if "evaluator" in s]
    hands: list[dict[str, Any]] = model["hands"]
    return hands


@pytest.mark.browser
def test_a_new_hand_is_dealt_and_simulated_in_the_browser(built_book: Any, browser: Any) -> None:
    saved = _saved_hands(built_book)
    assert len(saved) == 6 and all(h["ready"] and h["done"] == 200 for h in saved)
    page, problems = open_page(browser, built_book.url(JUDGING))
    wait_for_widgets(page)
    widget = page.locator('.fht-root[aria-label="Judge a hand"]')
    for _ in saved[:-1]:
        widget.get_by_role("button", name="Try another hand").click()
    assert widget.locator(".fht-progress").inner_text() == f"Hand {len(saved)} of {len(saved)}"
    started = time.monotonic()
    widget.get_by_role("button", name="Try another hand").click()
    widget.locator(".fht-progress").filter(has_text=f"Hand {len(saved) + 1} of {len(saved) + 1}").wait_for(
        timeout=180000
    )
    dealt = time.monotonic() - started
    cards = [widget.locator(".fht-cards [data-card]").nth(i).get_attribute("data-card") for i in range(10)]
    assert cards not in [h["cards"] for h in saved]
    # the estimate goes in while the other cards are still being dealt; the verdict comes when they are
    for d in ("S", "C", "D", "H", "NT"):
        widget.locator(f'input[data-den="{d}"]').fill("6")
    widget.locator(".fht-check").click()
    verdict = widget.locator(".fht-verdict")
    verdict.wait_for(timeout=300000)
    simulated = time.monotonic() - started - dealt
    assert verdict.is_visible() and ("Not yet" in verdict.inner_text() or "Well judged" in verdict.inner_text())
    if widget.locator(".fht-show-answer").count():  # a first miss holds the answer back
        widget.locator(".fht-show-answer").click()
    assert widget.locator(".fht-ev-chart").count() == 5
    note = widget.locator(".fht-ev-note").inner_text()
    assert f"dealt {LIVE_LAYOUTS} times" in note, note
    print(
        f"live book: new hand shown after {dealt:.1f} s, its {LIVE_LAYOUTS} layouts simulated {simulated:.1f} s later"
    )
    problems.assert_clean(JUDGING)
    page.context.close()
