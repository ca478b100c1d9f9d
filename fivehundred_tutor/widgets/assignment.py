"""The assignment widget (anywidget): a student's question set in a notebook.

The front end (``widgets/src/assignment.js``, bundled into ``static/assignment.js``) draws the
questions and writes each answer into the ``answers`` trait; this class keeps
the answer sheet (``sheet``) up to date, writes it to the answers file beside
the notebook, and refreshes the notebook's answer-sheet output, so the answers
live in the notebook and in the file the student hands in.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..exercises.sheets import SHEET_MIME, make_sheet
from ..questions.core import response_key
from .base import bundle

__all__ = ["AssignmentWidget", "answer_state"]

#: the kinds whose answer has a key the engine reads (the page counts an answer it cannot read as one to fix)
_KEYED = ("choice", "multi", "cards", "order", "number")


def answer_state(question: Any, response: Any) -> str:
    """Where an answer stands, as the page counts it (``answerState`` in widgets/src/keys.js): ``"blank"``,
    ``"unreadable"`` (given, but no whole number in a score box, or one box of two left empty) or ``"answered"``.

    >>> q = {"kind": "number", "fields": [{"id": "ns"}, {"id": "ew"}]}
    >>> answer_state(q, {"ns": "40", "ew": ""}), answer_state(q, {"ns": "40", "ew": "1e5"})
    ('unreadable', 'unreadable')
    >>> answer_state(q, {"ns": "40", "ew": "-10"}), answer_state(q, {"ns": " ", "ew": ""})
    ('answered', 'blank')
    """
    if response in (None, "", [], {}) or (
        isinstance(response, dict) and not any(str(v if v is not None else "").strip() for v in response.values())
    ):
        return "blank"
    if isinstance(question, dict) and question.get("kind") in _KEYED:
        return "answered" if response_key(question, response) is not None else "unreadable"
    return "answered"


_HERE = Path(__file__).resolve().parent


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class AssignmentWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """A student's assignment.  Build it with :meth:`from_file` (the ``*.questions.json`` that ``assign`` wrote)."""

    _esm = bundle("assignment.js")
    _css = bundle("assignment.css")

    data = traitlets.Dict().tag(sync=True)
    answers = traitlets.Dict().tag(sync=True)
    submitted = traitlets.Bool(False).tag(sync=True)
    sheet = traitlets.Dict().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(self, question_set: dict[str, Any], answers_file: str | Path | None = None, **kwargs: Any) -> None:
        _check_set(question_set)
        super().__init__(data={"mode": "notebook", **question_set}, **kwargs)
        self.answers_file = Path(answers_file) if answers_file is not None else None
        self._display: Any = None
        if self.answers_file is not None and self.answers_file.is_file():
            self._restore(self.answers_file)
        self.sheet = self.build_sheet()
        self.observe(self._on_answers, names=["answers", "submitted"])

    @classmethod
    def from_file(cls, path: str | Path) -> AssignmentWidget:
        """Load a student's question set; answers go to ``<same name>.answers.json`` beside it."""
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise FileNotFoundError(
                f"{p}: the question set is missing; keep it in the same folder as the notebook"
            ) from None
        except json.JSONDecodeError as err:
            raise ValueError(f"{p}: the question set is damaged ({err.msg}); ask your teacher for a new copy") from None
        name = p.name.removesuffix(".questions.json")
        return cls(data, answers_file=p.with_name(f"{name}.answers.json"))

    # ------------------------------------------------------------ answers
    @property
    def student(self) -> str:
        return str(self.data.get("student", ""))

    def _items(self) -> list[dict[str, Any]]:
        return list(self.data.get("items", []))

    def _restore(self, path: Path) -> None:
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.status = f"{path.name} could not be read; starting with no answers (the file is left as it was)."
            return
        meta = self.data.get("assignment", {})
        if (
            isinstance(saved, dict)
            and saved.get("assignment") == meta.get("id")
            and saved.get("student") == self.student
            and isinstance(saved.get("answers"), dict)
        ):
            known = {i["item"] for i in self._items()}
            self.answers = {k: v for k, v in saved["answers"].items() if k in known}
            self.status = f"Answers restored from {path.name}."

    def build_sheet(self) -> dict[str, Any]:
        meta = self.data.get("assignment", {})
        items = self._items()
        return make_sheet(
            str(meta.get("id", "")),
            str(meta.get("fingerprint", "")),
            self.student,
            {k: v for k, v in self.answers.items() if v not in (None, "", [], {})},
            {i["item"]: i["question"]["id"] for i in items},
            saved_at=_now(),
            source="notebook",
            token=str(meta.get("token", "")),
        )

    def answer(self, item: str, response: Any) -> None:
        """Answer question ``item`` ("1.2") from Python (the widget does this for clicks)."""
        if item not in {i["item"] for i in self._items()}:
            raise KeyError(f"no question {item!r} in this assignment; items are 1.1, 1.2, …")
        self.answers = {**self.answers, item: response}

    def _on_answers(self, _change: Any = None) -> None:
        self._refresh()

    def _refresh(self) -> None:
        self.sheet = self.build_sheet()
        if self.answers_file is not None and self.answers:
            try:
                tmp = self.answers_file.with_suffix(".tmp")
                tmp.write_text(json.dumps(self.sheet, ensure_ascii=False, indent=1), encoding="utf-8")
                tmp.replace(self.answers_file)
                self.status = f"Saved {len(self.sheet['answers'])} answer(s) to {self.answers_file.name}."
            except OSError as err:
                self.status = (
                    f"Could not save {self.answers_file.name} ({err.strerror}); your answers stay in the notebook."
                )
        if self._display is not None:
            self._display.update(self._bundle(), raw=True)

    # --------------------------------------------------------- the notebook
    def _bundle(self) -> dict[str, Any]:
        items = self._items()
        given = self.sheet.get("answers", {})
        states = [answer_state(i.get("question"), given.get(i.get("item"))) for i in items]
        n, to_fix = states.count("answered"), states.count("unreadable")
        fix = f", {to_fix} to fix (whole numbers only)" if to_fix else ""
        text = f"Answer sheet of {self.student}: {n} of {len(items)} answered{fix} (saved {self.sheet.get('saved_at', '')})."
        return {SHEET_MIME: self.sheet, "text/plain": text}

    def answer_sheet(self) -> None:
        """Show the answer sheet as this cell's output; it updates while the student answers."""
        from IPython.display import display

        self._display = display(self._bundle(), raw=True, display_id=True)  # type: ignore[no-untyped-call]


def _check_set(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != "fivehundred-student-set/1":
        raise ValueError("not a student question set (expected the *.questions.json file written by 'assign')")
    if not isinstance(data.get("items"), list) or not isinstance(data.get("assignment"), dict):
        raise ValueError("the question set has no questions; ask your teacher for a new copy")
