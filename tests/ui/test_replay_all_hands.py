"""Chapter 12's annotated deals in a browser (issue 30): every hand face up by default ("Show all hands"
pressed), the toggle works from the keyboard and turns the others' hands face down, and a card the
comment names is highlighted (and said) while that comment shows, on a phone too."""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred_tutor.cards import Card
from tests.support.browser import open_page, wait_for_widgets
from tests.support.paths import ARTIFACTS

pytestmark = pytest.mark.browser

PAGE = "chapters/12-annotated-deals.html"


def test_show_all_hands_and_the_named_cards(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(PAGE), viewport={"width": 390, "height": 844})
    try:
        wait_for_widgets(page)
        replay = page.locator(".fht-replay").first
        replay.scroll_into_view_if_needed()
        toggle = replay.locator("button.fht-all-hands")
        # the state in sight (learner review, finding 6): a ticked box while every hand shows, the name kept
        assert toggle.inner_text() == "\u2611 Show all hands" and toggle.get_attribute("aria-pressed") == "true"
        assert page.get_by_role("button", name="Show all hands", exact=True).first.is_visible()
        facedown = replay.locator(".fht-seat [role='img'][aria-label*='face-down']")
        assert facedown.count() == 0  # every hand face up
        # step to the first comment that names a card still in a hand: it is highlighted and said
        for _ in range(60):
            named = replay.locator(".fht-seat .fht-named")
            if named.count():
                break
            replay.locator(".fht-forward").click()
            if replay.locator(".fht-stop .fht-show").count():
                replay.locator(".fht-stop .fht-show").click()
        assert named.count() > 0, "no comment's card was highlighted"
        comment = replay.locator(".fht-comment").inner_text()
        label = named.first.get_attribute("aria-label") or named.first.inner_text()
        assert "named in the comment" in label, label
        card = Card.parse(named.first.get_attribute("data-card") or "")
        assert str(card) in comment or card.name in comment or (card.is_joker and "joker" in comment.lower()), (
            card,
            comment,
        )
        named.first.scroll_into_view_if_needed()
        box = named.first.bounding_box()
        assert box is not None and box["width"] > 10 and 0 <= box["x"] < 390
        # the keyboard: Enter on the toggle turns the others' hands face down, and keeps the focus there
        replay.locator("button.fht-all-hands").focus()
        page.keyboard.press("Enter")
        toggle = replay.locator("button.fht-all-hands")
        assert toggle.get_attribute("aria-pressed") == "false" and toggle.inner_text() == "\u2610 Show all hands"
        assert page.evaluate("document.activeElement.classList.contains('fht-all-hands')")
        assert facedown.count() >= 2
        # the auction list says a call's comment in words, never a bare "(comment)" (finding 7)
        assert "(comment)" not in replay.locator(".fht-auction").inner_text()
        toggle.screenshot(path=str(ARTIFACTS / "replay-toggle-off.png"))
        problems.assert_clean(PAGE)
    finally:
        page.context.close()
