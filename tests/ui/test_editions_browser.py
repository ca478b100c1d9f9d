"""The Polish and Italian editions in Chromium (fivehundred_tutor/bookbuild/editions.py), at 1280 and 390 px.

Chapter 1 of the Polish edition says ``lang="pl"``; its switcher is seen, takes the reader to the same
chapter in Italian and from there back to the Polish chapter; and no paragraph, heading or list item of
the page reads as an English sentence (an allow-list of names the page keeps: JupyterLab's own menus,
commands).  The tests' build makes the editions as the README's book command does (tests/support/book.py); only a run
that chose fewer (``FIVEHUNDRED_EDITIONS=`` empty) skips these tests, and says so.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.book import edition_codes
from tests.support.browser import open_page
from tests.support.paths import BOOK

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
    missing = [code for code in ("pl", "it") if not (built_book.html / code / CHAPTER).exists()]
    if missing and set(missing) - set(edition_codes(BOOK)):
        pytest.skip(f"this run's build leaves out the {', '.join(missing)} edition (FIVEHUNDRED_EDITIONS)")
    assert not missing, f"the build made no {', '.join(missing)} edition: {built_book.result.output[-3000:]}"
    return built_book


@pytest.mark.parametrize("size", list(SIZES))
def test_the_polish_chapter_is_polish_and_the_switcher_goes_to_italian_and_back(
    editions_html: Any, browser: Any, size: str
) -> None:
    page, problems = open_page(browser, editions_html.url(f"pl/{CHAPTER}"), viewport=SIZES[size])
    assert page.evaluate("document.documentElement.lang") == "pl"
    # the themes' own words too (a keyboard's first stop, tooltips, the colour button): none left in English
    chrome = page.evaluate(CHROME)
    assert chrome == {
        "skip": "Przejdź do treści",
        "sidebar": "Pokaż lub ukryj panel boczny",
        "mode": "Tryb kolorów",
        "top": "Do góry",
    }, chrome
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


#: the themes' words a reader meets: the skip link, the sidebar button's tooltip, the colour button, "back to top"
CHROME = """() => ({
  skip: document.querySelector('#pst-skip-link a')?.textContent.trim(),
  sidebar: document.querySelector('button.primary-toggle.btn')?.getAttribute('aria-label'),
  mode: document.querySelector('.theme-switch-button')?.getAttribute('aria-label'),
  top: document.querySelector('#pst-back-to-top')?.textContent.trim(),
})"""


#: what a learner reads on a page: the prose, and the widgets' words (buttons, labels, hints, verdicts shown)
SEEN = """() => [...document.querySelectorAll(
    'article.bd-article :is(p, li, h1, h2, h3, dd, th, td, figcaption), .fht-root :is(button, label, summary, legend, .fht-label, .fht-hint, .fht-prompt)')]
  .filter((e) => e.offsetParent !== null && !e.closest('pre, code, .cell_input, .fht-editions'))
  .filter((e) => ![...e.children].some((c) => c.matches('p, li, div, ul, ol, table')))
  .map((e) => e.innerText.trim()).filter(Boolean)"""


def _edition_pages() -> list[str]:
    from fivehundred_tutor.bookbuild import editions

    return [f"{code}/{page}.html" for code in editions.languages() for page in editions.pages()]


@pytest.mark.parametrize("path", _edition_pages())
def test_every_page_of_each_edition_reads_in_its_language(editions_html: Any, browser: Any, path: str) -> None:
    """Every page of the Polish and Italian editions, widgets drawn: no block a learner sees reads as English,
    ``lang`` is the edition's, and the page does not scroll sideways on a phone."""
    code = path.split("/")[0]
    page, problems = open_page(browser, editions_html.url(path), viewport=SIZES["phone"])
    page.wait_for_timeout(300)  # the widgets draw after the page's scripts run
    assert page.evaluate("document.documentElement.lang") == code
    texts = page.evaluate(SEEN)
    assert texts, path
    english = [t for t in texts if _english(t)]
    assert not english, english[:5]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= SIZES["phone"]["width"]
    problems.assert_clean(path)
    page.context.close()
