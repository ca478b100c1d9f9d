"""A checking API for instructors' own tests (nbgrader, otter-grader, plain pytest).

>>> from fivehundred_tutor.exercises import example_assignment
>>> hw = example_assignment()
>>> q = expected_question(hw, "alice", "1.1")
>>> check_answer(hw, "alice", "1.1", q["answer"])["correct"]
True
>>> grade_answers(hw, "alice", {"1.1": q["answer"]})["total"] == q["points"]
True

Everything is re-derived from the assignment's seed and the student id, so a
test never needs an answer key file and a student cannot change the questions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .assignment import Assignment
from .grading import grade_sheet
from .sheets import SubmissionProblem, parse_submission_bytes

__all__ = ["assert_correct", "check_answer", "expected_question", "grade_answers", "grade_sheet_bytes"]


def expected_question(assignment: Assignment, student: str, item: str) -> dict[str, Any]:
    """The full question (with answer) that ``student`` got as ``item`` ("2.3")."""
    for q in assignment.questions_for(student):
        if q["item"] == item:
            return q
    raise KeyError(f"no item {item!r} in {assignment.id}; items are " + ", ".join(i[0] for i in assignment.items()))


def check_answer(assignment: Assignment, student: str, item: str, response: Any) -> dict[str, Any]:
    """``questions.check`` for one item: ``{"correct", "score", "feedback", "explanation", "points"}``."""
    from ..questions import check

    q = expected_question(assignment, student, item)
    result = check(q, response)
    result["points"] = round(result["score"] * q["points"], 4)
    return result


def assert_correct(assignment: Assignment, student: str, item: str, response: Any) -> None:
    """Raise ``AssertionError`` with the engine's feedback unless ``response`` is fully right (for otter tests)."""
    result = check_answer(assignment, student, item, response)
    if not result["correct"]:
        raise AssertionError(f"question {item}: {result['feedback']}")


def grade_answers(assignment: Assignment, student: str, answers: Mapping[str, Any]) -> dict[str, Any]:
    """Grade ``{item: response}``: total, maximum, per-section points and per-item results."""
    items, problems = grade_sheet(assignment, student, {"answers": dict(answers)})
    sections: dict[str, float] = {s.title: 0.0 for s in assignment.sections}
    for it in items:
        sections[it.section] = round(sections[it.section] + it.score, 4)
    return {
        "total": round(sum(i.score for i in items), 4),
        "max_points": assignment.max_points,
        "sections": sections,
        "items": {i.item: {"score": i.score, "correct": i.correct, "feedback": i.feedback} for i in items},
        "problems": [p for p in problems if "question ids" not in p],
    }


def grade_sheet_bytes(assignment: Assignment, student: str, raw: bytes) -> dict[str, Any]:
    """Grade a submitted answer sheet or notebook given as bytes (never executed: parsed as JSON)."""
    try:
        sheet = parse_submission_bytes(raw)
    except SubmissionProblem as err:
        return {"total": 0.0, "max_points": assignment.max_points, "problems": [str(err)], "items": {}}
    if sheet.get("assignment") != assignment.id or sheet.get("student") != student:
        return {
            "total": 0.0,
            "max_points": assignment.max_points,
            "problems": [
                f"the sheet is for {sheet.get('assignment')!r}/{sheet.get('student')!r}, not {assignment.id!r}/{student!r}"
            ],
            "items": {},
        }
    items, problems = grade_sheet(assignment, student, sheet)
    return {
        "total": round(sum(i.score for i in items), 4),
        "max_points": assignment.max_points,
        "problems": problems,
        "items": {i.item: {"score": i.score, "correct": i.correct, "feedback": i.feedback} for i in items},
    }
