"""Play against the bots in the built book (chapter 7), at 1280 and 390 px, the engine in the browser.

A visible table (the other seats around, the trick in the middle, the contract), a Hint that is
visible next to it, a card played, and the bots' cards appearing one at a time (not a whole
trick at once).  Screenshots go to test-artifacts/play/ (look at them).
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from tests.support.browser import assert_seen, open_page, wait_for_widgets  # noqa: E402

pytestmark = pytest.mark.browser

TRICKS = "chapters/07-playing-tricks.html"
ARTIFACTS = TESTS.parent / "test-artifacts" / "play"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

# Every change of the number of cards on the table, with its time (ms): one card at a time.
WATCH_TRICK = """(widget) => {
  const root = widget.parentElement;  // the widget redraws its root element: watch its host
  window.__fhtTrickSizes = [];
  const note = () => {
    const n = root.querySelectorAll('.fht-trick .fht-trick-slot:not(.fht-trick-place)').length;
    const seen = window.__fhtTrickSizes;
    if (!seen.length || seen[seen.length - 1][0] !== n) seen.push([n, performance.now()]);
  };
  new MutationObserver(note).observe(root, {childList: true, subtree: true});
  note();
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_play_against_the_bots_journey(built_book: Any, browser: Any, size: str) -> None:
    page, problems = open_page(browser, built_book.url(TRICKS), viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared
    play = page.locator(".fht-play")
    table = play.locator(".fht-play-table")
    assert_seen(page, table, min_height=30, rows="top")
    assert play.locator(".fht-play-table .fht-seat").count() == 3  # the other three seats, around the table
    assert play.locator(".fht-play-me .fht-cards button").count() == 10  # your hand, below
    # the auction: pass until the cards are played (the bots bid)
    for _ in range(30):
        play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=120000)
        if play.locator(".fht-play-result").count():
            play.locator(".fht-new-deal").click()
            continue
        calls = play.locator(".fht-play-calls button:not([disabled])")
        if calls.count():
            calls.first.click()  # Pass
            continue
        if play.locator(".fht-play-me .fht-cards button:not([disabled])").count():
            break
        page.wait_for_timeout(200)
    hand = play.locator(".fht-play-me .fht-cards button:not([disabled])")
    assert hand.count(), "the cards were never to be played"
    assert "Contract" in play.locator(".fht-contract").inner_text()
    # each side's trick count on one line with its name (one box per side: a wrapped span has two)
    lines = play.locator(".fht-counts .fht-nowrap").evaluate_all("spans => spans.map(s => s.getClientRects().length)")
    assert lines == [1, 1], f"a side's name and count wrapped: {lines}"
    # Hint: visible, next to the table, in card notation
    play.locator(".fht-hint-btn").click()
    hint = play.locator(".fht-verdict").filter(has_text="Hint")
    hint.wait_for(timeout=120000)
    # seen where it came, without the learner scrolling (below the table it can start past the window's edge)
    box, view = hint.bounding_box(), page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 60) <= view["height"], (box, view)
    assert_seen(page, hint, min_height=30, rows="top")
    assert "Play" in hint.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"bots-hint-{size}.png"))
    # the deal's story, once opened, stays open as the cards are played (checked after the loop)
    play.locator(".fht-play-history summary").click()
    # cards: the bots answer one card at a time (the first change after a click is your own card)
    play.evaluate(WATCH_TRICK)
    bot_gaps: list[float] = []
    played = 0
    for _ in range(6):
        mine = play.locator(".fht-play-me .fht-cards button:not([disabled])")
        if not mine.count() or len(bot_gaps) >= 2:
            break
        page.evaluate("window.__fhtTrickSizes.push(['click', performance.now()])")
        mine.first.click()
        played += 1
        play.locator(".fht-play-me .fht-cards button:not([disabled]), .fht-play-result").first.wait_for(timeout=120000)
        sizes = page.evaluate("window.__fhtTrickSizes")
        after = sizes[max(i for i, s in enumerate(sizes) if s[0] == "click") + 1 :]
        counts = [n for n, _ in after]
        steps = [b - a for a, b in itertools.pairwise(counts) if b > a]
        assert all(step == 1 for step in steps), sizes  # never two cards at once
        # the gaps between the bots' cards (the first rise after the click is your own card's)
        rises = [(n2, t2) for (n1, _t1), (n2, t2) in itertools.pairwise(after) if n2 == n1 + 1]
        bot_gaps += [t2 - t1 for (n1, t1), (n2, t2) in itertools.pairwise(rises[1:]) if n2 == n1 + 1]
    # Every gap seen between two bots' cards is a person's pace (about 0.6 s).  A deal may give no
    # such gap here (a finished trick waits for Continue); tests/ui/test_play_pacing.py measures it.
    assert played and all(gap >= 400 for gap in bot_gaps), (played, bot_gaps)
    history = play.locator(".fht-play-history")
    assert history.get_attribute("open") is not None, "the story closed itself after a move"
    assert history.locator("li").count() > 6  # the whole story so far, not its last six lines
    assert_seen(page, history.locator(".fht-play-log"), min_height=30, rows="top")  # on screen, not just in the page
    page.screenshot(path=str(ARTIFACTS / f"bots-after-{size}.png"))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES[size]["width"]
    problems.assert_clean(f"play against the bots at {size}")
    page.context.close()
