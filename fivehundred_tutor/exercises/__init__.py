"""Exercises for instructors: seeded per-student assignments, automatic grading, a gradebook.

Python API (the CLI ``fivehundred-tutor assign`` / ``grade`` wraps it)::

    from fivehundred_tutor.exercises import load_assignment, load_roster, assign, grade

    hw = load_assignment("hw1.toml")
    roster = load_roster("roster.csv")
    assign(hw, roster, "release/")                      # notebooks, question sets, the class page
    report = grade(hw, roster, "collected/", "grades/")  # gradebook.csv, feedback/, item analysis

The checking API for nbgrader/otter tests is in :mod:`.checking`
(``check_answer``, ``assert_correct``, ``grade_answers``, ``grade_sheet_bytes``).
No widget classes here (they are in :mod:`fivehundred_tutor.widgets`: ``AssignmentWidget``,
``AssignmentMaker``); everything except the reports' progress bar and histogram is
standard-library Python.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .assignment import FEEDBACK_MODES, Assignment, AssignmentError, Section, load_assignment, parse_assignment
from .checking import assert_correct, check_answer, expected_question, grade_answers, grade_sheet_bytes
from .grading import GradeReport, ItemResult, StudentResult, grade_folder, grade_sheet, write_reports
from .release import assign, notebook_json, page_html, student_set
from .roster import Roster, RosterError, Student, load_roster, parse_roster
from .sheets import SHEET_FORMAT, SHEET_MIME, SubmissionProblem, make_sheet, read_submission

__all__ = [
    "FEEDBACK_MODES",
    "SHEET_FORMAT",
    "SHEET_MIME",
    "Assignment",
    "AssignmentError",
    "GradeReport",
    "ItemResult",
    "Roster",
    "RosterError",
    "Section",
    "Student",
    "StudentResult",
    "SubmissionProblem",
    "assert_correct",
    "assign",
    "check_answer",
    "example_assignment",
    "example_assignment_path",
    "expected_question",
    "grade",
    "grade_answers",
    "grade_folder",
    "grade_sheet",
    "grade_sheet_bytes",
    "load_assignment",
    "load_roster",
    "make_sheet",
    "notebook_json",
    "page_html",
    "parse_assignment",
    "parse_roster",
    "read_submission",
    "student_set",
    "write_reports",
]


def example_assignment_path() -> Path:
    """The shipped example assignment file (``data/assignments/example.toml``)."""
    return Path(str(resources.files("fivehundred_tutor") / "data" / "assignments" / "example.toml"))


def example_assignment() -> Assignment:
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
) -> GradeReport:
    """Grade a folder of submissions and write the reports into ``out``."""
    report = grade_folder(assignment, roster, submissions, progress=progress)
    write_reports(report, out, feedback=feedback, histogram=histogram)
    return report
