"""``assign``: each student's own material, made from the assignment file, its secret and the roster.

Output folder::

    OUT/
      students/<student>/<id>-<student>.html             that student's own page (no network): their
                                                          questions only, answer, download the sheet
      students/<student>/<id>-<student>.ipynb            notebook with the assignment widget
      students/<student>/<id>-<student>.questions.json   that student's question set
      instructor/manifest.json                           the roster and files (never hand this out)
      instructor/<id>.secret                             only when the assignment has no file to sit beside

Hand each student the folder ``students/<student>/`` (or its page): nothing in it
names another student or holds another student's questions.  Each set carries the
student's **token** (an HMAC of the secret over their id); the sheet they hand in
repeats it and ``grade`` refuses a sheet whose token is not the claimed student's.

The secret: the first ``assign`` of an assignment file ``hw1.toml`` makes
``hw1.secret`` beside it (``secrets.token_bytes``); later runs reuse it, so a
re-release gives every student the same questions.  Accepted answers and
explanations ride along only with ``feedback = "immediate"``; with
``after-submit`` and ``none`` no answer is in any student file (they come back
with the feedback ``grade`` writes, in per-student folders).
"""

from __future__ import annotations

import hmac
import json
from importlib import resources
from pathlib import Path
from typing import Any

from .assignment import (
    SECRET_SUFFIX,
    Assignment,
    AssignmentError,
    create_secret,
    load_assignment,
    read_secret,
    secret_path,
)
from .playsection import PLAY_TOPIC
from .pools import pool_report, pool_warnings
from .roster import Roster
from .secret_guard import offer_gitignore
from .sheets import student_item
from .text import md_escape

__all__ = [
    "SET_FORMAT",
    "assign",
    "ensure_secret",
    "notebook_json",
    "page_assets",
    "page_html",
    "refuse_published_secret",
    "set_json",
    "student_page_html",
    "student_set",
]

SET_FORMAT = "fivehundred-student-set/1"


def ensure_secret(assignment: Assignment, out: str | Path | None = None) -> bool:
    """Give ``assignment`` its secret: the one already loaded, the file beside the assignment, or a new one.

    Returns True when a new secret was made (its file is ``assignment.secret_file``).
    A new secret goes beside the assignment file, or (for an assignment with no file)
    into ``OUT/instructor/``.
    """
    if assignment.secret is not None:
        return False
    if assignment.source and Path(assignment.source).is_file():
        path = secret_path(assignment.source)
    elif out is not None:
        path = Path(out) / "instructor" / f"{assignment.id}{SECRET_SUFFIX}"
        path.parent.mkdir(parents=True, exist_ok=True)
    else:
        assignment.require_secret()
        return False  # pragma: no cover - require_secret raised
    if path.exists():
        assignment.adopt_secret(read_secret(path), path)
        return False
    assignment.adopt_secret(create_secret(path, assignment.id), path)
    return True


def _example_files() -> tuple[bytes, str]:
    """(the shipped example's secret, the example's fingerprint): both are published with the package."""
    here = Path(str(resources.files("fivehundred_tutor") / "data" / "assignments" / "example.toml"))
    example = load_assignment(here)
    return example.require_secret(), example.fingerprint


def refuse_published_secret(assignment: Assignment) -> bool:
    """Stop a class from being given questions anyone can re-make.

    The shipped example's secret is public (it is in the package).  An assignment of one's own that carries it
    — the example copied with its ``.secret`` into a course folder and edited, or the secret file renamed — is
    refused with what to do; the unchanged example itself may be released with ``immediate`` feedback (returns
    True: say it is public), never as an exam or with answers held back (``none``, ``after-submit``).
    """
    if assignment.secret is None:
        return False
    public, example_fingerprint = _example_files()
    if not hmac.compare_digest(assignment.secret, public):
        return False
    if assignment.fingerprint == example_fingerprint and assignment.feedback == "immediate":
        return True  # the example as shipped: its answers are in every student's files anyway
    if assignment.fingerprint == example_fingerprint:
        raise AssignmentError(
            f"{assignment.secret_file or assignment.secret_hint()}: this is the published secret of the package's "
            f"example, and with feedback = {assignment.feedback!r} its answers are meant to stay hidden — but "
            "anyone with the package can re-make these questions and their answers. Delete that secret file and "
            "run 'assign' again: a fresh secret is made (and new questions)"
        )
    where = assignment.secret_file or assignment.secret_hint()
    raise AssignmentError(
        f"{where}: this is the published secret of the package's example, so anyone could re-make these "
        f"questions and their answers; delete that file and run 'assign' again: a fresh secret is made"
    )


