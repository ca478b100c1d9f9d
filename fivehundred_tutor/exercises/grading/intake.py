"""Intake: every file under the submissions folder read as data (never run), and each answer sheet filed under
the student it belongs to — by facts a student cannot forge.

Two facts authenticate a sheet: the **collection** (the folder or LMS entry it came in, see
:mod:`.collection`) says who handed it in, and the **token** (an HMAC of the secret, found only in one student's
own files) says whose files it was made from.  What the sheet writes about itself (``"student"``) and a roster id
in a file's name are claims: they never outweigh those facts, never put a note on another student's row, and
a sheet they alone support is not graded (it is listed among the unmatched files, with the reason).

=================================  ==========================================================================
collection names O, token is O's    O's claim (a different ``"student"`` is noted for the instructor)
collection names O, no token        O's claim, without a valid token (flagged; refused in an exam)
collection names O, token is X's    not graded: on O's row "wrong student", on X's row "found in O's folder"
collection names O, token nobody's  not graded: on O's row "token is not O's"
collection names no one, token X's  X's claim, unless the sheet or its file name says another student
collection names no one, no token   not graded (unmatched): nothing authenticates it
=================================  ==========================================================================

The collection names an owner only at its own level (its entries per student): a folder named for a student
inside an entry that names no one is a student's own making, and names no one.

Choosing among one student's claims is :mod:`.choose`'s job.
"""

from __future__ import annotations

import datetime as _dt
import os
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
    NotSheetContent,
    SubmissionProblem,
    parse_submission_bytes,
    read_submission,
    read_zip_members,
)
from ..text import safe_text
from .collection import (
    Owner,
    canvas_late,
    canvas_order,
    collection_owner,
    name_hint,
    nbgrader_stamp,
    read_timestamp,
    stamp_problem,
)
from .results import Note
from .score import compact_sheet

__all__ = ["Claim", "Intake", "check_header", "collect", "token_problem"]


@dataclass
class Claim:
    """One answer sheet filed under a student, with what the collection says about when it came in."""

    rel: str
    sheet: dict[str, Any]
    collected: _dt.datetime  # nbgrader's timestamp.txt, else the file time (shown; lateness has its own rules)
    source: str  # where that time came from
    file_time: _dt.datetime
    stamp: _dt.datetime | None = None  # the collection's own time (nbgrader's timestamp.txt)
    canvas: tuple[int, int] | None = None  # Canvas's (submission id, resubmission -N): higher is later
    token_ok: bool = True  # False: the sheet carries no token (its folder alone says whose it is)
    late_marker: bool | None = None  # Canvas's verdict (``LATE_`` in its name), None outside a Canvas download
    own_entry: bool = False  # the collection's own entry (folder, LMS entry) names this student: their hand-in
    stamp_problem: str = ""  # why nbgrader's layout gave no time (no timestamp.txt, a link, not a time …)


@dataclass
class Intake:
    """What the submissions folder holds, filed by student (ids of the roster)."""

    claims: dict[str, list[Claim]] = field(default_factory=dict)
    problems: dict[str, list[str]] = field(default_factory=dict)  # said on the student's row, in order
    files: dict[str, list[str]] = field(default_factory=dict)  # files that made those problems
    soft: dict[str, list[str]] = field(default_factory=dict)  # fine beside a real sheet, a problem alone
    unmatched: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # about the collection as a whole, for the run's summary

    def note(self, student: str, problem: str, file: str | None = None) -> None:
        self.problems.setdefault(student, []).append(problem)
        if file is not None:
            self.files.setdefault(student, []).append(file)


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
    """(fatal reason, warning) from the sheet's token, for a sheet said to be ``student``'s."""
    token = sheet.get("token")
    if not token:
        return None, f"the sheet carries no token, so it cannot be shown to come from {student}'s own files"
    if not isinstance(token, str) or token != assignment.token_for(student):
        return f"the sheet's token is not {student}'s (made from someone else's files?) — not graded", None
    return None, None


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


def _content_not_sheet(err: SubmissionProblem) -> bool:
    """A file whose content is plainly something else (empty, not text, not JSON, not an object): not a sheet."""
    return isinstance(err, NotSheetContent)


def _holds_no_sheet(reason: str) -> bool:
    """A notebook never run to its answer-sheet cell, or the student's own question set: no answers in it."""
    return "no answer sheet in this notebook" in reason or "'fivehundred-student-set/1'" in reason


