"""The gradebook: one row per roster student, blank cells (not 0) for a student with nothing graded; a row's
``problems`` in one bounded cell (every one in ``problems.csv`` when they do not fit)."""

from __future__ import annotations

from ...text import fmt_points, safe_text
from ..results import GradeReport

__all__ = ["PROBLEMS_CELL_CHARS", "PROBLEMS_FILE", "gradebook_rows", "problems_cell"]

#: the most a row's ``problems`` cell holds: a spreadsheet cell holds 32,767 characters and Python's csv reader
#: a field of 131,072; a student's junk (thousands of files, each a problem) could otherwise fill megabytes
PROBLEMS_CELL_CHARS = 4000
#: every problem of every row, one a line, written when some row's did not fit in its cell
PROBLEMS_FILE = "problems.csv"


def problems_cell(problems: list[str]) -> tuple[str, bool]:
    """A row's problems in one cell: as many as fit in :data:`PROBLEMS_CELL_CHARS`, then how many more; and
    whether all of them are there.

    >>> problems_cell(["a", "b"])
    ('a | b', True)
    >>> text, whole = problems_cell([f"{n}: " + "x" * 1000 for n in range(9)])
    >>> len(text) <= PROBLEMS_CELL_CHARS, whole, text.split(" | ")[-1]
    (True, False, '… and 6 more (all 9 in problems.csv)')
    """
    joined = " | ".join(problems)
    if len(joined) <= PROBLEMS_CELL_CHARS:
        return joined, True
    room = PROBLEMS_CELL_CHARS - 80  # for the count of the rest
    shown: list[str] = []
    for problem in problems:
        if len(" | ".join([*shown, problem])) > room:
            break
        shown.append(problem)
    if not shown:  # one problem longer than the cell: its start
        shown = [safe_text(problems[0], room)]
    rest = len(problems) - len(shown)
    return " | ".join([*shown, f"… and {rest} more (all {len(problems)} in {PROBLEMS_FILE})"]), False


def gradebook_rows(report: GradeReport) -> list[dict[str, str]]:
    a = report.assignment
    rows = []
    for s in report.students:
        blank = not s.has_grade
        row = {
            "student_id": s.student,
            "name": s.name,
            "status": s.status,
            "total": "" if blank else fmt_points(s.total),
            "max_points": fmt_points(a.max_points),
            "percent": "" if blank or not a.max_points else f"{100 * s.total / a.max_points:.1f}",
        }
        if a.deadline is not None:
            # lateness not judged (no time of the collection's, none given): blank, not 0
            unknown = blank or not s.late_judged
            row["days_late"] = "" if unknown else str(s.days_late)
            row["late_penalty_percent"] = "" if unknown else fmt_points(100 * s.penalty)
        sections = s.section_totals(a)
        for sec in a.sections:
            row[f"{sec.title} ({fmt_points(a.section_max(sec))})"] = (
                "" if blank else fmt_points(sections.get(sec.title, 0.0))
            )
        if any(sec.written for sec in a.sections):
            row["to_mark"] = "" if blank else str(s.pending)  # written answers still to mark by hand
        row["collected_by"] = s.collected_by
        row["problems"] = problems_cell(s.problems)[0]
        rows.append(row)
    return rows
