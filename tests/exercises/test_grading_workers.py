"""Grading a class: worker processes give the same report as one process; what the console counts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from fivehundred_tutor.exercises import grade_folder
from tests.support.exercises import (
    all_right,
    roster,
    sheet_for,
    small_assignment,
    write_json,
    wrong_response,
)


def test_worker_processes_grade_exactly_as_one_process(tmp_path: Path) -> None:
    hw = small_assignment()
    ids = [f"s{i:02d}" for i in range(12)]
    for n, sid in enumerate(ids[:-2]):  # the last two hand nothing in
        answers = all_right(hw, sid)
        for k, q in enumerate(hw.questions_for(sid)):
            if (n + k) % 3 == 0:
                answers[q["item"]] = wrong_response(q)
        write_json(tmp_path / f"hw1-{sid}.answers.json", sheet_for(hw, sid, answers))
    write_json(tmp_path / "hw1-s03 (1).answers.json", {"format": "something else"})  # a reported row
    alone = grade_folder(hw, roster(*ids), tmp_path, workers=1)
    shared = grade_folder(hw, roster(*ids), tmp_path, workers=2)
    assert [(s.student, s.status, s.total, s.problems) for s in shared.students] == [
        (s.student, s.status, s.total, s.problems) for s in alone.students
    ]
    assert [[(i.item, i.points, i.correct) for i in s.items] for s in shared.students] == [
        [(i.item, i.points, i.correct) for i in s.items] for s in alone.students
    ]
    totals = {s.student: s.total for s in alone.students}
    assert len(set(totals.values())) > 2 and totals["s11"] == 0  # varied grades: the comparison means something


def test_a_file_that_rejects_a_student_and_matches_no_one_is_counted_once(tmp_path: Path) -> None:
    hw = small_assignment()
    write_json(tmp_path / "ben" / "answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))  # amy's, in ben's folder
    report = grade_folder(hw, roster("amy", "ben"), tmp_path)
    # neither has a graded sheet: ben handed in another's sheet (rejected), amy nothing herself (missing, with a
    # note: issue 27, review C11)
    assert [s.status for s in report.students] == ["missing", "rejected"]
    assert len(report.unmatched) == 1  # the file is listed there too
    assert report.rejected == 1  # ben; the file, on his row, not counted again


SCRIPT = """
from pathlib import Path
from fivehundred_tutor.exercises import grade_folder
from tests.support.exercises import all_right, roster, sheet_for, small_assignment, write_json
hw = small_assignment()
folder = Path({folder!r})
for sid in ("amy", "ben", "cy"):
    write_json(folder / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
report = grade_folder(hw, roster("amy", "ben", "cy"), folder, workers=2)
print(sorted(s.total for s in report.students))
"""


def test_a_script_without_a_main_guard_grades_with_worker_processes(tmp_path: Path) -> None:
    # an instructor's plain script (no `if __name__ == "__main__":`): the workers must not run it again
    script = tmp_path / "grade_my_class.py"
    script.write_text(SCRIPT.format(folder=str(tmp_path / "subs")), encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path
    )
    assert out.returncode == 0, out.stderr[-1500:]
    assert out.stdout.strip() == "[10.0, 10.0, 10.0]" and "RuntimeError" not in out.stderr
