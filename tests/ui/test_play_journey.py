"""A learner's journeys through a replay stop and a play problem in Chromium, at 1280 and 390 px.

Replay stop: a card that cannot be played → its reason, VISIBLE, and the stop stays open → a
wrong card → "Not yet" with the card played highlighted → Try again → the right card → Right →
Continue.  Play problem: a costly card → a visible verdict with the line that beats it and the
best card highlighted → Try again (the card taken back) → Hint (a principle, then the card) →
the best card → Right → Continue → the next question.  On a phone (390 × 844) the replay's trick,
the hand to move and the step buttons share one screen, and every button is a 44 px target.
Screenshots go to test-artifacts/play/ (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from tests.support.browser import (  # noqa: E402
    assert_seen,
    launch_chromium,
    open_page,
    render_notebook_to_html,
    serve_directory,
    wait_for_widgets,
)

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).parent / "notebooks" / "play_journey.md"
ARTIFACTS = TESTS.parent / "test-artifacts" / "play"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def site(tmp_path_factory: Any) -> Any:
    out = tmp_path_factory.mktemp("play-journey")
    page = render_notebook_to_html(NOTEBOOK, out)
    with launch_chromium() as browser, serve_directory(out) as base:
        yield browser, base + page.name


def _open(site: Any, size: str) -> tuple[Any, Any]:
    browser, url = site
    page, problems = open_page(browser, url, viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared == rendered == 3
    return page, problems


def _shot(page: Any, locator: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _to_stop(replay: Any) -> None:
    for _ in range(60):
        if replay.locator(".fht-stop").count():
            return
        replay.locator(".fht-forward").click()
    raise AssertionError("the replay never reached its stop")


@pytest.mark.parametrize("size", list(SIZES))
def test_replay_stop_journey(site: Any, size: str) -> None:
    page, problems = _open(site, size)
    replay = page.locator(".fht-replay")
    _to_stop(replay)
    progress = replay.locator(".fht-progress").inner_text()
    # a card that cannot be played: the reason, visible; not an answer
    replay.locator(".fht-stop-hand button[data-card='KC']").click()
    verdict = replay.locator(".fht-stop .fht-verdict")
    assert_seen(page, verdict)
    text = verdict.inner_text()
    assert "cannot be played" in text and "You must follow suit" in text and "K♣" in text, text
    assert replay.locator(".fht-forward").is_disabled() and replay.locator(".fht-progress").inner_text() == progress
    _shot(page, verdict, f"replay-illegal-{size}")
    # a wrong card: Not yet, the pick marked, the deal's card held back (A♠ neither said nor marked) until Show me
    replay.locator(".fht-stop-hand button[data-card='5S']").click()
    assert_seen(page, verdict)
    assert "Not yet" in verdict.inner_text() and "A♠" not in verdict.inner_text(), verdict.inner_text()
    assert replay.locator(".fht-right-answer[data-card='AS']").count() == 0
    assert replay.locator(".fht-wrong-pick[data-card='5S']").is_visible()
    assert verdict.locator(".fht-show").is_visible()  # Show me, for the answer
    _shot(page, verdict, f"replay-wrong-{size}")
    # Try again → the hand is open again → the right card
    replay.locator(".fht-try-again").click()
    replay.locator(".fht-stop-hand button[data-card='AS']").click()
    assert_seen(page, verdict)
    assert "Right" in verdict.inner_text() and "Not yet" not in verdict.inner_text()
    _shot(page, verdict, f"replay-right-{size}")
    replay.locator(".fht-stop .fht-continue").click()
    assert replay.locator(".fht-progress").inner_text() != progress
    problems.assert_clean(f"replay journey at {size}")
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_play_problem_journey(site: Any, size: str) -> None:
    page, problems = _open(site, size)
    problem = page.locator(".fht-problem").first
    question = problem.locator(".fht-problem-question")
    assert_seen(page, question, min_height=10)
    assert question.inner_text().startswith("Your turn: West leads the joker")
    # a costly card: the verdict, the line that beats it, the best card highlighted
    problem.locator("button[data-card='JD']").click()
    verdict = problem.locator(".fht-verdict")
    assert_seen(page, verdict)
    text = verdict.inner_text()
    assert "Not yet" in text and "J♦ costs a trick" in text and "Your side (" in text, text
    # a first miss holds the answer back (issue 31, 6): no better card, no line, no card marked
    assert "make the most of it:" not in text and "8♦" not in text, text
    assert problem.locator(".fht-right-answer").count() == 0
    _shot(page, verdict, f"problem-held-{size}")
    problem.get_by_role("button", name="Show the answer").click()
    text = verdict.inner_text()
    assert "make the most of it:" in text, text
    assert "8♦" in text
    assert problem.locator(".fht-right-answer[data-card='8D']").is_visible()
    _shot(page, verdict, f"problem-wrong-{size}")
    # Try again: the card comes back, the question again
    problem.locator(".fht-try-again").click()
    assert problem.locator(".fht-verdict").count() == 0
    assert_seen(page, question, min_height=10)
    assert problem.locator("button[data-card='JD']").is_enabled()
    # Hint: a principle first (no card named), then the card
    problem.locator(".fht-hint-btn").click()
    hints = problem.locator(".fht-hints")
    assert_seen(page, hints, min_height=10)
    assert "winning this trick" in hints.inner_text() and "8♦" not in hints.inner_text()
    problem.locator(".fht-hint-btn").click()
    assert "Play 8♦." in hints.inner_text()
    _shot(page, hints, f"problem-hint-{size}")
    # the best card: Right, then Continue to the next question
    problem.locator("button[data-card='8D']").click()
    assert_seen(page, verdict)
    assert "Right" in verdict.inner_text()
    # the right pick shows as right, never with the wrong pick's mark (a fresh-eyes finding)
    assert problem.locator(".fht-right-answer[data-card='8D']").is_visible()
    assert problem.locator(".fht-wrong-pick").count() == 0
    problem.locator(".fht-continue").click()
    assert_seen(page, question, min_height=10)
    assert question.inner_text() != "Your turn: West leads the joker. Which trump do you play?"
    _shot(page, problem, f"problem-next-{size}")
    problems.assert_clean(f"problem journey at {size}")
    page.context.close()


def test_replay_fits_a_phone_screen_and_buttons_are_touch_targets(site: Any) -> None:
    page, problems = _open(site, "phone")
    replay = page.locator(".fht-replay")
    for stop in (False, True):
        if stop:
            _to_stop(replay)
        else:
            for _ in range(8):
                replay.locator(".fht-forward").click()  # in the auction: someone is to move
        hand = replay.locator(".fht-seat.fht-to-move")
        trick = replay.locator(".fht-trick-wrap")
        nav = replay.locator(".fht-nav")
        # bring the hand to the top of the screen: the trick below it and the step buttons must be in view too
        hand.evaluate("e => window.scrollTo(0, window.scrollY + e.getBoundingClientRect().top - 8)")
        for what in (hand, trick, nav):
            box = what.bounding_box()
            assert box is not None and box["height"] > 10
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (what, box)
        _shot(page, hand, f"replay-phone-{'stop' if stop else 'step'}")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.fht-replay button, .fht-problem button')]
              .filter((b) => b.offsetParent !== null)
              .map((b) => { const r = b.getBoundingClientRect(); return [b.textContent.trim().slice(0, 20), r.width, r.height]; })"""
    )
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert sizes and not small, small
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    problems.assert_clean("replay on a phone")
    page.context.close()
