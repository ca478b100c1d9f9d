"""Chapter 11's layout (issue 30): the 2-player deal was a text picture 462 px wide in a 358 px box on a
phone; it is drawn with cards, each player's hand and five table piles (a card face up on a face-down
one), inside the phone's screen."""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred_tutor import Deal, Rules
from tests.support.browser import open_page

pytestmark = pytest.mark.browser

PAGE = "chapters/11-two-players.html"


def test_a_two_player_deal_draws_its_table_piles_as_cards() -> None:
    html = Deal.new(Rules.preset("two-player"), seed=4, dealer=0)._repr_html_()
    assert html.count('class="fht-piles"') == 2 and html.count('class="fht-pile"') == 10
    assert "North&#x27;s table piles: Ten of clubs face up on a face-down card;" in html


def test_chapter_11_lays_the_deal_out_in_cards_on_a_phone(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(PAGE), viewport={"width": 390, "height": 844})
    try:
        section = page.locator("section#the-layout")
        assert section.locator("pre").count() == 0, "the layout is still a text picture"
        piles = section.locator(".fht-piles")
        assert piles.count() == 2
        for i in range(2):
            piles.nth(i).scroll_into_view_if_needed()
            box = piles.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
            assert piles.nth(i).locator(".fht-pile").count() == 5
            for pile in piles.nth(i).locator(".fht-pile").all():
                b = pile.bounding_box()
                assert b is not None and b["x"] + b["width"] <= 390 - 10, b  # inside the page's margin
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        problems.assert_clean(PAGE)
    finally:
        page.context.close()
