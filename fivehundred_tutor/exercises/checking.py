"""A checking API for instructors' own tests (nbgrader, otter-grader, plain pytest).

>>> from fivehundred_tutor.exercises import example_assignment
>>> hw = example_assignment()
>>> q = expected_question(hw, "alice", "1.1")
>>> check_answer(hw, "alice", "1.1", q["answer"])["correct"]
True
>>> grade_answers(hw, "alice", {"1.1": q["answer"]})["total"] == q["points"]
True

Everything is re-derived from the assignment's secret and the student id, so a
test never needs an answer key file and a student cannot change the questions.
Load the assignment on the grading side (where its ``.secret`` file is):
``load_assignment("hw1.toml")`` picks up ``hw1.secret`` beside it.
Messages never contain the right answer, so a failing check shown to a
student (an otter public test, an nbgrader feedback file) gives nothing away.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
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
    """``questions.check`` for one item: ``{"correct", "score", "feedback", "explanation", "points"}``.

    The feedback and explanation may state the answer: keep them for the instructor or
    for feedback released after the deadline.
    """
    from .playsection import judge

    q = expected_question(assignment, student, item)
    result = judge(q, response)
    items, _ = grade_sheet(assignment, student, {"answers": {item: response}}, [q])
    result["points"] = items[0].score
    return result


def assert_correct(assignment: Assignment, student: str, item: str, response: Any) -> None:
    """Raise ``AssertionError`` unless ``response`` is fully right (for otter/nbgrader tests).

    The message says how much was right, never what the right answer is.
    """
    result = check_answer(assignment, student, item, response)
    if not result["correct"]:
        if result["score"] > 0:
            raise AssertionError(f"question {item}: partly right ({round(result['score'] * 100)}%), not fully")
        raise AssertionError(f"question {item}: not right yet")


def grade_answers(assignment: Assignment, student: str, answers: Mapping[str, Any]) -> dict[str, Any]:
    """Grade ``{item: response}``: total, maximum, per-section points and per-item results."""
    items, problems = grade_sheet(assignment, student, {"answers": dict(answers)})
    sections: dict[str, Fraction] = {s.title: Fraction(0) for s in assignment.sections}
    for it in items:
        sections[it.section] += it.exact
    return {
        "total": round(float(sum((i.exact for i in items), Fraction(0))), 4),
        "max_points": assignment.max_points,
        "sections": {k: round(float(v), 4) for k, v in sections.items()},
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
    token = sheet.get("token")
    if token and token != assignment.token_for(student):
        return {
            "total": 0.0,
            "max_points": assignment.max_points,
            "problems": [f"the sheet's token is not {student}'s — not graded"],
            "items": {},
        }
    items, problems = grade_sheet(assignment, student, sheet)
    return {
        "total": round(float(sum((i.exact for i in items), Fraction(0))), 4),
        "max_points": assignment.max_points,
        "problems": problems,
        "items": {i.item: {"score": i.score, "correct": i.correct, "feedback": i.feedback} for i in items},
    }
