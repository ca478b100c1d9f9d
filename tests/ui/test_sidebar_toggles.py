"""The sidebar buttons a reader sees open their sidebars (a beginner's trial: on a phone the header's "☰" and
"contents" buttons only showed a tooltip, so the chapter list, the course marks and the page's contents were out
of reach; both themes bound their handlers to hidden copies — book/_assets/fivehundred-toggles.js).

On every chapter page at 390 px (English, and one page of each edition): "☰" opens the chapter list and the
contents button the page's contents, each on screen; at 1280 px "☰" folds the chapter list away and back.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import open_page, wait_for_widgets

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
VISIBLE_PRIMARY = "button.primary-toggle.btn"
VISIBLE_SECONDARY = "button.secondary-toggle.btn"


def _chapter_pages(html: Any) -> list[str]:
    pages = sorted(f"chapters/{p.name}" for p in (html / "chapters").glob("*.html"))
    pages += [f"{code}/chapters/01-how-to-use.html" for code in ("pl", "it") if (html / code / "chapters").is_dir()]
    return pages


def _opened(page: Any, modal: str) -> bool:
    return bool(page.evaluate(f"() => document.getElementById('{modal}')?.open"))


def test_the_sidebar_buttons_open_the_chapter_list_and_the_contents_on_a_phone(built_book: Any, browser: Any) -> None:
    pages = _chapter_pages(built_book.html)
    assert len(pages) >= 20, pages
    broken: list[str] = []
    for rel in pages:
        page, problems = open_page(browser, built_book.url(rel), viewport=PHONE)
        try:
            wait_for_widgets(page)
            menu = page.locator(VISIBLE_PRIMARY)
            assert menu.is_visible(), f"{rel}: no ☰ button on screen"
            menu.click()
            page.wait_for_function("() => document.getElementById('pst-primary-sidebar-modal')?.open", timeout=5000)
            chapters = page.locator("#pst-primary-sidebar-modal nav.bd-docs-nav a.reference").first
            if not chapters.is_visible():
                broken.append(f"{rel}: ☰ opened nothing a reader sees")
            page.keyboard.press("Escape")
            page.wait_for_function("() => !document.getElementById('pst-primary-sidebar-modal')?.open", timeout=5000)
            contents = page.locator(VISIBLE_SECONDARY)
            if contents.is_visible():
                contents.click()
                page.wait_for_function(
                    "() => document.getElementById('pst-secondary-sidebar-modal')?.open", timeout=5000
                )
                if not page.locator("#pst-secondary-sidebar-modal a").first.is_visible():
                    broken.append(f"{rel}: the contents button opened nothing a reader sees")
            problems.assert_clean(rel)
        finally:
            page.context.close()
    assert not broken, "\n".join(broken)


def test_the_menu_button_folds_the_chapter_list_on_a_laptop(built_book: Any, browser: Any) -> None:
    page, problems = open_page(browser, built_book.url("chapters/01-how-to-use.html"), viewport=DESKTOP)
    try:
        wait_for_widgets(page)
        sidebar = page.locator("#pst-primary-sidebar")
        assert sidebar.is_visible()
        page.locator(VISIBLE_PRIMARY).click()
        sidebar.wait_for(state="hidden", timeout=5000)
        assert not _opened(page, "pst-primary-sidebar-modal")
        page.locator(VISIBLE_PRIMARY).click()
        sidebar.wait_for(state="visible", timeout=5000)
        problems.assert_clean("chapters/01-how-to-use.html at 1280")
    finally:
        page.context.close()
