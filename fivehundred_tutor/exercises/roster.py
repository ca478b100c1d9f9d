"""The class roster: a CSV file with one student per row.

Three shapes are read:

- a plain CSV: ``id`` (or ``student_id``, ``username``, ``login`` …) is required;
  ``name``, ``email``, ``section`` (the class section — also ``class_section`` or ``group`` —: ``grade``
  gives a table per section and Canvas's Section column), ``extension_days`` (extra days before the
  deadline counts a sheet late) and ``submitted_at`` (the LMS's submission time, which lateness is counted
  from: Canvas's download has none) are optional — also added to a Canvas export —; any other column is not
  read, and the run says which;
- a **Canvas** gradebook export (``Student, ID, SIS User ID, SIS Login ID,
  Section, …``, with its ``Points Possible`` row): the id is the SIS Login ID
  (else the SIS User ID, else Canvas's own ID);
- a **Moodle** grades or participants export (``First name, Last name, ID number,
  … Email address …``): the id is the ``Username``, else the ``ID number``,
  else the e-mail address;
- a **Moodle grading worksheet** (``Identifier, Full name, … Email address, Status, …
  Last modified (submission) …``): the id is the ``ID number`` when the worksheet
  shows it, else the e-mail address; its participant numbers name the students'
  folders in Moodle's download, and its submission times are the LMS's own
  (``grade`` counts lateness from them).

Ids appear in file names, so they are letters, digits and ``. _ @ -``, and
two ids that differ only in case (``Alice``, ``alice``) are refused: their
folders would collide on Windows and macOS.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import FiveHundredError
from .assignment import ID_RE, read_user_text

__all__ = ["Roster", "RosterError", "Student", "load_roster", "parse_roster"]

_ID_HEADERS = ("id", "student_id", "student id", "studentid", "username", "login", "sis_id", "sis user id")
_NAME_HEADERS = ("name", "full name", "student name", "student")
_EXTENSION_HEADERS = ("extension_days", "extension days", "extension")
_SECTION_HEADERS = ("section", "class_section", "class section", "group")
_SUBMITTED_HEADERS = ("last modified (submission)", "submitted_at", "submitted at")
MAX_ROSTER_CHARS = 5_000_000


class RosterError(FiveHundredError, ValueError):
    """The roster cannot be read (the message gives the file and line)."""


@dataclass(frozen=True)
class Student:
    id: str
    name: str = ""
    email: str = ""
    extension_days: float = 0.0
    lms_id: str = ""  # the LMS's own user id (Canvas "ID"), kept for grade exports
    section: str = ""
    sis_user_id: str = ""  # Canvas's "SIS User ID", given back in its grade export
    id_field: str = ""  # the LMS field the id came from ("Username", "ID number", "Email address"), for imports
    submitted: str = ""  # the LMS's own submission time, as the export wrote it (Moodle's grading worksheet)
    sis_login_id: str = ""  # Canvas's "SIS Login ID" as the export gave it (blank for a student without one)


class Roster:
    """Students in file order, looked up by id."""

    def __init__(
        self, students: list[Student], source_format: str = "plain", warnings: list[str] | None = None
    ) -> None:
        self.students = list(students)
        self.source_format = source_format
        self.warnings = list(warnings or [])  # about the file (columns not read), for the run's summary
        self._by_id = {s.id: s for s in self.students}

    def __iter__(self) -> Iterator[Student]:
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


def load_roster(path: str | Path) -> Roster:
    p = Path(path)
    text = read_user_text(p, "roster file", RosterError, " (save the CSV as UTF-8)")
    return parse_roster(text, source=str(p))


def _col(header: list[str], names: tuple[str, ...]) -> int | None:
    return next((header.index(h) for h in names if h in header), None)


def _cell(row: list[str], col: int | None) -> str:
    return row[col].strip() if col is not None and col < len(row) else ""


def _clean(text: str, limit: int = 200) -> str:
    """A roster cell for display: no control characters, one line."""
    return "".join(ch if ch.isprintable() else " " for ch in text)[:limit].strip()


def _id_field(header: str) -> str:
    """The user field an LMS import matches the id with: Moodle's "Username", "ID number" or "Email address"."""
    return {"id number": "ID number", "email address": "Email address", "email": "Email address"}.get(
        header, "Username"
    )


