"""A fresh-eyes learner's findings in the chapters as notebooks (JupyterLab, real and in the browser) and in
the bowers chapter.

- "Check yourself" showed "Show the answerHide the answer" in JupyterLab: its sanitizer drops the
  ``hidden`` attribute that kept the second label out of sight.  The chapters now say only "Show the
  answer(s)"; the book's own script (book/_assets/fivehundred-check.js) says "Hide" when a box is open
  (tests/book/test_book_browser.py checks the book; here the notebooks' markdown, and a real JupyterLab).
- JupyterLab in the browser showed MyST target lines ("(ch-scoring)=") in the markdown cells.
- The bowers chart's column labels ran together under a jargon axis label; its row of trumps under
  "Practice" had no words saying what it shows.
- "In this chapter's game (Australian rules (the usual game))": brackets inside brackets.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import jupytext
import nbformat
import pytest

from fivehundred_tutor.bookbuild import lite
from fivehundred_tutor.rules import PRESET_TITLES
from tests.support.paths import BOOK

CHAPTERS = sorted((BOOK / "chapters").glob("*.md"))
CHECK = re.compile(r'<details class="fht-check">\s*<summary>(.*?)</summary>', re.S)
TARGET = re.compile(r"^\([\w.:-]+\)=[ \t]*$", re.M)
NESTED = re.compile(r"\([^()]*\([^()]*\)[^()]*\)")


def _markdown(nb: dict[str, Any]) -> list[str]:
    return [
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in nb["cells"]
        if c["cell_type"] == "markdown"
    ]


def _one_label(text: str, where: str) -> int:
    """Every Check yourself summary in ``text`` is one label, plain words (nothing a sanitizer could undo)."""
    summaries = CHECK.findall(text)
    assert text.count('<details class="fht-check">') == len(summaries), where
    for summary in summaries:
        assert summary in ("Show the answer", "Show the answers"), f"{where}: <summary>{summary}</summary>"
    assert "Hide the answer" not in text and " hidden>" not in text, where
    return len(summaries)


def test_check_yourself_says_one_thing_in_the_chapters_source() -> None:
    """The .md JupyterLab opens (its markdown cells) and the chapter file alike."""
    total = 0
    for path in CHAPTERS:
        cells = jupytext.read(path, fmt="md:myst").cells
        total += _one_label("\n".join(c.source for c in cells if c.cell_type == "markdown"), path.name)
    assert total >= 15


def test_the_notebook_export_has_one_label_and_no_myst_targets(tmp_path: Path) -> None:
    """Each chapter through the JupyterLite export (as the build exports it, from its notebook form): one label
    on each Check yourself, no ``(name)=`` line left in a markdown cell."""
    targets = 0
    for path in CHAPTERS:
        source = path.read_text(encoding="utf-8")
        targets += len(TARGET.findall(source))
        executed = json.loads(nbformat.writes(jupytext.reads(source, fmt="md:myst")))  # type: ignore[no-untyped-call]
        nb = lite.export_notebook(executed, path.stem, tmp_path / "figures")
        markdown = "\n".join(_markdown(nb))
        _one_label(markdown, path.name)
        assert not TARGET.search(markdown), f"{path.name}: {TARGET.search(markdown)}"
    assert targets > 20, "the chapters' targets are where the test looks for them"


def test_built_notebooks_have_one_label_and_no_myst_targets(built_book: Any) -> None:
    """The notebooks the built site serves to JupyterLab in the browser; the book's pages load the script that
    says "Hide the answer" when a box is open (book/_config.yml's html_js_files)."""
    notebooks = sorted((built_book.html / lite.LITE_DIR / "files" / "chapters").glob("*.ipynb"))
    assert len(notebooks) == len(CHAPTERS)
    for path in notebooks:
        markdown = "\n".join(_markdown(json.loads(path.read_text(encoding="utf-8"))))
        _one_label(markdown, path.name)
        assert not TARGET.search(markdown), f"{path.name}: {TARGET.search(markdown)}"
    page = (built_book.html / "chapters" / "03-bowers.html").read_text(encoding="utf-8")
    assert re.search(r'<script src="[^"]*_static/fivehundred-check\.js[^"]*"', page), "the page loads the script"


def test_no_rules_title_in_brackets() -> None:
    """A rules title may have its own brackets ("Australian rules (the usual game)"): the chapters never put
    one inside brackets (``({rules.title})``), in prose or in a chart's title."""
    assert any("(" in title for title in PRESET_TITLES.values())
    bracketed = re.compile(r"\(\{[^{}\n]*\.title\}\)")
    for path in CHAPTERS:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not bracketed.search(line), f"{path.name}:{number}: {line.strip()}"


def _run_until(stem: str, marker: str) -> dict[str, Any]:
    """The chapter's code cells in order, up to the one containing ``marker`` (with Agg: nothing shows)."""
    import matplotlib

    matplotlib.use("Agg")
    cells = [c for c in jupytext.read(BOOK / "chapters" / f"{stem}.md", fmt="md:myst").cells if c.cell_type == "code"]
    last = next(i for i, c in enumerate(cells) if marker in c.source)
    namespace: dict[str, Any] = {}
    for cell in cells[: last + 1]:
        exec(cell.source, namespace)
    return namespace


def test_bowers_chart_labels_are_plain_and_do_not_touch() -> None:
    """The chart as the book draws it: its column labels are short, with room between them at the figure's
    size; the axis says "contract"."""
    import matplotlib.pyplot as plt

    try:
        ns = _run_until("03-bowers", "Where each jack ranks in its suit")
        fig, ax = ns["fig"], ns["ax"]
        assert ax.get_xlabel() == "contract"
        labels = ax.get_xticklabels()
        assert [t.get_text() for t in labels] == ["♠ trumps", "♣ trumps", "♦ trumps", "♥ trumps", "no trumps"]
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
        boxes = [t.get_window_extent(renderer) for t in labels]
        gap = 0.15 * fig.dpi  # at least 0.15 inch of white between two labels
        for left, right in itertools.pairwise(boxes):
            assert right.x0 - left.x1 >= gap, (left, right)
        assert all(b.x0 >= 0 and b.x1 <= fig.bbox.width for b in boxes), "inside the figure"
    finally:
        plt.close("all")


def test_bowers_practice_cards_say_what_they_show() -> None:
    """The row of trumps under "Practice" has words before it saying what it is."""
    cells = jupytext.read(BOOK / "chapters" / "03-bowers.md", fmt="md:myst").cells
    practice = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and "## Practice" in c.source)
    row = next(
        i for i, c in enumerate(cells) if i > practice and 'CardView(parse_cards("JK JD JH AD KD QD")' in c.source
    )
    caption = cells[row - 1]
    assert caption.cell_type == "markdown", "words just before the cards"
    words = caption.source.split("\n\n")[-1]
    for said in ("diamonds are trumps", "joker", "right bower (J♦)", "left bower (J♥)", "ace, king and queen"):
        assert said in words, said


