"""Accessibility audit of the built book with axe-core (npm, injected from the local file).

Every page of the table of contents, in the light and the dark colour scheme, after its widgets
rendered — served under a sub-path, as a site published at https://example.org/fivehundred/: so
each audit also checks that the page works from there (every widget drawn, no request failed or
left the prefix, no console error).  Every violation is reported (a table at the end of the run, and in
``test-artifacts/axe/``); serious and critical ones fail the test.  The goal is 0 of any kind:
the stock theme's own issues are fixed by the overrides in ``book/_templates``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.book import SUB_PATH
from tests.support.browser import axe_table, open_page, run_axe, serve_directory, toc_pages, wait_for_widgets

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "axe"
FAILING = {"serious", "critical"}
PAGES = toc_pages()


@pytest.mark.parametrize("page", PAGES)
def test_axe_finds_no_serious_violations(built_book, browser, page):
    """Each page loaded once and audited in the light scheme, then in the dark one (the theme follows
    the system's scheme as it changes, and so do the widgets)."""
    rows = []
    with serve_directory(built_book.html, prefix=SUB_PATH) as base:
        tab, problems = open_page(browser, base + page, color_scheme="light")
        try:
            declared, rendered = wait_for_widgets(tab)
            assert rendered == declared, f"{page}: {rendered} of {declared} widgets rendered under {SUB_PATH}"
            tab.wait_for_load_state("networkidle")
            problems.assert_clean(f"{page} under {SUB_PATH}")
            rows = _audit_both_schemes(tab, page)
        finally:
            tab.context.close()
    if rows:
        print(axe_table(rows))
    serious = [(w, v) for w, v in rows if v["impact"] in FAILING]
    details = "\n".join(
        f"  {w} {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(n["html"] for n in v["nodes"][:3])
        for w, v in serious
    )
    assert not serious, f"axe-core: serious/critical violations on {page}:\n{axe_table(serious)}\n{details}"


def _audit_both_schemes(tab, page):
    """axe-core's violations in the light scheme, then in the dark one; each saved as an artifact."""
    rows = []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        tab.emulate_media(color_scheme=scheme)
        tab.wait_for_function(f"() => document.documentElement.dataset.theme === '{scheme}'")
        found = [(f"{scheme}:{page}", v) for v in run_axe(tab)]
        (ARTIFACTS / f"{scheme}-{page.replace('/', '__')}.json").write_text(json.dumps(found, indent=1))
        rows += found
    return rows


def test_axe_audit_can_fail(built_book, browser):
    """The audit sees a real problem: an image without alt text added to a page."""
    tab, _problems = open_page(browser, built_book.url(PAGES[0]))
    try:
        tab.evaluate(
            """() => { const i = document.createElement('img');
                       i.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
                       document.querySelector('main').append(i); }"""
        )
        ids = {v["id"] for v in run_axe(tab)}
    finally:
        tab.context.close()
    assert "image-alt" in ids
