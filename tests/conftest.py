"""Shared test setup.

1. Every chapter notebook under ``book/`` runs in the suite through nbval.  Chapters are MyST
   markdown notebooks (jupytext ``md:myst``); nbval itself collects ``.ipynb`` only, so they are
   read here with jupytext and handed to nbval's collector: one test per code cell, all cells of
   a chapter in one kernel, in order.  A cell fails on any exception (chapters check themselves
   with ``assert``s) and when its outputs differ from the ones the built book shows: the ``.md``
   files store no outputs, so the reference is the book build's execution cache (the build runs
   at collection, shared with ``built_book``).  Outputs that legitimately vary: memory addresses
   are sanitised (``SANITIZE``); mark anything else with a ``# NBVAL_IGNORE_OUTPUT`` comment in
   the cell.  ``--chapters-no-compare`` runs the cells without building or comparing.
   Under pytest-xdist the cells of one chapter must stay on one worker, so ``--dist load``
   (what ``-n`` implies) is switched to ``loadfile``.
   Node ids read ``book/chapters/03-bowers.md::Cell 4``.  ``-k bowers`` selects a chapter.
2. ``built_book`` (session): builds ``book/`` once (``fivehundred-tutor book build``; incremental,
   outputs cached) under a file lock (safe with xdist), serves it on 127.0.0.1 and gives
   ``.html`` / ``.base_url`` / ``.pages`` / ``.result``.  ``FIVEHUNDRED_BOOK_OUTPUT=DIR`` builds
   into ``DIR/_build`` instead of ``book/_build``.
3. ``browser`` (session): headless Debian chromium (see ``browser_support.py``).
4. ``widget_bundles`` (session, autouse): builds the widgets' bundles when ``widgets/src`` changed.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
BOOK = ROOT / "book"
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from browser_support import launch_chromium, serve_directory  # noqa: E402

_SKIP_PARTS = {"_build", "node_modules", "_static_widgets", ".ipynb_checkpoints", "_templates", "_assets"}
_MYST_HEADER_KEYS = ("format_name: myst", "kernelspec")


# --------------------------------------------------------------------------- chapter notebooks


# The example course (tests/data/course) is data that nbgrader and otter read, not tests. (A conftest.py of
# its own would shadow this module's name for `from conftest import ...` in the test files.)
collect_ignore_glob = ["data/*"]


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


SANITIZE = {
    r"0x[0-9a-fA-F]{6,}": "0xADDRESS",  # object reprs carry memory addresses
    r"\b\d+\.\d+ ?(s|ms|seconds)\b": "T s",  # timings ("done in 0.4 s")
}


def reference_notebook(nb: Any, cache_dir: Path) -> Any | None:
    """The executed notebook the book build cached for ``nb`` (same code cells), or None."""
    from jupyter_cache import get_cache

    if not cache_dir.exists():
        return None
    cache = get_cache(cache_dir)
    try:
        record = cache.match_cache_notebook(nb)
    except KeyError:
        return None
    return cache.get_cache_bundle(record.pk).nb


def _nbval_file_class(cache_dir: Path | None) -> type:
    from nbval.plugin import IPyNbFile

    class MystNotebookFile(IPyNbFile):  # type: ignore[misc, valid-type]
        """nbval's collector for a notebook read through jupytext (forced ``md:myst``).

        The reference outputs are the ones the book shows: the build's execution cache.
        """

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.compare_outputs = False  # switched on when the build's outputs are found

        def setup_sanitize_files(self) -> None:
            super().setup_sanitize_files()
            self.sanitize_patterns.update(SANITIZE)

        def collect(self) -> Iterator[Any]:
            import jupytext
            import nbformat

            path = Path(str(self.fspath))
            read = nbformat.read
            collector = self

            def read_with_reference(_fp: Any, as_version: int = 4, **_kw: Any) -> Any:
                if path.suffix == ".ipynb":
                    nb = read(str(path), as_version=as_version)
                else:
                    nb = jupytext.read(path, fmt="md:myst")
                ref = reference_notebook(nb, cache_dir) if cache_dir else None
                if ref is not None:
                    ref_code = [c for c in ref.cells if c.cell_type == "code"]
                    code = [c for c in nb.cells if c.cell_type == "code"]
                    if len(ref_code) == len(code):
                        for cell, ref_cell in zip(code, ref_code):
                            cell.outputs = ref_cell.outputs
                            cell.execution_count = ref_cell.execution_count
                        collector.compare_outputs = True
                return nb

            nbformat.read = read_with_reference  # nbval's collect() calls nbformat.read(path)
            try:
                items = list(super().collect())
            finally:
                nbformat.read = read
            if not items:
                raise pytest.UsageError(f"{path}: no code cells were read (is its jupytext header md:myst?)")
            yield from items

    return MystNotebookFile


class BookChapters(pytest.File):
    """Collects every chapter notebook of ``book/`` (see the module docstring)."""

    def collect(self) -> Iterator[Any]:
        cache_dir = None
        if not self.config.getoption("--chapters-no-compare"):
            # The build (shared with `built_book`; incremental, locked) provides the reference outputs.
            result = build_book_once()
            cache_dir = result.html.parent / ".jupyter_cache"
        cls = _nbval_file_class(cache_dir)
        for nb in chapter_notebooks():
            yield cls.from_parent(self, path=nb)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Any:
    # Hooked on this conftest file (which pytest offers to every collector under tests/):
    # the chapters live in book/, outside tests/, where a conftest here would not see them.
    if Path(file_path) != Path(__file__) or parent.config.getoption("--no-chapters", default=False):
        return None
    return BookChapters.from_parent(parent, path=Path(file_path), nodeid="book")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--no-chapters", action="store_true", help="do not run the book's chapter notebooks")
    parser.addoption(
        "--chapters-no-compare",
        action="store_true",
        help="run the chapter notebooks without building the book and comparing outputs with it",
    )


def pytest_configure(config: pytest.Config) -> None:
    # Keep each chapter's cells on one worker: they share one kernel and run in order.
    # (xdist's loadgroup does not work with pytest 9's structured node ids; loadfile does.)
    if getattr(config.option, "dist", "no") == "load":
        config.option.dist = "loadfile"


# --------------------------------------------------------------------------- the widgets' bundles


@pytest.fixture(scope="session", autouse=True)
def widget_bundles() -> None:
    """The widgets' esbuild bundles, rebuilt when widgets/src changed (widget classes and pages read them)."""
    from fivehundred_tutor.bookbuild.bundles import ensure_bundles

    ensure_bundles()  # a file lock makes the xdist workers build once


