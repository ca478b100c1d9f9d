"""The course's policy, applied after scoring: the instructor's overrides, and when answers may go back to a
student (lateness is :mod:`.lateness`)."""

from __future__ import annotations

import csv
import datetime as _dt
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..assignment import Assignment, AssignmentError
from ..roster import Roster
from ..text import fmt_points, safe_text
from .results import GradingError, StudentResult

__all__ = [
    "Override",
    "Regrading",
    "apply_override",
    "hold_back",
    "last_overrides",
    "load_overrides",
    "parse_overrides",
]


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


def apply_override(result: StudentResult, o: Override) -> tuple[str, str, str, str, str]:
    """An override is the instructor's decision: it always applies, and the row's total, the exports and the
    feedback show it.  A student with no graded answer sheet (missing or rejected) gets status ``override``:
    graded by the overrides alone, every other item at 0."""
    for item in result.items:
        if o.item in (item.item, item.key):
            before = item.score
            item.exact = Fraction(o.points).limit_denominator(1000)
            item.score = round(float(item.exact), 4)
            item.override = o.comment or "regraded"
            item.feedback = f"Regraded: {fmt_points(before)} → {fmt_points(item.score)} points. {o.comment}".strip()
            result.problems.append(
                f"note: regraded {item.item} from {fmt_points(before)} to {fmt_points(item.score)}"
                + (f" ({o.comment})" if o.comment else "")
            )
            if result.status in ("missing", "rejected"):
                if result.status == "missing":
                    result.problems[:] = [p for p in result.problems if p != "no submission"]
                result.problems.insert(
                    0, "note: no graded answer sheet: graded by the instructor's override only (other items 0)"
                )
                result.status = "override"
            return (result.student, item.item, fmt_points(before), fmt_points(item.score), o.comment)
    raise AssignmentError(f"override line {o.line}: no item {o.item!r}")  # pragma: no cover - checked at load


def last_overrides(overrides: list[Override], assignment: Assignment) -> tuple[list[Override], dict[int, list[int]]]:
    """The overrides that apply: for an item named on several lines (by label or stable key), the last line.

    Returns (those overrides, in file order; {applied line: the earlier lines it replaced}), so that the run can
    warn and show the change from the original score, not from an earlier line's.
    """
    label_of = {f"{section.key}#{j + 1}": label for label, _, j, section in assignment.items()}
    last: dict[tuple[str, str], Override] = {}
    replaced: dict[int, list[int]] = {}
    for o in overrides:
        key = (o.student, label_of.get(o.item, o.item))
        if key in last:
            replaced[o.line] = [*replaced.pop(last[key].line, []), last[key].line]
        last[key] = o
    return sorted(last.values(), key=lambda o: o.line), replaced


class Regrading:
    """The overrides' decisions, one per item (its last line), applied student by student: what changed
    (``applied``: student, item, from, to, comment) and what to say about lines said twice (``warnings``)."""

    def __init__(self, overrides: list[Override], assignment: Assignment) -> None:
        decided, self.replaced = last_overrides(overrides, assignment)
        self.by_student: dict[str, list[Override]] = {}
        for o in decided:
            self.by_student.setdefault(o.student, []).append(o)
        self.applied: list[tuple[str, str, str, str, str]] = []
        self.warnings: list[str] = []

    def apply(self, result: StudentResult) -> None:
        for o in self.by_student.get(result.student, []):
            change = apply_override(result, o)
            self.applied.append(change)
            if o.line in self.replaced:
                earlier = ", ".join(str(n) for n in self.replaced[o.line])
                self.warnings.append(
                    f"overrides: line {o.line} sets {safe_text(result.student, 40)} {change[1]} again (after line "
                    f"{earlier}): line {o.line} applies, {change[2]} → {change[3]} points"
                )


def hold_back(assignment: Assignment, roster: Roster, result: StudentResult, now: _dt.datetime) -> str:
    """Why this student's feedback must not carry the answers yet ("" when it may).

    As PrairieLearn and nbgrader instructors expect: answers go back only to a student who can no longer hand
    in — one with a graded answer sheet, once their due date (with any extension) has passed.  With
    ``immediate`` feedback the answers were in the student's files from the start: nothing is held back.
    """
    if assignment.feedback == "immediate":
        return ""
    if result.status not in ("graded", "flagged"):
        return "no answer sheet of yours was graded"
    if result.review:
        return _REVIEW
    deadline = assignment.deadline
    if deadline is not None:
        student = roster.get(result.student)
        extension = student.extension_days if student else 0.0
        due = deadline.due + _dt.timedelta(days=extension)
        if now < due:
            return f"you can still hand in until {due:%Y-%m-%d %H:%M} ({_zone(due)})"
    return ""


#: what a student reads while their only sheet waits for the instructor's review
_REVIEW = "your hand-in is waiting for your teacher's review"


def _zone(when: _dt.datetime) -> str:
    name = when.tzname() or "UTC"
    return "UTC" if name in ("UTC", "UTC+00:00") else name
