"""The built book for tests: one build per run shared by every xdist worker, and the book's notebooks.

- ``build_book_once()`` builds ``book/`` with its Polish and Italian editions (``fivehundred-tutor book
  build``; incremental, outputs cached) under a file lock, or reuses an up-to-date build.  ``FIVEHUNDRED_BOOK_OUTPUT=DIR`` builds
  into ``DIR/_build`` instead of ``book/_build`` (reuse one build across runs and worktrees).
- ``start_build_in_background()``: the first xdist worker starts that build in a process of its own
  as soon as it has collected, so that no worker waits for it while tests that need no book run.
- ``BuiltBook``: what the ``built_book`` fixture (tests/conftest.py) yields.
- ``chapter_notebooks()`` / ``is_myst_notebook()``: the book's notebooks (MyST markdown with a
  jupytext header and a kernelspec, or ``.ipynb``).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.paths import BOOK

_SKIP_PARTS = {"_build", "editions", "node_modules", "_static_widgets", ".ipynb_checkpoints", "_templates", "_assets"}
_MYST_HEADER_KEYS = ("format_name: myst", "kernelspec")


#: where the tests publish the book as a site in a sub-folder of its host (https://example.org/fivehundred/)
SUB_PATH = "/fivehundred/"


def chapter_notebooks(book_dir: Path = BOOK) -> list[Path]:
    """Every notebook under ``book_dir``: MyST markdown files with a jupytext header and kernelspec, and .ipynb."""
    found: list[Path] = []
    for path in sorted(book_dir.rglob("*")):
        rel = path.relative_to(book_dir).parts
        if any(part in _SKIP_PARTS for part in rel) or not path.is_file():
            continue
        if path.suffix == ".ipynb" or (path.suffix == ".md" and is_myst_notebook(path)):
            found.append(path)
    return found


def is_myst_notebook(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---"):
        return False
    header = text.split("---", 2)[1] if text.count("---") >= 2 else ""
    return all(key in header for key in _MYST_HEADER_KEYS)


@dataclass
class BuiltBook:
    html: Path
    base_url: str
    result: Any  # fivehundred_tutor.bookbuild.jupyterbook.BuildResult

    @property
    def pages(self) -> list[str]:
        """Content pages (relative URLs), without Sphinx's genindex/search and the build reports."""
        skip = {"genindex.html", "search.html", "py-modindex.html"}
        out = []
        for page in sorted(self.html.rglob("*.html")):
            rel = page.relative_to(self.html).as_posix()
            # the language editions (pl/, it/: fivehundred_tutor.bookbuild.editions) are sites of their own
            if rel in skip or rel.split("/")[0] in {"_static", "_sources", "reports", "_images", "pl", "it"}:
                continue
            out.append(rel)
        return out

    def url(self, page: str) -> str:
        return self.base_url + page


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (created), held across processes (xdist workers)."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_book_once() -> Any:
    """Build (or reuse an up-to-date build of) the book; safe from several xdist workers at once."""
    from fivehundred_tutor.bookbuild import jupyterbook, lite

    out_root = Path(os.environ.get("FIVEHUNDRED_BOOK_OUTPUT", str(BOOK))).resolve()
    build_dir = out_root / "_build"
    record = build_dir / "fivehundred-test-build.json"
    with file_lock(build_dir / ".fivehundred-build.lock"):
        html = build_dir / "html"
        fresh = (
            record.exists()
            and (html / "index.html").exists()
            and not jupyterbook.is_stale(BOOK, out_root if out_root != BOOK else None)
            and all((html / code / "index.html").exists() for code in edition_codes(out_root))
        )
        if fresh:
            saved = json.loads(record.read_text())
            if saved.get("digest") == jupyterbook.package_digest():
                return jupyterbook.BuildResult(html, saved["returncode"], saved["output"], saved["seconds"], ran=False)
        # with editions, as the README's build: one JupyterLite site made once every language ran (lite.SHARED_ENV)
        shared = {**os.environ, lite.SHARED_ENV: "1"} if edition_codes(out_root) else None
        result = jupyterbook.run_build(BOOK, output=out_root if out_root != BOOK else None, capture=True, env=shared)
        if result.ok and out_root == BOOK:
            result = _with_editions(result)
        record.write_text(
            json.dumps(
                {
                    "returncode": result.returncode,
                    "output": result.output,
                    "seconds": result.seconds,
                    "digest": jupyterbook.package_digest(),
                }
            )
        )
        return result


def edition_codes(out_root: Path) -> list[str]:
    """The editions a test build makes: all of them beside ``book/``'s own site, none into another output."""
    from fivehundred_tutor.bookbuild import editions

    return editions.requested(os.environ.get(editions.EDITIONS_ENV, "all")) if out_root == BOOK else []


def _with_editions(english: Any) -> Any:
    """The editions built beside the English site (as the README's book command does), so the tests read
    the site a reader gets; ``FIVEHUNDRED_EDITIONS=`` (empty) or a list (``pl``) chooses fewer.  A failing
    edition makes the build's result a failure that says why."""
    import dataclasses
    import io
    import time

    from fivehundred_tutor.bookbuild import jupyterbook

    codes = edition_codes(BOOK)
    start, out = time.perf_counter(), io.StringIO()
    returncode = 0
    try:
        with contextlib.redirect_stdout(out):
            jupyterbook.build_editions(codes, BOOK, capture=True)
    except jupyterbook.BookError as err:
        returncode = 1
        out.write(f"\n{err}\n")
    seconds = english.seconds + time.perf_counter() - start
    return dataclasses.replace(english, returncode=returncode, output=english.output + out.getvalue(), seconds=seconds)


def start_build_in_background() -> Any:
    """Start ``build_book_once()`` in a process of its own (it takes the build lock; the ``built_book``
    fixture and the chapters' cells wait on that lock); returns the ``subprocess.Popen``."""
    import subprocess
    import sys

    from tests.support.paths import ROOT

    code = "from tests.support.book import build_book_once; build_book_once()"
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: stop_background_build ends the kernels too
    )


def stop_background_build(build: Any) -> None:
    """End a background build still running (the run stopped before the book was needed)."""
    import signal

    if build.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(build.pid, signal.SIGTERM)
        build.wait(timeout=30)
