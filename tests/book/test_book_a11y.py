"""Accessibility audit of the built book with axe-core (npm, injected from the local file).

Every page of the table of contents, in the light and the dark colour scheme, after its widgets
rendered.  Every violation is reported (a table at the end of the run, and in
``test-artifacts/axe/``); serious and critical ones fail the test.  The goal is 0 of any kind:
the stock theme's own issues are fixed by the overrides in ``book/_templates``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.browser import axe_table, open_page, run_axe, toc_pages, wait_for_widgets

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "axe"
FAILING = {"serious", "critical"}
PAGES = toc_pages()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("page", PAGES)
def test_axe_finds_no_serious_violations(built_book, browser, page, scheme):
    tab, _problems = open_page(browser, built_book.url(page), color_scheme=scheme)
    try:
        wait_for_widgets(tab)
        violations = run_axe(tab)
    finally:
        tab.context.close()
    rows = [(f"{scheme}:{page}", v) for v in violations]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{scheme}-{page.replace('/', '__')}.json").write_text(json.dumps(rows, indent=1))
    if rows:
        print(axe_table(rows))
    serious = [(w, v) for w, v in rows if v["impact"] in FAILING]
    details = "\n".join(
        f"  {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(n["html"] for n in v["nodes"][:3])
        for _, v in serious
    )
    assert not serious, f"axe-core: serious/critical violations on {page} ({scheme}):\n{axe_table(serious)}\n{details}"


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
