"""``grade_folder``: collect → choose → score → policy, one student at a time; the report is the result.

Adding a section kind (a question answered some other way) touches the scoring step only: see
:func:`.score.grade_sheet`, which judges each item by its kind.
"""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ...i18n import ngettext
from ..assignment import Assignment
from ..roster import Roster
from ..sheets import MAX_SUBMISSION_BYTES
from ..text import safe_text
from .choose import choose, outside_copies, trusted
from .handmarks import Mark, Marks
from .intake import Claim, check_header, collect
from .lateness import CollectionTimes, Lateness, apply_late_penalty, lateness_warnings
from .policy import Override, Regrading, hold_back
from .results import GradeReport, GradingError, Note, StudentResult, Unanswered
from .score import MAX_ANSWERS, grade_sheet
from .workers import question_sets

__all__ = ["grade_folder"]

#: how intake tells a student their sheet came in inside another's hand-in (see :mod:`.intake`)
_FOUND_ELSEWHERE = "your answer sheet was found in "


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
    collected_at: _dt.datetime | None = None,
    file_times: bool = False,
    trust_timestamps: bool = False,
    marks: Marks | None = None,
) -> GradeReport:
    """Grade every submission under ``submissions`` (``.json`` sheets and ``.ipynb`` notebooks, any depth).

    ``exclude``: folders not to read (``grade`` passes its own output folder).
    ``workers``: processes that re-derive the students' questions (default: one per CPU, up to 4,
    for a class of 200 or more; 1 keeps it all in this process).
    ``overrides``: regrading decisions applied to the items they name.
    ``now``: the grading time (default: now) — answers are held back from students who can still hand in.
    Lateness (see :mod:`.lateness`): ``collected_at``, when the files were collected; ``file_times``, the files'
    own times are the hand-in times; ``trust_timestamps``, any ``timestamp.txt`` is the collection's time.
    ``marks``: the marks given by hand to written answers (:mod:`.handmarks`).
    """
    folder = Path(submissions)
    if not folder.is_dir():
        raise GradingError(f"{safe_text(folder)}: no such submissions folder")
    assignment.require_secret()
    intake = collect(
        assignment,
        roster,
        folder,
        max_bytes=max_bytes,
        exclude=[Path(e) for e in exclude],
        trust_timestamps=trust_timestamps,
    )
    results = {
        s.id: StudentResult(s.id, s.name, problems=intake.problems.get(s.id, []), files=intake.files.get(s.id, []))
        for s in roster
    }
    times = CollectionTimes(collected_at, file_times)
    regrading = Regrading(list(overrides), assignment)
    judged: list[Lateness] = []
    when = now or _dt.datetime.now(_dt.timezone.utc)
    everyone = list(roster.ids)
    ids: Iterable[str] = _progress(everyone, "grading") if progress else everyone
    for sid, questions in zip(ids, question_sets(assignment, everyone, workers)):
        result = results[sid]
        own = intake.claims.pop(sid, [])
        for reason in intake.soft.get(sid, []):
            result.problems.append(f"note: ignored {reason}" if own else reason)
        given = marks.for_student(sid) if marks is not None else {}
        own, copies = outside_copies(own, result)
        intake.unmatched.extend(copies)
        lateness = _grade_student(assignment, roster, result, own, questions, times, given)
        judged += [lateness] if lateness is not None else []
        regrading.apply(result)
        result.held_back = hold_back(assignment, roster, result, when)
    warnings = [
        *roster.warnings,
        *intake.warnings,
        *lateness_warnings(assignment, judged),
        *regrading.warnings,
        *_marking_warnings(results.values()),
        *_review_warnings(results.values()),
    ]
    students = list(results.values())
    return GradeReport(assignment, students, intake.unmatched, intake.skipped, regrading.applied, warnings)


def _marking_warnings(students: Iterable[StudentResult]) -> list[str]:
    waiting = [s for s in students if s.pending]
    if not waiting:
        return []
    return [
        f"{sum(s.pending for s in waiting)} written answer(s) of {len(waiting)} student(s) still to mark by hand "
        "(HandGrader in JupyterLab): the LMS files leave those students blank until then"
    ]


