"""A seat's hand shown in the book carries the seat's name where a sighted reader sees it (issue 25, expert
read F11): chapter 9a's four hands had their names only in screen-reader labels (rows in bidding order,
East first, while North dealt), and chapter 9b's 'Supporting partner' showed one unnamed row, South's,
right above North's count.  Every row of cards whose label names a seat ('East's hand', 'North hand')
has that name in the text just above it (or beside it, in a deal's table), on every chapter page, and
in chapters 9a and 9b the name is on screen above its row at 1280 and at 390 px."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bs4 import BeautifulSoup

from tests.support.browser import open_page

SEATS = ("North-east", "South-east", "South-west", "North-west", "North", "East", "South", "West")
SEAT_LABEL = re.compile(r"^(" + "|".join(SEATS) + r")\b(?!-)")
BLOCKS = ["p", "th", "td", "li", "h1", "h2", "h3", "h4", "dt", "dd"]
#: the sections of F11: chapter 9a's four hands, chapter 9b's deal under 'Supporting partner'
PAGES = (("chapters/09a-whole-hand.html", "the-four-hands"), ("chapters/09b-judging-a-hand.html", "supporting-partner"))


def unnamed_hands(html: str) -> list[str]:
    """The labels of the seat hands on a page whose nearest text before them does not begin with the seat's
    name, nor does its last sentence ('East holds the J♦, the 7♦ and the 8♠.'): a name somewhere in a
    paragraph ('West deals, North opens, South is North's partner.') does not say whose cards follow."""
    soup = BeautifulSoup(html, "html.parser")
    missing = []
    for group in soup.select("div.fht-cards[aria-label]"):
        seat = SEAT_LABEL.match(group["aria-label"])
        if seat is None:
            continue
        text = group.find_previous(
            string=lambda t: t.strip() != "" and t.parent.name not in ("style", "script", "title", "text", "svg")
        )
        block = text.find_parent(BLOCKS) if text is not None else None
        said = " ".join((block or text.parent).get_text(" ").split()) if text is not None else ""
        last = re.split(r"(?<=[.!?:])\s+", said)[-1]
        if not (said.startswith(seat.group(1)) or last.startswith(seat.group(1))):
            missing.append(f"{group['aria-label']!r} (the text before it: {said.strip()[-60:]!r})")
    return missing


def test_the_check_finds_a_hand_without_its_name() -> None:
    hand = '<div class="fht-cards" role="group" aria-label="East\'s hand"><svg><title>Joker</title></svg></div>'
    assert unnamed_hands(f"<p>The four hands:</p>{hand}") == ["\"East's hand\" (the text before it: 'The four hands:')"]
    assert unnamed_hands(f"<p><strong>East</strong>: best suit diamonds</p>{hand}") == []
    assert unnamed_hands(f"<p>Hearts are trumps. East holds the J♦.</p>{hand}") == []
    assert unnamed_hands(f"<p>West deals, East opens, South is North's partner.</p>{hand}") != []
    assert unnamed_hands('<div class="fht-cards" aria-label="The kitty"></div>') == []


def test_every_seat_hand_in_the_book_is_named_above_it(built_book: Any) -> None:
    pages = sorted((built_book.html / "chapters").glob("*.html"))
    assert len(pages) > 20
    missing = {p.name: m for p in pages if (m := unnamed_hands(p.read_text(encoding="utf-8")))}
    assert not missing, missing


# For each row of a seat's cards: the nearest text before it, its block, and where both are on screen.
_ROWS = """(section) => {
  const seats = /^(North-east|South-east|South-west|North-west|North|East|South|West)\\b(?!-)/;
  const out = [];
  for (const group of document.querySelectorAll(`section#${section} div.fht-cards[aria-label]`)) {
    const seat = seats.exec(group.getAttribute('aria-label'));
    if (!seat) continue;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let text = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (group.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING) break;
      if (!n.textContent.trim() || n.parentElement.closest('style,script,svg')) continue;
      text = n;
    }
    const block = text && (text.parentElement.closest('p,th,td,li,h1,h2,h3,h4') || text.parentElement);
    group.scrollIntoView({block: 'center'});
    const b = block ? block.getBoundingClientRect() : null, g = group.getBoundingClientRect();
    out.push({label: group.getAttribute('aria-label'), seat: seat[1], said: block ? block.innerText : '',
              name: b && {left: b.left, right: b.right, bottom: b.bottom, width: b.width, height: b.height},
              cards: {top: g.top, left: g.left},
              style: block ? getComputedStyle(block).visibility + ' ' + getComputedStyle(block).color : ''});
  }
  return out;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_the_seat_names_are_on_screen_above_the_hands(built_book: Any, browser: Any, width: int) -> None:
    for page_name, section in PAGES:
        page, problems = open_page(browser, built_book.url(page_name), viewport={"width": width, "height": 900})
        try:
            rows = page.evaluate(_ROWS, section)
            assert len(rows) == 4, (page_name, [r["label"] for r in rows])  # the four hands of a deal
            for row in rows:
                where = (page_name, width, row["label"], row["said"][:80])
                assert row["said"].startswith(row["seat"]), where  # the name first, in the text above the row
                name = row["name"]
                assert name and name["width"] > 0 and name["height"] > 0, where
                assert name["left"] >= 0 and name["right"] <= width, where
                assert name["bottom"] <= row["cards"]["top"] + 1, where  # above the cards, not beside or under
                assert row["style"].startswith("visible"), where
            problems.assert_clean(page_name)
        finally:
            page.context.close()
