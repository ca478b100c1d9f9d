"""Replays that fit the screen (issue 30): every step of every saved replay in the built book, at
1280 × 800 and at 390 × 844, shows the step's comment, the trick and the learner's hand together on
one screen, with the step buttons (or, at a question, the question) beside them: scrolled so that
the first of them sits just under the page's sticky header, the last one's bottom is on screen.

"The learner's hand" is the hand a question asks to play from, else the seat drawn at the bottom of
the table (three players: the seat to move) (with its face-up table cards in the two-player game).  The replays are found in the
built pages' saved widget state, so a replay added to any chapter is measured too.  Screenshots of
the tightest step at each size go to test-artifacts/replay-fit/ (look at them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "replay-fit"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
REPLAY_MODEL = re.compile(r'"_fht_host":\{"kind":"replay"')

# Walk one replay from its start to its end (answering each question with "Show me"); at every step
# measure the span from the top of the first part a learner needs to the bottom of the last one.
# A redraw replaces the widget's root, so the root is found again through its host each time.
# With `stopAt` = a step number, stop there and scroll the parts just under the header (a screenshot).
WALK = """async (first, stopAt) => {
  const host = first.parentElement;
  const now = () => host.querySelector('.fht-replay');
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const stepText = () => now().querySelector('.fht-progress')?.textContent;
  const settle = async (done) => { for (let i = 0; i < 400 && !done(); i++) await sleep(5); };
  const box = (e) => e.getBoundingClientRect();
  const real = (e) => { if (!e) return false; const b = box(e); return b.width > 0 && b.height > 0; };
  const header = () => Math.max(0, ...[...document.querySelectorAll('.bd-header-article, .bd-header, header')]
    .filter((h) => ['sticky', 'fixed'].includes(getComputedStyle(h).position)).map((h) => box(h).bottom));
  const parts = () => {
    const replay = now();
    // the seat drawn at the bottom; a table without one (three players): the seat to move
    const bottom = replay.querySelector('.fht-area-bottom .fht-seat') || replay.querySelector('.fht-seat.fht-to-move');
    const found = {
      comment: replay.querySelector('.fht-comment'),
      trick: replay.querySelector('.fht-trick-wrap') || replay.querySelector('.fht-trick, .fht-trick-row'),
      hand: replay.querySelector('.fht-stop-hand') || (bottom && bottom.querySelector('.fht-cards')),
      piles: replay.querySelector('.fht-stop-hand') ? null : bottom && bottom.querySelector('.fht-piles'),
      question: replay.querySelector('.fht-stop-prompt'),
      buttons: replay.querySelector('.fht-nav'),
    };
    if (found.question) delete found.buttons;  // a question holds the step buttons: it is what the learner reads
    return Object.entries(found).filter(([, e]) => real(e));
  };
  const start = now().querySelector('.fht-start');
  if (start && !start.disabled) { const was = stepText(); start.click(); await settle(() => stepText() !== was); }
  const out = [];
  for (let step = 0; step < 400; step++) {
    const seen = parts();
    const top = Math.min(...seen.map(([, e]) => box(e).top));
    const bottom = Math.max(...seen.map(([, e]) => box(e).bottom));
    out.push({ step, span: Math.round(bottom - top), room: Math.round(innerHeight - header()),
      parts: seen.map(([k]) => k), title: now().querySelector('.fht-title, h3, h4')?.textContent || '' });
    if (step === stopAt) { window.scrollBy(0, top - header()); return out; }
    const show = now().querySelector('.fht-stop .fht-show');
    if (show) { show.click(); await settle(() => now().querySelector('.fht-stop .fht-verdict')); }
    const next = now().querySelector('.fht-forward');
    if (!next || next.disabled) break;
    const was = stepText();
    next.click();
    await settle(() => stepText() !== was);
  }
  return out;
}"""


def replay_pages(html: Path) -> dict[str, int]:
    """Built pages with saved replays: {page: number of replay models}."""
    found = {}
    for page in sorted(html.rglob("*.html")):
        if "_static" in page.parts or "lite" in page.relative_to(html).parts[:1]:
            continue
        count = len(REPLAY_MODEL.findall(page.read_text(encoding="utf-8")))
        if count:
            found[page.relative_to(html).as_posix()] = count
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_every_step_of_every_replay_fits_one_screen(built_book: Any, browser: Any, size: str) -> None:
    pages = replay_pages(built_book.html)
    assert sum(pages.values()) >= 10, f"the book's replays were not found: {pages}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    trouble: list[str] = []
    steps = 0
    tightest: tuple[float, str, int, int] = (0.0, "", 0, 0)
    for rel, models in pages.items():
        page, problems = open_page(browser, built_book.url(rel), viewport=SIZES[size])
        try:
            wait_for_widgets(page)
            replays = page.locator(".fht-replay")
            assert replays.count() >= models, f"{rel}: {models} replays saved, {replays.count()} drawn"
            for i in range(replays.count()):
                replays.nth(i).scroll_into_view_if_needed()
                walked = replays.nth(i).evaluate(WALK, -1)
                assert len(walked) > 10, f"{rel} replay {i + 1}: only {len(walked)} steps walked"
                # (in the auction no card is on the table yet: the play's steps have the trick and the hand)
                assert sum({"trick", "hand"} <= set(s["parts"]) for s in walked) > len(walked) // 3, (
                    f"{rel} replay {i + 1}: the trick and the hand were not found"
                )
                steps += len(walked)
                for s in walked:
                    if s["span"] > s["room"]:
                        trouble.append(
                            f"{rel} replay {i + 1} ({s['title']!r}) step {s['step']}: "
                            f"{', '.join(s['parts'])} need {s['span']} px, the screen has {s['room']}"
                        )
                    share = s["span"] / s["room"]
                    if share > tightest[0]:
                        tightest = (share, rel, i, s["step"])
            problems.assert_clean(f"{rel} at {size}")
        finally:
            page.context.close()
    assert steps > 300, steps
    # the tightest step, as a learner sees it
    _share, rel, i, step = tightest
    page, _ = open_page(browser, built_book.url(rel), viewport=SIZES[size])
    wait_for_widgets(page)
    page.locator(".fht-replay").nth(i).scroll_into_view_if_needed()
    page.locator(".fht-replay").nth(i).evaluate(WALK, step)
    page.screenshot(path=str(ARTIFACTS / f"tightest-{size}.png"))
    page.context.close()
    assert not trouble, f"{len(trouble)} of {steps} steps do not fit a {size} screen:\n" + "\n".join(trouble)
