"""Helpers for the exercises tests: small assignments, rosters and answer sheets."""

from __future__ import annotations

import contextlib
import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fivehundred_tutor.exercises import Assignment, Roster, make_sheet, parse_assignment
from fivehundred_tutor.exercises.roster import Student

#: A fixed secret for the tests' assignments (a real one comes from ``secrets`` at the first ``assign``).
TEST_SECRET = bytes(range(32))

SECTIONS: list[dict[str, Any]] = [
    {"title": "Bowers", "topic": "bowers", "count": 2, "difficulty": [1, 3], "points": 1},
    {"title": "Following suit", "topic": "legal-plays", "count": 2, "difficulty": [2, 3], "points": 2},
    {"title": "Scoring", "topic": "scoring", "count": 1, "difficulty": 1, "points": 2},
    {"title": "Order", "topic": "card-hierarchy", "count": 1, "difficulty": 3, "points": 1},
    {"title": "Kitty", "topic": "kitty", "count": 1, "difficulty": 2, "points": 1},
]
MAX_POINTS = 2 * 1 + 2 * 2 + 2 + 1 + 1

TOML = """
id = "hw1"
title = "Homework one"
seed = 77
feedback = "{feedback}"

[rules]
preset = "{preset}"
{sections}
"""


def assignment_toml(
    feedback: str = "immediate", preset: str = "australian", sections: list[dict[str, Any]] | None = None
) -> str:
    parts = []
    for s in sections or SECTIONS:
        lines = ["", "[[sections]]"]
        for k, v in s.items():
            lines.append(f"{k} = {json.dumps(v)}")
        parts.append("\n".join(lines))
    return TOML.format(feedback=feedback, preset=preset, sections="\n".join(parts))


def write_assignment(folder: Path, feedback: str = "immediate", *, secret: bool = True, **kw: Any) -> Path:
    """``hw1.toml`` (and, unless ``secret=False``, its ``hw1.secret`` with :data:`TEST_SECRET`)."""
    path = folder / "hw1.toml"
    path.write_text(assignment_toml(feedback, **kw), encoding="utf-8")
    if secret:
        (folder / "hw1.secret").write_text(TEST_SECRET.hex() + "\n", encoding="utf-8")
    return path


def small_assignment(feedback: str = "immediate", **kw: Any) -> Assignment:
    data = {
        "id": "hw1",
        "title": "Homework one",
        "seed": 77,
        "feedback": feedback,
        "sections": kw.get("sections", SECTIONS),
    }
    if "preset" in kw:
        data["rules"] = {"preset": kw["preset"]}
    if "deadline" in kw:
        data["deadline"] = kw["deadline"]
    return parse_assignment(data, secret=kw.get("secret", TEST_SECRET))


def roster(*ids: str) -> Roster:
    return Roster([Student(i, f"Student {i}") for i in ids])


def write_roster(folder: Path, *ids: str) -> Path:
    path = folder / "roster.csv"
    path.write_text("id,name\n" + "".join(f"{i},Student {i}\n" for i in ids), encoding="utf-8")
    return path


def right_response(q: dict[str, Any]) -> Any:
    return q["answer"]["example"] if q["kind"] == "cards" else q["answer"]


def wrong_response(q: dict[str, Any]) -> Any:
    """A readable but wrong response."""
    kind, answer = q["kind"], q["answer"]
    ids = [c["id"] for c in q["choices"]]
    if kind == "choice":
        return next(i for i in ids if i != answer)
    if kind == "multi":
        other = [i for i in ids if i not in answer]
        return other[:1] if other else []
    if kind == "order":
        return list(reversed(answer))
    if kind == "number":
        return {k: v + 10 for k, v in answer.items()}
    if kind == "cards":
        return [*answer["forbidden"][:1], *answer["example"][: answer["count"] - 1]]
    raise AssertionError(kind)


def sheet_for(hw: Assignment, student: str, answers: dict[str, Any], **changes: Any) -> dict[str, Any]:
    qs = hw.questions_for(student)
    sheet = make_sheet(
        hw.id,
        hw.fingerprint,
        student,
        answers,
        {q["item"]: q["id"] for q in qs},
        saved_at="2026-01-01T00:00:00Z",
        token=hw.token_for(student),
    )
    sheet.update(changes)
    return sheet


def all_right(hw: Assignment, student: str) -> dict[str, Any]:
    return {q["item"]: right_response(q) for q in hw.questions_for(student)}


def write_json(path: Path, data: Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------- a real JupyterLab
@contextlib.contextmanager
def jupyterlab(root_dir: Path, scratch: Path) -> Iterator[tuple[str, str]]:
    """Start an isolated ``jupyter lab`` serving ``root_dir``; yields (base URL, token). See DESIGN.md."""
    from tests.support.browser import jupyterlab_server

    with jupyterlab_server(root_dir, scratch) as server:
        yield server


def gradebook_rows(path: Path) -> dict[str, dict[str, str]]:
    """A gradebook CSV as {student_id: row}."""
    with path.open(encoding="utf-8") as fh:
        return {r["student_id"]: r for r in csv.DictReader(fh)}


def memory_kb() -> tuple[int, int]:
    """(resident now, peak resident) of this process, in kB, from ``/proc/self/status`` (``VmRSS``, ``VmHWM``).

    Not ``getrusage().ru_maxrss``: in a process started by fork (or vfork) and exec, that figure starts at the
    parent's peak, so a script started from a big pytest worker reports the worker's memory, not its own.
    """
    fields = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]
