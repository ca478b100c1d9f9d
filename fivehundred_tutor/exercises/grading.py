"""Grading: re-derive every student's questions from the assignment's secret, judge the
submitted answers, and write a gradebook, per-student feedback and an item analysis.

Never trusts a submission: each file is parsed as data (never executed), one at a
time, and only its answers are kept (memory stays flat however large the files);
every problem — malformed, truncated, oversized, duplicated, wrong assignment,
wrong student, wrong token, tampered questions — becomes a reason on that
student's row.  Duplicates are settled by the collection's own times (file times,
nbgrader's ``timestamp.txt``), never by a time written inside a sheet.  The batch
always finishes.  Points are summed exactly and rounded once, at the end.
"""

from __future__ import annotations

import csv
import datetime as _dt
import html
import json
import os
import re
import stat
import sys
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..questions import check
from .assignment import Assignment, AssignmentError
from .roster import Roster
from .sheets import (
    MAX_SUBMISSION_BYTES,
    SHEET_FORMAT,
    SubmissionProblem,
    parse_submission_bytes,
    read_submission,
    read_zip_members,
)

__all__ = [
    "GradeReport",
    "GradingError",
    "ItemResult",
    "Override",
    "StudentResult",
    "check_out_folder",
    "csv_safe",
    "grade_folder",
    "grade_sheet",
    "load_overrides",
    "parse_overrides",
    "safe_text",
    "student_notes",
    "write_reports",
]

MAX_RESPONSE_CHARS = 20_000
MAX_ANSWERS = 1000
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]+")
_TOO_LONG = object()
_OUTPUT_NAMES = ("gradebook.csv", "item_analysis.csv", "summary.md", "unmatched.csv", "histogram.png")
MANIFEST = ".grade-files.json"  # what the last grade wrote into its output folder (only those are ever removed)


class GradingError(ValueError):
    """Grading cannot start or its reports cannot be written (the message says what to change)."""


def safe_text(text: object, limit: int = 300) -> str:
    """Text that is safe to print in a terminal: control characters (escape sequences) shown as '?'."""
    out = "".join(ch if ch.isprintable() else "?" for ch in str(text))
    return out if len(out) <= limit else out[: limit - 1] + "…"


def csv_safe(value: str) -> str:
    """Keep spreadsheets from reading text as a formula (cells starting with = + - @ tab or CR)."""
    if value and value[0] in "=+-@\t\r" and not re.fullmatch(r"-?\d+(\.\d+)?", value):
        return "'" + value
    return value


def _fmt(x: float | Fraction) -> str:
    return f"{round(float(x), 4):g}"


def _fraction(score: float) -> Fraction:
    """The checker's score (rounded to 4 places) as the exact fraction it stands for (2/3, not 0.6667)."""
    exact = Fraction(score).limit_denominator(60)
    return exact if abs(float(exact) - score) < 1e-4 else Fraction(score)


@dataclass
class ItemResult:
    item: str
    section: str
    topic: str
    difficulty: int
    question_id: str
    points: float
    score: float  # points earned
    correct: bool
    answered: bool
    feedback: str
    explanation: str
    prompt: str
    exact: Fraction = field(default=Fraction(0), repr=False)
    key: str = ""
    override: str = ""


@dataclass
class StudentResult:
    student: str
    name: str = ""
    status: str = "missing"  # graded | flagged | missing | rejected
    items: list[ItemResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    collected_at: str = ""
    collected_by: str = ""  # what put the student's files in order: the LMS export, nbgrader, or file times
    days_late: int = 0
    penalty: float = 0.0  # fraction of the score taken off for lateness
    held_back: str = ""  # why the answers and explanations are not in this student's feedback ("" = they are)

    @property
    def raw_total(self) -> Fraction:
        return sum((i.exact for i in self.items), Fraction(0))

    @property
    def total(self) -> float:
        """The score after any late penalty, rounded once (to 4 places)."""
        return round(float(self.raw_total * (1 - Fraction(self.penalty).limit_denominator(10_000))), 4)

    @property
    def has_grade(self) -> bool:
        """False for a student with nothing graded — missing, or every file rejected: blank cells, not 0.

        A student graded only by an instructor's override (status ``override``) has a grade: the override's.
        """
        return self.status in ("graded", "flagged", "override")

    def section_totals(self, assignment: Assignment) -> dict[str, float]:
        sums: dict[str, Fraction] = {s.title: Fraction(0) for s in assignment.sections}
        for item in self.items:
            sums[item.section] = sums.get(item.section, Fraction(0)) + item.exact
        return {k: round(float(v), 4) for k, v in sums.items()}


@dataclass
class GradeReport:
    assignment: Assignment
    students: list[StudentResult]
    unmatched: list[tuple[str, str]]  # (file, reason) for files no roster student could be found for
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why) files not read, said out loud
    overrides_applied: list[tuple[str, str, str, str, str]] = field(default_factory=list)

    @property
    def held_back(self) -> list[StudentResult]:
        """Students whose feedback holds back the answers (no graded sheet, or their deadline not yet passed)."""
        return [s for s in self.students if s.held_back]

    def by_id(self) -> dict[str, StudentResult]:
        return {s.student: s for s in self.students}

    @property
    def not_read(self) -> list[tuple[str, str]]:
        """Files skipped that an instructor must look at (hidden files and grade's own output folder aside)."""
        quiet = ("a hidden file", "a hidden folder", "the grading output folder")
        return [(f, why) for f, why in self.skipped if not why.startswith(quiet)]

    @property
    def rejected(self) -> int:
        """Students rejected, plus files matched to no student (a file that did both counts once)."""
        rejected = [s for s in self.students if s.status == "rejected"]
        counted = {f for s in rejected for f in s.files}
        return len(rejected) + sum(1 for rel, _ in self.unmatched if rel not in counted)


# ------------------------------------------------------------------ overrides
@dataclass(frozen=True)
class Override:
    student: str
    item: str  # "2.3" or a stable key "bowers#1"
    points: float
    comment: str
    line: int


