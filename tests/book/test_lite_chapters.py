"""Every chapter of the built book live in its JupyterLite within 30 s of Run All (issue 31, "Done when").

One browser, one server of the built site, the chapters in turn (tests/support/lite.py), as the book's *Open in
JupyterLab* button opens them: each runs by itself, and within 30 s of its Run All every widget the chapter
makes is drawn from the notebook's Python (as many as the book build's run made, none "Loading widget…"), with
no error output and no console error (before: chapter 9b's hand evaluator kept the notebook's Python busy for
over 20 minutes; chapter 12's replays stayed "Loading widget…" with "Do not know how to serialize a BigInt").

Then the chapter's File > Download (issue 31, defect 4): the file is named as the chapter
(not ``chapters_…``), its install cell names the book's own wheel by its full address on the site (a file the
site has: the same bytes), never a name looked up on PyPI, and once saved its widget outputs carry their state.
A chapter that misses the limit is tried once more (on this shared 2-core machine other engineers' runs push the
load average past 15, and a chapter live in 7 s then took over 30 s); it must make it the second time.
``python -m bench.bench_chapters_live`` prints the same figures for a quiet machine.
"""

from __future__ import annotations

import json
import os
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.bookbuild import lite
from tests.support.browser import WIDGET_VIEW_MIME
from tests.support.lite import chapter_widgets, run_chapter

#: seconds from a chapter's Run All to its last widget live (issue 31)
LIVE_LIMIT_S = 30.0
DOWNLOADED = "chapters/01-how-to-use"
BIGINT = "serialize a BigInt"


@pytest.mark.browser
@pytest.mark.slow
def test_every_chapter_is_live_in_jupyterlite_within_30_s(built_book: Any, browser: Any, tmp_path: Path) -> None:
    from tests.support.browser import serve_directory

    html = built_book.html
    executed = html.parent / "jupyter_execute"
    chapters = sorted(f"chapters/{p.stem}" for p in (html / "lite" / "files" / "chapters").glob("*.ipynb"))
    assert len(chapters) >= 20, chapters
    rows = []
    started = time.perf_counter()
    with serve_directory(html) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        for chapter in chapters:
            widgets = chapter_widgets(executed / f"{chapter}.ipynb")
            keep = chapter == DOWNLOADED
            row = run_chapter(context, base, chapter, widgets=widgets, limit_s=LIVE_LIMIT_S, keep_open=keep)
            print(f"{row['chapter']:24} run all {row['run_all']} s, live {row['live']} s, {row['drawn']}/{widgets}")
            if row["live"] is None and not row["skipped"]:
                # A second try tells a moment of a machine shared by others (load average 17 on 2 cores made a
                # 7 s chapter miss 30 s) from a chapter that is slow: the chapter must make it on the second.
                print(f"  (load average {os.getloadavg()[0]:.1f}: tried again)")
                row = run_chapter(context, base, chapter, widgets=widgets, limit_s=LIVE_LIMIT_S, keep_open=keep)
                print(f"  again: run all {row['run_all']} s, live {row['live']} s, {row['drawn']}/{widgets}")
            rows.append(row)
        sweep = time.perf_counter() - started
        print(f"the sweep: {len(rows)} chapters in {sweep:.0f} s")
        problems = []
        for row in rows:
            if row["skipped"]:
                problems.append(f"{row['chapter']}: did not run by itself ({row['skipped']})")
            elif row["live"] is None or row["live"] > LIVE_LIMIT_S:
                problems.append(
                    f"{row['chapter']}: not live within {LIVE_LIMIT_S:.0f} s of Run All (run all {row['run_all']} s; "
                    f"{row['drawn']} of {row['expected']} widgets drawn; waiting: {row['waiting'][:2]})"
                )
            if row["errors"]:
                problems.append(f"{row['chapter']}: error output {row['errors'][:2]}")
            if row["console"]:
                problems.append(f"{row['chapter']}: console errors {row['console'][:3]}")
            if any(BIGINT in text for text in row["console"] + row["errors"]):
                problems.append(f"{row['chapter']}: a number beyond JavaScript's reached a widget (BigInt)")
        assert not problems, "\n".join(problems)

        # File > Download of a chapter that ran and was saved (JupyterLab's autosave does the same)
        tab = next(row["tab"] for row in rows if row["chapter"] == DOWNLOADED.rsplit("/", 1)[-1])
        tab.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        tab.get_by_role("menuitem", name="File", exact=True).click()
        with tab.expect_download() as download:
            tab.locator('[data-command="docmanager:download"]').click()
        assert download.value.suggested_filename == "01-how-to-use.ipynb", "named as the chapter, no chapters_"
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        nb = json.loads(saved.read_text(encoding="utf-8"))
        install = next(c for c in nb["cells"] if lite.INSTALL_TAG in c["metadata"].get("tags", []))
        source = "".join(install["source"]) if isinstance(install["source"], list) else install["source"]
        found = re.search(r'^%pip install -q "fivehundred-tutor @ (\S+)"$', source, re.M)
        assert found, source
        url = found.group(1)
        assert url == f"{base}lite/pypi/{lite.webassets.wheel_name()}", url
        with urllib.request.urlopen(url) as answer:
            assert answer.read() == (html / "lite" / "pypi" / lite.webassets.wheel_name()).read_bytes()
        # its widget outputs carry their state: a viewer without Python draws them
        views = [
            o["data"][WIDGET_VIEW_MIME]["model_id"]
            for c in nb["cells"]
            if c["cell_type"] == "code"
            for o in c.get("outputs", [])
            if WIDGET_VIEW_MIME in o.get("data", {})
        ]
        state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
        assert views and all(v in state for v in views), (views, list(state)[:5])
        tab.close()
        context.close()
