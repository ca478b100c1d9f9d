"""Chapter 14's tables, read at 1280 and 390 px (one page load per width for every check here).

Names in the book's tables break only at their hyphens (issue 27, review N1): chapter 14's topic table showed
"card-hierar|chy" and "scorin|g" at 1280 px, "tric|k-winne|r" at 390 px.  Each line break inside a table's
inline code is found from the characters' own boxes; the character before it must be a hyphen or a space.

The gradebook reads on a phone (issue 27, review N4): at 390 px the table scrolled sideways and cy's row was a
tall blank, its long problems text wrapped in a narrow column off the screen.  The table fits the screen with
every row one line high, and each row's problems are read in full below it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import Problems, assert_seen, open_page

pytestmark = pytest.mark.browser

MID_WORD_BREAKS = """() => {
  const out = [];
  for (const code of document.querySelectorAll('article table code')) {
    const text = code.textContent;
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let last = null, prev = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        const ch = node.data[i];
        if (box && ch.trim()) {
          if (last !== null && box.top > last + 2 && prev !== '-' && prev.trim()) out.push(text);
          last = box.top;
        }
        prev = ch;
      }
    }
  }
  return [...new Set(out)];
}"""


@pytest.fixture(scope="module", params=[1280, 390], ids=["1280", "390"])
def chapter_14(request: Any, built_book: Any, browser: Any) -> Iterator[tuple[Any, Problems, int]]:
    """Chapter 14 open at a width, shared by the checks below."""
    width = request.param
    page, problems = open_page(
        browser, f"{built_book.base_url}/chapters/14-instructors.html", viewport={"width": width, "height": 900}
    )
    try:
        yield page, problems, width
    finally:
        page.context.close()


def test_table_names_break_only_at_hyphens(chapter_14: tuple[Any, Problems, int]) -> None:
    page, _, _ = chapter_14
    assert page.locator("article table code").count() > 10  # the topic table is there
    assert page.evaluate(MID_WORD_BREAKS) == []


# the table after "one row per student", its scroll box, and each row's (first cell, height)
GRADEBOOK = """() => {
  const intro = [...document.querySelectorAll('article p')].find(p => p.textContent.includes('one row per student'));
  let box = intro.nextElementSibling;
  while (box && !box.querySelector('table')) box = box.nextElementSibling;
  const table = box.querySelector('table');
  const scroller = table.closest('.pst-scrollable-table-container') || table.parentElement;
  const line = parseFloat(getComputedStyle(table.querySelector('td')).lineHeight);
  return {
    scroll: [scroller.scrollWidth, scroller.clientWidth],
    cue: scroller.previousElementSibling?.className || '',
    line,
    rows: [...table.rows].map(r => [r.cells[0].textContent.trim(), r.getBoundingClientRect().height]),
  };
}"""


def test_the_gradebook_reads_on_a_phone(chapter_14: tuple[Any, Problems, int]) -> None:
    page, problems, width = chapter_14
    got = page.evaluate(GRADEBOOK)
    assert [r[0] for r in got["rows"]] == ["student_id", "ada", "ben", "cy"], got
    assert got["scroll"][0] <= got["scroll"][1] + 1 and "scroll-cue" not in got["cue"], got  # no sideways scroll
    for name, height in got["rows"]:
        assert height < 1.5 * got["line"] + 24, (name, height, got)  # one line of text and the cell's padding
    for sid in ("ben", "cy"):  # their problems: read in full, on the screen, below the table
        said = page.locator("article li", has=page.locator(f"strong:text-is('{sid}')"))
        assert said.count() == 1, sid
        assert_seen(page, said, min_height=10)
    assert "not valid JSON" in page.locator("article li", has=page.locator("strong:text-is('cy')")).inner_text()
    problems.assert_clean(f"chapter 14 at {width} px")