def load_overrides(path: str | Path, assignment: Assignment, roster: Roster) -> list[Override]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise GradingError(f"{p}: no such overrides file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise GradingError(f"{p}: cannot read the overrides file ({err})") from None
    return parse_overrides(text, assignment, roster, str(p))


def parse_overrides(text: str, assignment: Assignment, roster: Roster, source: str = "overrides") -> list[Override]:
    """Regrading decisions, CSV ``student,item,points,comment``: each sets one item's points on every grade."""
    rows = list(csv.reader(text.splitlines()))
    if not rows:
        return []
    header = [h.strip().lower() for h in rows[0]]
    need = ("student", "item", "points")
    if any(h not in header for h in need):
        raise GradingError(f"{source}: the header should be student,item,points,comment")
    col = {h: header.index(h) for h in (*need, "comment") if h in header}
    by_label = {label: section for label, _, _, section in assignment.items()}
    keys = {f"{section.key}#{j + 1}": section for _, _, j, section in assignment.items()}
    out = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        cells = {name: row[i].strip() if i < len(row) else "" for name, i in col.items()}
        sid, item, pts = cells["student"], cells["item"], cells["points"]
        if sid not in roster:
            raise GradingError(f"{source}, line {line}: student {safe_text(sid, 40)!r} is not in the roster")
        section = by_label.get(item) or keys.get(item)
        if section is None:
            raise GradingError(f"{source}, line {line}: no item {safe_text(item, 40)!r} (items are 1.1, 1.2, …)")
        try:
            value = float(pts)
        except ValueError:
            value = float("nan")
        if not 0 <= value <= section.points:
            raise GradingError(
                f"{source}, line {line}: points {safe_text(pts, 20)!r} should be a number from 0 to {section.points:g}"
            )
        out.append(Override(sid, item, value, safe_text(cells.get("comment", ""), 200), line))
    return out


# ------------------------------------------------------------ one answer sheet
def _too_long(value: Any, limit: int = MAX_RESPONSE_CHARS) -> bool:
    """True when ``value`` written as JSON would exceed ``limit`` characters (stops counting early)."""
    size = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            size += len(v) + 2
        elif isinstance(v, Mapping):
            size += 2 + 2 * len(v)
            for k, x in v.items():
                size += len(str(k)) + 2
                stack.append(x)
        elif isinstance(v, (list, tuple)):
            size += 2 + len(v)
            stack.extend(v[: limit + 1])
        else:
            size += len(str(v)) if isinstance(v, (int, float, bool)) or v is None else limit + 1
        if size > limit:
            return True
    return False


def _compact(value: Any) -> Any:
    """A response as kept for grading: as given, or a marker when it is far too long."""
    return _TOO_LONG if _too_long(value) else value


def compact_sheet(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Only what grading needs from a sheet: answers (each bounded), question ids, and its header."""
    answers = sheet.get("answers", {})
    ids = sheet.get("question_ids", {})
    out: dict[str, Any] = {k: sheet.get(k) for k in ("format", "assignment", "fingerprint", "student", "token")}
    if isinstance(answers, Mapping):
        kept = {}
        for n, (k, v) in enumerate(answers.items()):
            if n >= MAX_ANSWERS:
                break
            kept[str(k)[:40]] = _compact(v)
        out["answers"] = kept
        out["extra_answers"] = max(0, len(answers) - MAX_ANSWERS)
    else:
        out["answers"] = answers if not isinstance(answers, (list, str)) else "not-an-object"
    if isinstance(ids, Mapping):
        out["question_ids"] = {
            str(k)[:40]: (v if isinstance(v, str) and len(v) < 100 else "")
            for n, (k, v) in enumerate(ids.items())
            if n < MAX_ANSWERS
        }
    else:
        out["question_ids"] = "not-an-object"
    return out


def grade_sheet(
    assignment: Assignment, student: str, sheet: Mapping[str, Any] | None, questions: list[dict[str, Any]] | None = None
) -> tuple[list[ItemResult], list[str]]:
    """Judge ``sheet`` for ``student`` against the questions re-derived from the secret.

    Answers are matched to questions by question id (so inserting or moving a section
    changes nothing), by item label only when the sheet names no ids.
    Returns the item results (every item, unanswered ones at 0) and the problems found.
    ``sheet=None`` grades an empty submission.
    """
    qs = questions if questions is not None else assignment.questions_for(student)
    problems: list[str] = []
    answers: Mapping[str, Any] = {}
    ids: Mapping[str, Any] = {}
    if sheet is not None:
        raw_answers = sheet.get("answers", {})
        raw_ids = sheet.get("question_ids", {})
        if not isinstance(raw_answers, Mapping):
            problems.append("the sheet's 'answers' is not an object: nothing could be graded")
            raw_answers = {}
        if not isinstance(raw_ids, Mapping):
            problems.append("the sheet's 'question_ids' is not an object")
            raw_ids = {}
        answers, ids = raw_answers, raw_ids
        if not ids and answers:
            problems.append("the sheet lists no question ids, so its questions could not be verified")
    by_qid: dict[str, Any] = {}
    for label, response in answers.items():
        qid = ids.get(label)
        if isinstance(qid, str) and qid:
            by_qid.setdefault(qid, response)
    current = {q["id"] for q in qs}
    labels = {q["item"] for q in qs}
    stale = sorted(
        str(k) for k in answers if (isinstance(ids.get(k), str) and ids.get(k) not in current and k not in labels)
    )
    unknown = sorted(str(k) for k in answers if k not in labels and not (isinstance(ids.get(k), str) and ids.get(k)))
    if unknown:
        shown = ", ".join(safe_text(k, 20) for k in unknown[:5]) + (" …" if len(unknown) > 5 else "")
        problems.append(f"ignored answers to items not in this assignment: {shown}")
    if stale:
        problems.append(
            f"note: ignored {len(stale)} answer(s) to questions no longer in this assignment "
            f"({', '.join(safe_text(k, 20) for k in stale[:5])})"
        )
    tampered: list[str] = []
    results: list[ItemResult] = []
    for q in qs:
        item = q["item"]
        verdict: Mapping[str, Any] | None = None
        if q["id"] in by_qid:
            response = by_qid[q["id"]]
        elif not ids:
            response = answers.get(item)  # a sheet without ids: graded by label (and noted above)
        else:
            response = answers.get(item)
            label_id = ids.get(item)
            if isinstance(label_id, str) and label_id in current:
                response = None  # that answer belongs to another item (the sections moved)
            elif response is _TOO_LONG or response not in (None, "", [], {}):
                tampered.append(item)
                reason = "for a different question than the one assigned" if label_id else "not tied to a question"
                verdict = {"correct": False, "score": 0.0, "feedback": f"Not graded: this answer is {reason}."}
        answered = response is _TOO_LONG or response not in (None, "", [], {})
        if verdict is not None:
            pass
        elif response is _TOO_LONG or (answered and _too_long(response)):
            verdict = {"correct": False, "score": 0.0, "feedback": "Not graded: the answer is far too long."}
        else:
            verdict = check(q, response if answered else None)
        exact = _fraction(float(verdict["score"])) * Fraction(q["points"]).limit_denominator(1000)
        results.append(
            ItemResult(
                item=item,
                section=q["section"],
                topic=q["topic"],
                difficulty=q["difficulty"],
                question_id=q["id"],
                points=q["points"],
                score=round(float(exact), 4),
                correct=bool(verdict["correct"]),
                answered=answered,
                feedback=str(verdict["feedback"]),
                explanation=q["explanation"],
                prompt=q["prompt"],
                exact=exact,
                key=str(q.get("key", "")),
            )
        )
    if tampered:
        problems.append(
            f"tampered: {len(tampered)} answer(s) are for questions other than the assigned ones "
            f"(items {', '.join(tampered[:6])}{' …' if len(tampered) > 6 else ''}) — scored 0"
        )
    return results, problems


# ------------------------------------------------------------------ a folder
def _owner_from_path(rel: str, roster: Roster) -> str | None:
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


def _check_header(sheet: Mapping[str, Any], assignment: Assignment) -> tuple[str | None, list[str]]:
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


def _token_problem(sheet: Mapping[str, Any], assignment: Assignment, student: str) -> tuple[str | None, str | None]:
    """(fatal reason, warning) from the sheet's token."""
    token = sheet.get("token")
    if not token:
        return None, f"the sheet carries no token, so it cannot be shown to come from {student}'s own files"
    if not isinstance(token, str) or token != assignment.token_for(student):
        return f"the sheet's token is not {student}'s (made from someone else's files?) — not graded", None
    return None, None


@dataclass
class _Claim:
    rel: str
    sheet: dict[str, Any]
    collected: _dt.datetime  # nbgrader's timestamp.txt, else the file time (lateness is counted from it)
    source: str  # where that time came from
    file_time: _dt.datetime
    stamp: _dt.datetime | None = None  # nbgrader's timestamp.txt for the file's submission folder
    canvas: tuple[int, int] | None = None  # Canvas's (submission id, resubmission -N): higher is later


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


def _lms_owner(rel: str, roster: Roster) -> str | None:
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


def _read_timestamp(path: Path) -> _dt.datetime | None:
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


def grade_folder(
    assignment: Assignment,
    roster: Roster,
    submissions: str | Path,
    *,
    progress: bool = False,
    max_bytes: int = MAX_SUBMISSION_BYTES,
    exclude: Iterable[str | Path] = (),
    overrides: Iterable[Override] = (),
    now: _dt.datetime | None = None,
    workers: int | None = None,
) -> GradeReport:
    """Grade every submission under ``submissions`` (``.json`` sheets and ``.ipynb`` notebooks, any depth).

    ``exclude``: folders not to read (``grade`` passes its own output folder).
    ``workers``: processes that re-derive the students' questions (default: one per CPU, up to 4,
    for a class of 200 or more; 1 keeps it all in this process).
    ``overrides``: regrading decisions applied to the items they name.
    ``now``: the grading time (default: now) — answers are held back from students who can still hand in.
    """
    folder = Path(submissions)
    if not folder.is_dir():
        raise GradingError(f"{safe_text(folder)}: no such submissions folder")
    assignment.require_secret()
    results = {s.id: StudentResult(s.id, s.name) for s in roster}
    unmatched: list[tuple[str, str]] = []
    skipped: list[tuple[str, str]] = []
    claims: dict[str, list[_Claim]] = {}
    soft: dict[str, list[str]] = {}
    stamps: dict[Path, _dt.datetime | None] = {}

    def stamp_for(folder_here: Path) -> _dt.datetime | None:
        """nbgrader's timestamp.txt of the submission folder holding this folder (itself or an ancestor)."""
        if folder_here not in stamps:
            ts = folder_here / "timestamp.txt"
            found = _read_timestamp(ts) if ts.is_file() else None
            if found is None and folder_here != folder and folder in folder_here.parents:
                found = stamp_for(folder_here.parent)
            stamps[folder_here] = found
        return stamps[folder_here]

    def claim(rel: str, sheet: dict[str, Any], path: Path) -> _Claim:
        file_time = _dt.datetime.fromtimestamp(path.lstat().st_mtime, _dt.timezone.utc)
        stamp = stamp_for(path.parent)
        canvas = canvas_order(path.name)
        if stamp is not None:
            return _Claim(rel, sheet, stamp, "timestamp.txt", file_time, stamp, canvas)
        return _Claim(rel, sheet, file_time, "file time", file_time, None, canvas)

    def take(rel: str, owner: str | None, full: dict[str, Any], path: Path) -> None:
        """One parsed sheet: its header checked, then kept (compacted) as its student's claim."""
        claimed = full.get("student")
        sheet = compact_sheet(full)
        del full
        if not isinstance(claimed, str):
            raise SubmissionProblem(f"{rel}: the sheet does not say whose it is ('student' missing)")
        fatal, _ = _check_header(sheet, assignment)
        if fatal:
            raise SubmissionProblem(f"{rel}: {fatal}")
        if owner is not None and claimed != owner:
            # Integrity matters: the instructor's files name both; students' feedback names neither.
            results[owner].problems.append(
                f"wrong student: {Path(rel).name} holds another student's answer sheet, not yours — not graded"
            )
            results[owner].files.append(rel)
            if claimed in results:
                results[claimed].problems.append("your answer sheet was found in another student's folder")
            unmatched.append((rel, f"the answers of {safe_text(claimed, 40)!r} filed under {safe_text(owner, 40)!r}"))
            return
        if claimed not in results:
            unmatched.append((rel, f"unknown student {safe_text(claimed, 40)!r} (not in the roster)"))
            return
        claims.setdefault(claimed, []).append(claim(rel, sheet, path))

    def not_a_sheet(rel: str, owner: str | None, why: str) -> None:
        """A file that is no answer sheet by its content: said out loud (and grade ends with status 1)."""
        skipped.append((rel, f"not an answer sheet or notebook ({why}): not read"))
        if owner is not None:
            results[owner].problems.append(f"note: ignored {rel} (not an answer sheet or notebook)")

    def problem(rel: str, owner: str | None, err: Exception) -> None:
        if isinstance(err, SubmissionProblem):
            reason = safe_text(err, 400)
            if not reason.startswith(rel):
                reason = f"{rel}: {reason.split(': ', 1)[-1]}" if ": " in reason else f"{rel}: {reason}"
        else:
            reason = f"{rel}: could not be read ({type(err).__name__})"
        if owner is not None and _holds_no_sheet(reason):
            soft.setdefault(owner, []).append(reason)  # fine beside a real sheet; a problem alone
        elif owner is not None:
            results[owner].problems.append(reason)
            results[owner].files.append(rel)
        else:
            unmatched.append((rel, reason))

    for path, rel_raw in _walk(folder, [Path(e) for e in exclude], skipped):
        rel = safe_text(rel_raw)
        # the LMS account a download names first (a copied file keeps its classmate's name), then the path
        owner = _lms_owner(rel_raw, roster) or _owner_from_path(rel_raw, roster)
        if path.name == "timestamp.txt":
            continue  # nbgrader's collection time, used above
        by_name = path.suffix.lower() in (".json", ".ipynb")
        try:
            regular = stat.S_ISREG(path.lstat().st_mode)  # never open a pipe or follow a link to look inside
            if not by_name and regular and (path.suffix.lower() == ".zip" or zipfile.is_zipfile(path)):
                for member, content in read_zip_members(path, max_bytes):
                    inner = f"{rel}/{safe_text(member)}"
                    who = owner or _owner_from_path(member, roster)
                    if isinstance(content, str):
                        skipped.append((inner, content))
                        continue
                    try:
                        take(inner, who, parse_submission_bytes(content, inner), path)
                    except SubmissionProblem as err:
                        if _content_not_sheet(str(err)) and not member.lower().endswith((".json", ".ipynb")):
                            not_a_sheet(inner, who, "by its content")
                        else:
                            problem(inner, who, err)
                    except (RecursionError, MemoryError, ValueError, TypeError) as err:
                        problem(inner, who, err)
                continue
            try:
                full = read_submission(path, max_bytes)
            except SubmissionProblem as err:
                if not by_name and _content_not_sheet(str(err)):
                    not_a_sheet(rel, owner, "by its content")
                    continue
                raise
            if not by_name and full.get("format") != SHEET_FORMAT:
                not_a_sheet(rel, owner, "by its content")
                continue
            take(rel, owner, full, path)
        except (SubmissionProblem, RecursionError, MemoryError, OSError, ValueError, TypeError) as err:
            problem(rel, owner, err)

    by_student: dict[str, list[Override]] = {}
    for o in overrides:
        by_student.setdefault(o.student, []).append(o)
    applied: list[tuple[str, str, str, str, str]] = []
    when = now or _dt.datetime.now(_dt.timezone.utc)
    everyone = list(roster.ids)
    ids: Iterable[str] = _progress(everyone, "grading") if progress else everyone
    for sid, questions in zip(ids, _question_sets(assignment, everyone, workers)):
        result = results[sid]
        own = claims.pop(sid, [])
        for reason in soft.get(sid, []):
            result.problems.append(f"note: ignored {reason}" if own else reason)
        _grade_one(assignment, roster, result, own, questions)
        for o in by_student.get(sid, []):
            applied.append(_apply_override(result, o))
        result.held_back = _hold_back(assignment, roster, result, when)
    return GradeReport(assignment, list(results.values()), unmatched, skipped, applied)


def _content_not_sheet(reason: str) -> bool:
    """A file whose content is plainly something else (not text, not JSON, not an object): not a sheet."""
    return any(
        words in reason
        for words in ("not UTF-8 text", "not valid JSON", "an answer sheet is a JSON object", "the file is empty")
    )


def _holds_no_sheet(reason: str) -> bool:
    """A notebook never run to its answer-sheet cell, or the student's own question set: no answers in it."""
    return "no answer sheet in this notebook" in reason or "'fivehundred-student-set/1'" in reason


#: a class this size or larger has its questions re-derived in worker processes
PARALLEL_FROM = 200
_WORKER_ASSIGNMENT: list[Assignment] = []


def _start_worker(assignment: Assignment) -> None:
    _WORKER_ASSIGNMENT[:] = [assignment]


def _worker_questions(student: str) -> list[dict[str, Any]]:
    return _WORKER_ASSIGNMENT[0].questions_for(student)


def _question_sets(assignment: Assignment, ids: list[str], workers: int | None) -> Iterator[list[dict[str, Any]]]:
    """Each student's questions, in the order of ``ids``: re-deriving them is most of grading's time
    (random draws, a solver for the decision questions), and students are independent of each other."""
    if workers is None:
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        workers = min(cpus, 4) if len(ids) >= PARALLEL_FROM else 1
    if workers <= 1:
        for sid in ids:
            yield assignment.questions_for(sid)
        return
    import multiprocessing

    # spawn, not fork: a grading run may be inside a Jupyter kernel, whose threads a fork would copy
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers, initializer=_start_worker, initargs=(assignment,)) as pool:
        yield from pool.imap(_worker_questions, ids, chunksize=max(1, min(50, len(ids) // (workers * 8))))


def _grade_one(
    assignment: Assignment,
    roster: Roster,
    result: StudentResult,
    own: list[_Claim],
    questions: list[dict[str, Any]] | None = None,
) -> None:
    sid = result.student
    if not own:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        if any(not p.startswith("note:") for p in result.problems):
            result.status = "rejected"
        else:
            result.status = "missing"
            result.problems.append("no submission")
        return
    chosen = _choose(own, result)
    result.files.append(chosen.rel)
    result.collected_at = chosen.collected.isoformat()
    fatal, warning = _token_problem(chosen.sheet, assignment, sid)
    if fatal:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        result.problems.append(f"{chosen.rel}: {fatal}")
        result.status = "rejected"
        return
    if warning:
        result.problems.append(warning)
    try:
        _, warnings = _check_header(chosen.sheet, assignment)
        result.problems.extend(warnings)
        result.items, problems = grade_sheet(assignment, sid, chosen.sheet, questions)
        result.problems.extend(problems)
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        result.problems.append(f"{chosen.rel}: could not be graded ({type(err).__name__})")
    if chosen.sheet.get("extra_answers"):
        result.problems.append(f"ignored {chosen.sheet['extra_answers']} answers beyond the first {MAX_ANSWERS}")
    deadline = assignment.deadline
    if deadline is not None:
        student = roster.get(sid)
        extension = student.extension_days if student else 0.0
        result.days_late = deadline.days_late(chosen.collected, extension)
        if result.days_late:
            result.penalty = deadline.penalty(result.days_late)
            result.problems.append(
                f"note: late by {result.days_late} day(s) (collected {chosen.collected:%Y-%m-%d %H:%M %Z}"
                f"{f', extension {extension:g} day(s)' if extension else ''}): "
                f"{100 * result.penalty:g}% off"
            )
    unanswered = sum(1 for i in result.items if not i.answered)
    if unanswered:
        result.problems.append(f"{unanswered} of {len(result.items)} question(s) unanswered (scored 0)")
    serious = [p for p in result.problems if not p.startswith("note:") and not p.endswith("unanswered (scored 0)")]
    result.status = "flagged" if serious else "graded"


def _apply_override(result: StudentResult, o: Override) -> tuple[str, str, str, str, str]:
    """An override is the instructor's decision: it always applies, and the row's total, the exports and the
    feedback show it.  A student with no graded answer sheet (missing or rejected) gets status ``override``:
    graded by the overrides alone, every other item at 0."""
    for item in result.items:
        if o.item in (item.item, item.key):
            before = item.score
            item.exact = Fraction(o.points).limit_denominator(1000)
            item.score = round(float(item.exact), 4)
            item.override = o.comment or "regraded"
            item.feedback = f"Regraded: {_fmt(before)} → {_fmt(item.score)} points. {o.comment}".strip()
            result.problems.append(
                f"note: regraded {item.item} from {_fmt(before)} to {_fmt(item.score)}"
                + (f" ({o.comment})" if o.comment else "")
            )
            if result.status in ("missing", "rejected"):
                if result.status == "missing":
                    result.problems[:] = [p for p in result.problems if p != "no submission"]
                result.problems.insert(
                    0, "note: no graded answer sheet: graded by the instructor's override only (other items 0)"
                )
                result.status = "override"
            return (result.student, item.item, _fmt(before), _fmt(item.score), o.comment)
    raise AssignmentError(f"override line {o.line}: no item {o.item!r}")  # pragma: no cover - checked at load


def _hold_back(assignment: Assignment, roster: Roster, result: StudentResult, now: _dt.datetime) -> str:
    """Why this student's feedback must not carry the answers yet ("" when it may).

    As PrairieLearn and nbgrader instructors expect: answers go back only to a student who can no longer hand
    in — one with a graded answer sheet, once their due date (with any extension) has passed.  With
    ``immediate`` feedback the answers were in the student's files from the start: nothing is held back.
    """
    if assignment.feedback == "immediate":
        return ""
    if result.status not in ("graded", "flagged"):
        return "no answer sheet of yours was graded"
    deadline = assignment.deadline
    if deadline is not None:
        student = roster.get(result.student)
        extension = student.extension_days if student else 0.0
        due = deadline.due + _dt.timedelta(days=extension)
        if now < due:
            return f"you can still hand in until {due:%Y-%m-%d %H:%M} ({_zone(due)})"
    return ""


def _zone(when: _dt.datetime) -> str:
    name = when.tzname() or "UTC"
    return "UTC" if name in ("UTC", "UTC+00:00") else name


def _order_basis(own: list[_Claim]) -> tuple[str, Any]:
    """How to put one student's files in the order the collection received them, and in words.

    The export's own order first: Canvas's submission ids (a resubmission has a higher id, and a file handed in
    again under the same name gets -1, -2 …), nbgrader's timestamp.txt (written by collect, not by the student);
    else the file times.  Never a time written inside a sheet.
    """
    if all(c.canvas is not None for c in own):
        return "Canvas submission order", lambda c: (c.canvas, c.file_time, c.rel)
    if all(c.stamp is not None for c in own) and len({c.stamp for c in own}) == len(own):
        return "nbgrader timestamp.txt", lambda c: (c.stamp, c.rel)
    return "file time", lambda c: (c.file_time, c.rel)


def _describe(claim: _Claim, basis: str) -> str:
    if basis == "Canvas submission order" and claim.canvas is not None:
        sub, again = claim.canvas
        return f"Canvas submission {sub}" + (f", resubmitted file -{again}" if again else "")
    if basis == "nbgrader timestamp.txt" and claim.stamp is not None:
        return f"nbgrader timestamp.txt {claim.stamp:%Y-%m-%d %H:%M:%S %Z}"
    return f"file time {claim.file_time:%Y-%m-%d %H:%M:%S %Z}"


def _choose(own: list[_Claim], result: StudentResult) -> _Claim:
    """One sheet per student: the one the collection received last (see :func:`_order_basis`)."""
    basis, key = _order_basis(own)
    if len(own) == 1:
        result.collected_by = _describe(own[0], basis if own[0].canvas else "nbgrader timestamp.txt")
        return own[0]
    ordered = sorted(own, key=key)
    latest = ordered[-1]
    result.collected_by = _describe(latest, basis)
    distinct = {json.dumps(c.sheet.get("answers"), sort_keys=True, default=str) for c in own}
    files = ", ".join(c.rel for c in ordered)
    if len(distinct) == 1:
        result.problems.append(f"note: {len(own)} submissions with the same answers ({files}): graded once")
        return latest
    result.problems.append(
        f"duplicated: {len(own)} different answer sheets ({files}); graded the one collected last by "
        f"{basis} ({latest.rel}, {_describe(latest, basis)}); the times written inside sheets are not used"
    )
    return latest


def _progress(items: list[str], desc: str) -> Iterable[str]:
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return items
    bar: Iterable[str] = tqdm(items, desc=desc, unit="student", file=sys.stderr, leave=False)
    return bar


# ------------------------------------------------------------------ reports
def gradebook_rows(report: GradeReport) -> list[dict[str, str]]:
    a = report.assignment
    rows = []
    for s in report.students:
        blank = not s.has_grade
        row = {
            "student_id": s.student,
            "name": s.name,
            "status": s.status,
            "total": "" if blank else _fmt(s.total),
            "max_points": _fmt(a.max_points),
            "percent": "" if blank or not a.max_points else f"{100 * s.total / a.max_points:.1f}",
        }
        if a.deadline is not None:
            row["days_late"] = "" if blank else str(s.days_late)
            row["late_penalty_percent"] = "" if blank else _fmt(100 * s.penalty)
        sections = s.section_totals(a)
        for sec in a.sections:
            row[f"{sec.title} ({_fmt(sec.count * sec.points)})"] = "" if blank else _fmt(sections.get(sec.title, 0.0))
        row["collected_by"] = s.collected_by
        row["problems"] = " | ".join(s.problems)
        rows.append(row)
    return rows


def check_out_folder(out: str | Path) -> Path:
    """The reports' folder, checked before grading starts: new, empty, or written by an earlier grade."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise GradingError(f"{safe_text(folder)}: --out names a file, not a folder; give a folder for the reports")
    for name in (*_OUTPUT_NAMES, "canvas_grades.csv", "moodle_grades.csv", "overrides_applied.csv"):
        if (folder / name).is_dir():
            raise GradingError(f"{safe_text(folder / name)}: a folder is in the way of a report file; move it")
    if (folder / "feedback").exists() and not (folder / "feedback").is_dir():
        raise GradingError(f"{safe_text(folder / 'feedback')}: a file is in the way of the feedback folder; move it")
    if folder.is_dir() and not (folder / MANIFEST).is_file() and any(folder.iterdir()):
        raise GradingError(
            f"{safe_text(folder)}: this folder holds files that 'grade' did not write (it keeps a list, {MANIFEST}, "
            "of its own); give an empty or new folder for the reports"
        )
    return folder


def _prepare_out(out: str | Path) -> Path:
    folder = check_out_folder(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise GradingError(f"{safe_text(folder)}: cannot make the output folder ({err.strerror})") from None
    return folder


def _previous_files(folder: Path) -> list[str]:
    """The files the last grade run wrote here, from its manifest (relative paths inside ``folder`` only)."""
    try:
        listed = json.loads((folder / MANIFEST).read_text(encoding="utf-8")).get("files", [])
    except (OSError, ValueError, AttributeError):
        return []
    return [
        f for f in listed if isinstance(f, str) and f and not f.startswith(("/", "\\")) and ".." not in f.split("/")
    ]


def _finish_out(folder: Path, written: list[Path]) -> None:
    """Remove what the last run wrote and this one did not (a student no longer on the roster, an overrides
    file no longer wanted), then record this run's files.  Anything else in the folder is left alone."""
    now = {p.relative_to(folder).as_posix() for p in written}
    for rel in _previous_files(folder):
        if rel in now:
            continue
        path = folder / rel
        if path.is_file() and not path.is_symlink():
            path.unlink()
        parent = path.parent
        while parent != folder and folder in parent.parents:
            try:
                parent.rmdir()  # only when empty
            except OSError:
                break
            parent = parent.parent
    (folder / MANIFEST).write_text(
        json.dumps({"written_by": "fivehundred-tutor grade", "files": sorted(now)}, indent=1) + "\n",
        encoding="utf-8",
    )


def _write_csv(path: Path, header: list[str], rows: Iterable[Iterable[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow([csv_safe(h) for h in header])
        for row in rows:
            writer.writerow([csv_safe(str(v)) for v in row])


def write_reports(
    report: GradeReport,
    out: str | Path,
    *,
    feedback: str = "md",
    histogram: bool = True,
    roster: Roster | None = None,
) -> dict[str, Path]:
    """Write ``gradebook.csv``, ``feedback/<id>/<assignment>.md|html``, ``item_analysis.csv``, ``summary.md``,
    LMS import files (``canvas_grades.csv``, ``moodle_grades.csv``) and a histogram.

    Every file is rewritten on each run, so grading twice gives the same files.
    """
    folder = _prepare_out(out)
    a = report.assignment
    paths: dict[str, Path] = {}
    rows = gradebook_rows(report)
    paths["gradebook"] = folder / "gradebook.csv"
    header = list(rows[0]) if rows else ["student_id"]
    _write_csv(paths["gradebook"], header, ([row[h] for h in header] for row in rows))
    fb = folder / "feedback"
    fb.mkdir(exist_ok=True)
    written: list[Path] = []
    for s in report.students:
        home = fb / s.student
        home.mkdir(exist_ok=True)
        if feedback in ("md", "both"):
            (home / f"{a.id}.md").write_text(feedback_markdown(a, s), encoding="utf-8")
            written.append(home / f"{a.id}.md")
        if feedback in ("html", "both"):
            (home / f"{a.id}.html").write_text(feedback_html(a, s), encoding="utf-8")
            written.append(home / f"{a.id}.html")
    paths["feedback"] = fb
    paths["items"] = folder / "item_analysis.csv"
    analysis = item_analysis(report)
    columns = ["item", "section", "topic", "difficulty", "answered", "correct", "mean_score", "points"]
    _write_csv(paths["items"], columns, ([r[c] for c in columns] for r in analysis))
    unmatched = folder / "unmatched.csv"
    if report.unmatched or report.skipped:
        paths["unmatched"] = unmatched
        _write_csv(
            unmatched,
            ["file", "reason"],
            [*report.unmatched, *((f, f"skipped: {why}") for f, why in report.skipped)],
        )
    if report.overrides_applied:
        paths["overrides"] = folder / "overrides_applied.csv"
        _write_csv(paths["overrides"], ["student", "item", "from", "to", "comment"], report.overrides_applied)
    paths.update(write_lms_exports(report, folder, roster))
    if histogram:
        png = folder / "histogram.png"
        if _histogram(report, png):
            paths["histogram"] = png
    paths["summary"] = folder / "summary.md"
    paths["summary"].write_text(summary_markdown(report, analysis, "histogram" in paths), encoding="utf-8")
    written += [p for k, p in paths.items() if k != "feedback"]
    _finish_out(folder, written)
    return paths


def write_lms_exports(report: GradeReport, folder: Path, roster: Roster | None = None) -> dict[str, Path]:
    """Grades in the shapes Canvas and Moodle import (a missing student's cell is left blank)."""
    a = report.assignment
    people = {s.id: s for s in roster} if roster is not None else {}
    canvas = folder / "canvas_grades.csv"
    rows = []
    for s in report.students:
        p = people.get(s.student)
        rows.append(
            [
                s.name,
                p.lms_id if p else "",
                p.sis_user_id if p else "",
                s.student,
                p.section if p else "",
                _fmt(s.total) if s.has_grade else "",
            ]
        )
    column = f"{a.title} ({a.id})"
    points_row = ["    Points Possible", "", "", "", "", _fmt(a.max_points)]  # the row Canvas puts under its header
    _write_csv(canvas, ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column], [points_row, *rows])
    moodle = folder / "moodle_grades.csv"
    mrows = []
    for s in report.students:
        p = people.get(s.student)
        feedback_text = "; ".join(student_notes(s))[:1000]  # students read it: nothing instructor-only
        mrows.append([s.student, p.email if p else "", _fmt(s.total) if s.has_grade else "", feedback_text])
    _write_csv(moodle, ["Username", "Email address", a.title, "Feedback"], mrows)
    return {"canvas": canvas, "moodle": moodle}


def item_analysis(report: GradeReport) -> list[dict[str, Any]]:
    by_item: dict[str, list[ItemResult]] = {}
    for s in report.students:
        if s.status in ("graded", "flagged"):
            for i in s.items:
                by_item.setdefault(i.item, []).append(i)
    rows = []
    for label, _, _, section in report.assignment.items():
        got = by_item.get(label, [])
        n = len(got) or 1
        rows.append(
            {
                "item": label,
                "section": section.title,
                "topic": section.topic,
                "difficulty": " ".join(sorted({str(i.difficulty) for i in got})) or "",
                "answered": f"{sum(i.answered for i in got) / n:.2f}",
                "correct": f"{sum(i.correct for i in got) / n:.2f}",
                "mean_score": f"{float(sum((i.exact for i in got), Fraction(0))) / n / section.points:.2f}",
                "points": _fmt(section.points),
            }
        )
    return rows


def _histogram(report: GradeReport, png: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    a = report.assignment
    scores = [100 * s.total / a.max_points for s in report.students if s.has_grade and a.max_points]
    fig, ax = plt.subplots(figsize=(6, 3.2), dpi=100)
    ax.hist(scores, bins=[i * 10 for i in range(11)], color="#1a5fb4", edgecolor="white")
    ax.set_xlabel("score (%)")
    ax.set_ylabel("students")
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # whole students, never "2.5"
    ax.set_title(f"{a.title}: {len(scores)} submissions".replace("$", r"\$"))
    fig.tight_layout()
    fig.savefig(png, metadata={"Software": None})
    plt.close(fig)
    return True


_MD_INLINE = re.compile(r"([\\`*_\[\]<>|])")  # emphasis, code, links and images, HTML, table cells
_MD_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")  # "&lt;" would become "<"; "Q&A" stays as it is
_MD_LINE_START = re.compile(r"^(\s*)(#|>|[-+=](?=\s|$)|[0-9]{1,9}(?=[.)](?:\s|$)))")  # a heading, quote, list


def md_escape(text: object) -> str:
    r"""Text for Markdown (and the HTML it may become), one line: only what Markdown would read as markup is
    escaped ("3.5", "(the joker)", "Correct!" stay as they are; "<img", "*", "_", "[" do not).

    >>> print(md_escape("Correct! 3.5 points (the joker) <img src=x> a_b"))
    Correct! 3.5 points (the joker) \<img src=x\> a\_b
    >>> print(md_escape("# 1. -140"), md_escape("1. first"))
    \# 1. -140 1\. first
    """
    one = safe_text(text, 2000).replace("\n", " ")
    one = _MD_ENTITY.sub("\\\\&", _MD_INLINE.sub(r"\\\1", one)).replace("~~", "\\~\\~")
    m = _MD_LINE_START.match(one)
    if m:
        mark = m.group(2)
        escaped = mark + "\\" if mark[0].isdigit() else "\\" + mark  # "1\\. first", "\\# title"
        one = m.group(1) + escaped + one[m.end() :]
    return one


def summary_markdown(report: GradeReport, analysis: list[dict[str, Any]], has_histogram: bool) -> str:
    a = report.assignment
    counts: dict[str, int] = {}
    for s in report.students:
        counts[s.status] = counts.get(s.status, 0) + 1
    graded = [s.total for s in report.students if s.status in ("graded", "flagged")]
    lines = [
        f"# {md_escape(a.title)} — item analysis",
        "",
        f"Assignment `{a.id}` (fingerprint `{a.fingerprint}`), {len(report.students)} students: "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
        + ".",
    ]
    if graded:
        mean = sum(graded) / len(graded)
        lines.append(
            f"Mean {mean:.2f} of {_fmt(a.max_points)} points; highest {max(graded):g}, lowest {min(graded):g}."
        )
    if has_histogram:
        lines += ["", "![Score histogram](histogram.png)"]
    lines += [
        "",
        "| item | section | topic | level | answered | correct | mean score |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in analysis:
        lines.append(
            f"| {r['item']} | {md_escape(r['section'])} | {r['topic']} | {r['difficulty']} | {r['answered']} "
            f"| {r['correct']} | {r['mean_score']} |"
        )
    if report.unmatched:
        lines += ["", "## Files matched to no student", ""]
        lines += [f"- {md_escape(f)}: {md_escape(reason)}" for f, reason in report.unmatched]
    if report.skipped:
        lines += ["", "## Files not read", ""]
        lines += [f"- {md_escape(f)}: {md_escape(reason)}" for f, reason in report.skipped]
    if report.overrides_applied:
        lines += ["", "## Regrading (overrides applied)", ""]
        lines += [
            f"- {md_escape(s)} {i}: {a} → {b} {md_escape(c)}".rstrip() for s, i, a, b, c in report.overrides_applied
        ]
    if report.held_back:
        lines += ["", f"## Answers held back ({len(report.held_back)} students)", ""]
        lines += [f"- {md_escape(s.student)}: {md_escape(s.held_back)}" for s in report.held_back]
    return "\n".join(lines) + "\n"


_INSTRUCTOR_ONLY = (
    "wrong student:",
    "your answer sheet was found in another",
    "tampered:",
    "the sheet carries no token",
)


def _instructor_only(problem: str) -> bool:
    """Academic-integrity matters (copied or altered sheets, tokens): for the instructor's files only."""
    text = problem.removeprefix("note: ")
    return text.startswith(_INSTRUCTOR_ONLY) or "token is not" in text


def student_notes(s: StudentResult) -> list[str]:
    """The notes a student may read about their own grade: lateness, regrading, files not read, unanswered
    questions, held-back answers — never integrity flags (those stay in the gradebook and summary)."""
    notes = [p.removeprefix("note: ") for p in s.problems if not _instructor_only(p)]
    if s.status == "rejected" and not any(n for n in notes if n != "no submission"):
        notes.append("not graded: please speak to your instructor")
    if s.held_back:
        notes.append(f"the answers and explanations are held back: {s.held_back}")
    return notes


def _earned(s: StudentResult, points: float) -> str:
    """Points earned, or a blank ("–") for a student with nothing graded (missing, or every file rejected)."""
    return _fmt(points) if s.has_grade else "–"


def feedback_markdown(assignment: Assignment, s: StudentResult) -> str:
    score = f"{_fmt(s.total)} / {_fmt(assignment.max_points)}" if s.has_grade else "no submission"
    lines = [
        f"# {md_escape(assignment.title)}",
        "",
        f"Student: **{md_escape(s.student)}**{' (' + md_escape(s.name) + ')' if s.name else ''}  ",
        f"Score: **{score}** ({s.status})",
        "",
    ]
    for title, pts in s.section_totals(assignment).items():
        sec = next(x for x in assignment.sections if x.title == title)
        lines.append(f"- {md_escape(title)}: {_earned(s, pts)} / {_fmt(sec.count * sec.points)}")
    notes = student_notes(s)
    if notes:
        lines += ["", "## Notes", ""] + [f"- {md_escape(p)}" for p in notes]
    lines += ["", "## Questions", ""]
    for item in s.items:
        mark = "✔" if item.correct else ("◐" if item.score > 0 else "✘")
        heading = f"{mark} {_fmt(item.score)}" if s.has_grade else "–"  # no grade: a blank, not a 0
        lines += [f"### {item.item} {heading} / {_fmt(item.points)}", "", md_escape(item.prompt), ""]
        if not s.held_back:
            lines += [f"*{md_escape(item.feedback)}*", "", md_escape(item.explanation), ""]
        elif item.override:
            lines += [f"*{md_escape(item.feedback)}*", ""]
    return "\n".join(lines)


def feedback_html(assignment: Assignment, s: StudentResult) -> str:
    e = html.escape
    score = f"{_fmt(s.total)} / {_fmt(assignment.max_points)}" if s.has_grade else "no submission"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{e(assignment.title)} — {e(s.student)}</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;"
        "color:#1b1b1b;background:#fff}@media(prefers-color-scheme:dark){body{color:#e8e8e8;background:#1e1f22}}"
        ".ok{color:#1e6b34}.bad{color:#a4161a}@media(prefers-color-scheme:dark){.ok{color:#7bd88f}.bad{color:#ff8a8a}}"
        "</style></head><body><main>",
        f"<h1>{e(assignment.title)}</h1>",
        f"<p>Student: <strong>{e(s.student)}</strong>{' (' + e(s.name) + ')' if s.name else ''}<br>"
        f"Score: <strong>{score}</strong> ({e(s.status)})</p><ul>",
    ]
    for title, pts in s.section_totals(assignment).items():
        sec = next(x for x in assignment.sections if x.title == title)
        parts.append(f"<li>{e(title)}: {_earned(s, pts)} / {_fmt(sec.count * sec.points)}</li>")
    parts.append("</ul>")
    notes = student_notes(s)
    if notes:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(p)}</li>" for p in notes) + "</ul>")
    parts.append("<h2>Questions</h2>")
    for item in s.items:
        cls = "ok" if item.correct else "bad"
        if not s.held_back:
            more = f"<p class='{cls}'><em>{e(item.feedback)}</em></p><p>{e(item.explanation)}</p>"
        else:
            more = f"<p class='{cls}'><em>{e(item.feedback)}</em></p>" if item.override else ""
        parts.append(
            f"<section><h3>{e(item.item)}: <span class='{cls}'>{_earned(s, item.score)} / {_fmt(item.points)}</span></h3>"
            f"<p>{e(item.prompt)}</p>{more}</section>"
        )
    parts.append("</main></body></html>")
    return "".join(parts)
