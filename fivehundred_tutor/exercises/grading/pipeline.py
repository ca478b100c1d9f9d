"""``grade_folder``: collect → choose → score → policy, one student at a time; the report is the result."""

from __future__ import annotations

import datetime as _dt
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..assignment import Assignment
from ..roster import Roster
from ..sheets import MAX_SUBMISSION_BYTES
from .choose import choose
from .intake import Claim, check_header, collect, token_problem
from .policy import Override, apply_late_penalty, apply_override, hold_back
from .results import GradeReport, GradingError, StudentResult
from .score import MAX_ANSWERS, grade_sheet
from .text import safe_text
from .workers import question_sets

__all__ = ["grade_folder"]


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
    intake = collect(assignment, roster, folder, max_bytes=max_bytes, exclude=[Path(e) for e in exclude])
    results = {
        s.id: StudentResult(s.id, s.name, problems=intake.problems.get(s.id, []), files=intake.files.get(s.id, []))
        for s in roster
    }
    by_student: dict[str, list[Override]] = {}
    for o in overrides:
        by_student.setdefault(o.student, []).append(o)
    applied: list[tuple[str, str, str, str, str]] = []
    when = now or _dt.datetime.now(_dt.timezone.utc)
    everyone = list(roster.ids)
    ids: Iterable[str] = _progress(everyone, "grading") if progress else everyone
    for sid, questions in zip(ids, question_sets(assignment, everyone, workers)):
        result = results[sid]
        own = intake.claims.pop(sid, [])
        for reason in intake.soft.get(sid, []):
            result.problems.append(f"note: ignored {reason}" if own else reason)
        _grade_student(assignment, roster, result, own, questions)
        for o in by_student.get(sid, []):
            applied.append(apply_override(result, o))
        result.held_back = hold_back(assignment, roster, result, when)
    return GradeReport(assignment, list(results.values()), intake.unmatched, intake.skipped, applied)


def _grade_student(
    assignment: Assignment,
    roster: Roster,
    result: StudentResult,
    own: list[Claim],
    questions: list[dict[str, Any]] | None = None,
) -> None:
    """One student: their sheet chosen, its token checked, scored, late penalty taken, status settled."""
    sid = result.student
    if not own:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        if any(not p.startswith("note:") for p in result.problems):
            result.status = "rejected"
        else:
            result.status = "missing"
            result.problems.append("no submission")
        return
    chosen = choose(own, result)
    result.files.append(chosen.rel)
    result.collected_at = chosen.collected.isoformat()
    fatal, warning = token_problem(chosen.sheet, assignment, sid)
    if fatal:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        result.problems.append(f"{chosen.rel}: {fatal}")
        result.status = "rejected"
        return
    if warning:
        result.problems.append(warning)
    try:
        _, warnings = check_header(chosen.sheet, assignment)
        result.problems.extend(warnings)
        result.items, problems = grade_sheet(assignment, sid, chosen.sheet, questions)
        result.problems.extend(problems)
    except (ValueError, TypeError, KeyError, RecursionError) as err:
        result.items, _ = grade_sheet(assignment, sid, None, questions)
        result.problems.append(f"{chosen.rel}: could not be graded ({type(err).__name__})")
    if chosen.sheet.get("extra_answers"):
        result.problems.append(f"ignored {chosen.sheet['extra_answers']} answers beyond the first {MAX_ANSWERS}")
    apply_late_penalty(assignment, roster, result, chosen.collected)
    unanswered = sum(1 for i in result.items if not i.answered)
    if unanswered:
        result.problems.append(f"{unanswered} of {len(result.items)} question(s) unanswered (scored 0)")
    serious = [p for p in result.problems if not p.startswith("note:") and not p.endswith("unanswered (scored 0)")]
    result.status = "flagged" if serious else "graded"


def _progress(items: list[str], desc: str) -> Iterable[str]:
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is a dependency
        return items
    bar: Iterable[str] = tqdm(items, desc=desc, unit="student", file=sys.stderr, leave=False)
    return bar
