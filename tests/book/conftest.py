"""The book's room: every chapter notebook under ``book/`` runs here through nbval.

Chapters are MyST markdown notebooks (jupytext ``md:myst``); nbval itself collects ``.ipynb`` only,
so they are read here with jupytext and handed to nbval's collector: one test per code cell, all
cells of a chapter in one kernel, in order.  A cell fails on any exception (chapters check
themselves with ``assert``s) and when its outputs differ from the ones the built book shows: the
``.md`` files store no outputs, so the reference is the book build's execution cache (the build
runs when a worker first needs it, shared with ``built_book``).  Outputs that legitimately vary: memory addresses
are sanitised (``SANITIZE``); mark anything else with a ``# NBVAL_IGNORE_OUTPUT`` comment in the
cell.  ``--chapters-no-compare`` runs the cells without building or comparing; ``--no-chapters``
skips them.  Under pytest-xdist the cells of one chapter stay on one worker (tests/conftest.py).
Node ids read ``book/chapters/03-bowers.md::Cell 4``.  ``-k bowers`` selects a chapter.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.book import build_book_once, chapter_notebooks

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


def _nbval_file_class(compare: bool) -> type:
    from nbval.plugin import IPyNbFile

    class MystNotebookFile(IPyNbFile):  # type: ignore[misc, valid-type]
        """nbval's collector for a notebook read through jupytext (forced ``md:myst``).

        The reference outputs are the ones the book shows: the build's execution cache.  They are
        read when the chapter's first cell is about to run (``setup``), not at collection, so the
        build runs on the worker that needs it while the other worker runs other tests.
        """

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.compare_outputs = compare  # a cell with no reference outputs stays unchecked

        def setup_sanitize_files(self) -> None:
            super().setup_sanitize_files()
            self.sanitize_patterns.update(SANITIZE)

        def setup(self) -> None:
            if compare:
                self._fill_reference_outputs()
            super().setup()

        def _fill_reference_outputs(self) -> None:
            """Give each collected code cell the output the built book shows (same cell objects)."""
            result = build_book_once()  # shared with `built_book`; incremental, locked
            ref = reference_notebook(self.nb, result.html.parent / ".jupyter_cache")
            if ref is None:
                return  # no cached execution matches these cells: they run without comparison
            ref_code = [c for c in ref.cells if c.cell_type == "code"]
            code = [c for c in self.nb.cells if c.cell_type == "code"]
            if len(ref_code) == len(code):
                for cell, ref_cell in zip(code, ref_code):
                    cell.outputs = ref_cell.outputs
                    cell.execution_count = ref_cell.execution_count

        def collect(self) -> Iterator[Any]:
            import jupytext
            import nbformat

            path = Path(str(self.fspath))
            read = nbformat.read

            def read_source(_fp: Any, as_version: int = 4, **_kw: Any) -> Any:
                if path.suffix == ".ipynb":
                    return read(str(path), as_version=as_version)
                return jupytext.read(path, fmt="md:myst")

            nbformat.read = read_source  # nbval's collect() calls nbformat.read(path)
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
        cls = _nbval_file_class(compare=not self.config.getoption("--chapters-no-compare"))
        for nb in chapter_notebooks():
            yield cls.from_parent(self, path=nb)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Any:
    # Hooked on this conftest file (which pytest offers to the collector of tests/book/):
    # the chapters live in book/, outside tests/, where a conftest here would not see them.
    if Path(file_path) != Path(__file__) or parent.config.getoption("--no-chapters", default=False):
        return None
    return BookChapters.from_parent(parent, path=Path(file_path), nodeid="book")
