"""Winning the auction against the bots in the built book (chapter 7), at 1280 and 390 px: while the
learner discards, the cards picked up from the kitty are marked on screen ("kitty" under each, seen,
not only in the DOM) and in their names; after the play starts, the deal's whole story scrolls in its
own box with its newest line in view.  Screenshots go to test-artifacts/play/ (look at them).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import assert_seen, open_page, wait_for_widgets
from tests.support.paths import ARTIFACTS

pytestmark = pytest.mark.browser

TRICKS = "chapters/07-playing-tricks.html"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def _win_an_auction(page: Any, play: Any) -> None:
    """Bid the lowest bid offered at each turn, with a new deal whenever a bot wins, until the learner
    discards."""
    for _ in range(200):
        play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=120000)
        if "You took the kitty: discard 3 cards" in play.inner_text():
            return
        cards_to_play = play.locator(".fht-play-me .fht-cards button:not([disabled])").count()
        if play.locator(".fht-play-result").count() or cards_to_play:
            play.locator(".fht-new-deal").click()  # a bot won the auction: another deal
            page.wait_for_timeout(100)
            continue
        calls = play.locator(".fht-play-calls button:not([disabled])")
        if calls.count() > 1:
            calls.nth(1).click()  # the lowest bid offered (the first button is Pass)
        elif calls.count():
            calls.first.click()
        page.wait_for_timeout(100)
    raise AssertionError("the learner never won an auction")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_kittys_cards_are_marked_while_discarding(built_book: Any, browser: Any, size: str) -> None:
    page, problems = open_page(browser, built_book.url(TRICKS), viewport=SIZES[size])
    try:
        wait_for_widgets(page)
        play = page.locator(".fht-play")
        _win_an_auction(page, play)
        assert "The cards marked “kitty” came from it." in play.inner_text()
        marked = play.locator(".fht-play-me .fht-cards button.fht-from-kitty")
        assert marked.count() == 3, marked.count()  # the default game's kitty
        for i in range(3):
            card = marked.nth(i)
            tag = card.locator(".fht-kitty-tag")
            card.scroll_into_view_if_needed()
            assert tag.is_visible() and "kitty" in tag.inner_text()
            box, card_box = tag.bounding_box(), card.bounding_box()
            assert box is not None and card_box is not None and box["height"] >= 10
            assert box["y"] >= card_box["y"] + card_box["height"] - box["height"], "the tag sits under the card"
            assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], box
            assert "(from the kitty)" in card.inner_text() or "(from the kitty)" in (
                card.get_attribute("aria-label") or card.locator(".fht-sr").inner_text()
            )
        unmarked = play.locator(".fht-play-me .fht-cards button:not(.fht-from-kitty)")
        assert unmarked.count() == 10 and unmarked.locator(".fht-kitty-tag").count() == 0
        # the tag is readable: its text against its own background
        colours = marked.first.locator(".fht-kitty-tag").evaluate(
            "(e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
        )
        assert colours[0] != colours[1], colours
        (ARTIFACTS / "play").mkdir(parents=True, exist_ok=True)
        play.screenshot(path=str(ARTIFACTS / "play" / f"discard-kitty-{size}.png"))
        # discard three, the prompt counting down, and the marks go with the discards
        for left in (2, 1, 0):
            play.locator(".fht-play-me .fht-cards button:not([disabled])").first.click()
            page.wait_for_timeout(150)
            play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=120000)
            if left:
                prompt = play.get_by_text(f"Discard {left} more card{'s' if left > 1 else ''}.")
                assert prompt.is_visible()
        play.locator(".fht-play-me .fht-cards button:not([disabled]), .fht-play-result").first.wait_for(timeout=120000)
        assert play.locator(".fht-from-kitty").count() == 0
        # the whole story so far, in its own scrolling box, the newest line in view
        play.locator(".fht-play-history summary").click()
        story = play.locator(".fht-play-story")
        assert_seen(page, story, min_height=30, rows="top")
        lines = story.locator("li")
        assert lines.count() >= 8  # the deal, the calls, the discards
        assert story.get_attribute("tabindex") == "0" and story.get_attribute("aria-label")
        page.wait_for_timeout(100)
        last, box = lines.last.bounding_box(), story.bounding_box()
        assert last is not None and box is not None
        assert box["y"] - 1 <= last["y"] and last["y"] + last["height"] <= box["y"] + box["height"] + 1, (last, box)
        page.screenshot(path=str(ARTIFACTS / "play" / f"story-{size}.png"))
        problems.assert_clean(f"discarding in chapter 7 at {size}")
    finally:
        page.context.close()
