"""JupyterLab in the reader's browser (JupyterLite in the book's lite/): start times and bytes.

    python bench/bench_lite.py [--html DIR] [--runs 2] [--chapter chapters/03-bowers]
                               [--pyodide DIR]   # another npm pyodide's folder, for comparison

Serves the built book (``--html``, default book/_build/html, built first when stale) on
127.0.0.1 with a server that counts the bytes it sends, and drives Debian's chromium:
from the chapter page, a click on *Open in JupyterLab*, then, as soon as the notebook's Python
is ready, Run > Run All Cells.

Figures printed (goals: cold <= 8 s to the first live widget, revisit <= 4 s, <= 20 MiB):
- cold visit (a fresh browser context): button -> JupyterLab drawn, -> Python ready (kernel
  idle), -> first live widget (its "New question" button: only a live quiz has it);
- revisit (same context, files cached, the tab closed and the button clicked again);
- bytes the server sent for the cold visit, by kind (Pyodide runtime, the notebook's wheels,
  JupyterLab, the notebook and figures), and for the revisit;
- what jedi (left out: completions without it) would add: its wheels' bytes.

``--pyodide DIR`` measures the same site with another Pyodide (e.g. ``npm install pyodide@314``
into a scratch folder): the runtime files are served from a copy and jupyter-lite.json points at it.
The machine's load shows in every time: run it on a quiet machine for the goals.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections import defaultdict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import launch_chromium  # noqa: E402

from fivehundred_tutor.bookbuild import jupyterbook, lite, webassets  # noqa: E402

BOOK = ROOT / "book"
MIB = 2**20
#: the gzip size of every file served (by path): a host that compresses (most do) sends about this much
gzipped: dict[str, int] = {}
IDLE_JS = "() => [...document.querySelectorAll('.jp-StatusBar-TextItem')].some(e => /Pyodide\\) \\| Idle/.test(e.textContent))"


@contextmanager
def counting_server(root: Path) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    sent: list[tuple[str, int]] = []

    class Handler(http.server.SimpleHTTPRequestHandler):
        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            outputfile.write(data)
            sent.append((self.path.split("?")[0], len(data)))
            gzipped[self.path.split("?")[0]] = len(zlib.compress(data, 6)) + 18  # what a compressing host sends

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", sent
    finally:
        server.shutdown()
        server.server_close()


def kind(path: str) -> str:
    if f"/_static/{webassets.LIVE_DIR}/" in path or "/pyodide-alt/" in path:
        return "Pyodide runtime"
    if "/lite/kernel/" in path or "/lite/pypi/" in path:
        return "the notebook's wheels"
    if "/lite/files/" in path or "/lite/api/" in path:
        return "notebook, figures"
    if "/lite/" in path:
        return "JupyterLab"
    return "other"


def visit(context: Any, base: str, chapter: str, sent: list[tuple[str, int]]) -> dict[str, Any]:
    """Open the chapter page, click the button, run all cells; times from the click and bytes from then."""
    page = context.new_page()
    page.goto(base + chapter + ".html")
    button = page.get_by_role("link", name="Open in JupyterLab")
    button.wait_for()
    sent.clear()
    start = time.perf_counter()
    with context.expect_page() as opened:
        button.click()
    tab = opened.value
    tab.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=300000)
    drawn = time.perf_counter() - start
    tab.wait_for_function(IDLE_JS, timeout=300000, polling=100)
    idle = time.perf_counter() - start
    tab.get_by_role("menuitem", name="Run", exact=True).click()
    tab.locator('[data-command="runmenu:run-all"]').click()
    tab.locator(".fht-new").first.wait_for(timeout=300000)
    widget = time.perf_counter() - start
    by_kind: dict[str, int] = defaultdict(int)
    for path, size in sent:
        by_kind[kind(path)] += size
    result_gz = sum(gzipped.get(path, size) for path, size in sent)
    largest = sorted(sent, key=lambda ps: -ps[1])[:12]
    result = {
        "drawn": drawn,
        "idle": idle,
        "widget": widget,
        "bytes": dict(by_kind),
        "requests": len(sent),
        "largest": largest,
        "gzip": result_gz,
    }
    tab.close()
    page.close()
    return result


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--html", help="measure this built site as it is (no build)")
    parser.add_argument("--runs", type=int, default=2, help="cold visits to time (default 2)")
    parser.add_argument("--chapter", default="chapters/03-bowers", help="a chapter with a quiz")
    parser.add_argument("--pyodide", help="an npm pyodide folder to compare with the live book's")
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
    print(f"Pyodide {version}; chapter {args.chapter}")
    colds: list[dict[str, Any]] = []
    revisit: dict[str, Any] = {}
    with root_cm as root, counting_server(root) as (base, sent), launch_chromium() as browser:
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            colds.append(visit(context, base, args.chapter, sent))
            if run == args.runs - 1:
                revisit = visit(context, base, args.chapter, sent)
            context.close()
    print("\n                          JupyterLab drawn   Python ready   first live widget   (s from the click)")
    for i, r in enumerate(colds):
        print(f"cold visit {i + 1}:            {r['drawn']:8.1f}      {r['idle']:8.1f}        {r['widget']:8.1f}")
    print(
        f"revisit (cached):        {revisit['drawn']:8.1f}      {revisit['idle']:8.1f}        {revisit['widget']:8.1f}"
    )
    best = min(r["widget"] for r in colds)
    print(f"goal: cold <= 8 s (best {best:.1f} s), revisit <= 4 s ({revisit['widget']:.1f} s)")
    cold = colds[0]["bytes"]
    print(
        f"\nbytes sent, cold visit: {sum(cold.values()) / MIB:.1f} MiB in {colds[0]['requests']} requests (goal <= 20 MiB)"
    )
    for name, size in sorted(cold.items(), key=lambda kv: -kv[1]):
        print(f"  {name:24s} {size / MIB:6.2f} MiB")
    print(f"  (a host that compresses with gzip would send about {colds[0]['gzip'] / MIB:.1f} MiB)")
    print("  largest files:")
    for path, size in colds[0]["largest"]:
        print(f"    {size / MIB:6.2f} MiB  {path}")
    print(f"bytes sent, revisit: {sum(revisit['bytes'].values()) / MIB:.2f} MiB in {revisit['requests']} requests")
    for path, size in revisit["largest"][:3]:
        print(f"    {size / MIB:6.2f} MiB  {path}")
    jedi = jedi_bytes()
    if jedi >= 0:
        print(f"left out: jedi + parso (completions) would add {jedi / MIB:.2f} MiB of wheels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