@dataclass
class _Source:
    """One file (or zip member) being read: where it is and what the collection says of it."""

    rel: str
    path: Path
    owner: Owner | None
    hint: str | None  # a roster id its name mentions (a hint: whom an unreadable file was meant for)

    @property
    def meant_for(self) -> str | None:
        """Whose row hears about this file when it cannot be read: the collection's student, else the hint."""
        if self.owner is not None:
            return self.owner.student
        return self.hint


class _Collector:
    """One pass over the submissions folder, filling an :class:`Intake`."""

    def __init__(self, assignment: Assignment, roster: Roster, folder: Path, trust_timestamps: bool) -> None:
        self.assignment = assignment
        self.roster = roster
        self.folder = folder
        self.trust_timestamps = trust_timestamps
        self.found = Intake()
        self.tokens = {assignment.token_for(s.id): s.id for s in roster}
        self._stamps: dict[Path, _dt.datetime | None] = {}

    # ----------------------------------------------------------- when
    def any_stamp(self, folder_here: Path) -> _dt.datetime | None:
        """A timestamp.txt in this folder or one above it (trusted only when the instructor says so)."""
        if folder_here not in self._stamps:
            ts = folder_here / "timestamp.txt"
            found = read_timestamp(ts) if ts.is_file() else None
            if found is None and folder_here != self.folder and self.folder in folder_here.parents:
                found = self.any_stamp(folder_here.parent)
            self._stamps[folder_here] = found
        return self._stamps[folder_here]

    def claim(self, source: _Source, sheet: dict[str, Any], token_ok: bool) -> Claim:
        path = source.path
        file_time = _dt.datetime.fromtimestamp(path.lstat().st_mtime, _dt.timezone.utc)
        if self.trust_timestamps:
            stamp = self.any_stamp(path.parent)
        else:
            stamp = nbgrader_stamp(self.folder, path.relative_to(self.folder).as_posix(), source.owner)
        canvas = canvas_order(path.name)
        late = canvas_late(path.name) if source.owner is not None and source.owner.layout == "canvas" else None
        # the collection's entry names the student (or, for two of one name, the token picked one of them)
        own = source.owner is not None and (source.owner.student is not None or bool(source.owner.candidates))
        if stamp is not None:
            return Claim(source.rel, sheet, stamp, "timestamp.txt", file_time, stamp, canvas, token_ok, late, own)
        rel = path.relative_to(self.folder).as_posix()
        why = "" if self.trust_timestamps else stamp_problem(self.folder, rel, source.owner)
        return Claim(source.rel, sheet, file_time, "file time", file_time, None, canvas, token_ok, late, own, why)

    # ----------------------------------------------------------- whose
    def take(self, source: _Source, full: dict[str, Any]) -> None:
        """One parsed sheet: its header checked, then filed by the facts that authenticate it (see the module)."""
        claimed = full.get("student")
        sheet = compact_sheet(full)
        del full
        rel = source.rel
        if not isinstance(claimed, str):
            raise SubmissionProblem(f"{rel}: the sheet does not say whose it is ('student' missing)")
        fatal, _ = check_header(sheet, self.assignment)
        if fatal:
            raise SubmissionProblem(f"{rel}: {fatal}")
        token = sheet.get("token")
        made_from = self.tokens.get(token) if isinstance(token, str) and token else None
        says = safe_text(claimed, 40)
        owner = source.owner
        if owner is not None and owner.student is not None:
            self.in_owners_folder(source, owner, owner.student, claimed, made_from, bool(token), sheet)
        elif owner is not None:
            self.in_unknown_entry(source, owner, made_from, sheet, says)
        elif made_from is None and claimed not in self.roster:
            self.found.unmatched.append((rel, f"unknown student {says!r} (not in the roster)"))
        elif made_from is None:
            why = "carries no token" if not token else f"has a token that is not {says}'s"
            self.found.unmatched.append(
                (
                    rel,
                    f"says it is {says}'s but {why}, and no folder of the collection names its student: not graded "
                    "(nothing shows whose it is)",
                )
            )
        elif claimed != made_from:
            self.found.note(made_from, Note.private(f"note: a sheet made from your files says it is {says}'s: {rel}"))
            self.found.unmatched.append(
                (rel, f"says it is {says}'s, but its token is not {says}'s (it is {made_from}'s): not graded")
            )
        elif source.hint is not None and source.hint != made_from:
            self.found.note(
                made_from,
                Note.private(
                    f"note: your answer sheet was found in {rel}, a file named for another student: not graded"
                ),
            )
            self.found.unmatched.append(
                (rel, f"named for {source.hint!r} but holds {made_from}'s answer sheet (their token): not graded")
            )
        else:
            self.found.claims.setdefault(made_from, []).append(self.claim(source, sheet, True))

    def in_owners_folder(
        self,
        source: _Source,
        owner: Owner,
        sid: str,
        claimed: str,
        made_from: str | None,
        has_token: bool,
        sheet: dict[str, Any],
    ) -> None:
        rel, found = source.rel, self.found
        says = safe_text(claimed, 40)
        if made_from == sid:
            if claimed != sid:
                found.note(
                    sid, Note.private(f"note: {rel} says it is {says}'s, but your files made it: graded as yours")
                )
            found.claims.setdefault(sid, []).append(self.claim(source, sheet, True))
        elif made_from is not None:
            # Integrity matters, both facts authenticated: the instructor's files name both, the students' neither.
            if claimed == sid:  # altered to say it is O's
                here = f"{rel}: the sheet's token is not {sid}'s (it was made from {made_from}'s files) — not graded"
            else:
                here = (
                    f"wrong student: {Path(rel).name} holds another student's answer sheet, not yours — not graded "
                    f"(made from {made_from}'s files)"
                )
            found.note(sid, Note.private(here), rel)
            found.note(made_from, Note.private(f"your answer sheet was found in another student's folder ({rel})"))
            found.unmatched.append((rel, f"the answers of {made_from!r} (their token) filed under {sid!r}"))
        elif has_token:
            found.note(
                sid,
                Note.private(f"{rel}: the sheet's token is not {sid}'s (made from someone else's files?) — not graded"),
                rel,
            )
        elif claimed != sid:
            found.note(
                sid, Note.private(f"wrong student: {rel} says it is {says}'s and carries no token — not graded"), rel
            )
        else:
            found.claims.setdefault(sid, []).append(self.claim(source, sheet, False))

    def in_unknown_entry(
        self, source: _Source, owner: Owner, made_from: str | None, sheet: dict[str, Any], says: str
    ) -> None:
        """The collection names a person it cannot pin to one roster student (one name, two students; or nobody)."""
        rel, found = source.rel, self.found
        if made_from is not None and made_from in owner.candidates:
            found.claims.setdefault(made_from, []).append(self.claim(source, sheet, True))
            return
        who = f"{len(owner.candidates)} students of that name" if owner.candidates else "no one on the roster"
        if made_from is not None:
            found.note(made_from, Note.private(f"your answer sheet was found in {owner.where} ({who}): {rel}"))
            found.unmatched.append(
                (rel, f"{made_from}'s answer sheet (their token) in {owner.where} ({who}): not graded")
            )
        else:
            found.unmatched.append(
                (rel, f"in {owner.where} ({who}), saying it is {says}'s without a valid token: not graded")
            )

    # ----------------------------------------------------------- what cannot be read
    def not_a_sheet(self, source: _Source, why: str) -> None:
        """A file that is no answer sheet by its content: said out loud (and grade ends with status 1)."""
        self.found.skipped.append((source.rel, f"not an answer sheet or notebook ({why}): not read"))
        if source.meant_for is not None:
            self.found.note(source.meant_for, f"note: ignored {source.rel} (not an answer sheet or notebook)")

    def problem(self, source: _Source, err: Exception) -> None:
        rel, student = source.rel, source.meant_for
        if isinstance(err, SubmissionProblem):
            reason = safe_text(err, 400)
            if not reason.startswith(rel):
                reason = f"{rel}: {reason.split(': ', 1)[-1]}" if ": " in reason else f"{rel}: {reason}"
        else:
            reason = f"{rel}: could not be read ({type(err).__name__})"
        if student is not None and (_holds_no_sheet(reason) or source.owner is None):
            # fine beside a real sheet, a problem alone: a notebook never run, or a file only *named* for the
            # student (anyone can name a file: it never flags a graded row)
            self.found.soft.setdefault(student, []).append(reason)
        elif student is not None:
            self.found.note(student, reason, rel)
        else:
            self.found.unmatched.append((rel, reason))

    def zip_file(self, zipped: _Source, max_bytes: int) -> None:
        for member, content in read_zip_members(zipped.path, max_bytes):
            inner = _Source(
                f"{zipped.rel}/{safe_text(member)}",
                zipped.path,
                zipped.owner,
                zipped.hint or name_hint(member, self.roster),
            )
            if isinstance(content, str):
                self.found.skipped.append((inner.rel, content))
                if inner.meant_for is not None and not content.startswith("a hidden file"):
                    # a file came in: a note beside a graded sheet, the reason itself when nothing else was
                    self.found.soft.setdefault(inner.meant_for, []).append(f"{inner.rel}: {content}")
                continue
            try:
                self.take(inner, parse_submission_bytes(content, inner.rel))
            except SubmissionProblem as err:
                if _content_not_sheet(err) and not member.lower().endswith((".json", ".ipynb")):
                    self.not_a_sheet(inner, "by its content")
                else:
                    self.problem(inner, err)
            except (RecursionError, MemoryError, ValueError, TypeError) as err:
                self.problem(inner, err)

    def file(self, path: Path, rel_raw: str, max_bytes: int, owner: Owner | None) -> None:
        if path.name == "timestamp.txt":
            return  # nbgrader's collection time, read with the sheets it belongs to
        source = _Source(safe_text(rel_raw), path, owner, None if owner else name_hint(rel_raw, self.roster))
        by_name = path.suffix.lower() in (".json", ".ipynb")
        try:
            regular = stat.S_ISREG(path.lstat().st_mode)  # never open a pipe or follow a link to look inside
            if not by_name and regular and (path.suffix.lower() == ".zip" or zipfile.is_zipfile(path)):
                self.zip_file(source, max_bytes)
                return
            try:
                full = read_submission(path, max_bytes)
            except SubmissionProblem as err:
                if not by_name and _content_not_sheet(err):
                    self.not_a_sheet(source, "by its content")
                    return
                raise
            if not by_name and full.get("format") != SHEET_FORMAT:
                self.not_a_sheet(source, "by its content")
                return
            self.take(source, full)
        except (SubmissionProblem, RecursionError, MemoryError, OSError, ValueError, TypeError) as err:
            self.problem(source, err)


