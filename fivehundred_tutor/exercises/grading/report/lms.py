"""Grades in the shapes Canvas and Moodle import (a missing student's cell is left blank, and so is the cell of a
student whose written answers are still to be marked — an LMS would show the partial score as the grade — or whose
only sheet carries no token: nothing shows they made it, so it waits for the instructor's review)."""

from __future__ import annotations

from pathlib import Path

from ...roster import Roster
from ...text import fmt_points
from ..results import GradeReport
from .feedback import hand_marks, student_notes
from .files import write_csv

__all__ = ["write_lms_exports"]


def write_lms_exports(report: GradeReport, folder: Path, roster: Roster | None = None) -> dict[str, Path]:
    """Grades in the shapes Canvas and Moodle import: a blank cell, not a 0, for a student with no grade to give
    yet (missing, written answers to mark, or a review to make: see :attr:`.StudentResult.released`)."""
    a = report.assignment
    people = {s.id: s for s in roster} if roster is not None else {}
    canvas = folder / "canvas_grades.csv"
    rows = []
    for s in report.students:
        p = people.get(s.student)
        rows.append(
            [
                s.name,
                p.lms_id if p and roster is not None and roster.source_format == "canvas" else "",
                p.sis_user_id if p else "",
                # the SIS Login ID as the roster gave it: an id taken from another column is no login
                p.sis_login_id if p and roster is not None and roster.source_format == "canvas" else s.student,
                p.section if p else "",
                fmt_points(s.total) if s.released else "",
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
    # Moodle's import matches students by one user field: name the id column after the field the roster took it
    # from (a Moodle roster's ids may be ID numbers or e-mail addresses, not usernames)
    fields = {p.id_field or "Username" for p in people.values()} or {"Username"}
    id_header = fields.pop() if len(fields) == 1 else "Student ID (username, ID number or email address)"
    with_email = id_header != "Email address"
    mrows = []
    for s in report.students:
        p = people.get(s.student)
        # students read it: nothing instructor-only; the marks given by hand (rubric lines ticked, comments) too
        feedback_text = "; ".join([*student_notes(s), *hand_marks(s)])[:2000]
        score = fmt_points(s.total) if s.released else ""  # marks to come, a review to make: no grade yet
        mrows.append([s.student, *([p.email if p else ""] if with_email else []), score, feedback_text])
    header = [id_header, *(["Email address"] if with_email else []), a.title, "Feedback"]
    write_csv(moodle, header, mrows)
    return {"canvas": canvas, "moodle": moodle}
