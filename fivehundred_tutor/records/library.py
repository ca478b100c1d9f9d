"""The library of annotated deals shipped with the package (``fivehundred_tutor/data/deals``).

Each deal is written by hand in the text notation (``NAME.fhn``); ``NAME.json``
beside it is the same record with the solver's verdicts filled in
(``fivehundred-tutor annotate NAME.fhn -o NAME.json``), so the book never has to
run the solver while it builds.
"""

from __future__ import annotations

import sys
from importlib import resources
from typing import TYPE_CHECKING

from .record import DealRecord, RecordError

if TYPE_CHECKING:  # importlib.abc.Traversable is gone in Python 3.14; importlib.resources.abc has it from 3.11
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

__all__ = ["library", "library_names", "load_library_record"]


def _folder() -> Traversable:
    return resources.files("fivehundred_tutor").joinpath("data").joinpath("deals")


def library_names() -> list[str]:
    """Names of the library deals, in reading order (file names sort by their number prefix)."""
    return sorted(p.name[:-4] for p in _folder().iterdir() if p.name.endswith(".fhn"))


def load_library_record(name: str, *, annotated: bool = True) -> DealRecord:
    """One library deal; the annotated JSON when present (unless ``annotated=False``)."""
    names = library_names()
    if name not in names:
        raise RecordError(f"no library deal named {name!r}; choose one of: {', '.join(names)}")
    folder = _folder()
    json_file = folder.joinpath(name + ".json")
    if annotated and json_file.is_file():
        return DealRecord.from_json(json_file.read_text(encoding="utf-8"))
    from .notation import parse_text

    return parse_text(folder.joinpath(name + ".fhn").read_text(encoding="utf-8"), source=name + ".fhn")


def library(*, annotated: bool = True) -> dict[str, DealRecord]:
    """Every library deal by name."""
    return {name: load_library_record(name, annotated=annotated) for name in library_names()}
