"""The puzzle trainer as a learner meets it in a kernel-less page (the built book): a puzzle as the
seat sees it, one card by click or keyboard, a visible verdict that teaches, the best line replayed,
the rating and streak kept across a reload, the levels opening in order; at 1280 and 390 px, in
light and dark mode, with a clean console.  Screenshots go to ``test-artifacts/puzzles``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.myst import myst_notebook

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "puzzles"
NOTEBOOK = myst_notebook(
    "Puzzles",
    """from fivehundred_tutor.widgets import PuzzleTrainer
PuzzleTrainer(size=10, levels=False)""",
    'PuzzleTrainer("Problem sets A–E", mode="levels")',
    'PuzzleTrainer("Bidding", mode="drill", drill="bidding", size=4)',
    'PuzzleTrainer("Kitty", mode="drill", drill="kitty", size=4)',
)


_NO_JP = "<style>* { --jp-layout-color1: initial; --jp-ui-font-color1: initial; --jp-layout-color2: initial; --jp-border-color1: initial; --jp-brand-color1: initial; }</style>"


@pytest.fixture(scope="module")
def page_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.browser import render_notebook_to_html

    folder = tmp_path_factory.mktemp("puzzles")
    source = folder / "puzzles.md"
    source.write_text(NOTEBOOK, encoding="utf-8")
    return render_notebook_to_html(source, folder / "out")


def _answer(page, root, *, keyboard: bool) -> str:  # type: ignore[no-untyped-def]
    """Play the first playable card (or joker choice, or call of a bidding puzzle); returns the verdict's text."""
    choice = root.locator(
        ".fht-pz-hand button:not([disabled]), .fht-pz-joker button, .fht-piles button, .fht-pz-calls button:not([disabled])"
    ).first
    choice.wait_for(state="visible")
    if keyboard:
        choice.focus()
        page.keyboard.press("Enter")
    else:
        choice.click()
    verdict = root.locator(".fht-pz-verdict")
    verdict.wait_for(state="visible")
    return str(verdict.inner_text())


@pytest.mark.browser
@pytest.mark.parametrize("width,scheme", [(1280, "light"), (390, "dark")])
def test_a_learner_solves_puzzles(page_html: Path, width: int, scheme: str) -> None:
    from tests.support.browser import assert_seen, launch_chromium, open_page, run_axe, serve_directory

    SHOTS.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser, serve_directory(page_html.parent) as base:
        page, problems = open_page(
            browser, base + page_html.name, viewport={"width": width, "height": 900}, color_scheme=scheme
        )
        if scheme == "dark":
            # a plain page (no JupyterLab colours): the widget follows the system's dark scheme
            page.evaluate("html => document.head.insertAdjacentHTML('beforeend', html)", _NO_JP)
        root = page.locator(".fht-puzzles").first
        root.wait_for()
        assert "Your rating: 1500" in root.inner_text()
        start = root.locator(".fht-pz-start")
        start.focus()
        page.keyboard.press("Enter")
        prompt = root.locator(".fht-pz-prompt")
        assert_seen(page, prompt, min_height=10)
        bidding = "Your call" in prompt.inner_text()
        kitty = "best discard" in prompt.inner_text()
        assert bidding or kitty or "which card is best?" in prompt.inner_text()
        hand = root.locator(".fht-pz-calls" if bidding else ".fht-pz-hand")
        assert_seen(page, hand, min_height=30, rows="top")
        # the keyboard lands on the hand: Enter plays a card
        text = _answer(page, root, keyboard=True)
        verdict = root.locator(".fht-pz-verdict")
        assert_seen(page, verdict, rows="top")
        assert "Rating 1500 \u2192" in text
        page.screenshot(path=str(SHOTS / f"verdict-{width}-{scheme}.png"))
        if "Not the best" in text:
            assert "costs" in text or "escape" in text or "contract" in text or "points less" in text
            root.get_by_role("button", name="Show the solution").click()
            assert "Best is" in root.locator(".fht-pz-verdict").inner_text()
        assert "Theme:" in root.locator(".fht-pz-verdict").inner_text()
        if not bidding and not kitty:
            root.get_by_role("button", name="Replay the best line").click()
            replay = root.locator(".fht-pz-replay")
            assert_seen(page, replay, rows="top")
            assert "The best line" in replay.inner_text()
            page.screenshot(path=str(SHOTS / f"replay-{width}-{scheme}.png"))
        # why the other cards lose: their verdicts, seen where the learner looks (trial 28b)
        others = root.locator(".fht-pz-others")
        if others.count():
            reasons = root.locator(".fht-pz-verdict .fht-verdict-reason")
            before = reasons.count()
            others.click()
            reasons.nth(before).wait_for()
            assert reasons.count() > before
            added = reasons.last
            added.scroll_into_view_if_needed()
            assert_seen(page, added, min_height=10)
            assert (
                "costs" in added.inner_text() or "points less" in added.inner_text() or "escape" in added.inner_text()
            )
            page.screenshot(path=str(SHOTS / f"others-{width}-{scheme}.png"))
        # more puzzles, by click: each gets a verdict
        solved_before = root.locator(".fht-pz-status").inner_text()
        for _ in range(3):
            root.get_by_role("button", name="Next puzzle").click()
            _answer(page, root, keyboard=False)
        # kept across a reload: the rating is not 1500 any more, the history shows
        status = root.locator(".fht-pz-status").inner_text()
        assert status != solved_before or "1500" not in status
        page.reload()
        if scheme == "dark":
            page.evaluate("html => document.head.insertAdjacentHTML('beforeend', html)", _NO_JP)
        root = page.locator(".fht-puzzles").first
        root.wait_for()
        assert root.locator(".fht-pz-status").inner_text() == status
        assert "Your rating over 4 puzzles" in root.locator(".fht-pz-stats summary").inner_text()
        # the levels: A open, B locked until A is mostly solved
        levels = page.locator(".fht-puzzles").nth(1)
        levels.scroll_into_view_if_needed()
        assert levels.get_by_role("button", name="A \u00b7").first.is_enabled()
        assert not levels.locator("button[data-level='B']").is_enabled()
        assert "(locked)" in levels.locator("button[data-level='B']").inner_text()
        page.screenshot(path=str(SHOTS / f"levels-{width}-{scheme}.png"), full_page=False)
        # a bidding puzzle (the drill): the hand, the auction, a call by keyboard, a verdict from the simulation
        drill = page.locator(".fht-puzzles").nth(2)
        drill.scroll_into_view_if_needed()
        drill.locator(".fht-pz-start").click()
        assert_seen(page, drill.locator(".fht-pz-bid-hand"), min_height=30, rows="top")
        assert_seen(page, drill.locator(".fht-pz-auction-box"), min_height=10)
        calls = drill.locator(".fht-pz-calls")
        assert_seen(page, calls, min_height=30, rows="top")
        assert (
            calls.get_attribute("aria-label") == "your call" and calls.get_by_role("button", name="Pass").count() == 1
        )
        said = _answer(page, drill, keyboard=True)
        assert_seen(page, drill.locator(".fht-pz-verdict"), rows="top")
        assert "% of the layouts" in said and "on average" in said, said
        if "Not the best" in said:
            assert "Best is" in said
        page.screenshot(path=str(SHOTS / f"bidding-{width}-{scheme}.png"))
        # a kitty puzzle (the drill): thirteen cards to choose from, one by keyboard, a verdict from the simulation
        drill = page.locator(".fht-puzzles").nth(3)
        drill.scroll_into_view_if_needed()
        drill.locator(".fht-pz-start").click()
        assert "best discard" in drill.locator(".fht-pz-prompt").inner_text()
        hand = drill.locator(".fht-pz-hand")
        assert_seen(page, hand, min_height=30, rows="top")
        assert hand.locator("button:not([disabled])").count() == 13
        assert "face down before the first lead" in drill.inner_text()
        said = _answer(page, drill, keyboard=True)
        assert_seen(page, drill.locator(".fht-pz-verdict"), rows="top")
        assert "% of the layouts" in said and "Best is to discard" in said, said
        page.screenshot(path=str(SHOTS / f"kitty-{width}-{scheme}.png"))
        violations = [v for v in run_axe(page) if any(".fht-" in str(n.get("target")) for n in v.get("nodes", []))]
        assert violations == [], violations
        problems.assert_clean()
        page.context.close()


