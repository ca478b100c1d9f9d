"""Book build benchmark: clean build, incremental rebuilds, site size, heaviest page.

    python -m bench.bench_book            # builds a copy of book/ in a temporary folder
    python -m bench.bench_book --keep DIR # ... in DIR, and keep it
    python -m bench.bench_book --pages book/_build/html   # page weight and first widget, in Chromium

book/ itself is never written to (the copy shares its node_modules through a symlink), so the
benchmark can run while someone edits the chapters.

--pages HTML (no build): serve the built site on 127.0.0.1 and open every page in Debian's
chromium, a fresh browser context (cold cache) each; until the widgets are drawn and the network
is idle, before any interaction, count every same-origin file the page loaded: raw bytes and
gzip bytes (gzip -6 of each file, what a static host sends compressed).  Also the time from
navigation start to the first widget drawn and to the last.  Targets: heaviest chapter page
<= 700 kB gzip; first widget drawn <= 1 s on every chapter.

Figures printed (a build):
- clean build: no _build, no execution cache (every chapter executed), warnings as errors;
- no-change rebuild: nothing edited (what `book serve` costs when a build exists);
- one-page rebuild: one chapter's prose touched (its code unchanged, so its outputs come from
  the execution cache);
- site size (everything, and without the shared widget/theme static files) and the page weight
  of the heaviest page (its HTML + every local script/stylesheet/image it loads).
Target: clean build <= 120 s on the 2-core machine.
"""

from __future__ import annotations

import argparse
import html.parser
import os
import shutil
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from fivehundred_tutor.bookbuild import jupyterbook

ROOT = Path(__file__).resolve().parent.parent

BOOK = ROOT / "book"


