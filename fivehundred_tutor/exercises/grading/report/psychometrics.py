"""Item analysis as psychometricians make it, from the graded sheets (standard library only).

Per item: difficulty *p* (the mean share of its points earned), discrimination as the corrected item–total
correlation (the point-biserial for a right/wrong item: the item against the rest of the test) and as the
upper–lower index *D* (the share of the item's points earned by the top 27% of the class minus the bottom
27%), and the answers most often given when wrong (distractor analysis).  For the test: Cronbach's α over the
items' points, KR-20 over right/wrong, mean, median and standard deviation, per section of the assignment and
per section of the class.  Items to look at are flagged: negative or low discrimination, too easy, too hard.

Each student has their own questions, so an item is a slot (topic and level), not one question: its
statistics describe the slot, and a distractor is a wrong choice as the student gave it (words written freely
are none).  Dropped items, and items with written answers still to mark, are left out of every figure.  Students whose sheet was graded count (not the missing, the rejected, or those graded
by an override only).

>>> round(cronbach_alpha([[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 0, 0]]), 3)
0.75
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...roster import Roster
from ..results import GradeReport, StudentResult

__all__ = [
    "FREE_WORDS",
    "GROUP",
    "LOW_DISCRIMINATION",
    "TOO_EASY",
    "TOO_HARD",
    "ClassFigures",
    "ItemFigures",
    "analyse",
    "cronbach_alpha",
    "pearson",
    "upper_lower",
]

#: question kinds answered in the student's own words (marked by hand): they have no distractors
FREE_WORDS = frozenset({"text"})
#: the share of points above which an item is too easy to tell students apart, and below which too hard
TOO_EASY = 0.95
TOO_HARD = 0.20
#: a corrected item-total correlation below this discriminates little
LOW_DISCRIMINATION = 0.15
GROUP = 0.27  # the upper and lower groups: 27% of the class each (Kelley)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """The correlation of two lists (None when either does not vary).

    >>> round(pearson([1, 0, 1, 0], [3, 1, 2, 0]), 3)
    0.894
    """
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 1e-12 or syy <= 1e-12:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / math.sqrt(sxx * syy)


def cronbach_alpha(rows: Sequence[Sequence[float]]) -> float | None:
    """Cronbach's α of a table (one row per student, one column per item); KR-20 when the cells are 0 or 1.

    α = k/(k−1) · (1 − Σ item variances / variance of the totals), population variances.  None with fewer
    than two items or two students, or totals that do not vary.
    """
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    k = len(rows[0])
    items = list(zip(*rows, strict=True))
    totals = [sum(r) for r in rows]
    var_total = statistics.pvariance(totals)
    if var_total <= 1e-12:
        return None
    return float(k / (k - 1) * (1 - sum(statistics.pvariance(col) for col in items) / var_total))


def upper_lower(scores: Sequence[float], totals: Sequence[float]) -> tuple[float, float] | None:
    """(mean item score of the top 27% by total, of the bottom 27%); None for fewer than 4 students.

    >>> upper_lower([1, 1, 1, 0, 1, 0, 0, 0], [9, 8, 7, 6, 5, 4, 3, 2])
    (1.0, 0.0)
    """
    n = len(scores)
    if n < 4:
        return None
    size = max(1, math.ceil(GROUP * n))
    order = sorted(range(n), key=lambda i: (totals[i], i))
    low = [scores[i] for i in order[:size]]
    high = [scores[i] for i in order[-size:]]
    return sum(high) / size, sum(low) / size


@dataclass
class ItemFigures:
    item: str
    section: str
    topic: str
    points: float
    n: int
    difficulty: float | None  # p: mean share of the points
    discrimination: float | None  # corrected item-total correlation (point-biserial when right/wrong)
    upper: float | None
    lower: float | None
    answered: float | None
    dropped: bool = False
    to_mark: int = 0  # written answers still waiting for their mark: the item is left out until all are marked
    wrong_answers: list[tuple[str, int]] = field(default_factory=list)  # (answer as given, how many), most first
    blanks: int = 0
    # (question id, wrong answer, how many, students who had that question), most first: each student has their
    # own question in a slot, so one answer can be wrong in one question and right in another
    wrong_by_question: list[tuple[str, str, int, int]] = field(default_factory=list)
    full: int = 0  # students given the item's points by a ``full`` item rule
    accepted: int = 0  # students whose answer an ``accept`` item rule counted as right

    @property
    def index_d(self) -> float | None:
        return None if self.upper is None or self.lower is None else self.upper - self.lower

    @property
    def flags(self) -> list[str]:
        """Why an instructor should look at this item (empty: nothing stands out)."""
        if self.dropped:
            return ["dropped"]
        if self.to_mark:
            return [f"still to mark ({self.to_mark})"]
        out = []
        if self.full:
            out.append(f"full points for everyone by an item rule ({self.full})")
        if self.accepted:
            out.append(f"an answer accepted by an item rule ({self.accepted})")
        d, r = self.index_d, self.discrimination
        if (r is not None and r < 0) or (d is not None and d < 0):
            # say which measure is negative: r (whole class) and D (top and bottom 27%) can differ in sign
            which = [f"r {r:+.2f}" for _ in [0] if r is not None and r < 0]
            which += [f"D {d:+.2f}" for _ in [0] if d is not None and d < 0]
            out.append(f"negative discrimination ({', '.join(which)})")
        elif r is not None and r < LOW_DISCRIMINATION:
            out.append("low discrimination")
        if self.difficulty is not None and self.difficulty >= TOO_EASY and not self.full:
            out.append("too easy")  # (full points by rule: easy by decision, not a finding)
        if self.difficulty is not None and self.difficulty <= TOO_HARD:
            out.append("too hard")
        return out


@dataclass
class ClassFigures:
    n: int
    mean: float | None
    median: float | None
    sd: float | None
    low: float | None
    high: float | None
    alpha: float | None  # Cronbach's α over the items' points
    kr20: float | None  # KR-20 over right/wrong
    items: list[ItemFigures]
    sections: list[dict[str, Any]]  # the assignment's sections
    groups: list[dict[str, Any]]  # the class's sections (from the roster)


def _spread(values: Sequence[float]) -> dict[str, float | None]:
    if not values:
        return {"mean": None, "median": None, "sd": None, "low": None, "high": None}
    return {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "sd": statistics.pstdev(values) if len(values) > 1 else 0.0,
        "low": min(values),
        "high": max(values),
    }


def _graded(report: GradeReport) -> list[StudentResult]:
    """The graded sheets: every class figure (mean, median, SD, per class section) is over these alone, with
    their final totals (after late penalties and overrides); a student graded by an override only has no sheet
    and is not counted."""
    return [s for s in report.students if s.status in ("graded", "flagged") and s.items]


def _by_question(results: list[Any]) -> list[tuple[str, str, int, int]]:
    """The wrong answers of one slot, per question id (see :attr:`ItemFigures.wrong_by_question`)."""
    had = Counter(i.question_id for i in results)
    wrong = Counter(
        (i.question_id, i.response_words)
        for i in results
        if i.answered and not i.correct and i.response_words and i.kind not in FREE_WORDS
    )
    return [(q, words, n, had[q]) for (q, words), n in sorted(wrong.items(), key=lambda kv: (-kv[1], kv[0]))]


def analyse(report: GradeReport, roster: Roster | None = None) -> ClassFigures:
    """Every figure of the item analysis (see the module)."""
    a = report.assignment
    students = _graded(report)
    dropped = a.dropped()
    labels = [label for label, _, _, _ in a.items()]
    worth = {label: float(section.points) for label, _, _, section in a.items()}
    waiting = Counter(i.item for s in students for i in s.items if i.pending)
    kept = [label for label in labels if label not in dropped and label not in waiting]
    # one row per student: each kept item's points earned (exact, then as floats)
    earned = [{i.item: float(i.exact) for i in s.items} for s in students]
    rows = [[e.get(label, 0.0) for label in kept] for e in earned]
    right = [[1.0 if i.correct else 0.0 for i in s.items if i.item in kept] for s in students]
    totals = [sum(r) for r in rows]
    items = []
    for label, _, _, section in a.items():
        share = [e.get(label, 0.0) / worth[label] for e in earned] if worth[label] else []
        if label in dropped or label in waiting or not students:
            items.append(
                ItemFigures(
                    label,
                    section.title,
                    section.topic,
                    worth[label],
                    len(students),
                    None,
                    None,
                    None,
                    None,
                    None,
                    dropped=label in dropped,
                    to_mark=waiting[label],
                )
            )
            continue
        rest = [t - e.get(label, 0.0) for t, e in zip(totals, earned, strict=True)]
        ul = upper_lower(share, totals)
        results = [next(i for i in s.items if i.item == label) for s in students]
        # a distractor is a wrong choice among those offered; words written freely are no such thing
        wrong = Counter(
            i.response_words
            for i in results
            if i.answered and not i.correct and i.response_words and i.kind not in FREE_WORDS
        )
        items.append(
            ItemFigures(
                label,
                section.title,
                section.topic,
                worth[label],
                len(students),
                statistics.fmean(share),
                pearson(share, rest),
                ul[0] if ul else None,
                ul[1] if ul else None,
                sum(1 for i in results if i.answered) / len(results),
                wrong_answers=wrong.most_common(5),
                blanks=sum(1 for i in results if not i.answered),
                wrong_by_question=_by_question(results),
                full=sum(1 for i in results if i.rule == "full"),
                accepted=sum(1 for i in results if i.rule == "accepted"),
            )
        )
    sections: list[dict[str, Any]] = []
    for si, section in enumerate(a.sections):
        cols = [n for n, label in enumerate(kept) if label.split(".")[0] == str(si + 1)]
        if not cols:
            continue
        sub = [[r[c] for c in cols] for r in rows]
        most = a.section_max(section)
        sums = [sum(r) for r in sub]
        sections.append(
            {
                "section": section.title,
                "items": len(cols),
                "points": most,
                **_spread(sums),
                "share": statistics.fmean(sums) / most if sums and most else None,
                "alpha": cronbach_alpha(sub),
            }
        )
    groups: list[dict[str, Any]] = []
    if roster is not None and any(p.section for p in roster):
        where = {p.id: p.section or "(no section)" for p in roster}
        by_group: dict[str, list[float]] = {}
        for s in students:  # the graded sheets, as everywhere in the summary (see :func:`_graded`)
            by_group.setdefault(where.get(s.student, "(no section)"), []).append(s.total)
        groups = [{"group": g, "n": len(v), **_spread(v)} for g, v in sorted(by_group.items())]
    finals = [s.total for s in students]
    spread = _spread(finals)
    return ClassFigures(
        len(students),
        spread["mean"],
        spread["median"],
        spread["sd"],
        spread["low"],
        spread["high"],
        cronbach_alpha(rows),
        cronbach_alpha(right),
        items,
        sections,
        groups,
    )