@pytest.mark.browser
def test_the_live_book_serves_puzzles_from_the_whole_bank(built_book: Any, browser: Any) -> None:
    """Chapter 12b in the built book, live: the engine in the page (Pyodide) answers the trainer's
    'next puzzle' from the whole bank, puzzles the page did not save, each with a verdict; the
    drills and the levels keep to their saved sets.  Kept across a reload, in the one progress store."""
    import json
    import re

    from tests.support.browser import open_page, wait_for_widgets

    page_file = built_book.html / "chapters" / "12b-puzzle-trainer.html"
    state = re.search(
        r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>',
        page_file.read_text(encoding="utf-8"),
        re.S,
    )
    assert state, "chapter 12b has no saved widget state"
    saved = {
        card["id"]
        for m in json.loads(state.group(1))["state"].values()
        for card in m["state"].get("model", {}).get("puzzles", [])
    }
    assert len(saved) >= 80
    page, problems = open_page(browser, built_book.url("chapters/12b-puzzle-trainer.html"))
    wait_for_widgets(page)
    trainer = page.locator(".fht-puzzles").first
    trainer.locator(".fht-pz-start").click()
    answered: list[str] = []
    for _ in range(6):
        _answer(page, trainer, keyboard=False)
        record = page.evaluate(
            "() => Object.keys(localStorage).filter((k) => k.endsWith('puzzle-trainer')).map((k) => localStorage.getItem(k))"
        )
        assert len(record) == 1, record
        answered = list(json.loads(record[0])["tries"])
        if set(answered) - saved:
            break
        trainer.get_by_role("button", name="Next puzzle").click()
    assert page.evaluate("window.__fhtLive.status") == "live", page.evaluate("window.__fhtLive.text")
    assert set(answered) - saved, f"every puzzle came from the page's saved ones: {answered}"
    status = trainer.locator(".fht-pz-status").inner_text()
    page.reload()
    wait_for_widgets(page)
    assert page.locator(".fht-puzzles").first.locator(".fht-pz-status").inner_text() == status
    problems.assert_clean("chapter 12b, live")
    page.context.close()
