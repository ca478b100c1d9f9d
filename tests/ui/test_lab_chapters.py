"""Every chapter in a real JupyterLab, started as a learner starts it (``fivehundred-tutor lab``), offline.

One server and one browser for the module (issue 31):

- on a phone (390 px) the command opens the first chapter full width, the file browser folded, no
  "Jupyter news?" pop-up (9, 11);
- every chapter opens clean — no ● "modified" mark, nothing written to its file (5) — and after
  *Run All* every widget of it is drawn and, when it asks for Python, live, within 15 s (the sweep;
  each chapter's time is printed).

The widgets say where they stand in ``data-fht-live`` (mount.js): ``asking`` Python, then ``live``.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.bookbuild.lite import jupyterlab_saved_dir
from tests.support.browser import jupyterlab_server, open_page
from tests.support.paths import BOOK, ROOT

pytestmark = [pytest.mark.jupyterlab, pytest.mark.browser]

ARTIFACTS = ROOT / "test-artifacts" / "lab-chapters"
CHAPTERS = sorted(p.name for p in (BOOK / "chapters").glob("*.md"))
#: the promise of issue 31: every chapter live within 15 s of Run All in JupyterLab
LIVE_WITHIN = 15.0

#: the notebook in front (the app is exposed for the checks; the learner's actions go through the page)
FRONT = "jupyterapp.shell.currentWidget"
#: what the chapter in front shows: its file, the ● mark, the kernel, its cells run, its widgets
STATE = f"""() => {{
    if (!window.jupyterapp || !jupyterapp.shell) return null;  // the page still loading
    const w = {FRONT};
    if (!w || !w.context || !w.content) return null;
    const cells = w.content.widgets.filter((c) => c.model.type === 'code');
    // the widget views the cells put out (the model's outputs), and the ones drawn (our root or error box)
    const views = cells.flatMap((c) => (c.model.outputs ? c.model.outputs.toJSON() : []))
        .filter((o) => o.data && o.data['application/vnd.jupyter.widget-view+json']);
    const outputs = [...w.node.querySelectorAll('.jp-OutputArea-output')];
    const marks = (state) => w.node.querySelectorAll(`[data-fht-live="${{state}}"]`).length;
    const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
    return {{
        path: w.context.path,
        dirty: w.context.model.dirty,
        dirtyMark: w.title.className.includes('jp-mod-dirty'),
        kernel: kernel ? kernel.status : null,
        cells: cells.length,
        ran: cells.filter((c) => c.model.executionCount).length,
        errors: w.node.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]').length,
        views: views.length,
        drawn: outputs.filter((o) => o.querySelector('.fht-root, .fht-error')).length,
        broken: w.node.querySelectorAll('.fht-error').length,
        asking: marks('asking'),
        saved: marks('saved'),
        live: marks('live'),
    }};
}}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory, browser: Any, built_book: Any) -> Iterator[tuple[str, str, Path]]:
    """``fivehundred-tutor lab`` on a copy of the book as the README's first command leaves it (built):
    ``(base_url, token, book_copy)``.  Of the build, the copy keeps only the results it saved for the kernels
    (``_build/saved``: the evaluator's hands, the final test's pass mark), which ``lab`` hands them."""
    tmp = tmp_path_factory.mktemp("lab-chapters")
    work = tmp / "book"
    shutil.copytree(BOOK, work, ignore=shutil.ignore_patterns("_build", "node_modules", "_static_widgets"))
    saved_dir = jupyterlab_saved_dir(built_book.html)
    assert (saved_dir / "saved-hands.json").is_file() and (saved_dir / "saved-results.json").is_file(), saved_dir
    shutil.copytree(saved_dir, jupyterlab_saved_dir(work / "_build" / "html"))

    def command(port: int, token: str) -> list[str]:  # as a learner starts it
        return [sys.executable, "-m", "fivehundred_tutor", "lab", "--no-browser", "--port", str(port),
                "--book-dir", str(work), "--", f"--IdentityProvider.token={token}",
                "--LabApp.expose_app_in_browser=True"]  # fmt: skip

    with jupyterlab_server(None, tmp / "lab", command=command, cwd=ROOT) as (base, token):
        yield base, token, work


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _notifications(page: Any) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('.jp-Notification-Toast, .Toastify__toast')].map((e) => e.innerText)"
    )


