"""Every chapter in the book's JupyterLite: seconds until it is live (issue 31: ≤ 30 s of Run All each).

    python -m bench.bench_chapters_live [--html DIR] [--limit 60] [--chapter chapters/09b-judging-a-hand ...]

Serves the built book (``--html``, default book/_build/html; build it first) on 127.0.0.1, and in one
Chromium (one browser context: the notebook's Python starts from the site's snapshot the first time and from
the browser's copy after that, as for a reader going through the book) opens each chapter as the book's
*Open in JupyterLab* button does; the chapter runs by itself.  Per chapter (tests/support/lite.py):

- ``open→run``: seconds from opening the page to the start of its Run All (JupyterLab and Python starting);
- ``run all``: seconds of JupyterLab's Run All (every cell executed);
- ``live``: seconds from the start of Run All until every widget the chapter makes is drawn from the
  notebook's Python (as many as the book build's run made; none "Loading widget…"), ``-`` if not within
  ``--limit`` seconds;
- widgets drawn of those made, and any error output or console error (a ``BigInt`` one, issue 31 defect 2).

The machine's load shows in every time (the load average is printed): run it on a quiet machine for the goals.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_S = 30.0


def main(argv: list[str] | None = None) -> int:
    from tests.support.browser import launch_chromium, serve_directory
    from tests.support.lite import chapter_widgets, run_chapter

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds of Run All to wait for a chapter")
    parser.add_argument("--chapter", action="append", default=[], help="chapters/NAME (default: every chapter)")
    args = parser.parse_args(argv)
    html = args.html.resolve()
    executed = html.parent / "jupyter_execute"
    chapters = args.chapter or sorted(
        f"chapters/{p.stem}" for p in (html / "lite" / "files" / "chapters").glob("*.ipynb")
    )
    if not chapters:
        print(f"no JupyterLite chapters in {html / 'lite'}: build the book first", file=sys.stderr)
        return 1
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    print(f"{'chapter':28} {'open→run':>8} {'run all':>8} {'live':>6}  widgets  notes")
    rows = []
    started = time.perf_counter()
    with launch_chromium() as browser, serve_directory(html) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        for chapter in chapters:
            widgets = chapter_widgets(executed / f"{chapter}.ipynb")
            row = run_chapter(context, base, chapter, widgets=widgets, limit_s=args.limit)
            rows.append(row)
            notes = []
            if row["skipped"]:
                notes.append(f"not run: {row['skipped']}")
            if row["errors"]:
                notes.append(f"errors: {row['errors'][:2]}")
            if row["console"]:
                notes.append(f"console: {row['console'][:2]}")
            if row["waiting"]:
                notes.append(f"waiting: {row['waiting'][:2]}")

            def fmt(x: float | None) -> str:
                return "-" if x is None else f"{x:.1f}"

            print(
                f"{row['chapter']:28} {fmt(row['to_run']):>8} {fmt(row['run_all']):>8} {fmt(row['live']):>6}  "
                f"{row['drawn']:>2}/{row['expected']:<2}    {'; '.join(notes)}",
                flush=True,
            )
        context.close()
    live = [r["live"] for r in rows if r["live"] is not None]
    over = [r["chapter"] for r in rows if r["live"] is None or r["live"] > GOAL_S]
    print(f"\n{len(live)} of {len(rows)} chapters live; slowest {max(live, default=0):.1f} s; goal {GOAL_S:.0f} s")
    print(f"over the goal or not live: {', '.join(over) or 'none'}")
    print(
        f"whole sweep {time.perf_counter() - started:.0f} s; load average after: "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