def collect(
    assignment: Assignment,
    roster: Roster,
    folder: Path,
    *,
    max_bytes: int = MAX_SUBMISSION_BYTES,
    exclude: list[Path] | None = None,
    trust_timestamps: bool = False,
) -> Intake:
    """Read every file under ``folder`` (sorted, any depth; ``exclude``: folders not to read) and file it.

    ``trust_timestamps``: take any ``timestamp.txt`` as the collection time of the files beside and below it
    (by default only nbgrader's, in its own layout: a student can upload a file of that name).
    """
    collector = _Collector(assignment, roster, folder, trust_timestamps)
    files = list(_walk(folder, exclude or [], collector.found.skipped))
    owners = _collection_owners([rel for _, rel in files], roster, assignment.id, folder.name, collector.found)
    for path, rel_raw in files:
        collector.file(path, rel_raw, max_bytes, owners[rel_raw])
    return collector.found


def _collection_owners(
    rels: list[str], roster: Roster, assignment_id: str, root_name: str, found: Intake
) -> dict[str, Owner | None]:
    """Each file's owner by the collection's layout, at the collection's own level only.

    The collection puts its entries per student at one level (the top, or inside nbgrader's ``submitted/``); a
    folder that names a student deeper down, inside an entry that names no one, is one a student made (a folder
    called ``alice`` inside their own upload): it names no owner, and the run says which folders it passed over.
    """
    owners = {rel: collection_owner(rel, roster, assignment_id, root_name=root_name) for rel in rels}
    level = min((o.depth for o in owners.values() if o is not None), default=0)
    deeper = sorted(
        {"/".join(rel.split("/")[: o.depth + 1]) for rel, o in owners.items() if o is not None and o.depth > level}
    )
    if deeper:
        shown = ", ".join(
            safe_text(d, 60) + ("/" if not d.endswith((".json", ".ipynb", ".zip")) else "") for d in deeper[:5]
        )
        found.warnings.append(
            f"{len(deeper)} folder(s) or file(s) below the collection's entries per student name a student "
            f"({shown}{' …' if len(deeper) > 5 else ''}): taken as a student's own making, not the collection's, "
            "so only the sheets' tokens say whose they are there (move a folder up to the others' level if you "
            "put it there)"
        )
    return {rel: o if o is not None and o.depth == level else None for rel, o in owners.items()}
