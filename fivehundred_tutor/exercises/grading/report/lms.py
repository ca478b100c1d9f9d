"""Grades in the shapes Canvas and Moodle import (a missing student's cell is left blank)."""

from __future__ import annotations

from pathlib import Path

from ...roster import Roster
from ..results import GradeReport
from ..text import fmt_points
from .feedback import student_notes
from .files import write_csv

__all__ = ["write_lms_exports"]


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
                fmt_points(s.total) if s.has_grade else "",
            ]
        )
    column = f"{a.title} ({a.id})"
    points_row = [
        "    Points Possible",
        "",
        "",
        "",
        "",
        fmt_points(a.max_points),
    ]  # the row Canvas puts under its header
    write_csv(canvas, ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", column], [points_row, *rows])
    moodle = folder / "moodle_grades.csv"
    mrows = []
    for s in report.students:
        p = people.get(s.student)
        feedback_text = "; ".join(student_notes(s))[:1000]  # students read it: nothing instructor-only
        mrows.append([s.student, p.email if p else "", fmt_points(s.total) if s.has_grade else "", feedback_text])
    write_csv(moodle, ["Username", "Email address", a.title, "Feedback"], mrows)
    return {"canvas": canvas, "moodle": moodle}
