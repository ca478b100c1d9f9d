"""Five-handed play against the bots in the built book (chapter 13), at 1280 and 390 px, the engine in
the browser: the learner declares, calls a partner with the keyboard, plays the deal to the end and
asks *Check my play*.

What a person sees is checked, not only the DOM: the four other seats round the table, the picker
with its cards named "Call the …", the partner unknown (no seat tagged, the line on the table says
so) until the called card is played, then tagged; the result and the review on screen.
Screenshots go to test-artifacts/play-five/ (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import assert_seen, open_page, wait_for_widgets

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parents[1]
VARIANTS = "chapters/13-variants.html"
ARTIFACTS = TESTS.parent / "test-artifacts" / "play-five"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
WAIT = 120_000


def _ready(play: Any) -> None:
    """Wait until the learner may act (or the deal is over): the bots have answered."""
    play.locator(
        ".fht-play-me .fht-cards button:not([disabled]), .fht-play-calls button:not([disabled]), "
        ".fht-partner-call button:not([disabled]), .fht-play-result"
    ).first.wait_for(timeout=WAIT)


def _name(button: Any) -> str:
    """A card button's accessible name (its visually hidden text)."""
    return str(button.evaluate("b => b.querySelector('.fht-sr').textContent"))


def _partner_tags(play: Any) -> list[str]:
    """The names of the seats the table tags as the partner."""
    return play.locator(".fht-play-table .fht-seat").evaluate_all(
        "seats => seats.filter(s => /\\bpartner\\b/.test(s.querySelector('.fht-hint')?.textContent || ''))"
        ".map(s => s.querySelector('.fht-seat-name').textContent)"
    )


@pytest.mark.parametrize("size", list(SIZES))
def test_a_five_handed_deal_from_the_call_to_check_my_play(built_book: Any, browser: Any, size: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, problems = open_page(browser, built_book.url(VARIANTS), viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared
    play = page.locator(".fht-play")
    assert play.count() == 1
    table = play.locator(".fht-play-table")
    assert_seen(page, table, min_height=30, rows="top")
    seats = play.locator(".fht-play-table .fht-seat")
    assert seats.count() == 4  # the four other players round the table
    names = seats.locator(".fht-seat-name").all_inner_texts()
    assert sorted(names) == ["North", "North-east", "North-west", "South-west"]
    # the two seats across share the top: side by side on a desktop, one under the other on a phone
    top = play.locator(".fht-area-top .fht-seat")
    assert top.count() == 2
    a, b = top.nth(0).bounding_box(), top.nth(1).bounding_box()
    assert a is not None and b is not None
    if size == "desktop":
        assert abs(a["y"] - b["y"]) < 2 and a["x"] < b["x"], (a, b)
    else:
        assert b["y"] >= a["y"] + a["height"] - 1, (a, b)
    play.locator(".fht-speed").select_option("fast")
    # the auction: the learner bids 10NT (nobody bids over it), the bots pass
    _ready(play)
    play.locator(".fht-play-calls button[data-choice='10NT']").click()
    # the kitty: three discards, a card at a time
    for _ in range(3):
        _ready(play)
        play.locator(".fht-play-me .fht-cards button:not([disabled])").first.click()
    # the call: the picker, its first group open, the other suits folded; focus on its first card
    picker = play.locator(".fht-partner-call")
    picker.wait_for(timeout=WAIT)
    _ready(play)
    assert_seen(page, picker, min_height=60, rows="top")
    assert "Call a card" in play.locator(".fht-play-prompt").inner_text()
    first = picker.locator("button").first
    assert _name(first).startswith("Call the ")  # what a screen reader says: the card's full name
    folds = picker.locator("details.fht-call-group")
    assert folds.count() >= 2
    open_buttons = picker.locator("button:visible")
    shown = open_buttons.count()
    assert shown >= 1
    page.screenshot(path=str(ARTIFACTS / f"call-{size}.png"))
    # a folded suit opens from the keyboard, and its cards are buttons too
    folds.first.locator("summary").focus()
    page.keyboard.press("Enter")
    assert folds.first.get_attribute("open") is not None
    assert picker.locator("button:visible").count() > shown
    for box in [picker.locator("button:visible").nth(i).bounding_box() for i in range(3)]:
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box  # a finger's target
    # call with the keyboard: the first card of the open group (the best card the learner does not hold)
    first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.querySelector('.fht-sr').textContent")
    assert focused.startswith("Call the ") and focused != _name(first)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.querySelector('.fht-sr').textContent") == _name(first)
    called = _name(first).removeprefix("Call the ")
    page.keyboard.press("Enter")
    line = play.locator(".fht-partner-line")
    line.wait_for(timeout=WAIT)
    _ready(play)
    assert line.inner_text().startswith(f"You called the {called}: whoever holds it is your partner")
    assert_seen(page, line, min_height=10, rows="top")
    assert _partner_tags(play) == []
    # the play: the learner's first legal card each time, to the end; the partner is tagged only once
    # the called card is seen on the table
    shown_at = None
    for turn in range(12):
        if play.locator(".fht-play-result").count():
            break
        text = line.inner_text()
        tags = _partner_tags(play)
        if "played the called" in text:
            shown_at = shown_at if shown_at is not None else turn
            partner = text.split(" played the called")[0]
            assert tags == [partner], (tags, text)
        else:
            assert tags == [], f"a seat tagged as the partner before the called card showed: {tags}"
        if turn == 2:
            page.screenshot(path=str(ARTIFACTS / f"play-{size}.png"))
        play.locator(".fht-play-me .fht-cards button:not([disabled])").first.click()
        _ready(play)
    result = play.locator(".fht-play-result")
    result.wait_for(timeout=WAIT)
    assert_seen(page, result, min_height=30, rows="top")
    assert "who held the called" in result.inner_text()  # the summary names the partner
    page.screenshot(path=str(ARTIFACTS / f"result-{size}.png"))
    # Check my play: an answer on screen, about the learner's cards
    play.locator(".fht-review").click()
    review = play.locator(".fht-play-review")
    review.wait_for(timeout=WAIT)
    assert_seen(page, review, min_height=30, rows="top")
    words = review.inner_text()
    assert "cards that were a real choice" in words or "Not checked" in words, words
    page.screenshot(path=str(ARTIFACTS / f"review-{size}.png"))
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES[size]["width"]
    problems.assert_clean(f"five-handed play at {size}")
    page.context.close()
