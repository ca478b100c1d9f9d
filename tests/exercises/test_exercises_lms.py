"""The example course (tests/data/course) through nbgrader and otter-grader, for real.

nbgrader: ``generate_assignment`` strips the hidden test (which re-makes the student's
questions on the instructor's side, with the secret) and ``autograde`` gives each student
the points of their answer sheet as partial credit.  otter-grader: ``otter assign`` builds
the autograder (with the assignment and its secret inside) and the student notebook
(without them); ``otter run`` grades a submission locally, no Docker needed.
Both agree with ``fivehundred-tutor grade`` on the same submissions.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from fivehundred_tutor.exercises import load_assignment, make_sheet

pytestmark = pytest.mark.slow

COURSE = Path(__file__).resolve().parents[1] / "data" / "course"
BIN = Path(sys.executable).parent


def _run(cmd: list[str], cwd: Path, ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}  # nbgrader calls alembic
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=900, env=env)
    assert result.returncode in ok, (cmd, result.returncode, result.stdout[-3000:], result.stderr[-3000:])
    return result


def _right(q: dict) -> object:
    return q["answer"]["example"] if q["kind"] == "cards" else q["answer"]


@pytest.fixture
def course(tmp_path: Path) -> Path:
    root = shutil.copytree(COURSE, tmp_path / "course")
    assert not (root / "hw1.secret").exists()
    _run([sys.executable, "-m", "fivehundred_tutor", "assign", "hw1.toml", "--roster", "roster.csv",
          "--out", "handout", "--no-progress"], root)  # fmt: skip
    assert (root / "hw1.secret").is_file()
    return root


def _hand_in(course: Path, notebook: Path, folder: Path, sid: str, upto: int | None, token_of: str) -> Path:
    """What a student hands in: the notebook, their question set and their answer sheet."""
    hw = load_assignment(course / "hw1.toml")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(notebook, folder / notebook.name)
    shutil.copy(course / "handout" / "students" / sid / f"hw1-{sid}.questions.json", folder)
    qs = hw.questions_for(sid)
    answers = {q["item"]: _right(q) for q in qs[:upto]}
    ids = {q["item"]: q["id"] for q in qs}
    sheet = make_sheet(hw.id, hw.fingerprint, sid, answers, ids, token=hw.token_for(token_of))
    path = folder / f"hw1-{sid}.answers.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


# amy answers everything right, ben the two bowers questions (2 of 6 points),
# cy hands in a sheet in his name made from amy's files (her token): 0
CLASS = (("amy", None, "amy", 6.0), ("ben", 2, "ben", 2.0), ("cy", None, "amy", 0.0))


def test_nbgrader_generate_assignment_autograde_and_export(course: Path) -> None:
    pytest.importorskip("nbgrader")
    nbgrader = str(BIN / "nbgrader")
    _run([nbgrader, "generate_assignment", "hw1", "--force"], course)
    released = course / "release" / "hw1" / "hw1.ipynb"
    text = released.read_text(encoding="utf-8")
    secret = (course / "hw1.secret").read_text(encoding="utf-8").splitlines()[-1]
    assert "load_assignment" not in text and "HIDDEN" not in text and secret not in text
    for sid, upto, token_of, _ in CLASS:
        home = course / "submitted" / sid / "hw1"
        _hand_in(course, released, home, sid, upto, token_of)
        (home / "timestamp.txt").write_text("2026-12-01 10:00:00.000000 UTC", encoding="utf-8")
    _run([nbgrader, "autograde", "hw1", "--create"], course)
    _run([nbgrader, "export"], course)
    with (course / "grades.csv").open(encoding="utf-8") as fh:
        scores = {row["student_id"]: float(row["score"]) for row in csv.DictReader(fh)}
    assert scores == {sid: points for sid, _, _, points in CLASS}
    # the same submitted/ tree through fivehundred-tutor grade: same points, nbgrader's files do not flag anyone
    result = _run([sys.executable, "-m", "fivehundred_tutor", "grade", "hw1.toml", "--roster", "roster.csv",
                   "--submissions", "submitted", "--out", "fht-grades", "--no-progress", "--no-histogram"],
                  course, ok=(1,))  # fmt: skip
    # cy handed in a sheet made from amy's files: both facts are the collection's and the token's, so amy's row
    # is flagged for the instructor too (her grade stands; issue 27)
    assert "1 flagged, 1 graded, 1 rejected" in result.stdout
    with (course / "fht-grades" / "gradebook.csv").open(encoding="utf-8") as fh:
        rows = {row["student_id"]: row for row in csv.DictReader(fh)}
    # a student whose every file was rejected gets a blank total (an LMS upload would record a 0 as a grade)
    assert {sid: float(row["total"] or 0) for sid, row in rows.items()} == scores
    assert rows["amy"]["status"] == "flagged" and "found in another student's folder" in rows["amy"]["problems"]
    assert "token is not cy's" in rows["cy"]["problems"]
    assert rows["cy"]["total"] == "" and rows["ben"]["total"] != ""


def test_otter_assign_and_run_locally(course: Path) -> None:
    pytest.importorskip("otter")
    otter = str(BIN / "otter")
    _run([otter, "assign", "hw1-otter.ipynb", "otter-dist"], course)
    dist = course / "otter-dist"
    student_nb = dist / "student" / "hw1-otter.ipynb"
    secret = (course / "hw1.secret").read_text(encoding="utf-8").splitlines()[-1]
    student_files = "\n".join(p.read_text(encoding="utf-8") for p in (dist / "student").rglob("*") if p.is_file())
    assert secret not in student_files and "load_assignment" not in student_files  # hidden tests stay out
    (autograder,) = (dist / "autograder").glob("*.zip")
    with zipfile.ZipFile(autograder) as zf:
        assert any(n.endswith("hw1.secret") for n in zf.namelist())  # the grading side has it
    runs = []
    for sid, upto, token_of, points in CLASS:
        work = course / "otter-subs" / sid
        sheet = _hand_in(course, student_nb, work, sid, upto, token_of)
        submission = work.with_suffix(".zip")  # the notebook, the question set and the answer sheet, zipped
        with zipfile.ZipFile(submission, "w") as zf:
            for path in (work / student_nb.name, work / f"hw1-{sid}.questions.json", sheet):
                zf.write(path, path.name)
        runs.append(([otter, "run", "-a", str(autograder), "-o", str(work), str(submission)], work, sid, points))
    # the three autograder runs are separate processes (each starts a kernel): side by side
    with ThreadPoolExecutor(max_workers=len(runs)) as pool:
        list(pool.map(lambda run: _run(run[0], course), runs))
    for _, work, sid, points in runs:
        results = json.loads((work / "results.json").read_text(encoding="utf-8"))
        got = sum(t["score"] for t in results["tests"] if t.get("score") is not None)
        assert got == pytest.approx(points), (sid, results)
