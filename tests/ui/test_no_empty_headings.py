"""No empty headings in any widget: on every page of the built book (1280 px), every visible heading
inside a widget (its title, a label such as "This trick" or "Auction:", a verdict's heading, a
disclosure's summary) has visible content after it: words, cards or controls.  A disclosure must
look like one (a marker before its summary) and hold something when opened.  Chapter 7's deal
against the bots showed a "What happened" line with nothing after it (a summary without its marker);
a trick heading over an empty table is caught too.

The scan of every page runs in tests/ui/test_book_scan.py (one page load for both scans); this file
holds the scan and the check that it can fail.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

HEADINGS = (
    ".fht-title, .fht-label, .fht-trick-title, .fht-verdict-heading, summary, h1, h2, h3, h4, h5, h6, [role=heading]"
)

# [widget kind, heading text, why] for every visible heading in a widget with nothing after it.
EMPTY_HEADINGS = """(selector) => {
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.opacity !== '0'; };
  const things = '.fht-card, svg, img, input, select, button, textarea';
  const content = (n) => {
    if (n.nodeType === 3) return n.textContent.trim().length > 0 && n.parentElement && shown(n.parentElement);
    if (n.nodeType !== 1 || n.matches('summary') || !shown(n)) return false;
    if (n.matches(things)) return true;
    return n.innerText.trim().length > 0 || [...n.querySelectorAll(things)].some(shown);
  };
  const found = [];
  for (const root of document.querySelectorAll('.fht-root')) {
    if (!shown(root)) continue;
    const kind = [...root.classList].filter((c) => c !== 'fht-root').join(' ');
    for (const h of root.querySelectorAll(selector)) {
      if (!shown(h) || !h.innerText.trim()) continue;
      const name = h.innerText.trim().slice(0, 60);
      if (h.matches('summary')) {
        const d = h.parentElement;
        const marker = getComputedStyle(h, '::before').content;
        const listItem = getComputedStyle(h).display === 'list-item';
        if (!listItem && (!marker || marker === 'none' || marker === 'normal' || marker === '""'))
          found.push([kind, name, 'a summary without a disclosure marker reads as a heading']);
        const was = d.open;
        d.open = true;
        if (![...d.childNodes].some((n) => n !== h && content(n))) found.push([kind, name, 'nothing inside when opened']);
        d.open = was;
        continue;
      }
      let ok = false;
      for (let n = h.nextSibling; n && !ok; n = n.nextSibling) ok = content(n);
      if (!ok) found.push([kind, name, 'nothing visible after it']);
    }
  }
  return found;
}"""


def empty_headings(page: Any) -> list[list[str]]:
    return page.evaluate(EMPTY_HEADINGS, HEADINGS)


def test_the_scan_sees_an_empty_heading(built_book: Any, browser: Any) -> None:
    """The scan can fail: a heading with nothing after it, and a summary without its marker."""
    page, _problems = open_page(browser, built_book.url("chapters/07-playing-tricks.html"))
    try:
        wait_for_widgets(page)
        page.evaluate(
            """() => { const root = document.querySelector('.fht-root');
              const box = document.createElement('div');
              box.innerHTML = '<div><div class="fht-label">Nothing below</div><div class="fht-cards"></div></div>'
                + '<details><summary style="display:flex">What happened</summary><ul></ul></details>';
              const style = document.createElement('style');
              style.textContent = '.fht-scan-test summary::before { content: none !important; }';
              box.className = 'fht-scan-test';
              root.append(box, style); }"""
        )
        found = {(name, why) for _kind, name, why in empty_headings(page)}
    finally:
        page.context.close()
    assert ("Nothing below", "nothing visible after it") in found, found
    assert ("What happened", "a summary without a disclosure marker reads as a heading") in found
    assert ("What happened", "nothing inside when opened") in found
