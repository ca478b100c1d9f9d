"""Names in the book's tables break only at their hyphens (issue 27, review N1): chapter 14's topic table showed
"card-hierar|chy" and "scorin|g" at 1280 px, "tric|k-winne|r" at 390 px.  Each line break inside a table's
inline code is found from the characters' own boxes; the character before it must be a hyphen or a space."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import open_page

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


@pytest.mark.parametrize("width", [1280, 390])
def test_table_names_break_only_at_hyphens(built_book: Any, browser: Any, width: int) -> None:
    page, _ = open_page(
        browser, f"{built_book.base_url}/chapters/14-instructors.html", viewport={"width": width, "height": 900}
    )
    try:
        assert page.locator("article table code").count() > 10  # the topic table is there
        assert page.evaluate(MID_WORD_BREAKS) == []
    finally:
        page.context.close()
