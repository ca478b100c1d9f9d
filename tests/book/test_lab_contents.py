"""The contents manager of ``fivehundred-tutor lab``: the book's hidden cells open collapsed, and
every chapter saved back from what JupyterLab received is the same file."""

from __future__ import annotations

import asyncio
import copy
import shutil
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import jupytext

from fivehundred_tutor.cli.lab import CONTENTS_MANAGER, lab_command
from fivehundred_tutor.cli.labcontents import (
    HIDE_SOURCE,
    BookContentsManager,
    collapse_hidden_cells,
    expand_hidden_cells,
)
from tests.support.paths import BOOK

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on its own thread's event loop: on a worker whose earlier test holds
    Playwright's sync API, this thread already has a running loop, and asyncio.run refuses."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _cell(tags: list[str], **jupyter: bool) -> dict[str, Any]:
    meta: dict[str, Any] = {"tags": tags}
    if jupyter:
        meta["jupyter"] = dict(jupyter)
    return {"cell_type": "code", "metadata": meta, "source": "", "outputs": []}


def test_collapse_marks_the_hidden_cells_and_expand_takes_the_marks_off() -> None:
    nb = {
        "cells": [
            _cell(["hide-input"]),
            _cell(["remove-cell"]),
            _cell(["hide-output"]),
            _cell([]),
            {"cell_type": "markdown", "metadata": {"tags": ["remove-cell"]}, "source": "x"},
            _cell(["other"], outputs_hidden=True),  # the learner's own collapse: kept
        ]
    }
    original = copy.deepcopy(nb)
    collapse_hidden_cells(nb)
    metas = [c["metadata"] for c in nb["cells"]]
    assert metas[0]["jupyter"] == {"source_hidden": True}
    assert metas[1]["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert metas[2]["jupyter"] == {"outputs_hidden": True}
    assert "jupyter" not in metas[3] and "jupyter" not in metas[4]
    assert metas[5]["jupyter"] == {"outputs_hidden": True}
    metas[0]["jupyter"]["source_hidden"] = False  # the learner expanded it: still no mark written
    expand_hidden_cells(nb)
    assert nb == original


def test_the_lab_command_serves_with_the_book_contents_manager() -> None:
    cmd = lab_command(BOOK, None, False, [])
    assert f"--ServerApp.contents_manager_class={CONTENTS_MANAGER}" in cmd
    module, _, name = CONTENTS_MANAGER.rpartition(".")
    assert getattr(__import__(module, fromlist=[name]), name) is BookContentsManager


def test_every_chapter_opens_collapsed_and_saves_back_unchanged(tmp_path: Path) -> None:
    """Through the real contents manager (Jupytext's, with book/jupytext.toml): get as JupyterLab
    does, then save the model back: the same bytes, for every chapter with hidden cells."""
    work = tmp_path / "book"
    shutil.copytree(BOOK, work, ignore=shutil.ignore_patterns("_build", "node_modules", "_static_widgets"))
    manager = BookContentsManager(root_dir=str(work))
    chapters = sorted((work / "chapters").glob("*.md"))
    assert len(chapters) >= 15

    async def round_trip(path: str) -> int:
        model = await manager.get(path, content=True, type="notebook")
        cells = model["content"]["cells"]
        collapsed = sum(1 for c in cells if c["metadata"].get("jupyter", {}).get("source_hidden"))
        await manager.save({"type": "notebook", "format": "json", "content": model["content"]}, path)
        return collapsed

    hidden_total = 0
    for chapter in chapters:
        before = chapter.read_bytes()
        nb = jupytext.reads(before.decode(), fmt="md:myst")
        hidden = sum(1 for c in nb.cells if c.cell_type == "code" and HIDE_SOURCE & set(c.metadata.get("tags", [])))
        collapsed = run_apart(round_trip(f"chapters/{chapter.name}"))
        assert collapsed == hidden, f"{chapter.name}: {collapsed} cells collapsed, the book hides {hidden}"
        assert chapter.read_bytes() == before, f"{chapter.name} changed when saved back"
        hidden_total += hidden
    assert hidden_total > 50


def test_saving_keeps_the_chapter_kernelspec_when_the_kernel_is_the_same(tmp_path: Path) -> None:
    """JupyterLab writes the running kernel's spec; another display name of the same kernel (an older
    ipykernel says "Python 3") leaves the header alone; another kernel is written."""
    work = tmp_path / "book"
    (work / "chapters").mkdir(parents=True)
    shutil.copy(BOOK / "jupytext.toml", work / "jupytext.toml")
    chapter = work / "chapters" / "03-bowers.md"
    shutil.copy(BOOK / "chapters" / "03-bowers.md", chapter)
    before = chapter.read_bytes()
    manager = BookContentsManager(root_dir=str(work))

    async def save_with(kernelspec: dict[str, str]) -> None:
        model = await manager.get("chapters/03-bowers.md", content=True, type="notebook")
        model["content"]["metadata"]["kernelspec"] = kernelspec
        await manager.save({"type": "notebook", "format": "json", "content": model["content"]}, "chapters/03-bowers.md")

    run_apart(save_with({"display_name": "Python 3", "language": "python", "name": "python3"}))
    assert chapter.read_bytes() == before
    run_apart(save_with({"name": "other", "display_name": "Other", "language": "python"}))
    assert "display_name: Other" in chapter.read_text()


def test_a_chapter_arrives_as_jupyterlab_would_leave_it_on_opening() -> None:
    """Issue 31 (5): every chapter opened "modified" (●) in JupyterLab: it adds ``collapsed`` to a cell
    whose outputs are hidden, and the kernel's ``language_info`` as it starts.  Both arrive with the
    notebook, and saving takes ``collapsed`` off again (tests/ui/test_lab_chapters.py: no ● in a real
    JupyterLab, every chapter)."""
    from fivehundred_tutor.cli.labcontents import add_language_info, python_language_info

    nb: dict[str, Any] = {
        "cells": [_cell(["remove-cell"]), _cell(["hide-input"])],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    }
    original = copy.deepcopy(nb)
    collapse_hidden_cells(nb)
    add_language_info(nb)
    assert nb["cells"][0]["metadata"]["collapsed"] is True  # outputs hidden: JupyterLab's mirror
    assert "collapsed" not in nb["cells"][1]["metadata"]  # outputs shown
    info = python_language_info()
    assert info is not None and info["name"] == "python"
    assert nb["metadata"]["language_info"] == info
    expand_hidden_cells(nb)
    del nb["metadata"]["language_info"]  # jupytext leaves it out of the chapter's text
    assert nb == original


def test_myst_labels_become_anchors_and_links_open_the_chapter_and_go_back_on_saving() -> None:
    """Issue 31 (8): JupyterLab showed ``(ch-bowers)=`` as text and ``[the bowers](#ch-bowers)`` went
    nowhere.  In every page of the book a label is an anchor and a link to another page's label opens
    that page (a path JupyterLab opens); saving gives back the very text."""
    import re

    from fivehundred_tutor.bookbuild import mystlinks

    index = mystlinks.labels(BOOK)
    assert index["ch-bowers"] == "chapters/03-bowers.md" and index["gloss-trick"] == "glossary.md"
    assert mystlinks.link_target("gloss-trick", "chapters/01-how-to-use.md", index) == "../glossary.md#gloss-trick"
    assert mystlinks.link_target("ch-bowers", "chapters/01-how-to-use.md", index) == "03-bowers.md#ch-bowers"
    # JupyterLite's copies are .ipynb notebooks
    assert (
        mystlinks.link_target("ch-bowers", "chapters/01-how-to-use.md", index, ".ipynb") == "03-bowers.ipynb#ch-bowers"
    )
    pages = [p for p in mystlinks.markdown_files(BOOK) if p.parent.name == "chapters" or p.name == "glossary.md"]
    assert len(pages) > 20
    linked = 0
    for page in pages:
        rel = page.relative_to(BOOK).as_posix()
        nb = jupytext.reads(page.read_text(encoding="utf-8"), fmt="md:myst")
        original = copy.deepcopy(nb)
        mystlinks.to_notebook(nb, rel, index)
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            assert not re.search(r"^\([\w.:-]+\)=\s*$", cell.source, re.M), f"{rel}: a label shown as text"
            for label in re.findall(r"\]\(#([\w.:-]+)\)", cell.source):  # what stays in-page is on this page
                assert index.get(label, rel) == rel, f"{rel}: #{label} is on {index[label]}"
            for target, _label in re.findall(r"\]\(([^()\s#]+\.md)#([\w.:-]+)\)", cell.source):
                assert (page.parent / target).is_file(), f"{rel}: {target} is no page"
                linked += 1
        mystlinks.from_notebook(nb, rel, index)
        assert nb == original, f"{rel}: not the same text after the way back"
    assert linked > 100
