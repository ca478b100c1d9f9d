"""What students receive (question sets without seeds, answers only outside exams)
and what they hand in (answer sheets, or notebooks holding one).

Reading a submission parses data only: bytes → UTF-8 → JSON.  Nothing in a
submission is ever executed or imported, whatever it contains.

Answer sheet (``*.answers.json``)::

    {"format": "fivehundred-answers/1", "assignment": "hw1", "fingerprint": "…",
     "student": "alice", "answers": {"1.1": "JD", "1.2": ["5S", "AD"]},
     "question_ids": {"1.1": "q…", "1.2": "q…"}, "token": "…", "saved_at": "2026-11-29T12:00:00Z"}

``token`` is the student's own token (an HMAC of the assignment's secret over
the student id), found only in that student's files: the grader refuses a
sheet whose token is not the claimed student's.  ``saved_at`` is the
student's clock and is never used to choose between sheets or judge lateness.

A notebook carries the same sheet as the output of its last cell, under the
MIME type :data:`SHEET_MIME` (kept up to date while the student answers), and
in the saved widget state if JupyterLab saved it.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import stat
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..errors import FiveHundredError
from ..i18n import gettext as _
from ..questions import check, public_view
from ..questions.core import answer_words, response_key

__all__ = [
    "MAX_JSON_VALUES",
    "MAX_SUBMISSION_BYTES",
    "SHEET_FORMAT",
    "SHEET_MIME",
    "NotSheetContent",
    "SubmissionProblem",
    "accepted_keys",
    "extract_sheet",
    "json_values",
    "make_sheet",
    "read_submission",
    "read_zip_members",
    "response_key",
    "student_item",
]

SHEET_FORMAT = "fivehundred-answers/1"
SHEET_MIME = "application/vnd.fivehundred.answers+json"
MAX_SUBMISSION_BYTES = 5_000_000
MAX_COMBINATIONS = 5000
# Keys a student's copy of a question never carries: the answer, its explanation, the seed (with the seed and
# the engine anyone could recompute the answer), and a written question's reference answer for the marker.
_HIDDEN = ("answer", "explanation", "seed", "public", "reference", "rubric")


class SubmissionProblem(FiveHundredError, ValueError):
    """A submission that cannot be used; the message is the reason shown on the student's row."""


class NotSheetContent(SubmissionProblem):
    """A file whose content is plainly something else (empty, not text, not JSON, not a JSON object): the
    collection tells such a file from a broken answer sheet by this class, not by the reason's words (which
    are in the instructor's language)."""


# ---------------------------------------------------------------- student copies
def accepted_keys(question: Mapping[str, Any]) -> list[str]:
    """Every response key that ``check`` marks fully correct (what the page compares with)."""
    kind, answer = question["kind"], question["answer"]
    if kind == "cards":
        hand = [c["code"] for c in question["context"]["hand"]]
        count = int(answer["count"])
        allowed = [c for c in hand if c not in set(answer.get("forbidden", []))]
        if math.comb(len(allowed), count) > MAX_COMBINATIONS:
            return [",".join(sorted(answer["example"]))]
        keys = []
        for combo in itertools.combinations(sorted(allowed), count):
            if check(question, list(combo))["correct"]:
                keys.append(",".join(combo))
        return keys
    if kind == "number":
        fields = question.get("fields") or []
        if fields:
            return [",".join(str(answer[f["id"]]) for f in fields)]
        return [str(answer)]
    key = response_key(question, answer)
    return [key] if key is not None else []


def student_item(question: Mapping[str, Any], feedback: str) -> dict[str, Any]:
    """One question as a student's file holds it; answers and explanation only with ``immediate`` feedback.

    (``after-submit`` answers reach students with their feedback, after grading.)
    """
    view = {k: v for k, v in public_view(question).items() if k not in _HIDDEN}
    item: dict[str, Any] = {
        "item": question["item"],
        "section": question["section"],
        "points": question["points"],
        "question": view,
    }
    if feedback == "immediate" and question["kind"] != "text":  # a written answer is marked by hand, later
        play = question["kind"] == "play"  # a deal to play: graded by the grader, no answer to accept
        item["accept"] = [] if play else accepted_keys(question)
        item["explanation"] = question["explanation"]
        item["answer_words"] = "" if play else answer_words(question)
    return item


def make_sheet(
    assignment_id: str,
    fingerprint: str,
    student: str,
    answers: Mapping[str, Any],
    question_ids: Mapping[str, str],
    saved_at: str = "",
    source: str = "python",
    token: str = "",
) -> dict[str, Any]:
    return {
        "format": SHEET_FORMAT,
        "assignment": assignment_id,
        "fingerprint": fingerprint,
        "student": student,
        "answers": dict(answers),
        "question_ids": dict(question_ids),
        "token": token,
        "saved_at": saved_at,
        "source": source,
    }


