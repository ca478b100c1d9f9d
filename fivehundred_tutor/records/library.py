"""The library of annotated deals shipped with the package (``fivehundred_tutor/data/deals``).

Each deal is written by hand in the text notation (``NAME.fhn``); ``NAME.json``
beside it is the same record with the solver's verdicts filled in
(``fivehundred-tutor annotate NAME.fhn -o NAME.json``), so the book never has to
run the solver while it builds.

A deal's words in another language (``data/deals/<code>/NAME.json``: its title, intro, comments and stops,
keyed by the same action indices) replace the English ones when the package speaks that language
(:func:`fivehundred_tutor.set_language`); the play itself is the record's.  A comment not translated
stays English, and tests/engine/test_library_translations.py checks that every translation names the
same cards and numbers as the English it stands for.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from importlib import resources
from typing import TYPE_CHECKING

from ..i18n import SOURCE_LANGUAGE, get_language
from .record import DealRecord, RecordError

if TYPE_CHECKING:  # importlib.abc.Traversable is gone in Python 3.14; importlib.resources.abc has it from 3.11
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

__all__ = ["library", "library_names", "load_library_record", "translation"]


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
        record = DealRecord.from_json(json_file.read_text(encoding="utf-8"))
    else:
        from .notation import parse_text

        record = parse_text(folder.joinpath(name + ".fhn").read_text(encoding="utf-8"), source=name + ".fhn")
    return _in_language(record, translation(name, get_language()))


def translation(name: str, code: str) -> dict[str, object]:
    """A library deal's words in the language ``code`` (``{}`` for English, or when there are none):
    ``{"title": …, "intro": …, "comments": {"3": …}, "stops": {"35": …}}`` (a stop's question)."""
    if code == SOURCE_LANGUAGE:
        return {}
    found = _folder().joinpath(code).joinpath(name + ".json")
    if not found.is_file():
        return {}
    data = json.loads(found.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise RecordError(f"{code}/{name}.json: expected a table of title, intro and comments")
    return data


def _in_language(record: DealRecord, words: dict[str, object]) -> DealRecord:
    if not words:
        return record
    comments = dict(record.comments)
    raw = words.get("comments") or {}
    if not isinstance(raw, dict):
        raise RecordError("a translation's comments are a table of action index → text")
    for key, text in raw.items():
        index = int(key)
        if index in comments and isinstance(text, str) and text.strip():
            comments[index] = text
    stops = dict(record.stops)
    raw_stops = words.get("stops") or {}
    if not isinstance(raw_stops, dict):
        raise RecordError("a translation's stops are a table of action index → text")
    for key, text in raw_stops.items():
        if int(key) in stops and isinstance(text, str) and text.strip():
            stops[int(key)] = text
    title, intro = words.get("title"), words.get("intro")
    return dataclasses.replace(
        record,
        title=title if isinstance(title, str) and title and record.title else record.title,
        intro=intro if isinstance(intro, str) and intro and record.intro else record.intro,
        comments=comments,
        stops=stops,
    )


def library(*, annotated: bool = True) -> dict[str, DealRecord]:
    """Every library deal by name."""
    return {name: load_library_record(name, annotated=annotated) for name in library_names()}