class _Refs(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script" and a.get("src"):
            self.refs.append(a["src"] or "")
        elif tag == "link" and a.get("rel") in {"stylesheet", "icon", "preload"} and a.get("href"):
            self.refs.append(a["href"] or "")
        elif tag == "img" and a.get("src"):
            self.refs.append(a["src"] or "")


def page_weight(page: Path) -> int:
    parser = _Refs()
    parser.feed(page.read_text(encoding="utf-8"))
    total = page.stat().st_size
    seen: set[Path] = set()
    for ref in parser.refs:
        parts = urlsplit(ref)
        if parts.scheme or parts.netloc or not parts.path:
            continue
        target = (page.parent / parts.path).resolve()
        if target.is_file() and target not in seen:
            seen.add(target)
            total += target.stat().st_size
    return total


def tree_size(path: Path, skip: tuple[str, ...] = ()) -> int:
    return sum(
        p.stat().st_size
        for p in path.rglob("*")
        if p.is_file() and not any(part in skip for part in p.relative_to(path).parts)
    )


def copy_book(dest: Path) -> Path:
    book = dest / "book"
    shutil.copytree(BOOK, book, ignore=shutil.ignore_patterns("_build", "node_modules", "_static_widgets"))
    if (BOOK / "node_modules").exists():
        (book / "node_modules").symlink_to(BOOK / "node_modules", target_is_directory=True)
    return book


def timed_build(book: Path, **kwargs: object) -> float:
    result = jupyterbook.run_build(book, capture=True, **kwargs)  # type: ignore[arg-type]
    if not result.ok:
        print("\n".join(result.warnings) or result.output[-3000:], file=sys.stderr)
        raise SystemExit(f"build failed (exit {result.returncode})")
    if result.package_changed:
        print("  (the package changed during the benchmark, so every chapter ran again)")
    return result.seconds


FIRST_WIDGET_JS = """(() => {
  const seen = () => {
    if (window.__benchFirstWidget === undefined && document.querySelector('.fht-root')) {
      window.__benchFirstWidget = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true});
})();"""


def browser_pages(html: Path, *, prefix: str = "") -> int:
    """Open every page of the built site in Chromium; print its weight and when its widgets were drawn."""
    import functools
    import gzip
    import http.server
    import statistics
    import threading

    from tests.support.browser import count_widgets, launch_chromium, toc_pages, wait_for_widgets

    gz: dict[str, int] = {}
    sent: list[tuple[str, int, int]] = []

    class Counting(http.server.SimpleHTTPRequestHandler):
        def copyfile(self, source: object, outputfile: object) -> None:
            data = source.read()  # type: ignore[attr-defined]
            outputfile.write(data)  # type: ignore[attr-defined]
            key = self.path.split("?")[0]
            if key not in gz:
                gz[key] = len(gzip.compress(data, 6, mtime=0))
            sent.append((key, len(data), gz[key]))

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = [p for p in toc_pages() if (html / p).exists()]
    rows = []
    try:
        with launch_chromium() as browser:
            for rel in pages:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.add_init_script(FIRST_WIDGET_JS)
                sent.clear()
                page.goto(base + rel, wait_until="load")
                declared, rendered = wait_for_widgets(page, timeout_ms=30000)
                page.wait_for_load_state("networkidle")
                timing = page.evaluate(
                    "({first: window.__benchFirstWidget ?? null, "
                    "load: performance.getEntriesByType('navigation')[0].loadEventEnd})"
                )
                declared, rendered = count_widgets(page)
                raw = sum(n for _p, n, _g in sent)
                packed = sum(g for _p, _n, g in sent)
                rows.append((rel, raw, packed, len(sent), declared, rendered, timing["first"], timing["load"]))
                context.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"{'page':40} {'raw kB':>8} {'gzip kB':>8} {'files':>5} {'widgets':>8} {'first widget':>12} {'load':>7}")
    for rel, raw, packed, files, declared, rendered, first, load in rows:
        first_text = f"{first / 1000:10.2f} s" if first is not None else f"{'-':>12}"
        print(
            f"{rel:40} {raw / 1e3:8.0f} {packed / 1e3:8.0f} {files:5d} {rendered:>3}/{declared:<4} "
            f"{first_text} {load / 1000:5.2f} s"
        )
    chapters = [r for r in rows if r[0].startswith("chapters/")]
    heaviest = max(chapters or rows, key=lambda r: r[2])
    firsts = [r[6] for r in chapters if r[6] is not None]
    print(
        f"heaviest chapter page: {heaviest[0]} {heaviest[2] / 1e3:.0f} kB gzip ({heaviest[1] / 1e3:.0f} kB raw)"
        "   (target <= 700 kB gzip)"
    )
    if firsts:
        print(
            f"first widget drawn (navigation start -> first widget), chapters: median "
            f"{statistics.median(firsts) / 1000:.2f} s, max {max(firsts) / 1000:.2f} s   (target <= 1 s)"
        )
    short = [r[0] for r in rows if r[5] < r[4]]
    if short:
        print(f"pages whose widgets did not all draw: {', '.join(short)}")
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", help="build into KEEP/_build and keep it")
    parser.add_argument("--pages", metavar="HTML", help="measure the built site in HTML in Chromium (no build)")
    args = parser.parse_args()
    if args.pages:
        return browser_pages(Path(args.pages).resolve())
    out = Path(args.keep).resolve() if args.keep else Path(tempfile.mkdtemp(prefix="fht-bench-book-"))
    if args.keep and (out / "book").exists():
        shutil.rmtree(out / "book")
    out.mkdir(parents=True, exist_ok=True)
    book = copy_book(out)
    try:
        print(f"book: a copy of {BOOK} in {book}  ({os.cpu_count()} CPUs)")
        clean = timed_build(book, clean=True)
        print(f"clean build (execute every chapter):  {clean:7.1f} s   (target <= 120 s)")
        again = timed_build(book)
        print(f"rebuild, nothing changed:             {again:7.1f} s")
        chapters = sorted((book / "chapters").glob("*.md"))
        if chapters:
            chapter = chapters[len(chapters) // 2]
            original = chapter.read_text(encoding="utf-8")
            try:
                chapter.write_text(original + "\n<!-- bench: touched -->\n", encoding="utf-8")
                one = timed_build(book)
            finally:
                chapter.write_text(original, encoding="utf-8")
            print(f"rebuild, one chapter's prose edited:  {one:7.1f} s   ({chapter.name})")
        html = book / "_build" / "html"
        pages = [p for p in html.rglob("*.html") if p.relative_to(html).parts[0] not in {"_static", "_sources"}]
        site = tree_size(html)
        content = tree_size(html, skip=("_static", "_sources", "reports"))
        print(f"site size:                            {site / 1e6:7.2f} MB ({len(pages)} pages)")
        print(f"  pages only (no _static/_sources):   {content / 1e6:7.2f} MB")
        widgetjs = tree_size(html / "_static" / "widgetjs")
        print(f"  widget scripts + fonts (_static/widgetjs): {widgetjs / 1e6:4.2f} MB")
        weights = sorted(((page_weight(p), p) for p in pages), reverse=True)
        for weight, page in weights[:3]:
            print(
                f"page weight {page.relative_to(html).as_posix():38} {weight / 1e6:6.2f} MB "
                f"(HTML {page.stat().st_size / 1e3:.0f} kB)"
            )
    finally:
        if not args.keep:
            shutil.rmtree(out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
