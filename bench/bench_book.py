"""Book build benchmark: clean build, incremental rebuilds, site size, heaviest page.

    python bench/bench_book.py            # builds a copy of book/ in a temporary folder
    python bench/bench_book.py --keep DIR # ... in DIR, and keep it

book/ itself is never written to (the copy shares its node_modules through a symlink), so the
benchmark can run while someone edits the chapters.

Figures printed:
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fivehundred_tutor.bookbuild import jupyterbook  # noqa: E402

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", help="build into KEEP/_build and keep it")
    args = parser.parse_args()
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
