"""How the test run shares its tests between xdist workers (tests/support/scheduling.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.support.scheduling import longest_first, needs_book, work_unit


@dataclass
class FakeItem:
    nodeid: str
    markers: tuple[str, ...] = ()
    fixturenames: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name in self.markers else None


class IPyNbCell(FakeItem):
    """Named as nbval's notebook cell class (the scheduler goes by the class name)."""


def test_units_without_the_book_come_first_then_the_book_longest_first() -> None:
    items = [
        FakeItem("tests/engine/test_api.py::test_a"),
        FakeItem("tests/ui/test_live_book.py::test_b", ("browser",), ("built_book", "browser")),
        IPyNbCell("book/chapters/03-bowers.md::Cell 0"),
        IPyNbCell("book/chapters/03-bowers.md::Cell 1"),
        FakeItem("tests/ui/test_lab_save.py::test_c", ("jupyterlab",)),
        FakeItem("tests/engine/test_solver.py::test_d", ("slow",)),
    ]
    order = [i.nodeid for i in longest_first(items)]
    assert order == [
        "tests/ui/test_lab_save.py::test_c",  # a JupyterLab server, no book: first
        "tests/engine/test_solver.py::test_d",
        "tests/engine/test_api.py::test_a",
        "tests/ui/test_live_book.py::test_b",  # needs the book: after every test that does not
        "book/chapters/03-bowers.md::Cell 0",
        "book/chapters/03-bowers.md::Cell 1",
    ]
    assert [needs_book(i) for i in items] == [False, True, True, True, False, False]


def test_a_chapters_cells_are_one_unit_and_plain_tests_are_their_own() -> None:
    assert work_unit("book/chapters/03-bowers.md::Cell 4") == "book/chapters/03-bowers.md"
    assert work_unit("tests/engine/test_api.py::test_a") == "tests/engine/test_api.py::test_a"
