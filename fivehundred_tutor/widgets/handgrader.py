"""HandGrader: mark the written answers of a class in JupyterLab, one at a time (as nbgrader's formgrader does).

Each answer is shown with its question (the position the student explains, the engine's own answer and
explanation for the marker), the rubric as buttons and a comment box; the keyboard does it all (1–9 tick a
rubric line, s save, j/k next and previous, n next unmarked, c comment).  Every mark is saved at once to the
assignment's marks file, which ``fivehundred-tutor grade`` reads: the points reach the gradebook, the LMS files
and the feedback.  Answers are shown without names unless ``show_names=True``.  Nothing a student wrote is run
or put into the page as markup.

    from fivehundred_tutor.widgets import HandGrader
    HandGrader("hw1.toml", "roster.csv", "collected/")
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..exercises.assignment import Assignment, load_assignment
from ..exercises.grading.handgrading import MarkingSession
from ..exercises.roster import Roster, load_roster
from .base import bundle

__all__ = ["HandGrader"]


class HandGrader(anywidget.AnyWidget):  # type: ignore[misc]
    """``HandGrader(assignment, roster, submissions)``: paths or loaded objects; ``grade``'s options pass through."""

    _esm = bundle("handgrader.js")
    _css = bundle("handgrader.css")

    #: the answers, their questions and marks (:meth:`MarkingSession.view`)
    data = traitlets.Dict({}).tag(sync=True)
    #: the last reply sent to the front end (for scripts and tests)
    last_reply = traitlets.Dict({}).tag(sync=False)

    def __init__(
        self,
        assignment: Assignment | str | Path,
        roster: Roster | str | Path,
        submissions: str | Path,
        *,
        marks_file: str | Path | None = None,
        show_names: bool = False,
        **grade_options: Any,
    ) -> None:
        hw = assignment if isinstance(assignment, Assignment) else load_assignment(assignment)
        people = roster if isinstance(roster, Roster) else load_roster(roster)
        self.session = MarkingSession(
            hw, people, submissions, marks_file=marks_file, show_names=show_names, **grade_options
        )
        super().__init__(data=self.session.view())
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        message = content if isinstance(content, dict) else {}
        if message.get("type") == "hello":
            reply: dict[str, Any] = {"type": "hello", "live": True}
        else:
            reply = self.session.request(message)
            if reply["type"] == "marked":
                answers = list(self.data.get("answers", []))
                answers[reply["answer"]["index"]] = reply["answer"]
                self.data = {**self.data, "answers": answers, "marked": reply["marked"]}
        self.last_reply = {**reply, "id": message.get("id")}
        self.send(self.last_reply)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Answer ``message`` as if the front end had sent it (for scripts and tests); returns the reply."""
        self._on_message(self, message)
        return dict(self.last_reply)
