"""``fivehundred-tutor lab --language pl`` in a real JupyterLab (issue 29: JupyterLab opens the chapter in the
reader's language): the Polish edition's first chapter opens, *Run All* runs it with no error (its hidden cells
assert the Polish prose against the engine, which must speak Polish in the kernel), and its quiz speaks Polish.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import jupyterlab_server, open_page
from tests.support.paths import BOOK, ROOT

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

CHAPTER = "chapters/01-how-to-use.md"


def test_the_polish_edition_opens_and_runs_in_polish(tmp_path: Path, browser: Any) -> None:
    work = tmp_path / "book"
    shutil.copytree(BOOK, work, ignore=shutil.ignore_patterns("_build", "node_modules", "_static_widgets"))

    def command(port: int, token: str) -> list[str]:  # as a Polish learner starts it
        return [sys.executable, "-m", "fivehundred_tutor", "lab", "--language", "pl", "--no-browser",
                "--port", str(port), "--book-dir", str(work), "--", f"--IdentityProvider.token={token}",
                "--LabApp.expose_app_in_browser=True"]  # fmt: skip

    with jupyterlab_server(None, tmp_path / "lab", command=command, cwd=ROOT) as (base, token):
        page, _problems = open_page(browser, f"{base}/?token={token}", viewport={"width": 1280, "height": 900})
        try:
            heading = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) h1").first
            heading.wait_for(state="visible", timeout=90_000)
            assert f"/tree/{CHAPTER}" in page.url, page.url
            assert heading.inner_text().startswith("Jak korzystać z tej książki"), heading.inner_text()
            page.wait_for_function(
                "() => { const w = jupyterapp.shell.currentWidget; const k = w && w.sessionContext.session"
                " && w.sessionContext.session.kernel; return !!k && k.status === 'idle'; }",
                timeout=90_000,
            )
            page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
            page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').first.click()
            quiz = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .fht-quiz").first
            quiz.wait_for(state="visible", timeout=60_000)
            page.wait_for_function(
                "() => { const w = jupyterapp.shell.currentWidget; const cells = w.content.widgets"
                ".filter((c) => c.model.type === 'code'); return cells.every((c) => c.model.executionCount)"
                " && w.sessionContext.session.kernel.status === 'idle'; }",
                timeout=120_000,
                polling=250,
            )
            errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
            assert errors.count() == 0, errors.all_inner_texts()[:1]
            new = quiz.locator(".fht-new")
            new.scroll_into_view_if_needed()
            assert new.is_visible() and new.inner_text().strip() == "Nowe pytanie", new.inner_text()
            page.screenshot(path=str(ROOT / "test-artifacts" / "lab-edition-pl.png"))
        finally:
            page.context.close()
