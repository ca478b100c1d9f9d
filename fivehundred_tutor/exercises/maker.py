"""Make one student's question set from (assignment, student id): plain data, host-agnostic.

The :class:`~fivehundred_tutor.exercises.maker_widget.AssignmentMaker` widget (an
instructor's page in the book) asks this module for a student's set; in the
reader's browser the engine under Pyodide answers, in JupyterLab the kernel.
The text it returns is byte for byte the ``*.questions.json`` file that
``fivehundred-tutor assign`` writes for the same assignment and student
(both use :func:`~fivehundred_tutor.exercises.release.set_json`).

>>> from fivehundred_tutor.exercises import example_assignment_path
>>> out = handle_request({"type": "make", "student": "s001"}, {"source": example_assignment_path().read_text()})
>>> out["reply"]["type"], out["update"]["student"]
('made', 's001')
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .assignment import ID_RE, AssignmentError, parse_assignment
from .release import set_json, student_set

__all__ = ["handle_request", "make_set_text"]

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


def handle_request(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "make", "student": "s001", "source": <optional new assignment text>}`` → the set.  Never raises."""
    req_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise AssignmentError("a request must be an object like {'type': 'make', 'student': 's001'}")
        kind = request.get("type")
        if kind == "hello":
            result: dict[str, Any] = {"reply": {"type": "hello", "live": True}, "update": {}}
        elif kind == "make":
            source = request.get("source", state.get("source"))
            if not isinstance(source, str) or not source.strip():
                raise AssignmentError("give the assignment's text (TOML, like the example)")
            student = request.get("student")
            text = make_set_text(source, student if isinstance(student, str) else "")
            made = json.loads(text)
            result = {
                "reply": {"type": "made", "student": made["student"], "questions": len(made["items"])},
                "update": {"source": source, "student": made["student"], "made_text": text},
            }
        else:
            raise AssignmentError(f"unknown request type {kind!r}; known: hello, make")
    except (AssignmentError, ValueError, KeyError, TypeError) as err:
        result = {"reply": {"type": "error", "error": str(err)}, "update": {}}
    result["reply"]["id"] = req_id
    return result