@pytest.mark.parametrize("stem", ["04-bidding-ladder", "09-scoring"])
def test_the_game_is_named_without_nested_brackets(stem: str) -> None:
    """The chapters' "In this chapter's game" line as the book prints it."""
    import matplotlib.pyplot as plt

    try:
        marker = "In this chapter's game"
        ns = _run_until(stem, marker)
        cells = jupytext.read(BOOK / "chapters" / f"{stem}.md", fmt="md:myst").cells
        cell = next(c for c in cells if c.cell_type == "code" and marker in c.source)
        text = eval(cell.source.strip().splitlines()[-1], ns).data  # the Markdown the cell ends in
        assert ns["rules"].title in text and not NESTED.search(text), text
    finally:
        plt.close("all")


#: every "Check yourself" summary JupyterLab has drawn in the open notebook, each once: its text (no second
#: label left in, hidden or not: JupyterLab's sanitizer drops ``hidden``)
LAB_SUMMARIES = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell details.fht-check > summary:not([data-seen])')]
    .map((s) => { s.dataset.seen = '1'; return s.textContent.trim(); })"""
#: scroll the notebook on by most of a screen; true once it was at its end
SCROLL_ON = """() => { const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
    const n = document.querySelector(panel + '.jp-WindowedPanel-outer') || document.querySelector(panel + '.jp-Notebook');
    const end = n.scrollTop + n.clientHeight >= n.scrollHeight - 2; n.scrollTop += n.clientHeight * 0.5; return end; }"""


#: markdown cells JupyterLab has put in the viewport but not drawn yet (under load it draws them late)
UNDRAWN_IN_VIEW = """() => { const panel = '.jp-NotebookPanel:not(.lm-mod-hidden) ';
    return [...document.querySelectorAll(panel + '.jp-MarkdownCell:not(.jp-mod-rendered)')].filter((c) => {
      const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight; }).length; }"""


def _lab_summaries(page: Any) -> list[str]:
    """Scroll through the notebook half a screen at a time (JupyterLab draws markdown cells as they come into
    view), waiting at each step until the cells in view are drawn, and collect."""
    seen: list[str] = []
    for _ in range(600):
        for _wait in range(40):  # up to 4 s a step: a loaded machine draws late
            if page.evaluate(UNDRAWN_IN_VIEW) == 0:
                break
            page.wait_for_timeout(100)
        page.wait_for_timeout(100)
        seen += page.evaluate(LAB_SUMMARIES)
        if page.evaluate(SCROLL_ON):
            page.wait_for_timeout(300)
            return seen + page.evaluate(LAB_SUMMARIES)
    raise AssertionError("the notebook did not scroll to its end")


@pytest.mark.browser
@pytest.mark.jupyterlab
def test_jupyterlab_shows_one_label(tmp_path: Path, browser: Any) -> None:
    """A chapter opened in a real JupyterLab (``fivehundred-tutor lab``: the .md through Jupytext): its Check
    yourself reads "Show the answer" and nothing else.  Screenshot: test-artifacts/check-yourself/lab-*.png."""
    import shutil
    import sys

    from tests.support.browser import jupyterlab_server, open_page
    from tests.support.paths import ARTIFACTS, ROOT

    work = tmp_path / "book"
    shutil.copytree(BOOK, work, ignore=shutil.ignore_patterns("_build", "node_modules", "_static_widgets"))

    def lab(port: int, token: str) -> list[str]:
        return [sys.executable, "-m", "fivehundred_tutor", "lab", "--no-browser", "--port", str(port),
                "--book-dir", str(work), "--", f"--IdentityProvider.token={token}"]  # fmt: skip

    with jupyterlab_server(None, tmp_path / "lab", command=lab, cwd=ROOT) as (base, token):
        page, _problems = open_page(browser, f"{base}/lab/tree/chapters/03-bowers.md?token={token}")
        try:
            panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
            panel.locator(".jp-MarkdownCell").first.wait_for(state="visible", timeout=120_000)
            summaries = _lab_summaries(page)
            assert summaries == ["Show the answer"], summaries
            summary = panel.locator("details.fht-check > summary").first
            summary.scroll_into_view_if_needed()
            assert summary.inner_text().strip() == "Show the answer", "on screen"
            (ARTIFACTS / "check-yourself").mkdir(parents=True, exist_ok=True)
            summary.locator("xpath=..").screenshot(path=str(ARTIFACTS / "check-yourself" / "lab-03-bowers.png"))
        finally:
            page.context.close()
