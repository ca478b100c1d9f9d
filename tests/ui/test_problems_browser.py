"""The play-problem widget in a kernel-less page (as in the built book): keyboard, words, verdicts, clean console."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.myst import myst_notebook

NOTEBOOK = myst_notebook(
    "Problem",
    """from fivehundred_tutor.widgets.problem import PlayProblem
PlayProblem({"library": "10-ending-name-the-suit"})""",
)


@pytest.mark.browser
def test_problem_widget_offline(tmp_path: Path) -> None:
    from tests.support.browser import launch_chromium, open_page, render_notebook_to_html, run_axe, serve_directory

    source = tmp_path / "problem.md"
    source.write_text(NOTEBOOK, encoding="utf-8")
    html = render_notebook_to_html(source, tmp_path / "out")
    with launch_chromium() as browser, serve_directory(html.parent) as base:
        page, problems = open_page(browser, base + html.name)
        page.wait_for_selector(".fht-problem")
        root = page.locator(".fht-problem")
        assert "You play North" in root.inner_text()
        # The joker nominations are buttons in words; the wrong one is judged from the saved verdicts.
        wrong = root.get_by_role("button", name="Joker, naming clubs")
        wrong.focus()
        page.keyboard.press("Enter")
        feedback = root.locator(".fht-verdict")
        feedback.wait_for(state="visible")
        text = feedback.inner_text()
        # a first miss: what the card cost, not the answer (issue 31, 6): Try again first, the answer on asking
        assert "costs 2 tricks" in text and "Joker (as ♠)" not in text, text
        assert root.locator(".fht-right-answer").count() == 0  # no card marked as the answer either
        focused = page.evaluate("() => document.activeElement && document.activeElement.textContent")
        assert focused == "Try again", focused
        shots = Path(__file__).resolve().parents[2] / "test-artifacts" / "problem"
        shots.mkdir(parents=True, exist_ok=True)
        feedback.screenshot(path=str(shots / "first-miss.png"))
        root.get_by_role("button", name="Show the answer").click()
        feedback.screenshot(path=str(shots / "answer-shown.png"))
        text = feedback.inner_text()
        assert "Joker (as ♠)" in text and "Better was" in text, text
        root.get_by_role("button", name="Keep this card and continue").click()
        # Next decision: North's Q♠ is a card button named in words.
        page.wait_for_selector(".fht-problem button[data-card='QS']:not([disabled])")
        root.get_by_role("button", name="Queen of spades").click()
        page.wait_for_function("document.querySelector('.fht-problem .fht-verdict').textContent.includes('Right')")
        violations = [v for v in run_axe(page) if any(".fht-" in str(n.get("target")) for n in v.get("nodes", []))]
        assert violations == [], violations
        problems.assert_clean()
        page.context.close()
