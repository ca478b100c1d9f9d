"""Make one student's question set from (assignment, student id): plain data, host-agnostic.

The :class:`~fivehundred_tutor.widgets.maker.AssignmentMaker` widget (an
instructor's page in the book) asks this module for a student's set; in the
reader's browser the engine under Pyodide answers, in JupyterLab the kernel.
The text it returns is byte for byte the ``*.questions.json`` file that
``fivehundred-tutor assign`` writes for the same assignment and student
(both use :func:`~fivehundred_tutor.exercises.release.set_json`).

>>> import json
>>> from fivehundred_tutor.exercises import example_assignment_path
>>> json.loads(make_set_text(example_assignment_path().read_text(), "s001"))["student"]
's001'
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .assignment import ID_RE, AssignmentError, parse_assignment
from .release import set_json, student_set

__all__ = ["make_set_text"]

_MAX_SOURCE = 20_000


def _parse_source(source: str) -> dict[str, Any]:
    text = source.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise AssignmentError(f"the assignment is not valid JSON: {err}") from None
    else:
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # pragma: no cover - Python 3.10 only
            import tomli as tomllib  # type: ignore[import-not-found]
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise AssignmentError(f"the assignment is not valid TOML: {err}") from None
    if not isinstance(data, dict):
        raise AssignmentError("the assignment should be a table of settings (id, seed, sections …)")
    return data


def make_set_text(source: str, student: str) -> str:
    """The ``*.questions.json`` text ``assign`` writes for ``student``, from an assignment's TOML (or JSON) text."""
    if not isinstance(student, str) or not ID_RE.match(student.strip()):
        raise AssignmentError(
            f'student id {student!r}: use letters, digits and . _ @ - (as in the roster), like "s001"'
        )
    if len(source) > _MAX_SOURCE:
        raise AssignmentError("the assignment text is too long")
    assignment = parse_assignment(_parse_source(source), source="the assignment")
    return set_json(student_set(assignment, student.strip()))