def parse_roster(text: str, source: str = "roster") -> Roster:
    if len(text) > MAX_ROSTER_CHARS:
        raise RosterError(f"{source}: too large for a roster ({len(text):,} characters)")
    sample = text[:4096]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    try:
        rows = list(csv.reader(io.StringIO(text), dialect))
    except csv.Error as err:
        raise RosterError(f"{source}: not a readable CSV file ({err})") from None
    if not rows:
        raise RosterError(f"{source}: the roster is empty (expected a header row with an 'id' column)")
    header = [h.strip().lower() for h in rows[0]]
    fmt = "plain"
    name_cols: tuple[int | None, ...]
    id_cols: tuple[int | None, ...]
    if "sis login id" in header and "student" in header:
        fmt = "canvas"
        id_cols = (_col(header, ("sis login id",)), _col(header, ("sis user id",)), _col(header, ("id",)))
        name_cols = (_col(header, ("student",)),)
        email_col = _col(header, ("email", "email address"))
        lms_col = _col(header, ("id",))
        section_col = _col(header, ("section",))
        sis_col = _col(header, ("sis user id",))
    elif "identifier" in header and "full name" in header and "email address" in header:
        fmt = "moodle-worksheet"  # Moodle's grading worksheet: "Participant 123456" names the download's folders
        id_cols = (_col(header, ("id number",)), _col(header, ("email address",)))
        name_cols = (_col(header, ("full name",)),)
        email_col = _col(header, ("email address",))
        lms_col = _col(header, ("identifier",))
        section_col = None
        sis_col = None
    elif "first name" in header and "last name" in header and ("email address" in header or "id number" in header):
        fmt = "moodle"
        id_cols = (_col(header, ("username",)), _col(header, ("id number",)), _col(header, ("email address",)))
        name_cols = (_col(header, ("first name",)), _col(header, ("last name",)))
        email_col = _col(header, ("email address",))
        lms_col = None
        section_col = _col(header, ("department",))
        sis_col = None
    else:
        id_col = _col(header, _ID_HEADERS)
        if id_col is None:
            shown = _clean(", ".join(rows[0]), 120)
            raise RosterError(f"{source}: no id column in the header ({shown}); name one column 'id'")
        id_cols = (id_col,)
        name_cols = (_col(header, _NAME_HEADERS),)
        email_col = _col(header, ("email", "email address"))
        lms_col = None
        section_col = _col(header, _SECTION_HEADERS)
        sis_col = None
    ext_col = _col(header, _EXTENSION_HEADERS)
    submitted_col = _col(header, _SUBMITTED_HEADERS)
    login_col = _col(header, ("sis login id",)) if fmt == "canvas" else None
    warnings = []
    if fmt == "plain":
        used = {id_cols[0], name_cols[0], email_col, section_col, ext_col, submitted_col}
        unread = [h for n, h in enumerate(rows[0]) if n not in used and h.strip()]
        if unread:
            shown = ", ".join(repr(_clean(h, 40)) for h in unread[:8]) + (" …" if len(unread) > 8 else "")
            warnings.append(
                f"{source}: column(s) {shown} not read — a roster reads id, name, email, section (or class_section, "
                "group), extension_days and submitted_at; rename a column to one of these to use it"
            )
    students: list[Student] = []
    seen: dict[str, tuple[str, int]] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        first = row[0].strip().lower() if row else ""
        if fmt == "canvas" and first in ("points possible", "student, test", "test student"):
            continue  # Canvas's "Points Possible" row and its test student (Student View), no one to grade
        id_col = next((c for c in id_cols if _cell(row, c)), None)
        sid = _cell(row, id_col)
        if not sid:
            raise RosterError(f"{source}, line {line}: the id is empty")
        if not ID_RE.match(sid):
            raise RosterError(
                f"{source}, line {line}: id {_clean(sid, 60)!r} has characters other than letters, digits and "
                ". _ @ - (ids become file names)"
            )
        folded = sid.casefold()
        if folded in seen:
            other, other_line = seen[folded]
            if other == sid:
                raise RosterError(
                    f"{source}, line {line}: id {sid!r} is already on line {other_line} (list each student once)"
                )
            raise RosterError(
                f"{source}, line {line}: id {sid!r} differs only in case from {other!r} on line {other_line} "
                "(their files would collide on Windows and macOS)"
            )
        seen[folded] = (sid, line)
        name = _clean(" ".join(_cell(row, c) for c in name_cols if _cell(row, c)))
        ext_text = _cell(row, ext_col)
        extension = 0.0
        if ext_text:
            try:
                extension = float(ext_text)
            except ValueError:
                extension = math.nan
            if not 0 <= extension <= 365:
                raise RosterError(
                    f"{source}, line {line}: extension {_clean(ext_text, 30)!r} should be a number of days (0 to 365)"
                )
        lms_id = _clean(_cell(row, lms_col), 40)
        if fmt == "moodle-worksheet":
            lms_id = lms_id.removeprefix("Participant").strip()
        students.append(
            Student(
                sid,
                name,
                _clean(_cell(row, email_col)),
                extension,
                lms_id,
                _clean(_cell(row, section_col), 80),
                _clean(_cell(row, sis_col), 40),
                _id_field(header[id_col] if id_col is not None else ""),
                _clean(_cell(row, submitted_col), 80),
                _clean(_cell(row, login_col), 80),
            )
        )
    if not students:
        raise RosterError(f"{source}: no students listed under the header")
    return Roster(students, fmt, warnings)
