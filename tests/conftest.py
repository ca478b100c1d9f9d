"""Shared test setup.  Tests live in one folder per room (engine, widgets, ui, book, exercises,
quality); helpers shared by several rooms are the package ``tests.support`` (``pythonpath = ["."]``
in pyproject.toml), imported as ``from tests.support.browser import open_page``.

1. ``built_book`` (session): builds ``book/`` once (``tests.support.book.build_book_once``;
   incremental, outputs cached) under a file lock (safe with xdist), serves it on 127.0.0.1 and
   gives ``.html`` / ``.base_url`` / ``.pages`` / ``.result``.  ``FIVEHUNDRED_BOOK_OUTPUT=DIR``
   builds into ``DIR/_build`` instead of ``book/_build``.  Used by the book and ui rooms.
2. ``browser`` (session): headless Debian chromium (see ``tests/support/browser.py``), one per worker.
3. At the session's start (before collection) the widgets' bundles are built when ``widgets/src`` changed.
4. The chapter notebooks run under nbval from tests/book/conftest.py (``--no-chapters``,
   ``--chapters-no-compare``).  ``-n 2`` shares the tests between the workers by work units, longest
   first (``tests/support/scheduling.py``): a chapter's cells stay on one worker.
5. The accessibility audits' violations (tests/book/test_book_a11y.py) are printed as one table.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.book import BuiltBook, build_book_once
from tests.support.browser import launch_chromium, serve_directory
from tests.support.paths import ARTIFACTS

# The example course (tests/data/course) is data that nbgrader and otter read, not tests (it has a
# conftest.py of its own, for them).
collect_ignore_glob = ["data/*"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--no-chapters", action="store_true", help="do not run the book's chapter notebooks")
    parser.addoption(
        "--chapters-no-compare",
        action="store_true",
        help="run the chapter notebooks without building the book and comparing outputs with it",
    )


_ROOMS = pytest.StashKey[bool]()


def pytest_configure(config: pytest.Config) -> None:
    # `-n 2` alone: each chapter's cells (one kernel, in order) and each file with a module-scoped
    # fixture stay on one worker, other tests spread over both, longest first (tests/support/scheduling.py).
    # (loadfile is xdist's fallback; its loadgroup does not keep a group together under pytest 9.)
    if getattr(config.option, "dist", "no") == "load":
        config.option.dist = "loadfile"
        config.stash[_ROOMS] = True


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if not config.stash.get(_ROOMS, False):
        return None
    from tests.support.scheduling import make_scheduler

    return make_scheduler(config, log)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    if node.config.stash.get(_ROOMS, False):
        node.workerinput["fht_longest_first"] = True


_BACKGROUND_BUILD = pytest.StashKey[Any]()


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", {})
    if workerinput.get("fht_longest_first"):
        from tests.support.scheduling import longest_first, needs_book

        items[:] = longest_first(items)
        # the book's tests run last; its build starts now, beside the tests that need no book
        if workerinput.get("workerid") == "gw0" and any(needs_book(i) for i in items):
            from tests.support.book import start_build_in_background

            config.stash[_BACKGROUND_BUILD] = start_build_in_background()


def pytest_unconfigure(config: pytest.Config) -> None:
    build = config.stash.get(_BACKGROUND_BUILD, None)
    if build is not None:  # still running if the run ended (-x, Ctrl-C) before the book was needed
        from tests.support.book import stop_background_build

        stop_background_build(build)


# --------------------------------------------------------------------------- the built book, a browser


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

_AXE_DIR = ARTIFACTS / "axe"
_STARTED = pytest.StashKey[float]()


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_STARTED] = time.time()
    # The widgets' esbuild bundles, rebuilt when widgets/src changed, before anything is collected:
    # importing a widget class never builds, it refuses stale bundles (fivehundred_tutor.widgets.bundled).
    from fivehundred_tutor.bookbuild.bundles import ensure_bundles

    ensure_bundles()  # a file lock makes the xdist workers build once


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """Print every axe-core violation found in this run (tests/book/test_book_a11y.py) as one table."""
    if hasattr(config, "workerinput") or not _AXE_DIR.exists():
        return
    started = config.stash.get(_STARTED, 0.0)
    reports = sorted(p for p in _AXE_DIR.glob("*.json") if p.stat().st_mtime >= started)
    if not reports:
        return
    from tests.support.browser import axe_table

    rows = [tuple(row) for path in reports for row in json.loads(path.read_text())]
    terminalreporter.section("axe-core accessibility audit")
    terminalreporter.write_line(f"{len(reports)} page audits, {len(rows)} violation(s)")
    terminalreporter.write_line(axe_table(rows))  # type: ignore[arg-type]
