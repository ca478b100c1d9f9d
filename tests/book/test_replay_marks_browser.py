"""What a learner sees in the built book's replays, at 1280 px and at 390 px (Debian chromium):

- chapter 11 (two players, four cards to a trick): once a trick is complete, exactly one card is
  marked as the winner — the card that won, not both of the winner's cards;
- chapter 6 (the kitty): at the first discard stop the three cards that came from the kitty are
  marked (the note says so); discarding the left bower is judged wrong by the chapter's rule ("keep
  your trumps"), and a low side card other than the bot's is judged right.

Screenshots go to test-artifacts/audit/ (look at them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "audit"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def _replay(page: Any, title: str) -> Any:
    replay = page.locator(".fht-replay").filter(has=page.locator(".fht-title", has_text=title)).first
    assert replay.count(), f"no replay titled {title!r}"
    replay.scroll_into_view_if_needed()
    return replay


@pytest.mark.parametrize("size", SIZES)
def test_two_player_replay_marks_only_the_winning_card(built_book: Any, browser: Any, size: str) -> None:
    page, problems = open_page(browser, built_book.url("chapters/11-two-players.html"), viewport=SIZES[size])
    wait_for_widgets(page)
    for title in ("A two-player hand, played by the bots", "Two players: hand and table"):
        replay = _replay(page, title)
        replay.locator(".fht-end").click()  # the end: the last trick is shown complete
        replay.locator(".fht-start").click()
        complete = 0
        for _ in range(80):
            forward = replay.locator(".fht-forward")
            if forward.is_disabled():
                break
            forward.click()
            heading = replay.locator(".fht-trick-title")
            if heading.count() and " wins" in heading.inner_text():
                complete += 1
                won = replay.locator(".fht-trick-slot.fht-won")
                assert replay.locator(".fht-trick-slot").count() == 4
                assert won.count() == 1, f"{title}: {won.count()} cards marked as winning one trick"
                expect(won).to_be_visible()
                assert won.inner_text().endswith("wins")
                labels = replay.locator(".fht-trick-slot [aria-label*='winning the trick']")
                assert labels.count() == 1
                if complete == 2:
                    won.scroll_into_view_if_needed()
                    ARTIFACTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(ARTIFACTS / f"two-player-trick-{size}.png"))
        assert complete == 10, f"{title}: {complete} complete tricks seen"
    problems.assert_clean("chapter 11 replays")
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_kitty_stop_marks_the_kitty_and_judges_by_the_rule(built_book: Any, browser: Any, size: str) -> None:
    page, problems = open_page(browser, built_book.url("chapters/06-kitty.html"), viewport=SIZES[size])
    wait_for_widgets(page)
    replay = _replay(page, "Discarding after the kitty")
    for _ in range(20):
        if replay.locator(".fht-stop-hand").count():
            break
        replay.locator(".fht-forward").click()
    else:
        raise AssertionError("the replay never reached its discard stop")
    note = replay.locator(".fht-kitty-note")
    expect(note).to_contain_text("its cards are marked")
    marked = replay.locator(".fht-stop-hand .fht-from-kitty")
    assert marked.count() == 3
    for i in range(3):
        card = marked.nth(i)
        card.scroll_into_view_if_needed()
        expect(card).to_be_visible()
        box = card.bounding_box()
        assert box is not None and box["width"] > 30 and box["height"] > 40, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"], box  # not clipped off the side
        assert "(from the kitty)" in card.inner_text()  # the screen reader's words
    expect(marked.first.locator(".fht-kitty-tag")).to_be_visible()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    replay.locator(".fht-stop").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"kitty-stop-{size}.png"))
    # J♦, a bower (the bots' standard makes this deal's trumps red): wrong, by the chapter's rule
    replay.locator(".fht-stop-hand button[data-card='JD']").click()
    verdict = replay.locator(".fht-stop .fht-verdict")
    expect(verdict).to_be_visible()
    text = verdict.inner_text()
    assert "Not yet" in text and re.search(r"(left|right) bower", text) and "keep your trumps" in text, text
    page.screenshot(path=str(ARTIFACTS / f"kitty-stop-left-bower-{size}.png"))
    verdict.locator(".fht-try-again").click()
    # a low side card the bot did not throw first: right
    replay.locator(".fht-stop-hand button[data-card='9S']").click()
    verdict = replay.locator(".fht-stop .fht-verdict")
    expect(verdict).to_be_visible()
    text = verdict.inner_text()
    assert "Right" in text and "low side card" in text and "5♣" in text, text
    page.screenshot(path=str(ARTIFACTS / f"kitty-stop-right-{size}.png"))
    problems.assert_clean("chapter 6 kitty replay")
    page.context.close()
