"""The Polish and Italian editions in Chromium (fivehundred_tutor/bookbuild/editions.py), at 1280 and 390 px.

Chapter 1 of the Polish edition says ``lang="pl"``; its switcher is seen, takes the reader to the same
chapter in Italian and from there back to the Polish chapter; and no paragraph, heading or list item of
the page reads as an English sentence (an allow-list of names the page keeps: JupyterLab's own menus,
commands).  Needs a book built with its editions (``FIVEHUNDRED_EDITIONS=pl,it`` or ``book build --editions
all``): the default build is English only, and these tests say so and skip (tests/book/test_editions.py
checks the same pages' sources without a build).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.browser import open_page

pytestmark = pytest.mark.browser

CHAPTER = "chapters/01-how-to-use.html"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
#: English words a Polish or Italian sentence does not use; two of them in a block make it English
ENGLISH = re.compile(r"\b(the|and|of|with|you|your|this|that|are|for|from|which|when|what)\b", re.IGNORECASE)
#: names the translated page keeps in English: JupyterLab's menus, the engine's class names, commands
ALLOWED = ("Open With → Jupytext Notebook", "Run → Run All Cells")

TEXTS = """() => [...document.querySelectorAll('article.bd-article :is(p, li, h1, h2, h3, dd, th, td)')]
  .filter((e) => e.offsetParent !== null && !e.closest('pre, code, .cell_input, .fht-editions'))
  .map((e) => e.innerText.trim()).filter(Boolean)"""


def _english(text: str) -> bool:
    for name in ALLOWED:
        text = text.replace(name, "")
    text = re.sub(r"`[^`]*`|\S*[/.]\S*", " ", text)  # commands, file names
    return len(ENGLISH.findall(text)) >= 2


@pytest.fixture(scope="module")
def editions_html(built_book: Any) -> Any:
    if not (built_book.html / "pl" / CHAPTER).exists() or not (built_book.html / "it" / CHAPTER).exists():
        pytest.skip("the book was built without its editions (book build --editions all)")
    return built_book


@pytest.mark.parametrize("size", list(SIZES))
def test_the_polish_chapter_is_polish_and_the_switcher_goes_to_italian_and_back(
    editions_html: Any, browser: Any, size: str
) -> None:
    page, problems = open_page(browser, editions_html.url(f"pl/{CHAPTER}"), viewport=SIZES[size])
    assert page.evaluate("document.documentElement.lang") == "pl"
    texts = page.evaluate(TEXTS)
    assert len(texts) > 20, texts
    english = [t for t in texts if _english(t)]
    assert not english, english
    switch = page.locator("nav.fht-editions")
    assert switch.get_attribute("aria-label") == "Język"
    assert switch.locator('[aria-current="page"]').inner_text() == "Polski"
    italian = switch.get_by_role("link", name="Italiano")
    assert italian.is_visible() and italian.bounding_box()["height"] >= 43.5  # a touch target
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES[size]["width"]
    italian.click()
    page.wait_for_url(f"**/it/{CHAPTER}")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert page.locator("article.bd-article h1").inner_text().startswith("Come usare questo libro")
    page.locator("nav.fht-editions").get_by_role("link", name="Polski").click()
    page.wait_for_url(f"**/pl/{CHAPTER}")
    assert page.locator("article.bd-article h1").inner_text().startswith("Jak korzystać z tej książki")
    page.locator("nav.fht-editions").get_by_role("link", name="English").click()
    page.wait_for_url(f"**/{CHAPTER}")
    assert "/pl/" not in page.url and page.evaluate("document.documentElement.lang") == "en"
    problems.assert_clean(f"pl/{CHAPTER}")
    page.context.close()
