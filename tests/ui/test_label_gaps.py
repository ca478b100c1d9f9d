"""A label printed over a row of cards belongs to the cards under it (issue 30, wording: hand-diagram labels sat
4-7 px under the cards above and 22-27 px over their own): in the built chapters, at 1280 and 390 px, every
line of words a cell prints between two rows of cards is nearer the row under it than the row above."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import open_page

pytestmark = pytest.mark.browser

#: chapters that print "South's three discards:" and the like between pictures of cards
PAGES = ["chapters/01a-phases-of-a-hand.html", "chapters/09a-whole-hand.html"]

GAPS = """() => [...document.querySelectorAll('.cell_output > p')].flatMap((label) => {
  const before = label.previousElementSibling, after = label.nextElementSibling;
  const cards = (e) => e && e.matches('.output') && e.querySelector('.fht-cards, svg') ? e : null;
  if (!cards(before) || !cards(after)) return [];
  const row = (e) => e.querySelector('.fht-cards, svg').getBoundingClientRect();
  const r = label.getBoundingClientRect();
  return [[label.textContent.trim(), Math.round(r.top - row(before).bottom), Math.round(row(after).top - r.bottom)]];
})"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_label_between_two_rows_of_cards_sits_with_the_row_under_it(
    built_book: Any, browser: Any, width: int
) -> None:
    found = []
    for path in PAGES:
        page, problems = open_page(browser, built_book.url(path), viewport={"width": width, "height": 900})
        gaps = page.evaluate(GAPS)
        page.context.close()
        found += gaps
        wrong = [(label, above, below) for label, above, below in gaps if not below < above]
        assert not wrong, f"{path} at {width} px: label, px to the cards above, px to its own cards: {wrong}"
        problems.assert_clean(path)
    assert found, "no label between two rows of cards: the pages changed?"