def test_the_lab_command_opens_the_first_chapter_full_width_on_a_phone(
    lab: tuple[str, str, Path], browser: Any
) -> None:
    """Issue 31 (9, 11): at 390 px the file browser covered ~70% of the screen, and a news pop-up the rest."""
    base, token, _work = lab
    page, _problems = open_page(browser, f"{base}/?token={token}", viewport={"width": 390, "height": 844})
    try:
        first = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first
        first.wait_for(state="visible", timeout=60_000)
        page.wait_for_timeout(3000)  # the news question came a moment after the page
        _shot(page, "phone-first-chapter")
        assert "/tree/chapters/01-how-to-use.md" in page.url, page.url
        assert page.locator("#filebrowser").is_hidden(), "the file browser is open over the chapter"
        box = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").bounding_box()
        assert box is not None and box["width"] >= 0.75 * 390, f"the notebook is {box} wide of 390 px"
        cell = first.bounding_box()
        assert cell is not None and cell["x"] >= 0 and cell["y"] < 844 and cell["width"] > 200, cell
        assert not [n for n in _notifications(page) if "news" in n.lower()], _notifications(page)
    finally:
        page.context.close()


def _write_notebook(path: Path, cells: list[str]) -> None:
    nb = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": src}
            for i, src in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb))


def _run_all(page: Any) -> None:
    page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
    page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').first.click()


def _open_and_run(page: Any, base: str, token: str, path: str, cells: int) -> None:
    page.goto(f"{base}/lab/tree/{path}?token={token}")
    page.wait_for_function(
        f"(path) => {{ const s = ({STATE})(); return !!s && s.path === path && s.kernel === 'idle'; }}",
        arg=path,
        timeout=90_000,
        polling=250,
    )
    _run_all(page)
    page.wait_for_function(
        f"(n) => {{ const s = ({STATE})(); return !!s && s.ran === n && s.kernel === 'idle' && s.asking === 0; }}",
        arg=cells,
        timeout=60_000,
        polling=100,
    )


#: which cell JupyterLab has active, and each code cell's execution count
CELLS = f"""() => {{ const w = {FRONT};
    return {{ active: w.content.activeCellIndex,
              counts: w.content.widgets.map((c) => c.model.executionCount) }}; }}"""


def test_shift_enter_after_an_answer_runs_the_notebook_not_the_button(lab: tuple[str, str, Path], browser: Any) -> None:
    """Issue 31 (7): after an answer the keyboard sits on the verdict's first button (Try again), and
    Shift+Enter pressed it (the widget kept Enter on a button from JupyterLab).  In a notebook Shift+Enter
    belongs to the notebook: the quiz's cell runs and the next one is selected; no widget button is pressed."""
    base, token, work = lab
    _write_notebook(
        work / "keys.ipynb",
        [
            "from fivehundred_tutor.widgets import QuizWidget\n"
            'QuizWidget(topics=["bowers"], seed=1, questions=3, title="Keys")',
            "after = 'the next cell'\nafter",
        ],
    )
    page, _problems = open_page(browser, f"{base}/lab?token={token}")
    try:
        _open_and_run(page, base, token, "keys.ipynb", 2)
        quiz = page.locator('.fht-root[aria-label="Keys"]')
        quiz.locator('.fht-choices button[data-choice="JC"]').click()  # the right bower is the spade jack
        quiz.locator(".fht-verdict-wrong").wait_for(timeout=10_000)
        focused = page.evaluate("() => document.activeElement && document.activeElement.className")
        assert "fht-try-again" in focused, f"the keyboard is on {focused!r}, not Try again"
        before = page.evaluate(CELLS)
        assert before["active"] == 0, before  # the quiz's cell, where the learner clicked
        page.evaluate(
            "() => { window.__pressed = []; document.addEventListener('click', (e) => {"
            " const b = e.target.closest && e.target.closest('.fht-root button');"
            " if (b) window.__pressed.push(b.className); }, true); }"
        )
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(
            f"(n) => {{ const c = ({CELLS})(); return c.counts[0] > n; }}", arg=before["counts"][0], timeout=20_000
        )
        after = page.evaluate(CELLS)
        _shot(page, "shift-enter-after-an-answer")
        assert after["active"] == 1, f"Shift+Enter did not move to the next cell: {after}"
        assert page.evaluate("() => window.__pressed") == [], "Shift+Enter pressed a widget button"
    finally:
        page.context.close()