def student_set(assignment: Assignment, student: str) -> dict[str, Any]:
    """The question set a student receives (answers only with immediate feedback), with their token."""
    items = [student_item(q, assignment.feedback) for q in assignment.questions_for(student)]
    for item in items:
        for key in ("rules", "format"):
            item["question"].pop(key, None)  # the assignment carries the rules once
    meta = {**assignment.public_meta(), "token": assignment.token_for(student)}
    return {"format": SET_FORMAT, "assignment": meta, "student": student, "items": items}


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
        "after-submit": "Your results and the explanations come back with your feedback once the work is graded.",
        "none": "This is an exam: there is no feedback here; your teacher grades your answers.",
    }[assignment.feedback]
    rules = "\n".join(f"- **{k}**: {v}" for k, v in assignment.rules.describe())
    # a roster's names (and an instructor's titles) are text, never Markdown or HTML in the student's notebook
    intro = (
        f"# {md_escape(assignment.title)}\n\n"
        f"Student: **{md_escape(student)}**{' (' + md_escape(name) + ')' if name else ''} · "
        f"{assignment.question_count} questions, "
        f"{assignment.max_points:g} points.\n\n"
        # never "pip install fivehundred-tutor": the name is not on PyPI, and anyone could register it
        "This notebook needs the `fivehundred-tutor` package: if the first cell says "
        "*No module named 'fivehundred_tutor'*, ask your teacher which environment to use or how to install "
        "it. It is not on PyPI: do not install a package of that name from there.\n\n"
        "Run the cells below (menu *Run → Run All Cells*), then answer in the widget. "
        f"{feedback_words}\n\n"
        f"{_when_and_where(assignment)}"
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
            *_play_cells(assignment, md, code),
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


def _play_cells(assignment: Assignment, md: Any, code: Any) -> list[dict[str, Any]]:
    """The play table, when the assignment has a play section (exercises.playsection)."""
    deals = sum(s.count for s in assignment.sections if s.topic == PLAY_TOPIC)
    if not deals:
        return []
    intro = (
        f"## Your deals\n\nBid and play your {deals} deal{'s' if deals != 1 else ''} at this table, one after the "
        "other, against the stronger bots. Your calls and cards go into your answer sheet as you play; each deal "
        "is played once. Grading checks each card you chose against perfect play and compares your deal with the "
        "stronger bot's play of the same cards from your seat."
    )
    return [
        {**md(intro), "id": "play-intro"},
        {**code("from fivehundred_tutor.widgets import PlayTest\n\nPlayTest.for_assignment(hw)"), "id": "play"},
    ]


def _when_and_where(assignment: Assignment) -> str:
    """Due date, late penalty and where to hand in, as the student's page says them (a Markdown paragraph)."""
    meta = assignment.public_meta()
    words = [meta[k] for k in ("due_words", "late_words") if k in meta]
    if assignment.hand_in:
        words.append(f"Hand in through {md_escape(assignment.hand_in)}.")
    return (" ".join(words) + "\n\n") if words else ""


def _json_for_script(data: Any) -> str:
    """JSON that cannot close the <script> element it sits in."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_assets() -> tuple[str, str]:
    """(module script, CSS) of the class page: the built bundles ``assignment-page.js`` and ``assignment.css``.

    Read from the package's widget bundles (no widget class); the script mounts the set itself.
    """
    static = resources.files("fivehundred_tutor.widgets").joinpath("static")
    try:
        esm = static.joinpath("assignment-page.js").read_text(encoding="utf-8")
        css = static.joinpath("assignment.css").read_text(encoding="utf-8")
    except FileNotFoundError as err:
        raise FileNotFoundError(
            f"{err.filename}: the widget bundles are not built; run `python -m fivehundred_tutor.bookbuild.bundles`"
        ) from None
    return esm, css


def page_html(
    assignment: Assignment, sets: dict[str, list[dict[str, Any]]], token: str = "", names: dict[str, str] | None = None
) -> str:
    """A self-contained HTML page (no network): answer, download the sheet.

    ``assign`` writes one page per student, each with that student's set, token and name (from the roster) only.
    """
    esm, css = page_assets()
    meta = assignment.public_meta()
    if token:
        meta["token"] = token
    data: dict[str, Any] = {"mode": "page", "assignment": meta, "students": sets}
    if names:
        data["names"] = {k: v for k, v in names.items() if k in sets and v}
    title = f"{assignment.title} — answer sheet"
    return (
        "<!doctype html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>\n"
        "<meta name='robots' content='noindex'>\n"
        f"<title>{_escape(title)}</title>\n"
        "<link rel='icon' href='data:,'>\n"
        f"<style>\nbody{{margin:0;padding:1rem;font-family:system-ui,sans-serif}}\n"
        "@media (prefers-color-scheme: dark){body{background:#1e1f22;color:#e8e8e8}}\n"
        f"{css}\n</style>\n</head>\n<body>\n<main>\n<h1>{_escape(assignment.title)}</h1>\n"
        "<div id='fht-assignment'><p>Loading…</p></div>\n</main>\n"
        f"<script type='application/json' id='fht-data'>{_json_for_script(data)}</script>\n"
        f"<script type='module'>\n{esm}\n</script>\n</body>\n</html>\n"
    )


def student_page_html(assignment: Assignment, the_set: dict[str, Any], name: str = "") -> str:
    """One student's own page: their questions, token and name, nobody else's."""
    sid = the_set["student"]
    return page_html(assignment, {sid: the_set["items"]}, token=the_set["assignment"]["token"], names={sid: name})


def _escape(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def _prepare(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise AssignmentError(f"{folder}: --out names a file, not a folder; give a folder for the release")
    for sub in ("students", "instructor"):
        if (folder / sub).exists() and not (folder / sub).is_dir():
            raise AssignmentError(f"{folder / sub}: a file is in the way of the {sub} folder; move it")
    try:
        (folder / "students").mkdir(parents=True, exist_ok=True)
        (folder / "instructor").mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise AssignmentError(f"{folder}: cannot make the release folder ({err.strerror})") from None


def assign(assignment: Assignment, roster: Roster, out: str | Path, *, progress: bool = False) -> dict[str, Any]:
    """Write every student's own page, notebook and question set; returns the (instructor-only) manifest.

    Makes the assignment's secret at the first run (see :func:`ensure_secret`).
    """
    folder = Path(out)
    _prepare(folder)
    made = ensure_secret(assignment, folder)
    public = refuse_published_secret(assignment)
    ignore = offer_gitignore(Path(assignment.secret_file)) if made and assignment.secret_file else None
    students = list(roster)
    iterator: Any = students
    if progress:
        from tqdm import tqdm

        iterator = tqdm(students, desc="assigning", unit="student", leave=False)
    files: dict[str, list[str]] = {}
    for student in iterator:
        stem = _file_stem(assignment, student.id)
        home = folder / "students" / student.id
        home.mkdir(parents=True, exist_ok=True)
        the_set = student_set(assignment, student.id)
        qfile = home / f"{stem}.questions.json"
        qfile.write_text(set_json(the_set), encoding="utf-8")
        nb = home / f"{stem}.ipynb"
        nb.write_text(
            json.dumps(notebook_json(assignment, student.id, student.name), ensure_ascii=False, indent=1),
            encoding="utf-8",
        )
        page = home / f"{stem}.html"
        page.write_text(student_page_html(assignment, the_set, student.name), encoding="utf-8")
        files[student.id] = [p.relative_to(folder).as_posix() for p in (qfile, nb, page)]
    pools = pool_report(assignment)
    stale_class_page = folder / "page" / f"{assignment.id}.html"
    if stale_class_page.is_file():
        stale_class_page.unlink()  # an older release's page that held every student's set
    manifest = {
        "format": "fivehundred-release/2",
        "assignment": assignment.public_meta(),
        "secret_file": assignment.secret_file or assignment.secret_hint(),
        "secret_made_now": made,
        "gitignore_written": str(ignore) if ignore else "",
        "secret_is_public": public,
        "students": [s.id for s in students],
        "files": files,
        "pools": pools,
        "pool_warnings": pool_warnings(assignment, pools, len(students)),
    }
    (folder / "instructor" / "manifest.json").write_text(
        json.dumps(manifest, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    return manifest
