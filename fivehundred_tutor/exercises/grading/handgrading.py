"""Marking written answers by hand, one at a time: the plain-data side of the
:class:`~fivehundred_tutor.widgets.HandGrader` widget (JupyterLab).

The answers are those ``grade`` would grade: the same intake, the same sheet chosen for each student (a
student's code is never run, their words are only ever shown as text).  Each mark is saved at once to the
assignment's marks file (:mod:`.handmarks`), which every ``grade`` reads: the points reach the gradebook, the
LMS files and the feedback.  Answers are shown without the student's name by default.

In JupyterLab (the widget shows one answer at a time, with rubric buttons and a comment box)::

    session = MarkingSession(load_assignment("hw1.toml"), load_roster("roster.csv"), "collected/")
    session.view()["answers"][0]["response"]         # what the first student wrote
    session.mark(0, criteria=[0, 2], comment="Right card; say why the ace waits.")
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..assignment import Assignment
from ..roster import Roster
from ..text import safe_text
from .handmarks import Mark, Marks, answer_digest, load_marks, marks_path, now_text
from .judges import right_words
from .pipeline import grade_folder
from .results import GradingError

__all__ = ["MarkingSession", "WrittenAnswer"]


@dataclass(frozen=True)
class WrittenAnswer:
    """One student's written answer to one item, with the question it answers."""

    student: str
    name: str
    item: str
    key: str
    question: Mapping[str, Any]
    response: str