# ---------------------------------------------------------------- reading
def read_submission(path: Path, max_bytes: int = MAX_SUBMISSION_BYTES) -> dict[str, Any]:
    """The answer sheet in a file (a sheet or a notebook, told apart by content whatever the file's name);
    raises :class:`SubmissionProblem`."""
    suffix = path.suffix.lower()
    try:
        info = path.lstat()
    except OSError as err:
        raise SubmissionProblem(f"{path.name}: cannot read it ({err.strerror})") from None
    if stat.S_ISLNK(info.st_mode):
        raise SubmissionProblem(f"{path.name}: a link, not a file (links are not followed)")
    if not stat.S_ISREG(info.st_mode):
        kind = "a named pipe" if stat.S_ISFIFO(info.st_mode) else "not a regular file"
        raise SubmissionProblem(f"{path.name}: {kind}, not an answer sheet (not read)")
    size = info.st_size
    limit = max_bytes * (10 if suffix == ".ipynb" else 1)
    if size > limit:
        raise SubmissionProblem(f"{path.name}: oversized ({size:,} bytes; the limit is {limit:,})")
    if size == 0:
        # Translators: the reason a submitted file is rejected (gradebook, `grade` output)
        raise NotSheetContent(_("{name}: the file is empty").format(name=path.name))
    try:
        with path.open("rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as err:
        raise SubmissionProblem(f"{path.name}: cannot read it ({err.strerror})") from None
    if len(raw) > limit:
        raise SubmissionProblem(f"{path.name}: oversized (more than {limit:,} bytes)")
    return parse_submission_bytes(raw, path.name, notebook=True if suffix == ".ipynb" else None)


MAX_ZIP_MEMBERS = 100
_DRIVE = re.compile(r"^[A-Za-z]:")


def read_zip_members(path: Path, max_bytes: int = MAX_SUBMISSION_BYTES) -> Iterator[tuple[str, bytes | str]]:
    """The files in a zip archive, one at a time, as ``(name, content)`` or ``(name, why it was not read)``.

    Nothing is extracted to disk (so no name can escape the folder) and nothing is run; the archive is bounded
    (its own size, at most :data:`MAX_ZIP_MEMBERS` files, each no larger than a submission, all together no
    more than ten) and every member is read through a bounded stream, so a zip bomb stops at the limit.
    Raises :class:`SubmissionProblem` for an archive that cannot be read at all.
    """
    try:
        info = path.lstat()
    except OSError as err:
        raise SubmissionProblem(f"{path.name}: cannot read it ({err.strerror})") from None
    if info.st_size > 10 * max_bytes:
        raise SubmissionProblem(f"{path.name}: oversized zip ({info.st_size:,} bytes; the limit is {10 * max_bytes:,})")
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as err:
        raise SubmissionProblem(f"{path.name}: a damaged zip file ({str(err)[:80]})") from None
    with archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) > MAX_ZIP_MEMBERS:
            raise SubmissionProblem(
                f"{path.name}: a zip of {len(members):,} files (at most {MAX_ZIP_MEMBERS} are read)"
            )
        budget = 10 * max_bytes
        for member in members:
            name = member.filename
            parts = name.replace("\\", "/").split("/")
            # an absolute name, a step up, or a Windows drive ("C:"); a colon elsewhere is only a character (the
            # time in nbgrader's exchange folder names, "ada+hw1+2026-03-01 12:00:00 UTC"): nothing is extracted
            if name.startswith(("/", "\\")) or ".." in parts or _DRIVE.match(parts[0]):
                yield name, "a name pointing outside the zip: not read"
                continue
            if any(p.startswith(".") or p == "__MACOSX" for p in parts):
                yield name, "a hidden file: not read"
                continue
            limit = max_bytes * (10 if name.lower().endswith(".ipynb") else 1)
            if member.file_size > limit or member.file_size > budget:
                yield name, f"oversized ({member.file_size:,} bytes; the limit is {min(limit, budget):,})"
                continue
            try:
                with archive.open(member) as fh:
                    raw = fh.read(min(limit, budget) + 1)  # a bounded stream: a lying header stops here
            except (RuntimeError, zipfile.BadZipFile, NotImplementedError, OSError, ValueError) as err:
                reason = "encrypted" if "encrypt" in str(err).lower() or "password" in str(err).lower() else "damaged"
                yield name, f"cannot be unpacked ({reason}): not read"
                continue
            if len(raw) > min(limit, budget):
                yield name, "oversized when unpacked: not read"
                budget = 0
                continue
            budget -= len(raw)
            yield name, raw


