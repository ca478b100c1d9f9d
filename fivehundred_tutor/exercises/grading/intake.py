"""Intake: every file under the submissions folder read as data (never run), and each answer sheet filed under
the student it belongs to.

A file's owner comes from the collection first (the LMS account a download names), then from the roster ids
its path names; the sheet's header is checked (format, assignment) before it is kept, compacted, as a
:class:`Claim`.  Whatever cannot be used — unreadable, oversized, not a sheet, another student's sheet, an
unknown student — is said out loud: on the student's row, among the unmatched files, or among the files not
read.  Choosing among one student's claims is :mod:`.choose`'s job.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import stat
import zipfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..assignment import Assignment
from ..roster import Roster
from ..sheets import (
    MAX_SUBMISSION_BYTES,
    SHEET_FORMAT,
    SubmissionProblem,
    parse_submission_bytes,
    read_submission,
    read_zip_members,
)
from .score import compact_sheet
from .text import safe_text

__all__ = [
    "Claim",
    "Intake",
    "canvas_order",
    "check_header",
    "collect",
    "token_problem",
]

_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")


@dataclass
class Claim:
    """One answer sheet filed under a student, with what the collection says about when it came in."""

    rel: str
    sheet: dict[str, Any]
    collected: _dt.datetime  # nbgrader's timestamp.txt, else the file time (lateness is counted from it)
    source: str  # where that time came from
    file_time: _dt.datetime
    stamp: _dt.datetime | None = None  # nbgrader's timestamp.txt for the file's submission folder
    canvas: tuple[int, int] | None = None  # Canvas's (submission id, resubmission -N): higher is later


@dataclass
class Intake:
    """What the submissions folder holds, filed by student (ids of the roster)."""

    claims: dict[str, list[Claim]] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)  # said on the student's row, in order
    files: dict[str, list[str]] = field(default_factory=dict)  # files that made those problems
    soft: dict[str, list[str]] = field(default_factory=dict)  # fine beside a real sheet, a problem alone
    unmatched: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def note(self, student: str, problem: str, file: str | None = None) -> None:
        self.problems.setdefault(student, []).append(problem)
        if file is not None:
            self.files.setdefault(student, []).append(file)


# ------------------------------------------------------------------ whose file
def owner_from_path(rel: str, roster: Roster) -> str | None:
    """The roster id a file's path names (``alice/…``, ``hw1-alice.answers.json``), if exactly one."""
    starts = [m.start() for m in _ALNUM_RUN.finditer(rel)]
    ends = [m.end() for m in _ALNUM_RUN.finditer(rel)]
    hits = set()
    for i, a in enumerate(starts):
        for b in ends[i:]:
            if b - a > 64:
                break
            if rel[a:b] in roster:
                hits.add(rel[a:b])
    hits = {h for h in hits if not any(h != o and h in o for o in hits)}
    return hits.pop() if len(hits) == 1 else None


# Canvas's bulk download: "<name>_<user id>_<submission id>_<file>" ("<name>_LATE_<user id>_…" when late);
# a file the student handed in again under the same name gets "-1", "-2" … before its extension.
_CANVAS_FILE = re.compile(r"^(?P<who>[^_/]+)_(?:LATE_)?(?P<user>[0-9]{1,20})_(?P<sub>[0-9]{1,20})_(?P<file>.+)$")
_RESUBMITTED = re.compile(r"-(?P<n>[0-9]{1,4})(?=\.[A-Za-z0-9]+$)")
# Moodle's download: "<Full name>_<participant id>_assignsubmission_file_" (a folder, or a prefix of each file)
_MOODLE_PART = re.compile(r"^(?P<who>.+)_(?P<participant>[0-9]{1,20})_assignsubmission_[a-z]+_")


def canvas_order(name: str) -> tuple[int, int] | None:
    """(submission id, resubmission number) from a Canvas bulk-download file name; None if it is not one.

    >>> canvas_order("smithbob_340934_208490284_hw1.answers-2.json")
    (208490284, 2)
    >>> canvas_order("hw1-bob.answers.json") is None
    True
    """
    m = _CANVAS_FILE.match(name)
    if m is None:
        return None
    again = _RESUBMITTED.search(m["file"])
    return int(m["sub"]), int(again["n"]) if again else 0


def lms_owner(rel: str, roster: Roster) -> str | None:
    """The student an LMS download names: Canvas's user id (the roster's Canvas ID) or Moodle's full name."""
    parts = rel.split("/")
    m = _CANVAS_FILE.match(parts[-1])
    if m is not None:
        found = [s.id for s in roster if s.lms_id and s.lms_id == m["user"]]
        return found[0] if len(found) == 1 else None
    for part in parts:
        mm = _MOODLE_PART.match(part)
        if mm is not None:
            who = mm["who"].casefold()
            found = [s.id for s in roster if s.name and s.name.casefold() == who]
            return found[0] if len(found) == 1 else None
    return None