def _review_warnings(students: Iterable[StudentResult]) -> list[str]:
    waiting = [s.student for s in students if s.review and s.has_grade]
    if not waiting:
        return []
    names = ", ".join(safe_text(sid, 40) for sid in waiting[:20]) + (" …" if len(waiting) > 20 else "")
    return [
        f"{len(waiting)} student(s) graded only from a sheet without a token, left blank in canvas_grades.csv and "
        f"moodle_grades.csv until you review them: {names} (nothing shows they made the sheet; see the problems "
        "column of gradebook.csv)"
    ]


def _grade_student(
    assignment: Assignment,
    roster: Roster,
    result: StudentResult,
    own: list[Claim],
    questions: list[dict[str, Any]] | None,
    times: CollectionTimes,
    marks: Mapping[str, Mark],
) -> Lateness | None:
    """One student: their sheet chosen (a valid token first), scored, late penalty taken, status settled.

    Returns how lateness was judged (None: nothing graded)."""
    sid = result.student
    own = trusted(own, assignment, result) if own else own
    if not own:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        # rejected for what came in as theirs; their sheet found in another's hand-in is no fault of theirs
        if any(not p.startswith(("note:", _FOUND_ELSEWHERE)) for p in result.problems):
            result.status = "rejected"
        else:
            result.status = "missing"
            result.problems.append("no submission")
        return None
    chosen = choose(own, result)
    result.files.append(chosen.rel)
    result.collected_at = chosen.collected.isoformat()
    if not chosen.token_ok:
        # a sheet without a token never yields a grade by itself: anyone who can write to the student's folder (a
        # classmate naming a folder in nbgrader's exchange) can put one there
        result.review = f"{chosen.rel} carries no token, so nothing shows {sid} made it from their own files"
        result.problems.insert(
            0,
            Note.private(
                f"needs your review: {result.review} (anyone who can write to that folder could have put it "
                f"there): its score is left out of canvas_grades.csv and moodle_grades.csv; ask {sid} whether they "
                "handed it in, and if so enter the grade in the LMS yourself"
            ),
        )
    try:
        _, warnings = check_header(chosen.sheet, assignment)
        result.problems.extend(warnings)
        result.items, problems = grade_sheet(assignment, sid, chosen.sheet, questions, marks=marks)
        result.problems.extend(problems)
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        result.problems.append(f"{chosen.rel}: could not be graded ({type(err).__name__})")
    if chosen.sheet.get("extra_answers"):
        result.problems.append(f"ignored {chosen.sheet['extra_answers']} answers beyond the first {MAX_ANSWERS}")
    lateness = apply_late_penalty(assignment, roster, result, chosen, times)
    _say_collected_by(result, lateness, len(own))
    if result.pending:
        result.problems.append(
            Note(
                f"note: {result.pending} written answer(s) still to mark by hand",
                for_student=f"note: {result.pending} written answer(s) still to be marked by your teacher",
            )
        )
    unanswered = sum(1 for i in result.items if not i.answered)
    if unanswered:
        total = len(result.items)
        result.problems.append(
            Unanswered(
                # Translators: the gradebook's "problems" column and the student's feedback; the count is {n}
                ngettext(
                    "{n} of {total} question unanswered (scored 0)",
                    "{n} of {total} questions unanswered (scored 0)",
                    unanswered,
                ).format(n=unanswered, total=total)
            )
        )
    serious = [p for p in result.problems if not p.startswith("note:") and not isinstance(p, Unanswered)]
    result.status = "flagged" if serious else "graded"
    return lateness


def _say_collected_by(result: StudentResult, lateness: Lateness, sheets: int) -> None:
    """The gradebook's ``collected_by`` names the time lateness was judged by (not a file time it ignored)."""
    if lateness.basis == "no deadline":
        return
    if lateness.when is None and not lateness.basis.startswith("Canvas"):
        result.late_judged = False
        if result.collected_by.startswith("file time"):
            result.collected_by += " (not used for lateness)"
        return
    if lateness.when is not None and lateness.basis in ("the collection time given", "the LMS's submission time"):
        chosen = "; the sheet chosen by file time" if sheets > 1 and result.collected_by.startswith("file") else ""
        result.collected_by = f"{lateness.basis} {lateness.when:%Y-%m-%d %H:%M:%S %Z}{chosen}"


def _progress(items: list[str], desc: str) -> Iterable[str]:
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return items
    bar: Iterable[str] = tqdm(items, desc=desc, unit="student", file=sys.stderr, leave=False)
    return bar
