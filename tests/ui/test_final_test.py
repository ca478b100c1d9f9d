"""The final test in the built book (chapter 15), in Chromium at 1280 and 390 px, the engine in the browser.

Part 2, the play test: a learner bids (passes) and plays the first deal to its end; the result of
the deal beside the bot's table and the test's number so far are on screen (seen, not only in
the DOM); the figures on screen are the engine's, recomputed here from the learner's actions as
the browser kept them; after a reload the result is still there, and the next deal is offered.
Part 1, the rules test: its quiz shows every question of the form and the pass mark is on the page.
Screenshots go to test-artifacts/final-test/ (look at them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]

from tests.support.browser import assert_seen, open_page, wait_for_widgets  # noqa: E402

pytestmark = pytest.mark.browser

PAGE = "chapters/15-final-test.html"
ARTIFACTS = TESTS.parent / "test-artifacts" / "final-test"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# The learner's one progress store (widgets/src/progress.js): a record per widget, "fht/v2:w:<id>".
KEPT = """() => {
  const out = {};
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key.startsWith("fht/v2:w:")) out[key.slice("fht/v2:w:".length)] = JSON.parse(localStorage.getItem(key));
  }
  return out;
}"""


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _kept_state(page: Any) -> dict[str, Any]:
    """The play test's state as the browser kept it with the learner's progress."""
    kept = page.evaluate(KEPT)
    records = [rec for key, rec in kept.items() if key.startswith("playtest#")]
    assert len(records) == 1, kept
    state: dict[str, Any] = records[0]["state"]
    return state


def _play_first_deal(page: Any, play: Any) -> None:
    """Pass in the auction and play the first card that may be played, to the end of the deal."""
    play.locator(".fht-speed").select_option("fast")
    ready = ".fht-play-result, .fht-play-calls button:not([disabled]), .fht-play-me .fht-cards button:not([disabled])"
    for _ in range(40):
        # the widget draws its root afresh after each change: locators, not element handles
        play.locator(ready).first.wait_for(timeout=180000)
        if play.locator(".fht-play-result").count():
            return
        calls = play.locator(".fht-play-calls button[data-choice='pass']:not([disabled])")
        cards = play.locator(".fht-play-me .fht-cards button:not([disabled])")
        if calls.count():
            calls.click()
        elif cards.count():
            cards.first.click()
        page.wait_for_timeout(300)  # the buttons go while the move is answered
    raise AssertionError("the deal never ended")


@pytest.mark.parametrize("size", list(SIZES))
def test_play_a_deal_see_the_result_and_keep_it(built_book: Any, browser: Any, size: str) -> None:
    from fivehundred_tutor import Deal, Rules
    from fivehundred_tutor.analysis.duplicate import graded_cards, replay
    from fivehundred_tutor.handlers.playtest import learner_actions

    page, problems = open_page(browser, built_book.url(PAGE), viewport=SIZES[size])
    declared, rendered = wait_for_widgets(page)
    assert declared and rendered == declared
    play = page.locator(".fht-root.fht-play").filter(has_text="Final test, part 2")
    assert play.count() == 1
    head = play.locator(".fht-playtest-deal")
    assert_seen(page, head, min_height=10)
    assert head.inner_text() == "Deal 1 of 4"
    # a test has no hint, no other deal, no level menu: every reader plays the same deals
    assert not play.locator(".fht-hint-btn, .fht-new-deal, .fht-level").count()
    _play_first_deal(page, play)

    result = play.locator(".fht-playtest-result")
    assert_seen(page, result, min_height=60, rows="top")
    text = result.inner_text()
    assert "Deal 1 of 4: how you did" in text
    assert "Your table:" in text and "The bot's table" in text
    number = play.locator(".fht-playtest-number")
    assert_seen(page, number, min_height=10)
    summary = number.inner_text()
    assert re.fullmatch(
        r"You lost [\d.]+ tricks? a deal to perfect play; the stronger bot in your seat lost [\d.]+ tricks? "
        r"on the same deal\.",
        summary,
    ), summary
    assert play.locator(".fht-playtest-next").inner_text() == "Deal 2 of 4"
    _shot(page, f"play-result-{size}")

    # the figures on screen are the engine's: the learner's actions, as the browser kept them, replayed
    state = _kept_state(page)
    test = state["test"]
    entry = test["deals"][0]
    seat = int(state["seat"])
    actions = [a for a in state["deal"]["actions"]]
    rules = Rules.from_dict(state["deal"]["rules"])
    mine = learner_actions(Deal.from_dict(state["deal"]), seat)
    deal = replay(rules, int(entry["seed"]), int(entry["dealer"]), seat, mine)
    assert [a.code for a in deal.history] == actions and deal.is_over
    lost = sum(g.loss for g in graded_cards(deal, seat))
    assert test["results"][0]["lost"] == lost and test["summary"]["lost"] == lost
    par_lost = int(entry["lost"])
    assert summary == (
        f"You lost {lost} trick{'' if lost == 1 else 's'} a deal to perfect play; the stronger bot in your seat "
        f"lost {par_lost} trick{'' if par_lost == 1 else 's'} on the same deal."
    ), (summary, lost, par_lost)

    # a reload: the result is still there, with the way on to the next deal
    page.reload()
    wait_for_widgets(page)
    play = page.locator(".fht-root.fht-play").filter(has_text="Final test, part 2")
    number = play.locator(".fht-playtest-number")
    number.wait_for(timeout=30000)
    assert_seen(page, number, min_height=10)
    assert number.inner_text() == summary
    assert play.locator(".fht-playtest-next").inner_text() == "Deal 2 of 4"
    assert "Deal 1 of 4: how you did" in play.locator(".fht-playtest-result").inner_text()
    _shot(page, f"play-kept-{size}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES[size]["width"]
    problems.assert_clean(f"the play test at {size}")
    page.context.close()


def test_the_rules_test_shows_its_form_and_pass_mark(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url(PAGE), viewport=SIZES["desktop"])
    wait_for_widgets(page)
    quiz = page.locator(".fht-root.fht-quiz").filter(has_text="Final test, part 1")
    assert quiz.count() == 1
    assert_seen(page, quiz, min_height=100, rows="top")
    body = page.locator("main").inner_text()
    found = re.search(r"Pass mark: (\d+) of (\d+) right at the first try", body)
    assert found, body[:2000]
    mark, total = int(found.group(1)), int(found.group(2))
    assert 0 < mark < total
    assert re.search(rf"The rules test asks {total} questions", body)
    # the quiz holds the form: as many questions as the page says
    header = quiz.inner_text()
    assert re.search(rf"\b1 of {total}\b|of {total}\b", header), header[:500]
    _shot(page, "rules-test-desktop")
    problems.assert_clean("the rules test")
    page.context.close()


@pytest.mark.jupyterlab
def test_the_play_test_in_jupyterlab_answers_from_the_kernel_and_keeps_the_result(tmp_path: Any) -> None:
    """A real JupyterLab: the kernel answers every move and grades the cards; the result stays with the
    learner's progress, so running the notebook again (a new widget, fresh from the kernel) shows it."""
    import nbformat

    from tests.support.browser import jupyterlab_server, launch_chromium

    work = tmp_path / "work"
    work.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            'from fivehundred_tutor.widgets import PlayTest\n\nPlayTest(deals=1, seed=15, title="Lab play test")'
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, work / "playtest.ipynb")

    def run_all(page: Any) -> Any:
        page.get_by_text("| Idle").first.wait_for(timeout=90_000)
        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        page.get_by_text("Run All Cells", exact=True).click()
        table = page.locator('.fht-root[aria-label="Lab play test"]')
        table.wait_for(timeout=120_000)
        return table

    with jupyterlab_server(work, tmp_path) as (base, token), launch_chromium() as browser:
        page, problems = open_page(browser, f"{base}/lab/tree/playtest.ipynb?token={token}", viewport=SIZES["desktop"])
        table = run_all(page)
        assert table.locator(".fht-playtest-deal").inner_text() == "Deal 1 of 1"
        _play_first_deal(page, table)
        number = table.locator(".fht-playtest-number")
        number.wait_for(timeout=30_000)
        summary = number.inner_text()
        assert summary.startswith("You lost ") and "on the same deal." in summary
        assert table.locator(".fht-playtest-again").is_visible()
        _shot(page, "lab-result")
        # the notebook run again: a new widget from the kernel's fresh state, the kept result restored over it
        page.reload()
        table = run_all(page)
        kept = table.locator(".fht-playtest-number")
        kept.wait_for(timeout=30_000)
        assert kept.inner_text() == summary
        _shot(page, "lab-kept")
        # the widget's own errors (JupyterLab's extensions log theirs: a JupyterLite plugin in this environment)
        ours = [e for e in problems.all() if any(w in e for w in ("fht", "fivehundred", "anywidget", "playtest"))]
        assert not ours, ours
        page.context.close()