def test_after_a_restart_the_widget_advises_run_all_and_the_round_is_kept(
    lab: tuple[str, str, Path], browser: Any
) -> None:
    """Issue 31 (3): after a kernel restart a widget said "run this cell again (Shift+Enter)", which gives
    ``NameError`` (the import is in an earlier cell) and a traceback where the widget was.  It says
    Run → Run All Cells; following that brings the quiz back live, no error, the learner's round kept."""
    base, token, work = lab
    _write_notebook(
        work / "restart.ipynb",
        [
            "from fivehundred_tutor.widgets import QuizWidget",
            'QuizWidget(topics=["bowers"], seed=1, questions=3, title="Restart")',
        ],
    )
    page, _problems = open_page(browser, f"{base}/lab?token={token}")
    try:
        _open_and_run(page, base, token, "restart.ipynb", 2)
        quiz = page.locator('.fht-root[aria-label="Restart"]')
        quiz.locator('.fht-choices button[data-choice="JS"]').click()  # right: the spade jack
        quiz.locator(".fht-verdict-right").wait_for(timeout=10_000)
        quiz.locator(".fht-continue").click()
        progress = quiz.locator(".fht-progress")
        page.wait_for_function(
            "() => (document.querySelector('.fht-root[aria-label=\"Restart\"] .fht-progress') || {}).textContent"
            " === 'Question 2 of 3'",
            timeout=10_000,
        )

        page.locator("#jp-MainMenu").get_by_text("Kernel", exact=True).click()
        page.locator('.lm-Menu-item[data-command="kernelmenu:restart"]').first.click()
        page.locator(".jp-Dialog .jp-mod-accept").click()
        page.wait_for_function(f"() => {{ const s = ({STATE})(); return !!s && s.kernel === 'idle'; }}", timeout=60_000)
        page.wait_for_timeout(500)
        quiz.locator(".fht-new").click()  # a live action: Python is asked, and has restarted
        advice = quiz.locator(".fht-status-line")
        advice.filter(has_text="Run All Cells").wait_for(state="visible", timeout=15_000)
        text = advice.inner_text()
        _shot(page, "restart-advice")
        assert "Run \u2192 Run All Cells" in text and "this cell again" not in text, text

        _run_all(page)  # as the widget says
        try:
            page.wait_for_function(
                f"() => {{ const s = ({STATE})(); return !!s && s.ran === 2 && s.kernel === 'idle' && s.live >= 1"
                " && s.asking === 0; }",
                timeout=60_000,
                polling=100,
            )
        except Exception:
            _shot(page, "restart-run-all-not-live")
            raise AssertionError(f"Run All after the restart: {page.evaluate(STATE)}") from None
        state = page.evaluate(STATE)
        assert state["errors"] == 0, "Run All after the restart failed (NameError?)"
        _shot(page, "restart-run-all")
        assert progress.inner_text() == "Question 2 of 3", f"the round was not kept: {progress.inner_text()}"
    finally:
        page.context.close()


def test_labels_are_hidden_and_a_link_opens_the_chapter_it_names(lab: tuple[str, str, Path], browser: Any) -> None:
    """Issue 31 (8): JupyterLab showed the MyST label ``(ch-how-to-use)=`` as text, and a link to another
    chapter (``[A hand in five phases](#ch-phases)``) did nothing when clicked."""
    base, token, _work = lab
    page, _problems = open_page(browser, f"{base}/lab/tree/chapters/01-how-to-use.md?token={token}")
    try:
        panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
        panel.locator(".jp-MarkdownCell").first.wait_for(state="visible", timeout=60_000)
        page.wait_for_timeout(1000)
        shown = panel.locator(".jp-RenderedMarkdown").all_inner_texts()
        assert not [t for t in shown if "(ch-how-to-use)=" in t or ")=\n" in t], "a MyST label is shown as text"
        link = panel.locator(".jp-RenderedMarkdown a", has_text="A hand in five phases").first
        link.scroll_into_view_if_needed()
        link.click()
        page.wait_for_function(
            f"() => {{ const w = {FRONT}; return !!w && !!w.context"
            " && w.context.path === 'chapters/01a-phases-of-a-hand.md'; }",
            timeout=30_000,
        )
        # the new tab's cells render a moment after its context is set
        opened = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell").first
        opened.wait_for(state="visible", timeout=30_000)
        _shot(page, "link-opened-the-chapter")
        assert opened.is_visible()
    finally:
        page.context.close()


