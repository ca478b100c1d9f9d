"""A fresh-eyes learner's findings in the built book, as they see it (Chromium, 390 px phone and 1280 px).

- The scoring chapter on a phone: the bot game's result is prose that wraps (it was a printed line cut off
  at the right edge); the chart counts whole hands (its x ticks were 0.5, 1.5 …); in the scoring quiz each
  side's label stays on the line of its box ("East–West" ended one line, its box began the next).
- Dark mode (and light): the cards of your hand that cannot be played yet keep a face and marks you can
  read (≥ 4.5:1; they were see-through grey, dark red on grey) and stay visibly yours; the quiz's score
  line reads at ≥ 4.5:1 too.
Screenshots go to test-artifacts/learner-findings/ (look at them).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.book import chapter_notebooks
from tests.support.browser import open_page, wait_for_widgets
from tests.support.paths import ARTIFACTS, BOOK

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "learner-findings"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def _luminance(colour: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+(?:\.\d+)?", colour)[:3])

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_helper() -> None:
    assert round(contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)")) == 21
    assert contrast("rgb(200, 16, 46)", "rgb(128, 128, 128)") < 3  # dark red on mid-grey: what the learner saw


def _open(browser: Any, built_book: Any, page: str, size: str, scheme: str = "light") -> tuple[Any, Any]:
    tab, problems = open_page(browser, built_book.url(page), viewport=SIZES[size], color_scheme=scheme)
    if scheme == "dark":  # the book's own switch, as a reader's click leaves it
        tab.evaluate("localStorage.setItem('theme', 'dark'); localStorage.setItem('mode', 'dark')")
        tab.wait_for_load_state("networkidle")  # a reload mid-request aborts it (the page's icon): not the book's fault
        tab.reload()
    wait_for_widgets(tab)
    return tab, problems


@pytest.mark.parametrize("size", list(SIZES))
def test_scoring_chapter_result_wraps_and_quiz_labels_stay_with_their_boxes(built_book: Any, browser: Any, size: str):
    tab, problems = _open(browser, built_book, "chapters/09-scoring.html", size)
    try:
        width = SIZES[size]["width"]
        result = tab.locator(".cell_output p").filter(has_text=re.compile(r"^Result:"))
        assert result.count() == 1, "the bot game's result is one line of prose"
        result.scroll_into_view_if_needed()
        assert result.is_visible() and result.evaluate("(e) => !e.closest('pre')")
        box = result.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert result.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), "the result line is cut off"
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(SHOTS / f"scoring-result-{size}.png"))

        quiz = tab.locator(".fht-quiz").first
        labels = quiz.locator(".fht-number label")
        assert labels.count() >= 2
        quiz.scroll_into_view_if_needed()
        for i in range(labels.count()):
            label = labels.nth(i)
            box_for = quiz.locator(f"input#{label.get_attribute('for')}")
            lb, ib = label.bounding_box(), box_for.bounding_box()
            assert lb is not None and ib is not None
            assert label.is_visible() and box_for.is_visible()
            # on one line: the label just left of its own box, their middles level
            assert abs((lb["y"] + lb["height"] / 2) - (ib["y"] + ib["height"] / 2)) < 8, (label.inner_text(), lb, ib)
            assert lb["x"] + lb["width"] <= ib["x"] + 1 and ib["x"] - (lb["x"] + lb["width"]) < 20, (lb, ib)
            assert ib["x"] + ib["width"] <= width, ib
        tab.screenshot(path=str(SHOTS / f"scoring-quiz-{size}.png"))
        problems.assert_clean("the scoring chapter")
    finally:
        tab.context.close()


def test_scoring_chart_counts_whole_hands() -> None:
    """The chart's cell run as the book runs it: every x tick is a whole hand."""
    import matplotlib

    matplotlib.use("Agg")
    import jupytext

    path = next(p for p in chapter_notebooks() if p.stem == "09-scoring")
    cells = [c for c in jupytext.read(path, fmt="md:myst").cells if c.cell_type == "code"]
    namespace: dict[str, Any] = {}
    chart = next(i for i, c in enumerate(cells) if "A bot game, hand by hand" in c.source)
    for cell in cells[: chart + 1]:  # the chapter's cells in order, up to the chart's (its imports come earlier)
        exec(cell.source, namespace)
    chart_source = cells[chart].source
    ax = namespace["ax"]
    lo, hi = ax.get_xlim()
    ticks = [t for t in ax.get_xticks() if lo <= t <= hi]
    assert len(ticks) >= 2 and all(float(t).is_integer() for t in ticks), ticks
    assert namespace["rules"] is not None and "Result" in chart_source and "print(" not in chart_source
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_hand_cards_that_cannot_be_played_yet_stay_readable_and_yours(built_book: Any, browser: Any, scheme: str):
    """The deal against the bots opens in the auction: no card of your hand can be played yet.  Each stays
    opaque (no see-through grey), its face a light card face, every mark on it ≥ 4.5:1, and it looks like a
    card of yours that waits (a dashed edge), not a greyed-out control."""
    tab, problems = _open(browser, built_book, "chapters/07-playing-tricks.html", "phone", scheme)
    try:
        hand = tab.locator(".fht-play .fht-play-me .fht-cards").first
        hand.scroll_into_view_if_needed()
        waiting = hand.locator("button.fht-card-btn[disabled]")
        assert waiting.count() >= 5, "the hand's cards wait for the auction"
        for i in range(waiting.count()):
            card = waiting.nth(i)
            assert card.is_visible()
            look = card.evaluate(
                """(b) => {
                  let opacity = 1;
                  for (let n = b; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
                  const face = getComputedStyle(b.querySelector('.fht-face'));
                  const ink = [...b.querySelectorAll('.fht-ink')].map((t) => getComputedStyle(t).fill);
                  return {opacity, face: face.fill, dash: face.strokeDasharray, ink, name: b.textContent};
                }"""
            )
            assert look["opacity"] == 1, look
            assert _luminance(look["face"]) > 0.7, look  # a light card face, in both schemes
            assert look["dash"] not in ("", "none"), look
            for ink in look["ink"]:
                assert contrast(ink, look["face"]) >= 4.5, (look["name"], ink, look["face"])
        SHOTS.mkdir(parents=True, exist_ok=True)
        hand.screenshot(path=str(SHOTS / f"hand-waiting-{scheme}.png"))
        problems.assert_clean(f"the bots' deal, {scheme}")
    finally:
        tab.context.close()


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_quiz_score_line_reads_clearly(built_book: Any, browser: Any, scheme: str):
    tab, problems = _open(browser, built_book, "chapters/09-scoring.html", "phone", scheme)
    try:
        score = tab.locator(".fht-quiz .fht-score").first
        score.scroll_into_view_if_needed()
        assert score.is_visible() and score.inner_text() == "No answers yet"
        colours = score.evaluate(
            """(e) => {
              let n = e, bg = 'rgba(0, 0, 0, 0)';
              while (n && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) { bg = getComputedStyle(n).backgroundColor; n = n.parentElement; }
              return {fg: getComputedStyle(e).color, bg, theme: document.documentElement.dataset.theme};
            }"""
        )
        assert colours["theme"] == scheme, colours
        assert contrast(colours["fg"], colours["bg"]) >= 4.5, colours
        SHOTS.mkdir(parents=True, exist_ok=True)
        tab.locator(".fht-quiz").first.screenshot(path=str(SHOTS / f"scoring-quiz-{scheme}.png"))
        problems.assert_clean(f"the score line, {scheme}")
    finally:
        tab.context.close()


def test_how_to_use_says_how_many_lines_the_example_has() -> None:
    """ "The same pictures come from one line of code" stood above three lines: the words count the lines of the
    visible code cell right after them."""
    import jupytext

    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
    nb = jupytext.read(BOOK / "chapters" / "01-how-to-use.md", fmt="md:myst")
    checked = 0
    for before, cell in zip(nb.cells, nb.cells[1:]):
        tags = cell.metadata.get("tags", [])
        if cell.cell_type != "code" or "hide-input" in tags or "remove-cell" in tags or before.cell_type != "markdown":
            continue
        said = re.findall(r"\b(one|two|three|four|five) lines?\b", before.source, re.I)
        assert said, f"the words before a visible code cell should say how long it is:\n{before.source[-200:]}"
        lines = [line for line in cell.source.splitlines() if line.strip()]
        assert words[said[-1].lower()] == len(lines), (said, lines)
        checked += 1
    assert checked >= 1
