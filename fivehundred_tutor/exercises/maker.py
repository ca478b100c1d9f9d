"""Make one student's question set from (assignment, student id): plain data, host-agnostic.

The :class:`~fivehundred_tutor.widgets.maker.AssignmentMaker` widget (an
instructor's page in the book) asks this module for a student's set; in the
reader's browser the engine under Pyodide answers, in JupyterLab the kernel.
The text it returns is byte for byte the ``*.questions.json`` file that
``fivehundred-tutor assign`` writes for the same assignment and student
(both use :func:`~fivehundred_tutor.exercises.release.set_json`).

Students' questions derive from the assignment's secret, so the maker needs it
too: a line ``secret = "…"`` in the text (the hexadecimal line of ``hw1.secret``;
it stays in the page, nothing is sent anywhere), or the ``secret`` argument.
The shipped example's secret is public and known here, so the example needs none.

>>> import json
>>> from fivehundred_tutor.exercises import example_assignment_path
>>> json.loads(make_set_text(example_assignment_path().read_text(), "s001"))["student"]
's001'
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from .assignment import ID_RE, Assignment, AssignmentError, parse_assignment, parse_text, read_secret
from .release import set_json, student_set

__all__ = ["example_secret", "make_set_text"]

_MAX_SOURCE = 20_000


def example_secret() -> bytes:
    """The shipped example's secret (public: it protects nothing)."""
    here = resources.files("fivehundred_tutor") / "data" / "assignments" / "example.secret"
    return read_secret(Path(str(here)))


def _example_fingerprint() -> str:
    here = resources.files("fivehundred_tutor") / "data" / "assignments" / "example.toml"
    text = Path(str(here)).read_text(encoding="utf-8")
    return parse_assignment(parse_text(text, "toml", "the example"), source="the example").fingerprint


def make_set_text(source: str, student: str, secret: str | bytes | None = None) -> str:
    """The ``*.questions.json`` text ``assign`` writes for ``student``, from an assignment's TOML (or JSON) text."""
    if not isinstance(student, str) or not ID_RE.match(student.strip()):
        raise AssignmentError(
            f"student id {student[:40] if isinstance(student, str) else student!r}: use letters, digits and "
            '. _ @ - (as in the roster), like "s001"'
        )
    if len(source) > _MAX_SOURCE:
        raise AssignmentError("the assignment text is too long")
    text = source.strip()
    data = parse_text(text, "json" if text.startswith("{") else "toml", "the assignment")
    inline = data.pop("secret", None)
    assignment = parse_assignment(data, source="the assignment")
    assignment.adopt_secret(_secret_for(assignment, secret if secret is not None else inline))
    return set_json(student_set(assignment, student.strip()))


def _secret_for(assignment: Assignment, given: object) -> bytes:
    if isinstance(given, bytes):
        return given
    if isinstance(given, str) and given.strip():
        hexed = given.strip().splitlines()[-1].strip()
        if not re.fullmatch(r"(?:[0-9a-fA-F]{2}){16,64}", hexed):
            raise AssignmentError("the secret should be the hexadecimal line of the assignment's .secret file")
        return bytes.fromhex(hexed)
    if given is not None and not isinstance(given, str):
        raise AssignmentError("the secret should be text: the hexadecimal line of the assignment's .secret file")
    if assignment.fingerprint == _example_fingerprint():
        return example_secret()
    raise AssignmentError(
        f'to make a student\'s questions this page needs the secret of "{assignment.id}": add a line '
        f'secret = "…" with the hexadecimal line of {assignment.id}.secret (it stays in this page)'
    )
