"""AssignmentMaker: an instructor's page that makes a student's own questions from (assignment, student id).

The set is exactly what ``fivehundred-tutor assign`` writes for that student
(:func:`fivehundred_tutor.exercises.maker.make_set_text`).  In the live book
the engine in the reader's browser makes it; in JupyterLab the kernel does.
The saved state holds one example student's set, so the page shows it at once.

>>> from fivehundred_tutor.exercises import example_assignment_path
>>> w = AssignmentMaker(example_assignment_path().read_text(), student="s001")
>>> w.request({"type": "make", "student": "s002"})["type"]
'made'
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..exercises.maker import make_set_text
from .base import FhtWidget, bundle

__all__ = ["AssignmentMaker"]


class AssignmentMaker(FhtWidget):
    """``AssignmentMaker(toml_text, student="s001")``: edit the assignment, type an id, get that student's set."""

    _esm = bundle("maker.js")
    _css = bundle("assignment.css")
    _kind = "maker"
    _state_traits = ("source", "student", "made_text")

    source = traitlets.Unicode("").tag(sync=True)
    student = traitlets.Unicode("").tag(sync=True)
    #: the student's ``*.questions.json`` text, as ``assign`` writes it
    made_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, source: str, *, student: str = "s001", **kwargs: Any) -> None:
        text = make_set_text(source, student)
        super().__init__(source=source, student=student, made_text=text, **kwargs)
