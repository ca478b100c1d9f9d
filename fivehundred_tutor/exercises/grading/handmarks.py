"""Marks given by hand to written answers: kept in ``<assignment>.marks.json`` beside the assignment file, read by
every ``grade`` (so they reach the gradebook, the LMS files and the feedback like any other score).

A mark records which rubric lines were ticked, the points, a comment, and a digest of the answer it was given
for: when a newer sheet brings a different answer, the old mark no longer counts (the answer is marked again).
The file is plain JSON written atomically; nothing in it is ever run.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..assignment import Assignment
from ..text import safe_text
from .results import GradingError

__all__ = ["MARKS_FORMAT", "Mark", "Marks", "answer_digest", "load_marks", "marks_path", "now_text"]

MARKS_FORMAT = "fivehundred-marks/1"
MAX_COMMENT = 2000
MAX_MARKS_BYTES = 20_000_000


def answer_digest(text: str) -> str:
    """A short digest of a written answer (its words, spaces at the ends aside).

    >>> answer_digest(" The joker wins. ") == answer_digest("The joker wins.")
    True
    """
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Mark:
    """One written answer's mark."""

    criteria: tuple[int, ...]  # rubric lines ticked (0-based)
    points: float
    comment: str
    digest: str  # of the answer it was given for
    marked_at: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "criteria": list(self.criteria),
            "points": self.points,
            "comment": self.comment,
            "answer": self.digest,
            "marked_at": self.marked_at,
        }


def marks_path(assignment: Assignment) -> Path | None:
    """Where an assignment's marks live: ``hw1.toml`` → ``hw1.marks.json`` (None without an assignment file)."""
    if not assignment.source or not Path(assignment.source).suffix:
        return None
    return Path(assignment.source).with_suffix(".marks.json")


class Marks:
    """Every mark of one assignment, by student and item key (``"why#1"``), saved to its file on each change."""

    def __init__(self, assignment_id: str, marks: dict[str, dict[str, Mark]] | None = None) -> None:
        self.assignment_id = assignment_id
        self.marks: dict[str, dict[str, Mark]] = marks or {}

    def get(self, student: str, key: str) -> Mark | None:
        return self.marks.get(student, {}).get(key)

    def for_student(self, student: str) -> Mapping[str, Mark]:
        return self.marks.get(student, {})

    def set(self, student: str, key: str, mark: Mark | None) -> None:
        if mark is None:
            self.marks.get(student, {}).pop(key, None)
        else:
            self.marks.setdefault(student, {})[key] = mark

    def __len__(self) -> int:
        return sum(len(v) for v in self.marks.values())

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": MARKS_FORMAT,
            "assignment": self.assignment_id,
            "marks": {
                sid: {key: m.to_dict() for key, m in sorted(items.items())}
                for sid, items in sorted(self.marks.items())
                if items
            },
        }

    def save(self, path: Path) -> None:
        """Write the file whole, atomically (a crash mid-write leaves the previous file)."""
        text = json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=".marks-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _mark(raw: Any, where: str) -> Mark:
    if not isinstance(raw, Mapping):
        raise GradingError(f"{where}: a mark is a table (criteria, points, comment, answer)")
    criteria = raw.get("criteria", [])
    points = raw.get("points")
    comment = raw.get("comment", "")
    digest = raw.get("answer", "")
    if not isinstance(criteria, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in criteria):
        raise GradingError(f"{where}: 'criteria' must list rubric line numbers")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not 0 <= points <= 1000:
        raise GradingError(f"{where}: 'points' must be a number")
    if not isinstance(comment, str) or len(comment) > MAX_COMMENT or not isinstance(digest, str):
        raise GradingError(f"{where}: 'comment' must be text (at most {MAX_COMMENT} characters)")
    marked_at = raw.get("marked_at", "")
    return Mark(tuple(criteria), points, comment, digest[:64], marked_at if isinstance(marked_at, str) else "")


def load_marks(path: str | Path, assignment: Assignment) -> Marks:
    """The marks file of ``assignment`` (an empty set when it does not exist yet)."""
    p = Path(path)
    if not p.exists():
        return Marks(assignment.id)
    try:
        if p.stat().st_size > MAX_MARKS_BYTES:
            raise GradingError(f"{safe_text(p)}: too large for a marks file")
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        raise GradingError(f"{safe_text(p)}: cannot read the marks file ({type(err).__name__})") from None
    if not isinstance(data, Mapping) or data.get("format") != MARKS_FORMAT:
        raise GradingError(f"{safe_text(p)}: not a marks file (format {MARKS_FORMAT!r})")
    if data.get("assignment") != assignment.id:
        raise GradingError(
            f"{safe_text(p)}: the marks of {safe_text(data.get('assignment'), 40)!r}, not {assignment.id!r}"
        )
    raw = data.get("marks", {})
    if not isinstance(raw, Mapping):
        raise GradingError(f"{safe_text(p)}: 'marks' must be a table by student")
    marks: dict[str, dict[str, Mark]] = {}
    for sid, items in raw.items():
        if not isinstance(items, Mapping):
            raise GradingError(f"{safe_text(p)}: the marks of {safe_text(sid, 40)!r} must be a table by item")
        marks[str(sid)] = {
            str(k): _mark(v, f"{safe_text(p)}: {safe_text(sid, 40)} {safe_text(k, 40)}") for k, v in items.items()
        }
    return Marks(assignment.id, marks)


def now_text() -> str:
    """Now, as a mark records it (UTC, to the second)."""
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
