"""Deal records: JSON with a schema, a hand-writable text notation, solver annotation, the library.

>>> rec = parse_text('''
... [Contract "7H"] [Declarer "North"]
... [North "JH 5S"] [East "AH 6S"] [South "KH 7S"] [West "QH 8S"]
... play: 1. JH {The right bower.} AH? KH QH
... ''')
>>> rec.actions, rec.comments, rec.marks
(['JH', 'AH', 'KH', 'QH'], {0: 'The right bower.'}, {1: '?'})
>>> parse_text(format_text(rec)).to_dict() == rec.to_dict()
True
"""

from __future__ import annotations

from typing import Any

from .annotate import annotate, critical_moments
from .library import library, library_names, load_library_record
from .notation import NotationError, format_text, load_record, parse_text
from .record import FORMAT, MARKS, DealRecord, RecordError

__all__ = [
    "FORMAT",
    "MARKS",
    "DealRecord",
    "NotationError",
    "RecordError",
    "annotate",
    "critical_moments",
    "format_text",
    "library",
    "library_names",
    "load_library_record",
    "load_record",
    "parse_text",
    "schema",
]


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format (``fivehundred_tutor/data/record.schema.json``)."""
    import json
    from importlib import resources

    text = resources.files("fivehundred_tutor").joinpath("data").joinpath("record.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