# ------------------------------------------------------------------ what a sheet says of itself
def check_header(sheet: Mapping[str, Any], assignment: Assignment) -> tuple[str | None, list[str]]:
    """(fatal reason or None, warnings) from the sheet's own description of itself."""
    if sheet.get("format") != SHEET_FORMAT:
        return (
            f"not an answer sheet (format {safe_text(sheet.get('format'), 40)!r}, expected {SHEET_FORMAT!r})",
            [],
        )
    aid = sheet.get("assignment")
    if aid != assignment.id:
        return f"wrong assignment: the sheet is for {safe_text(aid, 40)!r}, not {assignment.id!r}", []
    warnings = []
    if sheet.get("fingerprint") != assignment.fingerprint:
        warnings.append(
            "note: the sheet was made for another version of this assignment; "
            "its answers were matched to the current questions one by one"
        )
    return None, warnings


def token_problem(sheet: Mapping[str, Any], assignment: Assignment, student: str) -> tuple[str | None, str | None]:
    """(fatal reason, warning) from the sheet's token."""
    token = sheet.get("token")
    if not token:
        return None, f"the sheet carries no token, so it cannot be shown to come from {student}'s own files"
    if not isinstance(token, str) or token != assignment.token_for(student):
        return f"the sheet's token is not {student}'s (made from someone else's files?) — not graded", None
    return None, None


# ------------------------------------------------------------------ when it came in
def read_timestamp(path: Path) -> _dt.datetime | None:
    """nbgrader's ``timestamp.txt`` (written by ``collect``/``submit``): the collection's own time."""
    try:
        text = path.read_text(encoding="utf-8")[:100].strip()
    except (OSError, UnicodeDecodeError):
        return None
    text = text.replace(" UTC", "+00:00").replace(" ", "T", 1)
    try:
        when = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=_dt.timezone.utc)


# ------------------------------------------------------------------ the folder
def _walk(folder: Path, exclude: list[Path], skipped: list[tuple[str, str]]) -> Iterator[tuple[Path, str]]:
    """Every entry under ``folder`` that is not a folder (files, links, pipes …), sorted; says what it skips."""
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        keep = []
        for d in sorted(dirs):
            p = here / d
            rel = p.relative_to(folder).as_posix()
            if any(_same(p, e) for e in exclude):
                skipped.append((safe_text(rel) + "/", "the grading output folder (inside the submissions): not read"))
            elif d.startswith("."):
                skipped.append((safe_text(rel) + "/", "a hidden folder: not read"))
            elif (here / d).is_symlink():
                skipped.append((safe_text(rel) + "/", "a link to a folder: not followed"))
            else:
                keep.append(d)
        dirs[:] = keep
        for name in sorted(files):
            p = here / name
            rel = p.relative_to(folder).as_posix()
            if name.startswith("."):
                skipped.append((safe_text(rel), "a hidden file: not read"))
                continue
            yield p, rel


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _content_not_sheet(reason: str) -> bool:
    """A file whose content is plainly something else (not text, not JSON, not an object): not a sheet."""
    return any(
        words in reason
        for words in ("not UTF-8 text", "not valid JSON", "an answer sheet is a JSON object", "the file is empty")
    )


def _holds_no_sheet(reason: str) -> bool:
    """A notebook never run to its answer-sheet cell, or the student's own question set: no answers in it."""
    return "no answer sheet in this notebook" in reason or "'fivehundred-student-set/1'" in reason