class MarkingSession:
    """The written answers of a class and their marks: ``view()`` to show them, ``mark()`` to mark one."""

    def __init__(
        self,
        assignment: Assignment,
        roster: Roster,
        submissions: str | Path,
        *,
        marks_file: str | Path | None = None,
        show_names: bool = False,
        **grade_options: Any,
    ) -> None:
        path = Path(marks_file) if marks_file is not None else marks_path(assignment)
        if path is None:
            raise GradingError("give marks_file=…: an assignment without a file has no place for its marks")
        self.assignment = assignment
        self.path = path
        self.show_names = show_names
        self.marks: Marks = load_marks(path, assignment)
        report = grade_folder(assignment, roster, submissions, marks=self.marks, **grade_options)
        answers: list[WrittenAnswer] = []
        for s in report.students:
            written = [i for i in s.items if i.kind == "text" and isinstance(i.response, str) and i.response.strip()]
            if not written:
                continue
            questions = {q["item"]: q for q in assignment.questions_for(s.student)}
            for item in written:
                answers.append(
                    WrittenAnswer(s.student, s.name, item.item, item.key, questions[item.item], str(item.response))
                )
        # item by item; within an item in an order of its own (the same on every run), never the roster's or the
        # ids': answer 1 is not the first student on the list (marking blind, as the widget hides the names)
        answers.sort(key=lambda a: (_order(a.item), _blind(assignment.id, a.student)))
        self.answers = answers

    # ------------------------------------------------------------------ what the widget shows
    def view(self) -> dict[str, Any]:
        """Everything the widget draws, as plain data."""
        return {
            "assignment": {"id": self.assignment.id, "title": self.assignment.title},
            "answers": [self.answer_view(i) for i in range(len(self.answers))],
            "marked": self.marked(),
            "marks_file": str(self.path),
            "show_names": self.show_names,
        }

    def marked(self) -> int:
        return sum(1 for i in range(len(self.answers)) if self._current_mark(i) is not None)

    def _current_mark(self, index: int) -> Mark | None:
        a = self.answers[index]
        mark = self.marks.get(a.student, a.key)
        return mark if mark is not None and mark.digest == answer_digest(a.response) else None

    def answer_view(self, index: int) -> dict[str, Any]:
        a = self.answers[index]
        q = a.question
        same_item = [i for i, other in enumerate(self.answers) if other.item == a.item]
        saved = self.marks.get(a.student, a.key)
        mark = self._current_mark(index)
        context = q.get("context") or {}
        return {
            "index": index,
            "label": f"Answer {same_item.index(index) + 1} of {len(same_item)}",
            "student": a.student if self.show_names else "",
            "name": a.name if self.show_names else "",
            "item": a.item,
            "section": str(q.get("section", "")),
            "points": q["points"],
            "ask": str(q.get("ask") or q.get("prompt", "")),
            "situation": str(q.get("prompt", "")) if q.get("ask") and q.get("ask") != q.get("prompt") else "",
            "hand": [c.get("code") for c in context.get("hand") or [] if isinstance(c, Mapping)],
            "trick": [
                {"seat": str(t.get("seat", "")), "code": str(t.get("code", ""))}
                for t in context.get("trick") or []
                if isinstance(t, Mapping)
            ],
            "reference": right_words(q),
            "explanation": str(q.get("explanation", "")),
            "rubric": list(q.get("rubric") or []),
            "response": a.response,
            "mark": None if mark is None else {**mark.to_dict(), "points": mark.points},
            "stale": saved is not None and mark is None,  # marked, but the answer has changed since
        }

    # ------------------------------------------------------------------ marking
    def mark(
        self, index: int, criteria: list[int] | tuple[int, ...] = (), comment: str = "", points: float | None = None
    ) -> dict[str, Any]:
        """Mark answer ``index``: the rubric lines ticked (their points add up, at most the item's), or ``points``
        when the section has no rubric; saved to the marks file at once.  Returns the answer's new view."""
        a = self._answer(index)
        rubric = list(a.question.get("rubric") or [])
        chosen = sorted({int(c) for c in criteria})
        if any(c < 0 or c >= len(rubric) for c in chosen):
            raise GradingError(f"rubric lines are 1 to {len(rubric)}")
        item_points = float(a.question["points"])
        if rubric:
            earned = min(item_points, sum(float(rubric[c]["points"]) for c in chosen))
        elif points is None or not 0 <= float(points) <= item_points:
            raise GradingError(f"give the points, from 0 to {item_points:g}")
        else:
            earned = float(points)
        if not isinstance(comment, str) or len(comment) > 2000:
            raise GradingError("a comment is text, at most 2,000 characters")
        value: float = int(earned) if float(earned).is_integer() else round(earned, 4)
        self.marks.set(
            a.student, a.key, Mark(tuple(chosen), value, comment.strip(), answer_digest(a.response), now_text())
        )
        self.marks.save(self.path)
        return self.answer_view(index)

    def clear(self, index: int) -> dict[str, Any]:
        """Take answer ``index``'s mark away (it is waiting to be marked again)."""
        a = self._answer(index)
        self.marks.set(a.student, a.key, None)
        self.marks.save(self.path)
        return self.answer_view(index)

    def _answer(self, index: Any) -> WrittenAnswer:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.answers):
            raise GradingError(f"no answer {safe_text(index, 20)} (there are {len(self.answers)})")
        return self.answers[index]

    # ------------------------------------------------------------------ requests (the widget forwards them)
    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Answer one message of the widget: ``{"type": "mark", "index", "criteria", "comment", "points"?}`` or
        ``{"type": "clear", "index"}``; errors come back as ``{"type": "error", "message"}``."""
        try:
            kind = message.get("type")
            if kind == "mark":
                answer = self.mark(
                    message.get("index"),  # type: ignore[arg-type]
                    list(message.get("criteria") or []),
                    str(message.get("comment") or ""),
                    message.get("points"),
                )
            elif kind == "clear":
                answer = self.clear(message.get("index"))  # type: ignore[arg-type]
            else:
                raise GradingError(f"unknown request {safe_text(kind, 30)!r}")
        except (GradingError, TypeError, ValueError, OSError) as err:
            return {"type": "error", "message": safe_text(err, 300)}
        return {"type": "marked", "answer": answer, "marked": self.marked()}


def _blind(assignment_id: str, student: str) -> str:
    return hashlib.sha256(f"{assignment_id}\0{student}".encode()).hexdigest()


def _order(label: str) -> tuple[int, ...]:
    return tuple(int(p) for p in label.split(".") if p.isdigit())
