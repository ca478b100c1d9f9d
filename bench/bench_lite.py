"""JupyterLab in the reader's browser (JupyterLite in the book's lite/): start times and bytes.

    python -m bench.bench_lite [--html DIR] [--runs 2] [--chapter chapters/03-bowers] [--prefix /fivehundred/]
                               [--pyodide DIR]   # another npm pyodide's folder, for comparison

Serves the built book (``--html``, default book/_build/html, built first when stale) on
127.0.0.1 the way a static host does (Last-Modified, ETag, max-age=600, 304s; bench/benchkit.py),
counting what it sends, and drives Debian's chromium with a profile folder (a disk cache, as a
reader's browser has; Playwright's incognito contexts keep no large file in their memory cache):
from the chapter page, a click on *Open in JupyterLab*; the chapter then runs by itself as soon as
the notebook's Python is ready (widgets/tools/lite-run.js), nothing more to click.

Figures printed (goals: cold <= 8 s to the first live widget, revisit <= 4 s, <= 20 MiB):
- cold visit (a fresh browser context): button -> JupyterLab drawn, -> Python ready (the kernel
  connected: the chapter starts running), -> first live widget (its "New question" button: only a
  live quiz has it);
- revisit after each cold visit (same profile, files cached, the tab closed and the button clicked again; the
  median and the worst are judged); a visit waits, before the
  tab closes, for the page's idle-time warm-up of the browser's code cache (widgets/tools/lite-codecache.js:
  once per browser, after the chapter has run; its time is printed with the steps);
- step by step: when the site was first asked for JupyterLab, Pyodide, the kernel's wheels, the
  notebook, the install cell's index and wheel (the server's clock), then drawn / idle / widget;
- the notebook's Python start as its worker recorded it (lite/kernel/start.mjs: when the worker started,
  where the snapshot came from, Python restored, the wheels' files written, when the kernel asked for it);
- bytes the server sent for the cold visit, by kind (Pyodide runtime, the notebook's Python: snapshot,
  files and wheels, JupyterLab, the notebook and figures), as files and as a host that compresses sends
  them (gzip of every file that is not compressed already: the figure the transfer goal is judged on, as
  every real static host compresses), and for the revisit;
- what jedi (left out: completions without it) would add: its wheels' bytes.

``--steps`` times only the notebook's Python start, step by step, in Node with the site's start
module, files and Pyodide: from the site's snapshot, and the ordinary start (Python's start-up, the
kernel's and the chapters' imports: what the snapshot saves).

``--pyodide DIR`` measures the same site with another Pyodide (e.g. ``npm install pyodide@314``
into a scratch folder): the runtime files are served from a copy and jupyter-lite.json points at it.
The machine's load shows in every time: run it on a quiet machine for the goals.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from bench.benchkit import MIB, Sent, browser_cpu, chromium_profile, kind, load_average, static_host
from fivehundred_tutor.bookbuild import jupyterbook, lite, litekernel

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
#: (label, path fragment): when the site was first asked for each, from the click (the kernel's steps)
MILESTONES = (
    ("JupyterLab's first file", "/lite/lab/"),
    ("Pyodide runtime asked for", "/pyodide.mjs"),
    ("  its wasm", "/pyodide.asm.wasm"),
    ("  its standard library", "/python_stdlib.zip"),
    ("the kernel's worker (early)", "/lite/kernel/worker.mjs"),
    ("its start-up snapshot", "/lite/kernel/notebook.snapshot"),
    ("its files (one archive)", "/lite/kernel/site-packages"),
    ("the notebook file", "/lite/files/"),
    ("install cell: the index", "/lite/pypi/all.json"),
    ("install cell: this package", "/lite/pypi/fivehundred_tutor"),
)


def visit(context: Any, base: str, chapter: str, sent: Sent, profile: Path) -> dict[str, Any]:
    """Open the chapter page, click the button, run all cells; times from the click and bytes from then."""
    page = context.new_page()
    page.goto(base + chapter + ".html")
    button = page.get_by_role("link", name="Open in JupyterLab")
    button.wait_for()
    mark = sent.mark()
    cpu = browser_cpu(profile)
    start = time.perf_counter()
    epoch = time.time()
    with context.expect_page() as opened:
        button.click()
    tab = opened.value
    tab.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=300000)
    drawn = time.perf_counter() - start
    # The chapter runs by itself once its Python is ready (widgets/tools/lite-run.js): nothing to click.
    tab.locator(".fht-new").first.wait_for(timeout=300000)
    widget = time.perf_counter() - start
    cpu = browser_cpu(profile) - cpu
    # A reader stays to read: the page then warms the browser's code cache for the next visit (once per browser;
    # widgets/tools/lite-codecache.js); its time is printed, and it is left out of the visit's CPU above.
    tab.wait_for_function(
        "() => window.__fhtCodeCache && !['waiting', 'warming'].includes(window.__fhtCodeCache.status)",
        timeout=120000,
        polling=200,
    )
    codecache = tab.evaluate("() => window.__fhtCodeCache")
    steps = worker_timeline(tab, epoch)
    began = tab.evaluate("() => window.__fhtRunAll === null ? null : performance.timeOrigin + window.__fhtRunAll")
    # Python ready: the kernel connected, when the chapter's run began
    idle = run_all = began / 1000 - epoch if began is not None else float("nan")
    rows = sent.since(mark)
    by_kind: dict[str, int] = defaultdict(int)
    by_kind_gzip: dict[str, int] = defaultdict(int)
    for _t, path, size, _status in rows:
        by_kind[kind(path)] += size
        by_kind_gzip[kind(path)] += sent.wire(path, size)
    marks = {label: sent.first(fragment, mark) for label, fragment in MILESTONES}
    last_wheel = sent.last("/lite/kernel/", mark)  # the last file of the notebook's Python
    result = {
        "drawn": drawn,
        "idle": idle,
        "run_all": run_all,
        "widget": widget,
        "cpu": cpu,
        "bytes": dict(by_kind),
        "bytes_gzip": dict(by_kind_gzip),
        "requests": len(rows),
        "not_modified": sum(1 for row in rows if row[3] == 304),
        "largest": sorted(((p, n) for _t, p, n, _s in rows), key=lambda pn: -pn[1])[:12],
        "gzip": sent.gzip_total(mark),
        "marks": {k: (v - start if v is not None else None) for k, v in marks.items()},
        "last_wheel": last_wheel - start if last_wheel is not None else None,
        "worker": steps,
        "codecache": codecache,
    }
    tab.close()
    page.close()
    return result


def worker_timeline(tab: Any, epoch: float) -> list[tuple[str, float]]:
    """The notebook's Python start, step by step, as its worker recorded it (lite/kernel/start.mjs): s from the click."""
    for worker in tab.workers:
        try:
            rows = worker.evaluate("() => globalThis.__fhtNotebookTimeline || null")
        except Exception:  # a worker that is gone, or not ours
            continue
        if rows:
            return [(str(step), ms / 1000 - epoch) for step, ms in rows]
    return []


