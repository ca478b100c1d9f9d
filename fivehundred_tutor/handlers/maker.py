"""The assignment maker's request: make a student's question set from an assignment's text."""

from __future__ import annotations

import json
from typing import Any

from ..exercises.assignment import AssignmentError
from ..exercises.maker import make_set_text
from .fields import Handler

__all__ = ["HANDLERS"]


def _make(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "make", "student": "s001", "source": <optional new assignment text>}`` → the set."""
    source = request.get("source", state.get("source"))
    if not isinstance(source, str) or not source.strip():
        raise AssignmentError("give the assignment's text (TOML, like the example)")
    student = request.get("student")
    text = make_set_text(source, student if isinstance(student, str) else "")
    made = json.loads(text)
    return {
        "reply": {"type": "made", "student": made["student"], "questions": len(made["items"])},
        "update": {"source": source, "student": made["student"], "made_text": text},
    }


HANDLERS: dict[str, Handler] = {"make": _make}
