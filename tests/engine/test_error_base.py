"""One error base: every exception class of the package is a ``FiveHundredError``, and the dispatcher
tells a bad request (answered in its own words) from a bug of ours (said to be one, and logged).
"""

from __future__ import annotations

import ast
import builtins
import logging
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor import FiveHundredError, IllegalAction, Rules, RulesError
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers import quiz as quiz_handlers
from fivehundred_tutor.handlers.quiz import quiz_model

PACKAGE = Path(__file__).resolve().parents[2] / "fivehundred_tutor"
BUILTIN_ERRORS = {
    name for name, value in vars(builtins).items() if isinstance(value, type) and issubclass(value, BaseException)
}


def exception_classes() -> list[tuple[str, str, list[str]]]:
    """(file, class, bases) of every class in the package that derives from an exception."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b) for b in node.bases]
                if any(b in BUILTIN_ERRORS or b.endswith(("Error", "Problem", "Limit", "Secret")) for b in bases):
                    found.append((str(path.relative_to(PACKAGE)), node.name, bases))
    return found


def test_every_exception_class_is_a_fivehundred_error() -> None:
    classes = exception_classes()
    assert len(classes) >= 15
    # a class deriving straight from a built-in exception must name FiveHundredError first
    wrong = [
        f"{where}: class {name}({', '.join(bases)})"
        for where, name, bases in classes
        if name != "FiveHundredError" and any(b in BUILTIN_ERRORS for b in bases) and bases[0] != "FiveHundredError"
    ]
    assert not wrong, "\n".join(wrong)


def test_the_engine_errors_keep_their_kinds() -> None:
    assert issubclass(IllegalAction, ValueError) and issubclass(RulesError, FiveHundredError)
    from fivehundred_tutor.exercises.assignment import AssignmentError
    from fivehundred_tutor.handlers import RequestError
    from fivehundred_tutor.solver import SearchLimit

    assert all(issubclass(e, FiveHundredError) for e in (AssignmentError, RequestError, SearchLimit))


def _state() -> dict[str, Any]:
    return {"quiz": quiz_model(Rules(), ["bowers"], 2, 1, "Bowers")}


def test_a_bad_request_is_answered_in_its_words() -> None:
    reply = handle("quiz", {"type": "answer", "index": 0}, _state())["reply"]
    assert reply == {"type": "error", "error": "an answer needs a 'response'", "id": None}


def test_a_bug_is_not_the_learners_mistake_and_is_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return {"reply": {"type": "judged", "index": [][1]}}  # an IndexError: our bug

    monkeypatch.setitem(quiz_handlers.HANDLERS, "answer", broken)
    with caplog.at_level(logging.ERROR, logger="fivehundred_tutor.handlers"):
        reply = handle("quiz", {"type": "answer", "index": 0, "response": "x", "id": 7}, _state())["reply"]
    assert reply["type"] == "error" and reply["bug"] is True and reply["id"] == 7
    assert "bug" in reply["error"] and "not a mistake of yours" in reply["error"] and "IndexError" in reply["error"]
    (record,) = caplog.records
    assert record.exc_info is not None and record.exc_info[0] is IndexError


def test_a_value_error_of_ours_is_a_bug_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before the one base, any ValueError read as the learner's mistake.
    def broken(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
        return {"reply": {"type": "judged", "index": int("not a number")}}

    monkeypatch.setitem(quiz_handlers.HANDLERS, "answer", broken)
    reply = handle("quiz", {"type": "answer", "index": 0, "response": "x"}, _state())["reply"]
    assert reply.get("bug") is True