_TIMINGS: dict[str, float] = {}
#: chapters whose widgets ask Python nothing (they draw what the cell gave them)
NO_PYTHON: set[str] = set()


@pytest.fixture(scope="module")
def sweep(lab: tuple[str, str, Path], browser: Any) -> Iterator[tuple[Any, Any, Path]]:
    """One page for the sweep: ``(page, problems, book_copy)``; the chapters' files checked at the end."""
    base, token, work = lab
    originals = {name: (work / "chapters" / name).read_bytes() for name in CHAPTERS}
    page, problems = open_page(browser, f"{base}/lab/tree/chapters/{CHAPTERS[0]}?token={token}")
    page.wait_for_function("() => window.jupyterapp && jupyterapp.shell", timeout=60_000)
    started = time.monotonic()
    yield page, problems, work
    page.context.close()
    print(f"\nJupyterLab sweep: {len(_TIMINGS)} chapters in {time.monotonic() - started:.0f} s")
    for name, seconds in _TIMINGS.items():
        print(f"  {name:28} live {seconds:5.1f} s after Run All")
    changed = [name for name, data in originals.items() if (work / "chapters" / name).read_bytes() != data]
    assert not changed, f"chapters rewritten without anyone saving: {changed}"
    assert not problems.offsite_requests, problems.offsite_requests


@pytest.mark.parametrize(
    "name",
    CHAPTERS,
)
def test_every_chapter_opens_clean_and_is_live_within_15_s_of_run_all(name: str, sweep: tuple[Any, Any, Path]) -> None:
    """Issue 31 (5 and "Done when"): a chapter opened is not "modified" (● before a kernel existed,
    "Save changes?" on close; its file untouched: the fixture), and Run All (the Run menu) draws every
    widget, each one that asks for Python live, within 15 s.  The chapters open in turn in one page."""
    page, _problems, _work = sweep
    path = f"chapters/{name}"
    try:
        if name != CHAPTERS[0]:
            page.evaluate("(path) => { jupyterapp.commands.execute('docmanager:open', {path}); return true; }", path)
        page.wait_for_function(
            f"(path) => {{ const s = ({STATE})(); return !!s && s.path === path && s.kernel === 'idle'; }}",
            arg=path,
            timeout=90_000,
            polling=250,
        )
        page.wait_for_timeout(1500)  # anything the notebook would change on opening, changed
        opened = page.evaluate(STATE)
        if opened["dirty"] or opened["dirtyMark"]:
            _shot(page, f"{Path(name).stem}-dirty")
        assert not (opened["dirty"] or opened["dirtyMark"]), f"{name}: opened and not touched, it is marked modified"

        page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
        t0 = time.monotonic()
        page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').first.click()
        done = (
            f"() => {{ const s = ({STATE})(); return !!s && s.ran === s.cells && s.kernel === 'idle'"
            " && s.drawn >= s.views && s.asking === 0; }"
        )
        try:
            page.wait_for_function(done, timeout=120_000, polling=100)
        except Exception:
            _shot(page, f"{Path(name).stem}-not-live")
            raise AssertionError(f"{name}: Run All did not finish in 2 minutes: {page.evaluate(STATE)}") from None
        seconds = _TIMINGS[name] = time.monotonic() - t0
        state = page.evaluate(STATE)
        if name in ("09b-judging-a-hand.md", "12a-play-problems.md", "15-final-test.md"):
            _shot(page, f"{Path(name).stem}-live")
        assert state["errors"] == 0, f"{name}: {state['errors']} cell(s) failed"
        assert state["broken"] == 0, f"{name}: {state['broken']} widget(s) show an error"
        assert state["saved"] == 0, f"{name}: {state['saved']} widget(s) never heard from Python"
        assert state["views"] == 0 or state["live"] > 0 or name in NO_PYTHON, f"{name}: no widget is live: {state}"
        assert seconds <= LIVE_WITHIN, f"{name}: live {seconds:.1f} s after Run All (more than {LIVE_WITHIN:.0f} s)"
    finally:
        # this chapter's kernel stopped and its tab closed without saving (not what is tested)
        page.evaluate(
            f"async () => {{ const w = {FRONT}; if (!w || !w.sessionContext) return;"
            " await w.sessionContext.shutdown(); w.context.model.dirty = false; w.dispose(); }"
        )
