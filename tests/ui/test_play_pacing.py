"""Play against the bots (chapter 7, the engine in the browser): the pace a learner sees, measured
from when each card appears on the table (Playwright, the page's own clock).

Your card shows at once when you click it (before the bots' answer comes); then the bots' cards
come one at a time, about 0.6 s apart; a finished trick stays about 1.5 s (or until Continue)
before the next card; the faster setting is faster.  The very first gap (your card → the first
bot's card) counts too.  Ordering and minimum gaps are asserted, not exact times.  While the first
answer waits for the engine to start, the widget says so in one line, in a learner's words.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

TRICKS = "chapters/07-playing-tricks.html"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "play"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
CARD_MS, TRICK_MS = 600, 1500  # play.js SPEEDS.normal
FAST_CARD_MS = 200
AT_ONCE_MS = 600  # your card, from the click (Playwright's round trip included, on a loaded machine)

# Every card that appears on the table: [seat, card, time (ms), cards on the table, a winner shown,
# the tricks taken as the table's counts say then (their sum)].
WATCH = r"""(widget) => {
  const host = widget.parentElement;  // the widget redraws its root element: watch its host
  window.__fhtCards = [];
  window.__fhtSeen = new Set();
  const note = () => {
    const slots = [...host.querySelectorAll('.fht-trick .fht-trick-slot:not(.fht-trick-place)')];
    for (const slot of slots) {
      const card = slot.querySelector('[data-card]')?.dataset.card;
      const key = slot.dataset.seat + ':' + card;
      if (card && !window.__fhtSeen.has(key)) {
        window.__fhtSeen.add(key);
        const counts = host.querySelector('.fht-contract .fht-counts')?.textContent || '';
        const taken = (counts.match(/\d+/g) || []).reduce((a, b) => a + Number(b), 0);
        window.__fhtCards.push([Number(slot.dataset.seat), card, performance.now(), slots.length, !!host.querySelector('.fht-won'), taken]);
      }
    }
  };
  new MutationObserver(note).observe(host, {childList: true, subtree: true});
  note();
}"""


def _to_the_cards(page: Any, play: Any) -> None:
    """Pass through the auction (the bots bid) until a card of yours may be played."""
    for _ in range(40):
        play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=180000)
        if play.locator(".fht-play-result").count():
            play.locator(".fht-new-deal").click()
            continue
        calls = play.locator(".fht-play-calls button:not([disabled])")
        if calls.count():
            calls.first.click()  # Pass
            continue
        if play.locator(".fht-play-me .fht-cards button:not([disabled])").count():
            return
        page.wait_for_timeout(200)
    raise AssertionError("the cards were never to be played")


def _play_cards(page: Any, play: Any, moves: int) -> list[list[Any]]:
    """Play `moves` cards of yours; return [[click time, [card events after it]], …]."""
    out: list[list[Any]] = []
    for _ in range(moves):
        mine = play.locator(".fht-play-me .fht-cards button:not([disabled])")
        if not mine.count():
            break
        before = page.evaluate("window.__fhtCards.length")
        clicked = page.evaluate("performance.now()")
        mine.first.click()
        play.locator(".fht-play-me .fht-cards button:not([disabled]), .fht-play-result").first.wait_for(timeout=180000)
        out.append([clicked, page.evaluate("(n) => window.__fhtCards.slice(n)", before)])
    return out


def _gaps(me: int, players: int, moves: list[list[Any]], card_ms: float, trick_ms: float) -> list[str]:
    """What is wrong with the pace (empty when right)."""
    trouble: list[str] = []
    for clicked, events in moves:
        if not events:
            trouble.append("a click put no card on the table")
            continue
        seat, card, at, *_ = events[0]
        if seat != me:
            trouble.append(f"the first card after your click was not yours: {events[0]}")
        if at - clicked > AT_ONCE_MS:
            trouble.append(f"your {card} appeared {at - clicked:.0f} ms after the click (not at once)")
        for (s1, c1, t1, n1, _w1, *k1), (s2, c2, t2, _n2, w2, *k2) in itertools.pairwise(events):
            if k1 != k2 and not w2 and n1 < players:  # (after a full trick: its winner was shown)
                trouble.append(f"the tricks taken changed when {c2} came, before the trick's winner was shown")
            finished = n1 == players
            want = trick_ms * 0.8 if finished else card_ms * 0.66
            if t2 - t1 < want:
                what = "after a finished trick" if finished else "between cards"
                trouble.append(f"{c2} came {t2 - t1:.0f} ms after {c1} ({what}; at least {want:.0f} ms)")
            if s2 == s1 and not finished:
                trouble.append(f"the same seat played twice in a row: {c1}, {c2}")
    return trouble


# The pace is the widget's clock, the same at any width; the phone layout of the same play is
# walked through by tests/ui/test_play_bots_journey.py.
@pytest.mark.parametrize("size", ["desktop"])
def test_the_bots_cards_come_one_at_a_time_at_a_readable_pace(built_book: Any, browser: Any, size: str) -> None:
    page, problems = open_page(browser, built_book.url(TRICKS), viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared
    play = page.locator(".fht-play")
    # the first request waits for the engine to start: one line in a learner's words, next to the buttons
    play.locator(".fht-play-calls button").first.click()
    line = play.locator(".fht-live-status.fht-live-asking")
    line.wait_for(state="visible", timeout=20000)
    words = line.inner_text()
    assert "the first time takes a few seconds" in words and "engine" not in words.lower(), words
    box = line.bounding_box()
    assert (
        box is not None and box["height"] > 10 and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] + 1
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    line.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"bots-first-wait-{size}.png"))
    _to_the_cards(page, play)
    assert line.count() == 0 or not line.is_visible()  # nothing left to say once it answered
    me = int(play.locator(".fht-play-me").get_attribute("data-seat") or 0)
    players = play.locator(".fht-seat").count()
    play.evaluate(WATCH)
    normal = _play_cards(page, play, 4)
    assert sum(len(e) for _, e in normal) >= 4, normal
    trouble = _gaps(me, players, normal, CARD_MS, TRICK_MS)
    assert not trouble, "\n".join(trouble)
    page.screenshot(path=str(ARTIFACTS / f"bots-pace-{size}.png"))
    # the stronger bots think longer: your card is on the table at once all the same
    if play.locator(".fht-play-result").count() == 0:
        play.locator(".fht-level").select_option("strong")
        play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=180000)
        strong = _play_cards(page, play, 1)
        trouble = _gaps(me, players, strong, CARD_MS, TRICK_MS)
        assert not trouble, "\n".join(trouble)
        play.locator(".fht-level").select_option("easy")
        play.locator(".fht-new-deal:not([disabled])").wait_for(timeout=180000)
    # the faster setting: still one card at a time, sooner
    if play.locator(".fht-play-result").count() == 0:
        play.locator(".fht-speed").select_option("fast")
        fast = _play_cards(page, play, 3)
        trouble = _gaps(me, players, fast, FAST_CARD_MS, 600)
        assert not trouble, "\n".join(trouble)
        gap = [b[2] - a[2] for _, e in fast for a, b in itertools.pairwise(e) if a[3] < players]
        slow = [b[2] - a[2] for _, e in normal for a, b in itertools.pairwise(e) if a[3] < players]
        if gap and slow:
            assert min(gap) < min(slow), (gap, slow)
    # "each trick stays until Continue": a finished trick waits for the learner, keyboard on Continue
    if play.locator(".fht-play-result").count() == 0:
        play.locator(".fht-speed").select_option("wait")
        play.locator(".fht-play-me .fht-cards button:not([disabled])").first.click()
        held = play.locator(".fht-continue-trick")
        held.wait_for(timeout=60000)  # every trick ends between two cards of yours
        page.wait_for_timeout(TRICK_MS * 2)  # longer than any pause
        assert held.is_visible() and play.locator(".fht-trick .fht-won").count() == 1
        assert page.evaluate("document.activeElement?.classList.contains('fht-continue-trick')")
        page.keyboard.press("Enter")
        play.locator(".fht-play-me .fht-cards button:not([disabled]), .fht-play-result").first.wait_for(timeout=60000)
    problems.assert_clean(f"the bots' pace at {size}")
    page.context.close()


def test_the_pace_check_can_fail() -> None:
    """A whole trick at once, a late card of yours, a finished trick cleared at once: all caught."""
    at_once = [[0.0, [[0, "AS", 50.0, 1, False], [1, "KS", 60.0, 2, False], [2, "QS", 70.0, 3, False]]]]
    assert len(_gaps(0, 4, at_once, CARD_MS, TRICK_MS)) == 2
    late = [[0.0, [[0, "AS", 3000.0, 1, False], [1, "KS", 3600.0, 2, False]]]]
    assert _gaps(0, 4, late, CARD_MS, TRICK_MS) == ["your AS appeared 3000 ms after the click (not at once)"]
    won_and_led = [[0.0, [[0, "AS", 50.0, 4, True], [0, "KS", 1700.0, 1, False]]]]
    assert _gaps(0, 4, won_and_led, CARD_MS, TRICK_MS) == []  # the winner of a trick leads the next
    cleared = [[0.0, [[0, "AS", 50.0, 4, True], [1, "KS", 700.0, 1, False]]]]
    assert "after a finished trick" in _gaps(0, 4, cleared, CARD_MS, TRICK_MS)[0]
    told_early = [[0.0, [[0, "AS", 50.0, 1, False, 0], [1, "KS", 700.0, 2, False, 1]]]]
    assert "before the trick's winner was shown" in _gaps(0, 4, told_early, CARD_MS, TRICK_MS)[0]
    counted_on_time = [[0.0, [[0, "QS", 50.0, 3, False, 0], [1, "JS", 700.0, 4, True, 1]]]]
    assert _gaps(0, 4, counted_on_time, CARD_MS, TRICK_MS) == []
    first_bot = [[0.0, [[1, "KS", 50.0, 1, False]]]]
    assert "not yours" in _gaps(0, 4, first_bot, CARD_MS, TRICK_MS)[0]
