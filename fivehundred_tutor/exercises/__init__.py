"""Exercises for instructors: seeded per-student assignments, automatic grading, a gradebook.

Python API (the CLI ``fivehundred-tutor assign`` / ``grade`` wraps it)::

    from fivehundred_tutor.exercises import load_assignment, load_roster, assign, grade

    hw = load_assignment("hw1.toml")                    # and its secret, hw1.secret, when it exists
    roster = load_roster("roster.csv")                  # plain CSV, or a Canvas / Moodle export
    assign(hw, roster, "release/")                      # makes hw1.secret at the first run; per-student
                                                        # pages, notebooks and question sets
    report = grade(hw, roster, "collected/", "grades/")  # gradebook.csv, feedback/<student>/, item
                                                        # analysis, Canvas and Moodle import files

The checking API for nbgrader/otter tests is in :mod:`.checking`
(``check_answer``, ``assert_correct``, ``grade_answers``, ``grade_sheet_bytes``).
No widget classes here (they are in :mod:`fivehundred_tutor.widgets`: ``AssignmentWidget``,
``AssignmentMaker``); everything except the reports' progress bar and histogram is
standard-library Python.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from .assignment import (
    FEEDBACK_MODES,
    Assignment,
    AssignmentError,
    Deadline,
    MissingSecret,
    Section,
    load_assignment,
    parse_assignment,
    read_secret,
    secret_path,
)
from .checking import assert_correct, check_answer, expected_question, grade_answers, grade_sheet_bytes
from .grading import (
    GradeReport,
    GradingError,
    ItemResult,
    Override,
    StudentResult,
    check_out_folder,
    grade_folder,
    grade_sheet,
    load_overrides,
    parse_overrides,
    safe_text,
    write_reports,
)
from .grading.handmarks import load_marks, marks_path
from .release import assign, ensure_secret, notebook_json, page_html, student_page_html, student_set
from .roster import Roster, RosterError, Student, load_roster, parse_roster
from .sheets import SHEET_FORMAT, SHEET_MIME, SubmissionProblem, make_sheet, read_submission

__all__ = [
    "FEEDBACK_MODES",
    "SHEET_FORMAT",
    "SHEET_MIME",
    "Assignment",
    "AssignmentError",
    "Deadline",
    "GradeReport",
    "GradingError",
    "ItemResult",
    "MissingSecret",
    "Override",
    "Roster",
    "RosterError",
    "Section",
    "Student",
    "StudentResult",
    "SubmissionProblem",
    "assert_correct",
    "assign",
    "check_answer",
    "ensure_secret",
    "example_assignment",
    "example_assignment_path",
    "expected_question",
    "grade",
    "grade_answers",
    "grade_folder",
    "grade_sheet",
    "grade_sheet_bytes",
    "load_assignment",
    "load_overrides",
    "load_roster",
    "make_sheet",
    "notebook_json",
    "page_html",
    "parse_assignment",
    "parse_overrides",
    "parse_roster",
    "read_secret",
    "read_submission",
    "secret_path",
    "student_page_html",
    "student_set",
    "write_reports",
]


def example_assignment_path() -> Path:
    """The shipped example assignment file (``data/assignments/example.toml``)."""
    return Path(str(resources.files("fivehundred_tutor") / "data" / "assignments" / "example.toml"))


def example_assignment() -> Assignment:
    """The shipped example, with its (public) secret ``example.secret``."""
    return load_assignment(example_assignment_path())


def grade(
    assignment: Assignment,
    roster: Roster,
    submissions: str | Path,
    out: str | Path,
    *,
    progress: bool = False,
    feedback: str = "md",
    histogram: bool = True,
    overrides: str | Path | None = None,
    now: _dt.datetime | None = None,
    collected_at: _dt.datetime | None = None,
    file_times: bool = False,
    trust_timestamps: bool = False,
    marks: str | Path | None = None,
) -> GradeReport:
    """Grade a folder of submissions and write the reports into ``out``.

    ``overrides``: a CSV of regrading decisions (``student,item,points,comment``), applied on every run;
    by default ``<assignment>.overrides.csv`` beside the assignment file, when it exists.
    The output folder is never read as a submission, even when it sits inside ``submissions``; it must be new,
    empty or written by an earlier ``grade`` (whose files no longer wanted are removed; nothing else is).
    ``now``: the grading time (default: now); answers are held back from anyone who can still hand in.
    ``collected_at``, ``file_times``, ``trust_timestamps``: where lateness comes from when the collection has no
    times of its own (see :func:`~.grading.grade_folder`).  ``marks``: the hand marks of written answers (default:
    ``<assignment>.marks.json`` beside the assignment file, as the hand grader writes it).
    """
    assignment.require_secret()
    if Path(out).resolve() == Path(submissions).resolve():
        raise GradingError(
            f"{safe_text(out)}: the reports would go among the submissions (and be read as submissions next "
            f"time); give them a folder of their own beside them, e.g. --out {safe_text(Path(out).parent / 'grades')}"
        )
    if overrides is None and assignment.source and Path(assignment.source).is_file():
        beside = Path(assignment.source).with_suffix(".overrides.csv")
        overrides = beside if beside.is_file() else None
    decisions = load_overrides(overrides, assignment, roster) if overrides is not None else []
    marks_file = Path(marks) if marks is not None else marks_path(assignment)
    hand_marks = load_marks(marks_file, assignment) if marks_file is not None else None
    check_out_folder(out)
    with _no_student_modules(Path(submissions)):
        report = grade_folder(
            assignment,
            roster,
            submissions,
            progress=progress,
            exclude=[out],
            overrides=decisions,
            now=now,
            collected_at=collected_at,
            file_times=file_times,
            trust_timestamps=trust_timestamps,
            marks=hand_marks,
        )
        write_reports(report, out, feedback=feedback, histogram=histogram, roster=roster)
    return report


@contextlib.contextmanager
def _no_student_modules(submissions: Path) -> Iterator[None]:
    """While grading, no folder inside the submissions is on ``sys.path`` (a notebook kernel started there has its
    folder first): what grading imports late (the histogram's matplotlib, the worker processes) stays the real one.
    """
    root = submissions.resolve()
    saved = list(sys.path)
    sys.path[:] = [p for p in saved if not _inside(Path(p or os.curdir).resolve(), root)]
    try:
        yield
    finally:
        sys.path[:] = saved


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents
