"""Scoring one answer sheet: the student's questions re-derived, each answer judged, points kept exact.

Only what grading needs is kept from a sheet (:func:`compact_sheet`: answers bounded in size and number);
answers are matched to questions by question id, so moving or inserting a section changes nobody's marks.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...questions import check
from ..assignment import Assignment
from ..text import safe_text
from .handmarks import Mark
from .item_rules import apply_item_rules, apply_section_scoring
from .judges import JUDGES, response_words
from .results import ItemResult

__all__ = [
    "MAX_ANSWERS",
    "MAX_RESPONSE_CHARS",
    "TOO_LONG",
    "compact_sheet",
    "exact_score",
    "grade_sheet",
    "match_answers",
    "too_long",
]

MAX_RESPONSE_CHARS = 20_000
MAX_ANSWERS = 1000
#: the marker :func:`compact_sheet` keeps in place of a response far too long to judge
TOO_LONG = object()


def exact_score(score: float) -> Fraction:
    """The checker's score (rounded to 4 places) as the exact fraction it stands for (2/3, not 0.6667)."""
    exact = Fraction(score).limit_denominator(60)
    return exact if abs(float(exact) - score) < 1e-4 else Fraction(score)


def too_long(value: Any, limit: int = MAX_RESPONSE_CHARS) -> bool:
    """True when ``value`` written as JSON would exceed ``limit`` characters (stops counting early)."""
    size = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            size += len(v) + 2
        elif isinstance(v, Mapping):
            size += 2 + 2 * len(v)
            for k, x in v.items():
                size += len(str(k)) + 2
                stack.append(x)
        elif isinstance(v, (list, tuple)):
            size += 2 + len(v)
            stack.extend(v[: limit + 1])
        else:
            size += len(str(v)) if isinstance(v, (int, float, bool)) or v is None else limit + 1
        if size > limit:
            return True
    return False


def _compact(value: Any) -> Any:
    """A response as kept for grading: as given, or a marker when it is far too long."""
    return TOO_LONG if too_long(value) else value


