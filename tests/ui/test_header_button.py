"""The "Open in JupyterLab" button in a chapter's header at 1280 px: on one row with the theme's header icons
(download, full screen, colour mode), inside the header bar, which stays one row high and covers none of the
chapter.  At 390 px the header leaves it out (programmer chrome a reader does not need on a phone); at both
widths the chapter's last line links the same notebook.  Screenshots go to test-artifacts/header/ (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import open_page

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "header"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
CHAPTER = "chapters/07-playing-tricks.html"

BOXES = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const bar = document.querySelector('.bd-header-article');
  const icons = [...bar.querySelectorAll('.article-header-buttons .btn, .article-header-buttons button')]
    .filter((e) => e.offsetParent !== null && !e.closest('.fht-lite-button'));
  return {bar: box(bar), lite: box(bar.querySelector('.fht-lite-button')), icons: icons.map(box),
          title: box(document.querySelector('.bd-article h1'))};
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_open_in_jupyterlab_sits_on_the_header_row_and_ends_the_chapter(
    built_book: Any, browser: Any, size: str
) -> None:
    page, problems = open_page(browser, built_book.url(CHAPTER), viewport=SIZES[size])
    lite = page.locator(".fht-lite-button")
    footer = page.locator(".fht-lite-footer-link")
    # the chapter's last line links the same notebook at every width (on a phone, the only way to it)
    footer.scroll_into_view_if_needed()
    assert footer.is_visible() and "JupyterLab" in footer.inner_text()
    assert footer.get_attribute("href") == lite.get_attribute("href")
    link = footer.bounding_box()
    assert link is not None and link["height"] >= 43.5 and link["x"] + link["width"] <= SIZES[size]["width"] + 1, link
    page.evaluate("window.scrollTo(0, 0)")
    b = page.evaluate(BOXES)
    bar = b["bar"]
    assert bar["h"] <= 64, f"the header grew to {bar['h']:.0f} px (a second row)"
    assert b["icons"], "the theme's header icons are missing"
    assert b["title"]["y"] >= bar["y"] + bar["h"] - 1, "the header covers the chapter's title"
    if size == "phone":
        # programmer chrome a reader does not need on a phone (issue 30): the header keeps the theme's icons
        assert lite.is_hidden()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES[size]["width"]
        for target in b["icons"]:
            assert target["w"] >= 43.5 and target["h"] >= 43.5, f"a touch target under 44 px: {target}"
    else:
        assert lite.is_visible()
        assert lite.get_attribute("aria-label") == "Open in JupyterLab"
        assert lite.inner_text().strip() == "Open in JupyterLab"
        button = b["lite"]
        assert button["y"] >= bar["y"] - 1 and button["y"] + button["h"] <= bar["y"] + bar["h"] + 1, (button, bar)
        assert button["x"] >= 0 and button["x"] + button["w"] <= SIZES[size]["width"], button
        middle = button["y"] + button["h"] / 2
        for icon in b["icons"]:
            assert abs(icon["y"] + icon["h"] / 2 - middle) <= 8, f"not on one row: {icon} vs {button}"
            overlap = min(icon["x"] + icon["w"], button["x"] + button["w"]) - max(icon["x"], button["x"])
            assert overlap <= 0, f"the button lies over an icon: {icon} vs {button}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(ARTIFACTS / f"header-{size}.png"), clip={"x": 0, "y": 0, "width": SIZES[size]["width"], "height": 160}
    )
    footer.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"footer-{size}.png"))
    problems.assert_clean(f"the header at {size}")
    page.context.close()
