"""How ``pytest -n 2`` shares the tests between its two workers (tests/conftest.py uses this).

xdist's ``load`` would scatter a chapter's notebook cells (one kernel, run in order) over both
workers, and ``loadfile`` keeps every file on one worker, so a file of 50 page audits runs alone at
the end while the other worker waits (its ``loadgroup`` does not keep a group together under pytest 9).
Here a *work unit* is:

- a whole file when its tests share more than the session's fixtures: a chapter notebook's cells,
  a module with a module- or class-scoped fixture or a test class (made once, not once per worker);
- a single test otherwise (its file's tests then run on both workers).

and the units that need no built book run first, then those that do, each group longest first
(estimated from the markers: a JupyterLab server, a browser, a slow test, a notebook cell), so that
no long unit starts last and no worker waits for the book: the first worker starts its build in a
process of its own as soon as it has collected (tests/conftest.py).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from tests.support.paths import ROOT

_TOGETHER = re.compile(r"""scope=["'](module|class|package)["']|^class Test""", re.M)

#: rough seconds a test takes on the CI machine, by marker (the first that applies)
WEIGHTS = (("jupyterlab", 60.0), ("browser", 10.0), ("slow", 15.0))
NOTEBOOK_CELL = 2.0
OTHER = 0.3


@functools.cache
def keeps_together(path: str) -> bool:
    """Must the tests of ``path`` (relative to the repository) run on one worker?"""
    if not path.startswith("tests/") or not path.endswith(".py"):
        return True  # notebook cells (one kernel, in order), doctests of a module
    try:
        text = (ROOT / path).read_text(encoding="utf-8")
    except OSError:
        return True
    return bool(_TOGETHER.search(text))


def work_unit(nodeid: str) -> str:
    """The scope of a test id: its file, or the test alone (see the module's docstring)."""
    path = nodeid.split("::", 1)[0]
    return path if keeps_together(path) else nodeid


def estimate(item: Any) -> float:
    """Rough seconds for one collected test (an item's markers; nbval's notebook cells)."""
    for marker, seconds in WEIGHTS:
        if item.get_closest_marker(marker) is not None:
            return seconds
    if type(item).__name__ == "IPyNbCell":
        return NOTEBOOK_CELL
    return OTHER


def needs_book(item: Any) -> bool:
    """Does the test need the built book (the ``built_book`` fixture, or a chapter's cells, which
    compare their outputs with the build's)?"""
    return type(item).__name__ == "IPyNbCell" or "built_book" in getattr(item, "fixturenames", ())


def longest_first(items: Sequence[Any]) -> list[Any]:
    """``items`` with the work units that need no book first, then the others, each group in
    decreasing estimated time; a unit's tests stay together, in order.

    Deterministic (every worker must collect the same order), ties kept in collection order.
    """
    units: dict[str, list[Any]] = {}
    for item in items:
        units.setdefault(work_unit(item.nodeid), []).append(item)
    order = sorted(
        units.values(), key=lambda unit: (any(needs_book(i) for i in unit), -sum(estimate(i) for i in unit))
    )  # stable
    return [item for unit in order for item in unit]


def make_scheduler(config: Any, log: Any) -> Any:
    """xdist's scope scheduler with :func:`work_unit` as the scope, in collection order."""
    from xdist.scheduler import LoadScopeScheduling

    class RoomScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False  # the workers sorted the collection (longest_first)
    return RoomScheduling(config, log)
