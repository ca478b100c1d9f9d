"""Every chapter of the built book in its JupyterLite (``lite/``), one after another, in one browser.

Used by ``tests/book/test_lite_chapters.py`` (the sweep: every chapter live in ≤ 30 s of Run All) and by
``python -m bench.bench_chapters_live`` (the figures)::

    from tests.support.lite import chapter_widgets, run_chapter
    with serve_directory(html) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        row = run_chapter(context, base, "chapters/03-bowers", widgets=2, limit_s=60)

A chapter opens as the book's *Open in JupyterLab* button opens it (``?path=…&workspace=…``), runs by
itself (widgets/tools/lite-run.js: JupyterLab's Run All once its Python is ready), and counts as live when
Run All has ended and every widget its cells made is drawn from the notebook's Python (as many widget views
as the book build's run of the chapter made, none of them "Loading widget…").
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.support.browser import WIDGET_VIEW_MIME

#: the chapter's run and its widgets, from JupyterLab's model of the open notebook (cells out of view too)
STATE_JS = """(mime) => {
  const panel = window.jupyterapp?.shell?.currentWidget;
  const out = { now: performance.now(), started: window.__fhtRunAll ?? null, done: window.__fhtRunAllDone ?? null,
                skipped: window.__fhtRunAllSkipped ?? null, busy: 0, widgets: 0, drawn: 0, waiting: [], errors: [] };
  if (!panel?.content?.widgets) return out;
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== "code") continue;
    if (String(cell.model.executionState || "").startsWith("running") || cell.promptNode?.textContent?.includes("*")) out.busy += 1;
    for (const o of cell.model.outputs.toJSON()) {
      if (o.output_type === "error") out.errors.push(`${o.ename}: ${o.evalue}`.slice(0, 300));
      if (o.output_type === "stream" && o.name === "stderr") out.errors.push(String(o.text).slice(0, 300));
      if (o.data && o.data[mime]) out.widgets += 1;
    }
    const area = cell.outputArea?.node;
    if (!area) continue;
    out.drawn += [...area.querySelectorAll(".fht-root")].filter((root) => !root.parentElement.closest(".fht-root")).length;
    for (const node of area.querySelectorAll(".jp-OutputArea-output")) {
      if (/Loading widget/.test(node.textContent || "")) out.waiting.push((node.textContent || "").trim().slice(0, 80));
    }
  }
  return out;
}"""


def chapter_widgets(executed: Path) -> int:
    """How many widget views the book build's run of a chapter made (its ``jupyter_execute`` notebook)."""
    nb = json.loads(executed.read_text(encoding="utf-8"))
    return sum(
        1
        for cell in nb["cells"]
        if cell["cell_type"] == "code"
        for output in cell.get("outputs", [])
        if WIDGET_VIEW_MIME in output.get("data", {})
    )


def run_chapter(
    context: Any, base: str, chapter: str, *, widgets: int, limit_s: float = 60.0, keep_open: bool = False
) -> dict[str, Any]:
    """Open ``chapter`` (``chapters/03-bowers``) in the site's JupyterLite at ``base``, let it run by itself,
    wait until it is live or ``limit_s`` seconds after its Run All began; return what happened:

    ``to_run`` (s from opening to Run All's start), ``run_all`` (s from Run All's start to its end),
    ``live`` (s from Run All's start to the last widget drawn; None if not within the limit),
    ``widgets``/``drawn`` (views made / drawn), ``waiting`` (what the undrawn ones say), ``errors``
    (error and stderr outputs), ``console`` (the page's console errors), ``skipped`` (lite-run.js's reason);
    with ``keep_open`` the page stays open as ``tab``.
    """
    stem = chapter.rsplit("/", 1)[-1]
    console: list[str] = []
    tab = context.new_page()
    tab.on("console", lambda msg: console.append(msg.text) if msg.type == "error" else None)
    tab.on("pageerror", lambda err: console.append(f"page error: {err}"))
    opened = time.perf_counter()
    tab.goto(f"{base}lite/lab/index.html?path={chapter}.ipynb&workspace={stem}")
    state: dict[str, Any] = {}
    started_at: float | None = None
    live: float | None = None
    deadline = opened + 600.0  # JupyterLab and the notebook's Python: minutes at most on a loaded machine
    while time.perf_counter() < deadline:
        state = tab.evaluate(STATE_JS, WIDGET_VIEW_MIME)
        if state["skipped"] is not None:
            break
        if state["started"] is not None and started_at is None:
            started_at = time.perf_counter()
            deadline = started_at + limit_s
        drawn = state["drawn"] >= state["widgets"] >= widgets and not state["waiting"]
        if state["done"] is not None and state["busy"] == 0 and drawn:
            live = (state["now"] - state["started"]) / 1000  # the page's clock: Run All's start to now
            break
        tab.wait_for_timeout(200)
    row = {
        "chapter": stem,
        "to_run": None if state.get("started") is None else round(state["started"] / 1000, 1),
        "run_all": None if state.get("done") is None else round((state["done"] - state["started"]) / 1000, 1),
        "live": None if live is None else round(live, 1),
        "widgets": state.get("widgets", 0),
        "expected": widgets,
        "drawn": state.get("drawn", 0),
        "waiting": state.get("waiting", []),
        "errors": state.get("errors", []),
        "console": list(console),
        "skipped": state.get("skipped"),
    }
    if keep_open:
        row["tab"] = tab
    else:
        tab.close()
    return row