class _Collector:
    """One pass over the submissions folder, filling an :class:`Intake`."""

    def __init__(self, assignment: Assignment, roster: Roster, folder: Path) -> None:
        self.assignment = assignment
        self.roster = roster
        self.folder = folder
        self.found = Intake()
        self._stamps: dict[Path, _dt.datetime | None] = {}

    def stamp_for(self, folder_here: Path) -> _dt.datetime | None:
        """nbgrader's timestamp.txt of the submission folder holding this folder (itself or an ancestor)."""
        if folder_here not in self._stamps:
            ts = folder_here / "timestamp.txt"
            found = read_timestamp(ts) if ts.is_file() else None
            if found is None and folder_here != self.folder and self.folder in folder_here.parents:
                found = self.stamp_for(folder_here.parent)
            self._stamps[folder_here] = found
        return self._stamps[folder_here]

    def claim(self, rel: str, sheet: dict[str, Any], path: Path) -> Claim:
        file_time = _dt.datetime.fromtimestamp(path.lstat().st_mtime, _dt.timezone.utc)
        stamp = self.stamp_for(path.parent)
        canvas = canvas_order(path.name)
        if stamp is not None:
            return Claim(rel, sheet, stamp, "timestamp.txt", file_time, stamp, canvas)
        return Claim(rel, sheet, file_time, "file time", file_time, None, canvas)

    def take(self, rel: str, owner: str | None, full: dict[str, Any], path: Path) -> None:
        """One parsed sheet: its header checked, then kept (compacted) as its student's claim."""
        found = self.found
        claimed = full.get("student")
        sheet = compact_sheet(full)
        del full
        if not isinstance(claimed, str):
            raise SubmissionProblem(f"{rel}: the sheet does not say whose it is ('student' missing)")
        fatal, _ = check_header(sheet, self.assignment)
        if fatal:
            raise SubmissionProblem(f"{rel}: {fatal}")
        if owner is not None and claimed != owner:
            # Integrity matters: the instructor's files name both; students' feedback names neither.
            found.note(
                owner,
                f"wrong student: {Path(rel).name} holds another student's answer sheet, not yours — not graded",
                rel,
            )
            if claimed in self.roster:
                found.note(claimed, "your answer sheet was found in another student's folder")
            found.unmatched.append(
                (rel, f"the answers of {safe_text(claimed, 40)!r} filed under {safe_text(owner, 40)!r}")
            )
            return
        if claimed not in self.roster:
            found.unmatched.append((rel, f"unknown student {safe_text(claimed, 40)!r} (not in the roster)"))
            return
        found.claims.setdefault(claimed, []).append(self.claim(rel, sheet, path))

    def not_a_sheet(self, rel: str, owner: str | None, why: str) -> None:
        """A file that is no answer sheet by its content: said out loud (and grade ends with status 1)."""
        self.found.skipped.append((rel, f"not an answer sheet or notebook ({why}): not read"))
        if owner is not None:
            self.found.note(owner, f"note: ignored {rel} (not an answer sheet or notebook)")

    def problem(self, rel: str, owner: str | None, err: Exception) -> None:
        if isinstance(err, SubmissionProblem):
            reason = safe_text(err, 400)
            if not reason.startswith(rel):
                reason = f"{rel}: {reason.split(': ', 1)[-1]}" if ": " in reason else f"{rel}: {reason}"
        else:
            reason = f"{rel}: could not be read ({type(err).__name__})"
        if owner is not None and _holds_no_sheet(reason):
            self.found.soft.setdefault(owner, []).append(reason)  # fine beside a real sheet; a problem alone
        elif owner is not None:
            self.found.note(owner, reason, rel)
        else:
            self.found.unmatched.append((rel, reason))

    def zip_file(self, path: Path, rel: str, owner: str | None, max_bytes: int) -> None:
        for member, content in read_zip_members(path, max_bytes):
            inner = f"{rel}/{safe_text(member)}"
            who = owner or owner_from_path(member, self.roster)
            if isinstance(content, str):
                self.found.skipped.append((inner, content))
                continue
            try:
                self.take(inner, who, parse_submission_bytes(content, inner), path)
            except SubmissionProblem as err:
                if _content_not_sheet(str(err)) and not member.lower().endswith((".json", ".ipynb")):
                    self.not_a_sheet(inner, who, "by its content")
                else:
                    self.problem(inner, who, err)
            except (RecursionError, MemoryError, ValueError, TypeError) as err:
                self.problem(inner, who, err)

    def file(self, path: Path, rel_raw: str, max_bytes: int) -> None:
        rel = safe_text(rel_raw)
        # the LMS account a download names first (a copied file keeps its classmate's name), then the path
        owner = lms_owner(rel_raw, self.roster) or owner_from_path(rel_raw, self.roster)
        if path.name == "timestamp.txt":
            return  # nbgrader's collection time, used above
        by_name = path.suffix.lower() in (".json", ".ipynb")
        try:
            regular = stat.S_ISREG(path.lstat().st_mode)  # never open a pipe or follow a link to look inside
            if not by_name and regular and (path.suffix.lower() == ".zip" or zipfile.is_zipfile(path)):
                self.zip_file(path, rel, owner, max_bytes)
                return
            try:
                full = read_submission(path, max_bytes)
            except SubmissionProblem as err:
                if not by_name and _content_not_sheet(str(err)):
                    self.not_a_sheet(rel, owner, "by its content")
                    return
                raise
            if not by_name and full.get("format") != SHEET_FORMAT:
                self.not_a_sheet(rel, owner, "by its content")
                return
            self.take(rel, owner, full, path)
        except (SubmissionProblem, RecursionError, MemoryError, OSError, ValueError, TypeError) as err:
            self.problem(rel, owner, err)


def collect(
    assignment: Assignment,
    roster: Roster,
    folder: Path,
    *,
    max_bytes: int = MAX_SUBMISSION_BYTES,
    exclude: list[Path] | None = None,
) -> Intake:
    """Read every file under ``folder`` (sorted, any depth; ``exclude``: folders not to read) and file it."""
    collector = _Collector(assignment, roster, folder)
    for path, rel_raw in _walk(folder, exclude or [], collector.found.skipped):
        collector.file(path, rel_raw, max_bytes)
    return collector.found