def compact_sheet(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Only what grading needs from a sheet: answers (each bounded), question ids, and its header."""
    answers = sheet.get("answers", {})
    ids = sheet.get("question_ids", {})
    out: dict[str, Any] = {k: sheet.get(k) for k in ("format", "assignment", "fingerprint", "student", "token")}
    if isinstance(answers, Mapping):
        kept = {}
        for n, (k, v) in enumerate(answers.items()):
            if n >= MAX_ANSWERS:
                break
            kept[str(k)[:40]] = _compact(v)
        out["answers"] = kept
        out["extra_answers"] = max(0, len(answers) - MAX_ANSWERS)
    else:
        out["answers"] = answers if not isinstance(answers, (list, str)) else "not-an-object"
    if isinstance(ids, Mapping):
        out["question_ids"] = {
            str(k)[:40]: (v if isinstance(v, str) and len(v) < 100 else "")
            for n, (k, v) in enumerate(ids.items())
            if n < MAX_ANSWERS
        }
    else:
        out["question_ids"] = "not-an-object"
    return out


def grade_sheet(
    assignment: Assignment,
    student: str,
    sheet: Mapping[str, Any] | None,
    questions: list[dict[str, Any]] | None = None,
    *,
    marks: Mapping[str, Mark] | None = None,
) -> tuple[list[ItemResult], list[str]]:
    """Judge ``sheet`` for ``student`` against the questions re-derived from the secret.

    Answers are matched to questions by question id (so inserting or moving a section
    changes nothing), by item label only when the sheet names no ids.  Each answer is judged by
    its question's kind (the engine's check; a written answer by its mark in ``marks``, by item
    key), then the assignment's item rules and each section's scoring policy apply.
    Returns the item results (every item, unanswered ones at 0) and the problems found.
    ``sheet=None`` grades an empty submission.
    """
    qs = questions if questions is not None else assignment.questions_for(student)
    responses, refused, problems = match_answers(qs, sheet)
    results = [_judged(q, responses.get(q["item"]), refused.get(q["item"]), marks or {}) for q in qs]
    apply_item_rules(assignment, qs, results)
    apply_section_scoring(assignment, qs, results)
    if refused:
        problems.append(
            f"tampered: {len(refused)} answer(s) are for questions other than the assigned ones "
            f"(items {', '.join(list(refused)[:6])}{' …' if len(refused) > 6 else ''}) — scored 0"
        )
    return results, problems


def match_answers(
    questions: list[dict[str, Any]], sheet: Mapping[str, Any] | None
) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """Each item's response (by question id; by item label only when the sheet names no ids), the items whose
    answer is for another question (item → why; scored 0), and the problems found with the sheet."""
    problems: list[str] = []
    answers: Mapping[str, Any] = {}
    ids: Mapping[str, Any] = {}
    if sheet is not None:
        raw_answers = sheet.get("answers", {})
        raw_ids = sheet.get("question_ids", {})
        if not isinstance(raw_answers, Mapping):
            problems.append("the sheet's 'answers' is not an object: nothing could be graded")
            raw_answers = {}
        if not isinstance(raw_ids, Mapping):
            problems.append("the sheet's 'question_ids' is not an object")
            raw_ids = {}
        answers, ids = raw_answers, raw_ids
        if not ids and answers:
            problems.append("the sheet lists no question ids, so its questions could not be verified")
    by_qid: dict[str, Any] = {}
    for label, response in answers.items():
        qid = ids.get(label)
        if isinstance(qid, str) and qid:
            by_qid.setdefault(qid, response)
    current = {q["id"] for q in questions}
    labels = {q["item"] for q in questions}
    stale = sorted(
        str(k) for k in answers if (isinstance(ids.get(k), str) and ids.get(k) not in current and k not in labels)
    )
    unknown = sorted(str(k) for k in answers if k not in labels and not (isinstance(ids.get(k), str) and ids.get(k)))
    if unknown:
        shown = ", ".join(safe_text(k, 20) for k in unknown[:5]) + (" …" if len(unknown) > 5 else "")
        problems.append(f"ignored answers to items not in this assignment: {shown}")
    if stale:
        problems.append(
            f"note: ignored {len(stale)} answer(s) to questions no longer in this assignment "
            f"({', '.join(safe_text(k, 20) for k in stale[:5])})"
        )
    responses: dict[str, Any] = {}
    refused: dict[str, str] = {}
    for q in questions:
        item = q["item"]
        if q["id"] in by_qid:
            responses[item] = by_qid[q["id"]]
        elif not ids:
            responses[item] = answers.get(item)  # a sheet without ids: graded by label (and noted above)
        else:
            response = answers.get(item)
            label_id = ids.get(item)
            if isinstance(label_id, str) and label_id in current:
                continue  # that answer belongs to another item (the sections moved)
            if response is TOO_LONG or response not in (None, "", [], {}):
                responses[item] = response
                refused[item] = (
                    "for a different question than the one assigned" if label_id else "not tied to a question"
                )
    return responses, refused, problems


def _judged(q: Mapping[str, Any], response: Any, refused: str | None, marks: Mapping[str, Mark]) -> ItemResult:
    """One item's result: the judge of its kind, unless the answer was refused or is far too long."""
    answered = response is TOO_LONG or response not in (None, "", [], {})
    pending = False
    if refused is not None:
        verdict: Mapping[str, Any] = {
            "correct": False,
            "score": 0.0,
            "feedback": f"Not graded: this answer is {refused}.",
        }
    elif response is TOO_LONG or (answered and too_long(response)):
        verdict = {"correct": False, "score": 0.0, "feedback": "Not graded: the answer is far too long."}
    elif q["kind"] in JUDGES:
        judged = JUDGES[q["kind"]](q, response if answered else None, marks.get(str(q.get("key", ""))))
        verdict = {"correct": judged.correct, "score": judged.fraction, "feedback": judged.feedback}
        pending = judged.pending
    else:
        verdict = check(q, response if answered else None)
    score = verdict["score"]
    fraction = score if isinstance(score, Fraction) else exact_score(float(score))
    exact = fraction * Fraction(q["points"]).limit_denominator(1000)
    kept = response if answered and response is not TOO_LONG else None
    return ItemResult(
        item=q["item"],
        section=q["section"],
        topic=q["topic"],
        difficulty=q["difficulty"],
        question_id=q["id"],
        points=q["points"],
        score=round(float(exact), 4),
        correct=bool(verdict["correct"]),
        answered=answered,
        feedback=str(verdict["feedback"]),
        explanation=q["explanation"],
        prompt=q["prompt"],
        exact=exact,
        key=str(q.get("key", "")),
        kind=str(q["kind"]),
        pending=pending,
        response=kept,
        response_words=response_words(q, kept),
    )
