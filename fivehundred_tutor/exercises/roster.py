"""The class roster: a CSV file with one student per row.

Columns (header names are case-insensitive): ``id`` (or ``student_id``,
``student id``, ``username``, ``login``) is required; ``name`` and ``email``
are optional and other columns are kept but unused.  Ids appear in file names,
so they are letters, digits and ``. _ @ -``.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from .assignment import ID_RE, read_user_text

__all__ = ["Roster", "RosterError", "Student", "load_roster", "parse_roster"]

_ID_HEADERS = ("id", "student_id", "student id", "studentid", "username", "login", "sis_id", "sis user id")
_NAME_HEADERS = ("name", "full name", "student name", "student")


class RosterError(ValueError):
    """The roster cannot be read (the message gives the file and line)."""


@dataclass(frozen=True)
class Student:
    id: str
    name: str = ""
    email: str = ""


class Roster:
    """Students in file order, looked up by id."""

    def __init__(self, students: list[Student]) -> None:
        self.students = list(students)
        self._by_id = {s.id: s for s in self.students}

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.students)

    def __len__(self) -> int:
        return len(self.students)

    def __contains__(self, student_id: object) -> bool:
        return student_id in self._by_id

    def get(self, student_id: str) -> Student | None:
        return self._by_id.get(student_id)

    @property
    def ids(self) -> list[str]:
        return [s.id for s in self.students]

    @classmethod
    def of(cls, ids: list[str]) -> Roster:
        return cls([Student(i) for i in ids])


def load_roster(path: str | Path) -> Roster:
    p = Path(path)
    text = read_user_text(p, "roster file", RosterError, " (save the CSV as UTF-8)")
    return parse_roster(text, source=str(p))


def parse_roster(text: str, source: str = "roster") -> Roster:
    sample = text[:4096]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    rows = [r for r in reader]
    if not rows:
        raise RosterError(f"{source}: the roster is empty (expected a header row with an 'id' column)")
    header = [h.strip().lower() for h in rows[0]]
    id_col = next((header.index(h) for h in _ID_HEADERS if h in header), None)
    if id_col is None:
        raise RosterError(f"{source}: no id column in the header {rows[0]!r}; name one column 'id'")
    name_col = next((header.index(h) for h in _NAME_HEADERS if h in header), None)
    email_col = header.index("email") if "email" in header else None
    students: list[Student] = []
    seen: dict[str, int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        sid = row[id_col].strip() if id_col < len(row) else ""
        if not sid:
            raise RosterError(f"{source}, line {line}: the id is empty")
        if not ID_RE.match(sid):
            raise RosterError(
                f"{source}, line {line}: id {sid!r} has characters other than letters, digits and . _ @ - "
                "(ids become file names)"
            )
        if sid in seen:
            raise RosterError(f"{source}, line {line}: id {sid!r} is already on line {seen[sid]}")
        seen[sid] = line
        name = row[name_col].strip() if name_col is not None and name_col < len(row) else ""
        email = row[email_col].strip() if email_col is not None and email_col < len(row) else ""
        students.append(Student(sid, name, email))
    if not students:
        raise RosterError(f"{source}: no students listed under the header")
    return Roster(students)
