"""The bidding ladder on a phone (390 px) cuts no word in two: the fluent reviews (plA 45, plB 28) saw
"misèr/e" and "odkryt/e misèr/e" in the Polish edition's ladders.  Every ladder of the chapters that show
one, in English, Polish and Italian: each word of each bid's button fits the button's width."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import open_page

pytestmark = pytest.mark.browser

PAGES = [
    f"{edition}chapters/{chapter}.html"
    for edition in ("", "pl/", "it/")
    for chapter in ("04-bidding-ladder", "13-variants")
]

# Each word of each bid button as drawn: a word whose letters stand on more than one line was cut in two.
CUT_WORDS = """() => {
  const out = [];
  for (const button of document.querySelectorAll('.fht-ladder-grid button.fht-bid')) {
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`${match[0]} on ${lines.size} lines`);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("page_path", PAGES)
def test_no_word_of_a_ladder_is_cut_on_a_phone(built_book: Any, browser: Any, page_path: str) -> None:
    page, problems = open_page(browser, built_book.base_url + page_path, viewport={"width": 390, "height": 844})
    page.wait_for_selector(".fht-ladder-grid button.fht-bid", timeout=20_000)
    assert page.locator(".fht-ladder-grid button.fht-misere").count() > 0, "a ladder with misère to look at"
    cut = page.evaluate(CUT_WORDS)
    assert not cut, f"{page_path}: words cut in two: {cut}"
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1"), "the page scrolls sideways"
    problems.assert_clean(f"{page_path} at 390 px")
    page.context.close()