#: JSON values a submission may hold (estimated from its commas and brackets before parsing): parsing builds a
#: Python object for each, about 60 bytes at least, so a 49 MB notebook of empty objects would take 1.25 GB.  A real
#: answer sheet holds a few hundred values and a saved answer notebook a few thousand.
MAX_JSON_VALUES = 2_000_000


def json_values(raw: bytes) -> int:
    """About how many values JSON text holds (an upper bound for compact JSON: its commas and opening brackets).

    >>> json_values(b'{"a": [1, 2, {}]}')
    5
    """
    return raw.count(b",") + raw.count(b"{") + raw.count(b"[")


def parse_submission_bytes(raw: bytes, name: str = "submission", notebook: bool | None = None) -> dict[str, Any]:
    values = json_values(raw)
    if values > MAX_JSON_VALUES:
        raise SubmissionProblem(
            f"{name}: holds about {values:,} JSON values (at most {MAX_JSON_VALUES:,} are read; an answer notebook "
            "holds a few thousand): not read. Clear the other cells' outputs (keep the answer sheet's), save the "
            "notebook and hand it in again"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise NotSheetContent(
            # Translators: the reason a submitted file is rejected (gradebook, `grade` output)
            _("{name}: not UTF-8 text (byte {byte}); is it the file the page downloaded?").format(
                name=name, byte=err.start
            )
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise NotSheetContent(
            # Translators: the reason a submitted file is rejected; {error} is Python's own message
            # ("Unterminated string starting at"), {hint} what the file looks like (" — the file looks truncated …")
            _("{name}: not valid JSON ({error}, line {line} column {column}){hint}").format(
                name=name, error=err.msg, line=err.lineno, column=err.colno, hint=_json_hint(text)
            )
        ) from None
    except RecursionError:
        raise SubmissionProblem(f"{name}: JSON nested too deeply") from None
    except ValueError:  # Python refuses whole numbers of more than 4,300 digits
        raise SubmissionProblem(f"{name}: holds a number thousands of digits long; not an answer sheet") from None
    if notebook or (isinstance(data, dict) and "cells" in data and "nbformat" in data):
        return extract_sheet(data, name)
    if not isinstance(data, dict):
        raise NotSheetContent(
            # Translators: the reason a submitted file is rejected; {kind} is Python's name of what the file holds
            _("{name}: an answer sheet is a JSON object, not a {kind}").format(name=name, kind=type(data).__name__)
        )
    return data


def _json_hint(text: str) -> str:
    """What a file that is not valid JSON looks like (never its content: it may be anything, a secret too).

    >>> _json_hint('{"format": "fivehundred-answers'), _json_hint("# notes")[:40]
    (' — the file looks truncated (cut off before its end)', ' — it is not JSON at all (an answer shee')
    """
    stripped = text.strip()
    if not stripped.startswith(("{", "[")):
        # Translators: added to "not valid JSON (…)", after a dash
        return _(
            " — it is not JSON at all (an answer sheet starts with '{'): is it the answer sheet the page "
            "downloaded, or the notebook?"
        )
    if not stripped.endswith(("}", "]")):
        # Translators: added to "not valid JSON (…)", after a dash
        return _(" — the file looks truncated (cut off before its end)")
    return ""


def extract_sheet(notebook: Any, name: str = "notebook") -> dict[str, Any]:
    """The answer sheet a notebook holds: its last answer-sheet output, else its saved widget state."""
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise SubmissionProblem(f"{name}: not a Jupyter notebook (no list of cells)")
    found: dict[str, Any] | None = None
    for cell in notebook["cells"]:
        if not isinstance(cell, dict):
            continue
        for output in cell.get("outputs") or []:
            if not isinstance(output, dict):
                continue
            data = output.get("data")
            if isinstance(data, dict) and isinstance(data.get(SHEET_MIME), dict):
                found = data[SHEET_MIME]
    if found is None:
        meta = notebook.get("metadata")
        widgets = meta.get("widgets") if isinstance(meta, dict) else None
        state = widgets.get("application/vnd.jupyter.widget-state+json") if isinstance(widgets, dict) else None
        models = state.get("state") if isinstance(state, dict) else None
        if isinstance(models, dict):
            for model in models.values():
                inner = model.get("state") if isinstance(model, dict) else None
                sheet = inner.get("sheet") if isinstance(inner, dict) else None
                if isinstance(sheet, dict) and sheet.get("format") == SHEET_FORMAT:
                    found = sheet
    if found is None:
        raise SubmissionProblem(
            f"{name}: no answer sheet in this notebook (run its last cell, 'answer sheet', and save before submitting)"
        )
    return found
