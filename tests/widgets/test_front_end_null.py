"""A front end's ``null`` is None for the handlers in every host (issue 28: JupyterLite's trainer used only the
saved puzzles).  In JupyterLite's Python (Pyodide) a JavaScript ``null`` inside a comm message arrives as
``pyodide.ffi.jsnull``, not None: the trainer's ``{"type": "next", "theme": null}`` was answered "no theme
jsnull" and every puzzle came from those saved in the page.  Seen in the book's JupyterLite (chapter 12b)."""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred_tutor.widgets import PuzzleTrainer, base


class JsNull:
    """Pyodide's jsnull as Python sees it: a value of its own, not None."""

    def __repr__(self) -> str:
        return "jsnull"


def test_a_null_from_jupyterlites_python_is_none(monkeypatch: pytest.MonkeyPatch) -> None:
    jsnull = JsNull()
    monkeypatch.setattr(base, "JSNULL", jsnull, raising=False)
    trainer = PuzzleTrainer("Lite", size=2, levels=False)
    message: dict[str, Any] = {"type": "next", "rating": 1500, "theme": jsnull, "seen": [], "pick": 0, "id": "r1"}
    reply = trainer.request(message)
    assert reply["type"] == "puzzle", reply
    assert base.from_front_end({"a": [jsnull, {"b": jsnull}], "c": 1}) == {"a": [None, {"b": None}], "c": 1}
