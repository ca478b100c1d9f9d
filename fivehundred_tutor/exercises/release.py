"""``assign``: each student's material, made from the assignment file and the roster.

Output folder::

    OUT/
      manifest.json                      assignment (no seed), students, files
      page/<id>.html                     one static page for the class: a student
                                         enters their id, gets their own set,
                                         answers, downloads an answer sheet
      students/<student>/<id>-<student>.ipynb            notebook with the assignment widget
      students/<student>/<id>-<student>.questions.json   that student's question set

In exam mode (``feedback = "none"``) no answer, explanation or seed reaches any
of these files: every question is its public view.  Otherwise the accepted
answers and explanations ride along, so feedback works without a kernel.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from .assignment import Assignment
from .roster import Roster
from .sheets import student_item

__all__ = ["SET_FORMAT", "assign", "notebook_json", "page_assets", "page_html", "set_json", "student_set"]

SET_FORMAT = "fivehundred-student-set/1"


def student_set(assignment: Assignment, student: str) -> dict[str, Any]:
    """The question set a student receives (answers only when feedback is on)."""
    items = [student_item(q, assignment.feedback) for q in assignment.questions_for(student)]
    for item in items:
        for key in ("rules", "format"):
            item["question"].pop(key, None)  # the assignment carries the rules once
    return {"format": SET_FORMAT, "assignment": assignment.public_meta(), "student": student, "items": items}


def set_json(the_set: dict[str, Any]) -> str:
    """The text of a ``*.questions.json`` file (``assign`` and the in-browser assignment maker write the same)."""
    return json.dumps(the_set, ensure_ascii=False, indent=1)


def _file_stem(assignment: Assignment, student: str) -> str:
    return f"{assignment.id}-{student}"


def notebook_json(assignment: Assignment, student: str, name: str = "") -> dict[str, Any]:
    """The student's notebook (nbformat 4), loading the question set that sits beside it."""
    stem = _file_stem(assignment, student)
    feedback_words = {
        "immediate": "Press **Check** on a question to see whether you are right, with an explanation.",
        "after-submit": "Press **Finish** at the end to see your results and the explanations.",
        "none": "This is an exam: there is no feedback here; your teacher grades your answers.",
    }[assignment.feedback]
    rules = "\n".join(f"- **{k}**: {v}" for k, v in assignment.rules.describe())
    intro = (
        f"# {assignment.title}\n\n"
        f"Student: **{student}**{' (' + name + ')' if name else ''} · {assignment.question_count} questions, "
        f"{assignment.max_points:g} points.\n\n"
        "Run the cells below (menu *Run → Run All Cells*), then answer in the widget. "
        f"{feedback_words}\n\n"
        f"Your answers are kept in this notebook (the last cell's output) and in the file `{stem}.answers.json` "
        "next to it, updated as you answer. **Hand in that file** (or this notebook, saved).\n\n"
        f"Rules for this assignment:\n\n{rules}\n"
    )

    def code(source: str) -> dict[str, Any]:
        return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}

    def md(source: str) -> dict[str, Any]:
        return {"cell_type": "markdown", "metadata": {}, "source": source}

    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "fivehundred_tutor": {"assignment": assignment.id, "student": student},
        },
        "cells": [
            {**md(intro), "id": "intro"},
            {
                **code(
                    "from fivehundred_tutor.widgets import AssignmentWidget\n\n"
                    f'hw = AssignmentWidget.from_file("{stem}.questions.json")\n'
                    "hw"
                ),
                "id": "widget",
            },
            {
                **md(
                    "## Answer sheet\n\nThis cell shows the answers you have given so far and keeps them in the "
                    "notebook; it updates by itself while you answer."
                ),
                "id": "sheet-intro",
            },
            {**code("hw.answer_sheet()"), "id": "sheet"},
        ],
    }


def _json_for_script(data: Any) -> str:
    """JSON that cannot close the <script> element it sits in."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_assets() -> tuple[str, str]:
    """(ES module, CSS) of the assignment's front end, read from the package's widget files (no widget class)."""
    static = resources.files("fivehundred_tutor.widgets").joinpath("static")
    esm = "\n".join(static.joinpath(name).read_text(encoding="utf-8") for name in ("cards.js", "assignment.js"))
    css = "\n".join(static.joinpath(name).read_text(encoding="utf-8") for name in ("fht.css", "assignment.css"))
    return esm, css


def page_html(assignment: Assignment, sets: dict[str, list[dict[str, Any]]]) -> str:
    """One self-contained HTML page (no network): enter your id, answer, download the sheet."""
    esm, css = page_assets()
    data = {"mode": "page", "assignment": assignment.public_meta(), "students": sets}
    title = f"{assignment.title} — answer sheet"
    return (
        "<!doctype html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>\n"
        f"<title>{_escape(title)}</title>\n"
        "<link rel='icon' href='data:,'>\n"
        f"<style>\nbody{{margin:0;padding:1rem;font-family:system-ui,sans-serif}}\n"
        "@media (prefers-color-scheme: dark){body{background:#1e1f22;color:#e8e8e8}}\n"
        f"{css}\n</style>\n</head>\n<body>\n<main>\n<h1>{_escape(assignment.title)}</h1>\n"
        "<div id='fht-assignment'><p>Loading…</p></div>\n</main>\n"
        f"<script type='application/json' id='fht-data'>{_json_for_script(data)}</script>\n"
        f"<script type='module'>\n{esm}\n"
        "fhtMountPage(document.getElementById('fht-assignment'), "
        "JSON.parse(document.getElementById('fht-data').textContent));\n"
        "</script>\n</body>\n</html>\n"
    )


def _escape(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def assign(assignment: Assignment, roster: Roster, out: str | Path, *, progress: bool = False) -> dict[str, Any]:
    """Write every student's notebook and question set, and the class page; returns the manifest."""
    folder = Path(out)
    (folder / "students").mkdir(parents=True, exist_ok=True)
    (folder / "page").mkdir(parents=True, exist_ok=True)
    students = list(roster)
    iterator: Any = students
    if progress:
        from tqdm import tqdm

        iterator = tqdm(students, desc="assigning", unit="student", leave=False)
    sets: dict[str, list[dict[str, Any]]] = {}
    files: dict[str, list[str]] = {}
    for student in iterator:
        stem = _file_stem(assignment, student.id)
        home = folder / "students" / student.id
        home.mkdir(parents=True, exist_ok=True)
        the_set = student_set(assignment, student.id)
        sets[student.id] = the_set["items"]
        qfile = home / f"{stem}.questions.json"
        qfile.write_text(set_json(the_set), encoding="utf-8")
        nb = home / f"{stem}.ipynb"
        nb.write_text(
            json.dumps(notebook_json(assignment, student.id, student.name), ensure_ascii=False, indent=1),
            encoding="utf-8",
        )
        files[student.id] = [qfile.relative_to(folder).as_posix(), nb.relative_to(folder).as_posix()]
    page = folder / "page" / f"{assignment.id}.html"
    page.write_text(page_html(assignment, sets), encoding="utf-8")
    manifest = {
        "format": "fivehundred-release/1",
        "assignment": assignment.public_meta(),
        "students": [s.id for s in students],
        "files": files,
        "page": page.relative_to(folder).as_posix(),
    }
    (folder / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8")
    return manifest
