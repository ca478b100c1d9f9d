"""Open → Run All → Save in a real JupyterLab leaves a chapter byte-identical (issue 11).

A learner opens a chapter (MyST markdown; JupyterLab shows it as a notebook through Jupytext, the
viewer ``fivehundred-tutor lab`` sets), runs every cell (the widgets draw, the plot draws), and
saves with Ctrl+S as a person does: a save request reaches the server and the file on disk is the
very same bytes (no kernelspec rewritten, no keys reordered, no outputs written).  The book's
hidden cells (``hide-input``, ``remove-cell``: set-up code and checks) show collapsed.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import jupytext
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from fivehundred_tutor.cli.labcontents import HIDE_SOURCE
from tests.support.browser import jupyterlab_server, open_page
from tests.support.paths import BOOK, ROOT

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

ARTIFACTS = ROOT / "test-artifacts" / "lab-save"
#: a chapter with widgets and hidden check cells, and one with a plot
CHAPTERS = ("03-bowers.md", "04-bidding-ladder.md")
WITH_WIDGETS = {"03-bowers.md"}
WITH_PLOT = {"04-bidding-ladder.md"}

PROMPTS = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')]
    .map((cell) => (cell.querySelector('.jp-InputPrompt') || {}).textContent || '')"""
#: this chapter's tab in front, its kernel started and idle (the status bar names the file and the state)
READY = """(name) => { const bar = document.querySelector('#jp-main-statusbar');
    const kernel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-KernelName, '
        + '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Toolbar-kernelName');
    return !!bar && bar.textContent.includes(name) && bar.textContent.includes('| Idle')
        && !!kernel && kernel.textContent.includes('Python'); }"""
COLLAPSED = """(n) => document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputPlaceholder').length >= n"""
#: all ``n`` code cells show their execution number (none waiting: "[*]", none not run: "[ ]")
ALL_RAN = f"""(n) => {{ const prompts = ({PROMPTS})();
    return prompts.length === n && prompts.every((t) => /^\\s*\\[\\d+\\]:\\s*$/.test(t)); }}"""


def _copy_book(to: Path) -> None:
    shutil.copytree(BOOK, to, ignore=shutil.ignore_patterns("_build", "node_modules", "_static_widgets"))


def _hidden_cells(text: str) -> int:
    """Code cells the book hides (a hide/remove tag) in a chapter's text."""
    nb = jupytext.reads(text, fmt="md:myst")
    return sum(1 for c in nb.cells if c.cell_type == "code" and HIDE_SOURCE & set(c.metadata.get("tags", [])))


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_open_run_all_save_leaves_chapters_unchanged(tmp_path: Path, browser: Any) -> None:
    work = tmp_path / "book"
    _copy_book(work)
    originals = {name: (work / "chapters" / name).read_bytes() for name in CHAPTERS}

    def lab(port: int, token: str) -> list[str]:  # as a learner starts it, on the copy
        return [sys.executable, "-m", "fivehundred_tutor", "lab", "--no-browser", "--port", str(port),
                "--book-dir", str(work), "--", f"--IdentityProvider.token={token}"]  # fmt: skip

    with jupyterlab_server(None, tmp_path / "lab", command=lab, cwd=ROOT) as (base, token):
        page, _problems = open_page(browser, f"{base}/lab?token={token}")
        requests: list[str] = []
        dialogs: list[str] = []
        page.on("request", lambda r: requests.append(f"{r.method} {r.url.split('?')[0]}"))
        page.on("dialog", lambda d: dialogs.append(d.message))
        try:
            for name in CHAPTERS:
                stem = Path(name).stem
                path = f"chapters/{name}"
                page.goto(f"{base}/lab/tree/{path}?token={token}")
                panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
                panel.locator(".jp-CodeCell").first.wait_for(state="visible", timeout=120_000)
                page.wait_for_function(READY, arg=name, timeout=120_000, polling=250)
                _shot(page, f"{stem}-1-opened")

                # the book's hidden cells show collapsed: a placeholder, not their code
                hidden = _hidden_cells(originals[name].decode())
                assert hidden > 0, f"{name} has no hidden cells to check"
                collapsed = panel.locator(".jp-CodeCell .jp-InputPlaceholder")
                with contextlib.suppress(PlaywrightTimeout):  # the cells drawn one after another
                    page.wait_for_function(COLLAPSED, arg=hidden, timeout=20_000, polling=250)
                assert collapsed.count() == hidden, (
                    f"{name}: {collapsed.count()} cells collapsed, the book hides {hidden}"
                )
                assert collapsed.first.is_visible()

                page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
                page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').first.click()
                code_cells = [
                    c for c in jupytext.reads(originals[name].decode(), fmt="md:myst").cells if c.cell_type == "code"
                ]
                # Every cell ran, the hidden ones too: shown with View > Expand All Code (a collapsed cell
                # draws no prompt), then every prompt carries its execution number and the kernel is idle.
                page.locator("#jp-MainMenu").get_by_text("View", exact=True).click()
                page.locator('.lm-Menu-item[data-command="notebook:show-all-cell-code"]').first.click()
                try:
                    page.wait_for_function(ALL_RAN, arg=len(code_cells), timeout=300_000, polling=500)
                    page.wait_for_function(READY, arg=name, timeout=180_000, polling=250)
                except PlaywrightTimeout:
                    _shot(page, f"{stem}-2-not-run")
                    raise AssertionError(
                        f"{name}: Run All did not finish in 5 minutes: {page.evaluate(PROMPTS)}"
                    ) from None
                page.wait_for_timeout(1000)  # the last outputs drawn
                _shot(page, f"{stem}-2-ran")
                errors = panel.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']")
                assert errors.count() == 0, f"{name}: a cell failed: {errors.first.inner_text()[:500]}"
                if name in WITH_WIDGETS:
                    assert panel.locator(".fht-root").count() > 0, f"{name}: the widgets did not draw"
                if name in WITH_PLOT:
                    assert panel.locator(".jp-RenderedImage img").count() > 0, f"{name}: the plot did not draw"

                # Ctrl+S with the notebook focused, as a person does (a click on a markdown cell)
                before = len(requests)
                panel.locator(".jp-MarkdownCell").first.click()
                page.keyboard.press("Control+s")
                deadline = time.monotonic() + 60
                while (
                    not any(r.startswith("PUT ") and r.endswith(path) for r in requests[before:])
                    and time.monotonic() < deadline
                ):
                    page.wait_for_timeout(250)
                _shot(page, f"{stem}-3-saved")
                saves = [r for r in requests[before:] if r.startswith("PUT ")]
                assert saves, f"{name}: Ctrl+S sent no save request; requests after it: {requests[before:][:20]}"
                page.wait_for_timeout(1000)
        finally:
            page.context.close()
    for name, before in originals.items():
        after = (work / "chapters" / name).read_bytes()
        assert after == before, (
            f"saving rewrote {name}:\n"
            + "\n".join(
                f"- {a!r}\n+ {b!r}"
                for a, b in zip(before.decode().splitlines(), after.decode().splitlines(), strict=False)
                if a != b
            )[:2000]
        )