@contextmanager
def with_pyodide(html: Path, pyodide: Path) -> Iterator[Path]:
    """A view of the site (symlinks) whose JupyterLite loads Pyodide from ``pyodide`` (copied into pyodide-alt/)."""
    with tempfile.TemporaryDirectory(prefix="bench-lite-") as tmp:
        root = Path(tmp)
        for item in html.iterdir():
            if item.name != lite.LITE_DIR:
                (root / item.name).symlink_to(item)
        site = root / lite.LITE_DIR
        site.mkdir()
        for item in (html / lite.LITE_DIR).iterdir():
            if item.name not in ("jupyter-lite.json", "kernel"):
                (site / item.name).symlink_to(item)
        alt = root / "pyodide-alt"
        alt.mkdir()
        for item in pyodide.iterdir():  # the runtime (0.29: pyodide.asm.js, 314: pyodide.asm.mjs), stdlib, lock
            if item.suffix in (".mjs", ".js", ".wasm", ".zip", ".json") and item.name != "package.json":
                shutil.copyfile(item, alt / item.name)
        shutil.copytree(html / lite.LITE_DIR / "kernel", site / "kernel")
        lock = json.loads((site / "kernel" / "pyodide-lock.json").read_text())
        lock["info"] = json.loads((pyodide / "pyodide-lock.json").read_text())["info"]
        (site / "kernel" / "pyodide-lock.json").write_text(json.dumps(lock))
        config = json.loads((html / lite.LITE_DIR / "jupyter-lite.json").read_text())
        settings = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
        settings["pyodideUrl"] = "./../pyodide-alt/pyodide.mjs"
        (site / "jupyter-lite.json").write_text(json.dumps(config))
        yield root


def jedi_bytes() -> int:
    """The bytes of the jedi and parso wheels (PyPI, the versions installed here) the kernel would load."""
    from importlib import metadata

    with tempfile.TemporaryDirectory() as tmp:
        wanted = [f"jedi=={metadata.version('jedi')}", f"parso=={metadata.version('parso')}"]
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "-d", tmp, *wanted]
        if subprocess.run(cmd, capture_output=True, check=False).returncode != 0:
            return -1
        return sum(p.stat().st_size for p in Path(tmp).glob("*.whl"))


