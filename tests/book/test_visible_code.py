"""What a book reader sees of the chapters' code: pictures and words, not the code that makes them.

In the online book a cell that only builds a widget, a picture or a table is folded away
(``hide-input``: a "Show code cell source" toggle; collapsed in JupyterLab too) or its code is
removed (``remove-input``); hidden checks stay ``remove-cell``.  Only the chapters that teach the
Python API on purpose (``API_CHAPTERS``) show code open, and that code writes cards in card
notation ("J♦"), never as raw codes ("JD").

The source checks are fast (no kernel); the last test reads the built book's HTML
(``built_book``: reused when the sources are unchanged, see tests/conftest.py).
"""

from __future__ import annotations

import html
import itertools
import re
from pathlib import Path
from typing import Any

import jupytext
import pytest

from fivehundred_tutor import widgets

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = sorted((ROOT / "book" / "chapters").glob("*.md"))
PAGES = [*CHAPTERS, ROOT / "book" / "index.md", ROOT / "book" / "glossary.md"]
API_CHAPTERS = {"01-how-to-use", "14-instructors"}  # they teach the Python API: code stays visible
HIDDEN = {"hide-input", "remove-input", "remove-cell", "hide-cell"}
WIDGET_CALL = re.compile(rf"\b(?:{'|'.join(sorted(widgets.__all__))})\(")
CARD_CODE = re.compile(r"\b(10|[2-9AKQJ])[SHDC]\b")


def code_cells(path: Path) -> list[Any]:
    nb = jupytext.read(path, fmt="md:myst")
    return [c for c in nb.cells if c.cell_type == "code"]


def shown(cell: Any) -> bool:
    """True when the book shows the cell's code open (not folded, not removed)."""
    return not HIDDEN & set(cell.metadata.get("tags", []))


@pytest.mark.parametrize("path", [p for p in PAGES if p.stem not in API_CHAPTERS], ids=lambda p: p.stem)
def test_no_widget_is_built_in_code_the_reader_sees(path: Path) -> None:
    open_cells = [c.source.splitlines()[-1] for c in code_cells(path) if shown(c) and WIDGET_CALL.search(c.source)]
    assert not open_cells, f"{path.name}: tag these cells hide-input (or remove-input): {open_cells}"


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.stem)
def test_code_the_reader_sees_writes_cards_in_card_notation(path: Path) -> None:
    raw = [m.group(0) for c in code_cells(path) if shown(c) for m in CARD_CODE.finditer(c.source)]
    assert not raw, f"{path.name}: visible code writes cards as codes {raw}; write them as 'J♦', '10♥'"


def test_the_checks_catch_an_open_widget_cell_and_a_raw_card_code() -> None:
    nb = jupytext.reads(
        "```{code-cell} ipython3\nCardView(parse_cards('JH JD'))\n```\n\n"
        "```{code-cell} ipython3\n:tags: [hide-input]\n\nQuizWidget(rules, seed=1)\n```\n",
        fmt="md:myst",
    )
    open_cell, folded = nb.cells
    assert shown(open_cell) and WIDGET_CALL.search(open_cell.source)
    assert not shown(folded)
    assert [m.group(0) for m in CARD_CODE.finditer(open_cell.source)] == ["JH", "JD"]
    assert not CARD_CODE.search("CardView(parse_cards('J♥ J♦ 10♥ Joker'), seed=5)")


# ------------------------------------------------------------------------------ the built pages

CELL_INPUT = re.compile(r'<div class="cell_input[^"]*"')


def open_code_blocks(page_html: str) -> list[str]:
    """The text of each code cell's input that the page shows open (not inside a folded <details>)."""
    blocks = []
    for match in CELL_INPUT.finditer(page_html):
        cell_start = page_html.rfind('<div class="cell ', 0, match.start())
        before = page_html[cell_start : match.start()]
        if re.search(r'<details class="[^"]*\bhide\b', before):
            continue  # folded: "Show code cell source"
        end = page_html.find("</pre>", match.start())
        blocks.append(html.unescape(re.sub(r"<[^>]+>", "", page_html[match.start() : end])))
    return blocks


def test_open_code_blocks_tells_folded_from_open() -> None:
    page = (
        '<div class="cell tag_hide-input docutils container"> <details class="admonition hide above-input">'
        '<summary>Show code cell source</summary> <div class="cell_input docutils container"><pre>hidden("JD")</pre>'
        '</div></details></div><div class="cell docutils container"><div class="cell_input docutils container">'
        "<pre><span>CardView</span>(&quot;JD&quot;)</pre></div></div>"
    )
    assert open_code_blocks(page) == ['CardView("JD")']


def test_built_pages_show_no_raw_card_code_in_open_code(built_book: Any) -> None:
    pages = [built_book.html / "index.html", *sorted((built_book.html / "chapters").glob("*.html"))]
    assert len(pages) > len(CHAPTERS)
    problems = []
    for page in pages:
        for block in open_code_blocks(page.read_text(encoding="utf-8")):
            raw = sorted({m.group(0) for m in CARD_CODE.finditer(block)})
            if raw:
                problems.append(f"{page.name}: {raw} in {block.strip().splitlines()[0][:80]!r}")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ prose split by a cell

#: the first words a cell writes as prose: Markdown("…") / say("…"), f-string or not
CELL_PROSE = re.compile(r"\b(?:Markdown|say)\(\s*f?[\"']([^\"'{]{1,40})")


def sentences_split_by_a_cell(path: Path) -> list[str]:
    """Where a paragraph stops mid-sentence ("…takes the contract away from them:") and a code cell the page
    shows (its code folded under a toggle: a gap in the text) writes the rest of it ("it needs a count…")."""
    cells = jupytext.read(path, fmt="md:myst").cells
    split = []
    for before, cell in itertools.pairwise(cells):
        if before.cell_type != "markdown" or cell.cell_type != "code" or "remove-cell" in cell.metadata.get("tags", []):
            continue
        text = before.source.strip()
        prose = CELL_PROSE.search(cell.source)
        if text and text[-1] not in ".!?)*`|>" and prose and prose.group(1)[:1].islower():
            split.append(f"{text.splitlines()[-1][-50:]!r} | {prose.group(1)!r}")
    return split


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.stem)
def test_no_paragraph_is_split_by_a_cell(path: Path) -> None:
    """Issue 25, second expert read N6: chapter 9b's rule 5 stopped at "…takes the contract away from them:" and a
    folded code cell wrote the rest ("it needs a count that reaches one more…"), so the page showed the rule in two
    pieces with a "Show code cell source" toggle between them. A rule is one paragraph: one cell writes it."""
    split = sentences_split_by_a_cell(path)
    assert not split, f"{path.name}: a paragraph ends mid-sentence and a cell writes the rest: {split}"


def test_the_split_check_catches_rule_5_as_it_was(tmp_path: Path) -> None:
    page = (
        "**5. Over partner's bid.** When partner holds the bid, bidding another suit takes it away from them:\n\n"
        '```{code-cell} ipython3\n:tags: [hide-input]\n\nMarkdown(f"it needs a count of {n} more.")\n```\n'
    )
    path = tmp_path / "split.md"
    path.write_text(page, encoding="utf-8")
    assert len(sentences_split_by_a_cell(path)) == 1
