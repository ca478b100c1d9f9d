"""Grading: re-derive every student's questions from the assignment's secret, judge the
submitted answers, and write a gradebook, per-student feedback and an item analysis.

Never trusts a submission: each file is parsed as data (never executed), one at a
time, and only its answers are kept (memory stays flat however large the files);
every problem — malformed, truncated, oversized, duplicated, wrong assignment,
wrong student, wrong token, tampered questions — becomes a reason on that
student's row.  Whose sheet it is comes from the collection and the student's token;
duplicates are settled by the collection's own order (Canvas's ids, nbgrader's
``timestamp.txt``, file times), never by a time written inside a sheet.  The batch
always finishes.  Points are summed exactly and rounded once, at the end.

One module per step of :func:`grade_folder` (:mod:`.pipeline`):

- :mod:`.intake` — collect: read every file as data and file each sheet under its student, by what the
  collection (:mod:`.collection`) and the student's token say, never by what the sheet claims;
- :mod:`.choose` — one sheet per student: a valid token first, then the collection's own order;
- :mod:`.score` — judge each answer against the re-derived questions (:mod:`.workers` re-derives them);
- :mod:`.lateness` and :mod:`.policy` — late penalties from times a student cannot set, the instructor's
  overrides, when answers may go back;
- :mod:`.report` — the gradebook, feedback, item analysis, summary and LMS files.
"""

from __future__ import annotations

from ...questions import check
from ..text import csv_safe, md_escape, safe_text
from .choose import choose, describe, order_basis
from .collection import Owner, canvas_order, collection_owner, name_hint
from .intake import Claim, Intake, check_header, collect, token_problem
from .lateness import CollectionTimes, lms_time
from .pipeline import grade_folder
from .policy import Override, apply_override, hold_back, load_overrides, parse_overrides
from .report import (
    MANIFEST,
    check_out_folder,
    feedback_html,
    feedback_markdown,
    gradebook_rows,
    item_analysis,
    student_notes,
    summary_markdown,
    write_lms_exports,
    write_reports,
)
from .results import GradeReport, GradingError, ItemResult, Note, StudentResult
from .score import MAX_ANSWERS, MAX_RESPONSE_CHARS, compact_sheet, grade_sheet
from .workers import PARALLEL_FROM

__all__ = [
    "MANIFEST",
    "MAX_ANSWERS",
    "MAX_RESPONSE_CHARS",
    "PARALLEL_FROM",
    "Claim",
    "CollectionTimes",
    "GradeReport",
    "GradingError",
    "Intake",
    "ItemResult",
    "Note",
    "Override",
    "Owner",
    "StudentResult",
    "apply_override",
    "canvas_order",
    "check",
    "check_header",
    "check_out_folder",
    "choose",
    "collect",
    "collection_owner",
    "compact_sheet",
    "csv_safe",
    "describe",
    "feedback_html",
    "feedback_markdown",
    "grade_folder",
    "grade_sheet",
    "gradebook_rows",
    "hold_back",
    "item_analysis",
    "lms_time",
    "load_overrides",
    "md_escape",
    "name_hint",
    "order_basis",
    "parse_overrides",
    "safe_text",
    "student_notes",
    "summary_markdown",
    "token_problem",
    "write_lms_exports",
    "write_reports",
]