STEPS_JS = r"""
import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
const [start, pyodideDir, snapshot] = process.argv.slice(2);
const kernel = await import(pathToFileURL(start).href);
const read = async (url) => new Uint8Array(readFileSync(fileURLToPath(url)));
const runtime = pathToFileURL(`${pyodideDir}/pyodide.mjs`).href;
const runs = {};
for (const [name, loadSnapshot] of [["from the site's snapshot", async () => gunzipSync(readFileSync(snapshot))], ["the ordinary start", null]]) {
  globalThis.__fhtNotebookTimeline.length = 0;
  const t = Date.now(), c = process.cpuUsage();
  globalThis.__fhtNotebookTimeline.push(["start", t]);
  await kernel.startPython({ read, runtime, makeSnapshot: !loadSnapshot, ...(loadSnapshot ? { loadSnapshot } : {}) });
  const cpu = process.cpuUsage(c);
  runs[name] = { steps: globalThis.__fhtNotebookTimeline.map(([step, at]) => [step, at - t]), cpu: (cpu.user + cpu.system) / 1000 };
}
console.log(JSON.stringify(runs));
"""


def kernel_steps(html: Path, pyodide: Path) -> None:
    """The notebook's Python start, step by step, in Node: the site's start module (lite/kernel/start.mjs), its
    files and the same Pyodide, once from the site's snapshot and once the ordinary way (ms since the start).

    Node compiles the wasm from scratch each time and reads files from disk: a browser's figures differ
    (bench_lite's worker timeline), the steps' shares do not much.
    """
    from fivehundred_tutor.bookbuild.webassets import find_node

    kernel = html / lite.LITE_DIR / "kernel"
    with tempfile.TemporaryDirectory(prefix="bench-lite-steps-") as tmp:
        script = Path(tmp) / "steps.mjs"
        script.write_text(STEPS_JS)
        proc = subprocess.run(
            [
                str(find_node()),
                str(script),
                str(kernel / lite.KERNEL_START),
                str(pyodide.resolve()),
                str(kernel / litekernel.SNAPSHOT_NAME),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
    if proc.returncode != 0:
        lines = [line.strip() for line in proc.stderr.strip().splitlines() if 0 < len(line.strip()) < 400]
        print("  the steps did not run:", " / ".join(lines[-6:]))
        return
    for name, run in json.loads(proc.stdout.strip().splitlines()[-1]).items():
        print(f"  {name} (CPU {run['cpu']:.0f} ms):")
        last = 0.0
        for step, at in run["steps"]:
            print(f"    {step:40s} {at:7.0f} ms  (+{at - last:5.0f})")
            last = at


def timeline(r: dict[str, Any]) -> None:
    """Where the time goes, from the click: when the site was asked for each step's files."""
    for label, at in r["marks"].items():
        print(f"    {label:30s} {'-' if at is None else f'{at:6.2f} s'}")
    if r["last_wheel"] is not None:
        print(f"    {'its last file':30s} {r['last_wheel']:6.2f} s")
    for step, at in r["worker"]:
        print(f"    {'  worker: ' + step:30s} {at:6.2f} s")
    print(f"    {'JupyterLab drawn':30s} {r['drawn']:6.2f} s")
    print(f"    {'Python ready, chapter runs':30s} {r['run_all']:6.2f} s")
    print(f"    {'first live widget':30s} {r['widget']:6.2f} s")
    cache = r.get("codecache") or {}
    print(f"    {'code cache warm-up':30s} {cache.get('status')}: {cache.get('scripts')} scripts, {cache.get('ms')} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--html", help="measure this built site as it is (no build)")
    parser.add_argument(
        "--runs", type=int, default=2, help="cold visits to time, each followed by a revisit (default 2)"
    )
    parser.add_argument("--chapter", default="chapters/03-bowers", help="a chapter with a quiz")
    parser.add_argument("--pyodide", help="an npm pyodide folder to compare with the live book's")
    parser.add_argument("--prefix", default="/", help="serve the site under this sub-path (e.g. /fivehundred/)")
    parser.add_argument("--no-jedi", action="store_true", help="skip downloading jedi to weigh it")
    parser.add_argument(
        "--without-snapshot", action="store_true", help="also a revisit without the kernel's start-up snapshot"
    )
    parser.add_argument("--steps", action="store_true", help="only the notebook's Python start, step by step, in Node")
    args = parser.parse_args()

    html = Path(args.html).resolve() if args.html else BOOK / "_build" / "html"
    if not args.html and (not (html / "lite" / "index.html").exists() or jupyterbook.is_stale(BOOK)):
        print("building the book first …", flush=True)
        result = jupyterbook.run_build(BOOK, capture=True)
        if not (html / "lite" / "index.html").exists():
            print(result.output[-3000:])
            return 1
    version = json.loads((BOOK / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    root_cm: AbstractContextManager[Path]
    root_cm = with_pyodide(html, Path(args.pyodide)) if args.pyodide else nullcontext(html)
    if args.pyodide:
        version = json.loads((Path(args.pyodide) / "package.json").read_text())["version"]
    print(f"Pyodide {version}; chapter {args.chapter}; {load_average()}")
    if args.steps:
        print("the notebook's Python start in Node, step by step:")
        kernel_steps(html, Path(args.pyodide) if args.pyodide else BOOK / "node_modules" / "pyodide")
        print(f"after: {load_average()}")
        return 0
    colds: list[dict[str, Any]] = []
    revisits: list[dict[str, Any]] = []
    plain: dict[str, Any] = {}
    with root_cm as root, static_host(root, args.prefix) as (base, sent):
        for run in range(args.runs):
            with (
                tempfile.TemporaryDirectory(prefix="bench-lite-profile-") as profile,
                chromium_profile(Path(profile)) as context,
            ):
                colds.append(visit(context, base, args.chapter, sent, Path(profile)))
                revisits.append(visit(context, base, args.chapter, sent, Path(profile)))
                if run == args.runs - 1 and args.without_snapshot:  # the same revisit, the start-up snapshot deleted
                    clear = context.new_page()
                    clear.goto(base + "index.html")
                    clear.evaluate("async () => { for (const n of await caches.keys()) await caches.delete(n); }")
                    clear.close()
                    plain = visit(context, base, args.chapter, sent, Path(profile))
    print(f"after the runs: {load_average()}")
    print(
        "\n                          JupyterLab drawn   Python ready   first live widget   (s from the click)"
        "   browser CPU s"
    )
    for i, r in enumerate(colds):
        print(
            f"cold visit {i + 1}:            {r['drawn']:8.1f}      {r['idle']:8.1f}        {r['widget']:8.1f}"
            f"             {r['cpu']:8.1f}"
        )
    for i, r in enumerate(revisits):
        print(
            f"revisit {i + 1} (cached):      {r['drawn']:8.1f}      {r['idle']:8.1f}        {r['widget']:8.1f}"
            f"             {r['cpu']:8.1f}"
        )
    revisit = sorted(revisits, key=lambda r: r["widget"])[len(revisits) // 2]  # the median one
    if plain:
        print(
            f"revisit, no snapshot:    {plain['drawn']:8.1f}      {plain['idle']:8.1f}        {plain['widget']:8.1f}"
            f"             {plain['cpu']:8.1f}"
        )
    cold_median = statistics.median(r["widget"] for r in colds)
    print(
        f"goal: cold <= 8 s (median {cold_median:.1f} s, worst {max(r['widget'] for r in colds):.1f} s),"
        f" revisit <= 4 s (median {revisit['widget']:.1f} s, worst {max(r['widget'] for r in revisits):.1f} s)"
    )
    print("\ncold visit 1, step by step (s from the click):")
    timeline(colds[0])
    print("revisit (the median one), step by step:")
    timeline(revisit)
    cold, cold_gzip = colds[0]["bytes"], colds[0]["bytes_gzip"]
    print(
        f"\nbytes sent, cold visit: {sum(cold.values()) / MIB:.1f} MiB as files, {colds[0]['gzip'] / MIB:.1f} MiB on the"
        f" wire from a host that compresses (GitHub Pages, Netlify, nginx with gzip), in {colds[0]['requests']}"
        " requests (goal <= 20 MiB transferred)"
    )
    print(f"  {'':28s} {'files':>10s} {'gzip':>10s}")
    for name, size in sorted(cold.items(), key=lambda kv: -kv[1]):
        print(f"  {name:28s} {size / MIB:6.2f} MiB {cold_gzip[name] / MIB:6.2f} MiB")
    print("  largest files:")
    for path, size in colds[0]["largest"]:
        print(f"    {size / MIB:6.2f} MiB  {path}")
    print(
        f"bytes sent, revisit: {sum(revisit['bytes'].values()) / MIB:.2f} MiB in {revisit['requests']} requests "
        f"({revisit['not_modified']} answered 304 Not Modified)"
    )
    for path, size in revisit["largest"][:3]:
        print(f"    {size / MIB:6.2f} MiB  {path}")
    jedi = -1 if args.no_jedi else jedi_bytes()
    if jedi >= 0:
        print(f"left out: jedi + parso (completions) would add {jedi / MIB:.2f} MiB of wheels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
