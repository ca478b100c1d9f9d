"""The gradebook: one row per roster student, blank cells (not 0) for a student with nothing graded."""

from __future__ import annotations

from ...text import fmt_points
from ..results import GradeReport

__all__ = ["gradebook_rows"]


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
        row["problems"] = " | ".join(s.problems)
        rows.append(row)
    return rows
