"""The puzzle trainer's theme picker (learner trial 28): after choosing *Theme drill* no theme looks chosen — the
one under the pointer is not outlined like the choice made — only the theme chosen is marked, the keyboard focus
stays on the control used (not the first of its row) and its focus ring is visible.  Kernel-less page, 1280 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.myst import myst_notebook

NOTEBOOK = myst_notebook(
    "Themes",
    """from fivehundred_tutor.widgets import PuzzleTrainer
PuzzleTrainer(size=20, levels=False)""",
)


@pytest.fixture(scope="module")
def page_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.browser import render_notebook_to_html

    folder = tmp_path_factory.mktemp("themes")
    source = folder / "themes.md"
    source.write_text(NOTEBOOK, encoding="utf-8")
    return render_notebook_to_html(source, folder / "out")


def _look(button: Any) -> dict[str, str]:
    return button.evaluate(
        "b => { const s = getComputedStyle(b); return {border: s.borderTopColor, shadow: s.boxShadow, "
        "outline: s.outlineStyle + ' ' + s.outlineWidth}; }"
    )


@pytest.mark.browser
def test_only_the_chosen_theme_is_marked(page_html: Path) -> None:
    from tests.support.browser import launch_chromium, open_page, serve_directory

    with launch_chromium() as browser, serve_directory(page_html.parent) as base:
        page, problems = open_page(browser, base + page_html.name, viewport={"width": 1280, "height": 900})
        root = page.locator(".fht-puzzles").first
        root.wait_for()
        drill = root.locator("button[data-mode='theme']")
        drill.focus()
        page.keyboard.press("Enter")
        themes = root.locator(".fht-pz-themes button")
        themes.first.wait_for()
        assert page.evaluate("() => document.activeElement?.dataset?.mode") == "theme", "focus stays on Theme drill"
        plain = _look(themes.nth(2))
        themes.first.hover()
        hovered = _look(themes.first)
        assert hovered["border"] == plain["border"], (hovered, plain)
        assert root.locator(".fht-pz-themes button[aria-pressed='true']").count() == 0
        themes.nth(1).click()
        chosen = root.locator(".fht-pz-themes button[aria-pressed='true']")
        assert chosen.count() == 1
        page.mouse.move(0, 0)
        marked = [i for i in range(themes.count()) if _look(themes.nth(i))["shadow"] != "none"]
        assert marked == [1], marked
        # the keyboard: the focus ring shows on a theme reached with Tab
        themes.nth(3).focus()
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        ring = _look(themes.nth(3))
        assert ring["outline"].startswith("solid") and not ring["outline"].endswith(" 0px"), ring
        problems.assert_clean()
        page.context.close()


@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_a_drill_under_way_shows_its_theme_in_one_line(page_html: Path, width: int) -> None:
    """Trial 28b: the 20-odd theme buttons stayed above the puzzle of a drill.  Once a puzzle of the drill is on, one
    line says the theme, with *Change theme*, seen on screen; the puzzle's hand is nearer the top than the list was."""
    from tests.support.browser import assert_seen, launch_chromium, open_page, serve_directory

    shots = Path(__file__).resolve().parents[2] / "test-artifacts" / "puzzles"
    shots.mkdir(parents=True, exist_ok=True)
    with launch_chromium() as browser, serve_directory(page_html.parent) as base:
        page, problems = open_page(browser, base + page_html.name, viewport={"width": width, "height": 844})
        root = page.locator(".fht-puzzles").first
        root.wait_for()
        root.locator("button[data-mode='theme']").click()
        themes = root.locator(".fht-pz-themes")
        list_height = themes.bounding_box()["height"]
        chosen = themes.locator("button").first
        name = chosen.inner_text()
        chosen.click()
        root.locator(".fht-pz-next").first.click()
        line = root.locator(".fht-pz-theme-chosen")
        assert_seen(page, line, min_height=10)
        assert line.inner_text().replace("\n", " ").startswith(f"Theme: {name}."), line.inner_text()
        assert themes.count() == 0
        assert line.bounding_box()["height"] < list_height
        change = line.get_by_role("button", name="Change theme")
        assert change.is_visible()
        page.screenshot(path=str(shots / f"drill-line-{width}.png"))
        change.focus()
        page.keyboard.press("Enter")
        assert_seen(page, root.locator(".fht-pz-themes"), min_height=10, rows="top")
        assert page.evaluate("() => document.activeElement?.getAttribute('aria-pressed')") == "true"
        assert root.locator(".fht-pz-prompt").count() == 1, "the puzzle stays while the list is open"
        problems.assert_clean()
        page.context.close()
