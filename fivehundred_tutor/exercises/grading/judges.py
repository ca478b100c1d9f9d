"""Judging one answer, by the kind of its question — the place to add a new kind of section.

Every question the engine generates (choice, multi, order, number, cards) is judged by ``questions.check``
(in :func:`.score.grade_sheet`); a written answer (``text``) by the mark given by hand (:mod:`.handmarks`), or
not yet.  A new section kind — say a hand played out against bots, graded by tricks lost — needs its questions
made in ``Assignment.questions_for`` (with its own ``kind``) and a judge here: a function ``(question,
response, mark) -> Verdict`` registered in :data:`JUDGES` under that kind.  Everything after (item rules,
section scoring, late penalty, overrides, gradebook, LMS files, feedback, item analysis) then works unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...questions.core import answer_words
from ..playsection import grade_play
from .handmarks import Mark, answer_digest

__all__ = ["JUDGES", "Judge", "Verdict", "judge_play", "judge_written", "response_words", "right_words"]


@dataclass(frozen=True)
class Verdict:
    """What one answer earned: ``fraction`` of the question's points (exact), and why."""

    correct: bool
    fraction: Fraction
    feedback: str
    pending: bool = False


def judge_written(question: Mapping[str, Any], response: Any, mark: Mark | None) -> Verdict:
    """A written answer: the points of the mark given by hand for these very words, else pending."""
    if response is None or (isinstance(response, str) and not response.strip()):
        return Verdict(False, Fraction(0), "No answer given.")
    if not isinstance(response, str):
        return Verdict(False, Fraction(0), "Not graded: a written answer is text.")
    if mark is None:
        return Verdict(False, Fraction(0), "Waiting to be marked by your teacher.", pending=True)
    if mark.digest != answer_digest(response):
        return Verdict(False, Fraction(0), "Your answer changed since it was marked: waiting to be marked again.", True)
    points = Fraction(question["points"]).limit_denominator(1000)
    earned = min(points, Fraction(mark.points).limit_denominator(1000))
    rubric = question.get("rubric") or []
    ticked = [str(rubric[i]["label"]) for i in mark.criteria if 0 <= i < len(rubric)]
    words = "; ".join(ticked) if ticked else "no rubric line"
    comment = f" {mark.comment.strip()}" if mark.comment.strip() else ""
    return Verdict(earned >= points, earned / points if points else Fraction(0), f"Marked by hand: {words}.{comment}")


def judge_play(question: Mapping[str, Any], response: Any, mark: Mark | None) -> Verdict:
    """A deal of a play section: the student's actions replayed and graded by tricks lost beyond par
    (:func:`~fivehundred_tutor.exercises.playsection.grade_play`); no mark by hand."""
    verdict = grade_play(question, response)
    # a deal's share is a whole number of 1/tricks_to_zero (at most 10): exact as a fraction
    return Verdict(bool(verdict["correct"]), Fraction(verdict["score"]).limit_denominator(10), str(verdict["feedback"]))


Judge = Callable[[Mapping[str, Any], Any, "Mark | None"], Verdict]
#: the judge of each question kind that ``questions.check`` does not judge
JUDGES: dict[str, Judge] = {"text": judge_written, "play": judge_play}


def response_words(question: Mapping[str, Any], response: Any) -> str:
    """An answer as a person reads it: the choice's label, the cards, the numbers (for distractor analysis).

    >>> response_words({"kind": "choice", "choices": [{"id": "a", "label": "K♦"}]}, "a")
    'K♦'
    >>> response_words({"kind": "multi", "choices": [{"id": "a", "label": "A"}, {"id": "b", "label": "B"}]}, ["b", "a"])
    'A, B'
    """
    if response is None or response == "" or response == []:
        return ""
    kind = question.get("kind")
    labels = {
        str(c.get("id")): str(c.get("label", c.get("id")))
        for c in question.get("choices") or []
        if isinstance(c, Mapping)
    }
    try:
        if kind == "choice":
            return labels.get(str(response), str(response))[:60]
        if kind in ("multi", "cards"):
            picked = [str(r) for r in response] if isinstance(response, list) else [str(response)]
            return ", ".join(
                labels.get(p, p) for p in sorted(picked, key=lambda p: list(labels).index(p) if p in labels else 99)
            )[:80]
        if kind == "order":
            return " > ".join(labels.get(str(r), str(r)) for r in response)[:80] if isinstance(response, list) else ""
        if kind == "number":
            fields = question.get("fields") or []
            if isinstance(response, Mapping) and fields:
                return ", ".join(f"{f.get('label', f.get('id'))}: {response.get(f.get('id'))}" for f in fields)[:80]
            return str(response)[:40]
        if kind == "text":
            return " ".join(str(response).split())[:60]
        if kind == "play":
            return f"{len(response)} calls and cards" if isinstance(response, list) else ""
    except (TypeError, ValueError):
        pass
    return str(response)[:40]


def right_words(question: Mapping[str, Any]) -> str:
    """The right answer in words (for the marker and the item analysis)."""
    if question.get("kind") == "play":
        return "no more tricks lost than par"
    return str(question.get("reference", "")) if question.get("kind") == "text" else answer_words(question)
