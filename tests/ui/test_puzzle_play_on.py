"""A level problem played on, as a learner meets it in a kernel-less page: the first card right, the replies on
the table and in words, the next decision of the same hand, a wrong card there (its verdict, the solver's line after
it), Try again, and the problem right at its last step but not solved (a card on its way was not the best); at
1280 px (light) and 390 px (dark), keyboard and clicks, a clean console.  Screenshots go to ``test-artifacts/puzzles``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.myst import myst_notebook

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "puzzles"
NOTEBOOK = myst_notebook(
    "Problem sets",
    """from fivehundred_tutor.widgets import PuzzleTrainer
PuzzleTrainer("Problem sets A–E", mode="levels")""",
)
_NO_JP = "<style>* { --jp-layout-color1: initial; --jp-ui-font-color1: initial; --jp-layout-color2: initial; --jp-border-color1: initial; --jp-brand-color1: initial; }</style>"


def _target() -> tuple[list[str], str, list[dict[str, Any]]]:
    """Level A's first problem that plays on past two decisions of plain cards (no 2-player table card, no joker
    naming a suit): the ids before it, its id, and its way: per decision the best card the test plays and a wrong
    card (the first step's wrong card unused)."""
    from fivehundred_tutor.puzzles import load_bank
    from fivehundred_tutor.puzzles.sets import level_sets
    from fivehundred_tutor.puzzles.steps import level_steps

    found = level_steps()
    problems = level_sets(load_bank())["A"]
    for i, puzzle in enumerate(problems):
        nodes = found[puzzle.id]["nodes"]
        if not nodes[0]["next"]:
            continue  # a call or a discard: one decision
        way, index = [], 0
        while True:
            node = nodes[index]
            values = puzzle.values if index == 0 else node["values"]
            best = puzzle.best_codes if index == 0 else node["best"]
            wrong = next((c for c in values if c not in best), None)
            way.append({"best": node["own"], "wrong": wrong})
            nxt = node["next"][node["own"]]["node"]
            if nxt is None:
                break
            index = nxt
        codes = [s for w in way for s in (w["best"], w["wrong"] or "")]
        if len(way) >= 2 and not any(":" in c for c in codes):
            return [p.id for p in problems[:i]], puzzle.id, way
    raise AssertionError("level A has no problem that plays on with plain cards")


@pytest.fixture(scope="module")
def page_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.browser import render_notebook_to_html

    folder = tmp_path_factory.mktemp("playon")
    source = folder / "levels.md"
    source.write_text(NOTEBOOK, encoding="utf-8")
    return render_notebook_to_html(source, folder / "out")


@pytest.mark.browser
@pytest.mark.parametrize("width,scheme", [(1280, "light"), (390, "dark")])
def test_a_level_problem_plays_on(page_html: Path, width: int, scheme: str) -> None:
    from tests.support.browser import assert_seen, launch_chromium, open_page, serve_directory

    before, target, way = _target()
    SHOTS.mkdir(parents=True, exist_ok=True)
    record = {
        "rating": {"rating": 1500, "deviation": 350, "volatility": 0.06},
        "history": [],
        "tries": {pid: {"first": True, "solved": True} for pid in before},
        "streak": {"current": 0, "best": 0},
    }
    with launch_chromium() as browser, serve_directory(page_html.parent) as base:
        page, problems = open_page(
            browser, base + page_html.name, viewport={"width": width, "height": 900}, color_scheme=scheme
        )
        # the problems before the target solved already: the level offers the target next
        page.evaluate("r => localStorage.setItem('fht/v2:w:puzzle-trainer', JSON.stringify(r))", record)
        page.reload()
        if scheme == "dark":
            page.evaluate("html => document.head.insertAdjacentHTML('beforeend', html)", _NO_JP)
        root = page.locator(".fht-puzzles").first
        root.wait_for()
        start = root.locator(".fht-pz-start")
        start.focus()
        page.keyboard.press("Enter")
        total = len(way)
        missed = bool(way[1]["wrong"])
        for n, step in enumerate(way, 1):
            said = root.locator(".fht-pz-step")
            assert_seen(page, said, min_height=10)
            assert f"Decision {n} of" in said.inner_text()
            assert_seen(page, root.locator(".fht-pz-prompt"), min_height=10)
            hand = root.locator(".fht-pz-hand")
            assert_seen(page, hand, min_height=30, rows="top")
            verdict = root.locator(".fht-pz-verdict")
            if n == 2 and step["wrong"]:
                # a wrong card at a later step: its verdict says what the solver's line after it does
                root.locator(f".fht-pz-hand button[data-card='{step['wrong']}']").click()
                verdict.wait_for(state="visible")
                assert_seen(page, verdict, rows="top")
                text = verdict.inner_text()
                assert "Not the best" in text and "Best is" in text, text
                assert "costs" in text or "misère" in text, text
                page.screenshot(path=str(SHOTS / f"playon-wrong-{width}-{scheme}.png"))
                again = root.get_by_role("button", name="Try again")
                assert_seen(page, again, min_height=10)
                again.focus()
                page.keyboard.press("Enter")
                assert root.locator(".fht-pz-verdict").count() == 0
                assert f"Decision {n} of" in root.locator(".fht-pz-step").inner_text(), "Try again stays at the step"
            card = root.locator(f".fht-pz-hand button[data-card='{step['best']}']")
            if n == 1:
                card.focus()
                page.keyboard.press("Enter")
            else:
                card.click()
            verdict.wait_for(state="visible")
            assert_seen(page, verdict, rows="top")
            text = verdict.inner_text()
            assert "Right" in text, text
            # the trick the card went to, on the table, its winner marked; the replies in words
            trick = root.locator(".fht-trick-wrap").first
            assert_seen(page, trick, min_height=30)
            assert "Trick" in trick.inner_text() and "wins" in trick.inner_text(), trick.inner_text()
            # the card is on the table now, not in the hand as well (trial 28b)
            assert root.locator(f".fht-pz-hand [data-card='{step['best']}']").count() == 0
            if n < total:
                assert "The other players reply." in text, text
                page.screenshot(path=str(SHOTS / f"playon-step{n}-{width}-{scheme}.png"))
                onward = root.get_by_role("button", name="Your next card")
                assert_seen(page, onward, min_height=10)
                onward.focus()
                page.keyboard.press("Enter")
                root.locator(".fht-pz-hand button:not([disabled])").first.wait_for(state="visible")
            elif missed:
                # a wrong card on the way: right, but not solved (solved: every card played was the best)
                assert "Not solved yet" in text and "Solved:" not in text, text
                # why it ends here, said first (trial 28b: the problem stopped with no reason given)
                assert "The problem ends here:" in text, text
                assert root.get_by_role("button", name="Your next card").count() == 0
                page.screenshot(path=str(SHOTS / f"playon-missed-{width}-{scheme}.png"))
            else:
                assert "Solved:" in text, text
                assert root.get_by_role("button", name="Your next card").count() == 0
                page.screenshot(path=str(SHOTS / f"playon-solved-{width}-{scheme}.png"))
        saved = page.evaluate("() => localStorage.getItem('fht/v2:w:puzzle-trainer')")
        tries = json.loads(saved)["tries"][target]
        assert tries["solved"] is (not missed), tries
        assert tries["first"] is (not missed), tries
        levels = root.locator("button[data-level='A']")
        assert f"A \u00b7 {len(before) + (0 if missed else 1)}/" in levels.inner_text()
        problems.assert_clean()
        page.context.close()