# --------------------------------------------------------------------------- the built book


@dataclass
class BuiltBook:
    html: Path
    base_url: str
    result: Any  # fivehundred_tutor.jupyterbook.BuildResult

    @property
    def pages(self) -> list[str]:
        """Content pages (relative URLs), without Sphinx's genindex/search and the build reports."""
        skip = {"genindex.html", "search.html", "py-modindex.html"}
        out = []
        for page in sorted(self.html.rglob("*.html")):
            rel = page.relative_to(self.html).as_posix()
            if rel in skip or rel.split("/")[0] in {"_static", "_sources", "reports", "_images"}:
                continue
            out.append(rel)
        return out

    def url(self, page: str) -> str:
        return self.base_url + page


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
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
    from fivehundred_tutor.bookbuild import jupyterbook

    out_root = Path(os.environ.get("FIVEHUNDRED_BOOK_OUTPUT", str(BOOK))).resolve()
    build_dir = out_root / "_build"
    record = build_dir / "fivehundred-test-build.json"
    with _file_lock(build_dir / ".fivehundred-build.lock"):
        html = build_dir / "html"
        fresh = (
            record.exists()
            and (html / "index.html").exists()
            and not jupyterbook.is_stale(BOOK, out_root if out_root != BOOK else None)
        )
        if fresh:
            saved = json.loads(record.read_text())
            if saved.get("digest") == jupyterbook.package_digest():
                return jupyterbook.BuildResult(html, saved["returncode"], saved["output"], saved["seconds"], ran=False)
        result = jupyterbook.run_build(BOOK, output=out_root if out_root != BOOK else None, capture=True)
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


@pytest.fixture(scope="session")
def built_book() -> Iterator[BuiltBook]:
    result = build_book_once()
    if not (result.html / "index.html").exists():
        pytest.fail(f"the book did not build at all (exit {result.returncode}):\n{result.output[-4000:]}")
    with serve_directory(result.html) as base:
        yield BuiltBook(result.html, base, result)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with launch_chromium() as b:
        yield b


# --------------------------------------------------------------------------- accessibility report

_AXE_DIR = ROOT / "test-artifacts" / "axe"
_STARTED = pytest.StashKey[float]()


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_STARTED] = time.time()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Print every axe-core violation found in this run (tests/test_book_a11y.py) as one table."""
    if hasattr(config, "workerinput") or not _AXE_DIR.exists():
        return
    started = config.stash.get(_STARTED, 0.0)
    reports = sorted(p for p in _AXE_DIR.glob("*.json") if p.stat().st_mtime >= started)
    if not reports:
        return
    from browser_support import axe_table

    rows = [tuple(row) for path in reports for row in json.loads(path.read_text())]
    terminalreporter.section("axe-core accessibility audit")
    terminalreporter.write_line(f"{len(reports)} page audits, {len(rows)} violation(s)")
    terminalreporter.write_line(axe_table(rows))  # type: ignore[arg-type]
