"""Findings of the last instructor review: feedback Markdown without needless escapes, blanks for a student with
nothing graded, the student's name on their page, clean output when piped, and the maker's example secret."""

from __future__ import annotations

from pathlib import Path

from fivehundred_tutor.exercises import Roster, grade
from fivehundred_tutor.exercises.roster import Student
from tests.support.exercises import all_right, sheet_for, small_assignment, write_json


def test_feedback_markdown_escapes_only_what_markdown_reads_as_markup(tmp_path: Path) -> None:
    hw = small_assignment()
    people = Roster([Student("amy", "Amy <b>Nguyen</b>"), Student("ben")])
    write_json(tmp_path / "subs" / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    grade(hw, people, tmp_path / "subs", tmp_path / "g")
    text = (tmp_path / "g" / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    assert "\\." not in text and "\\(" not in text and "\\!" not in text and "\\#" not in text
    assert "Correct!" in text and "(Amy \\<b\\>Nguyen\\</b\\>)" in text  # names: HTML still escaped
    assert any("(" in line and ")" in line for line in text.splitlines() if not line.startswith("#"))


def test_a_missing_students_feedback_shows_blanks_not_zeros(tmp_path: Path) -> None:
    hw = small_assignment()
    people = Roster([Student("amy"), Student("ben")])
    write_json(tmp_path / "subs" / "hw1-amy.answers.json", sheet_for(hw, "amy", {}))
    grade(hw, people, tmp_path / "subs", tmp_path / "g", feedback="both")
    md = (tmp_path / "g" / "feedback" / "ben" / "hw1.md").read_text(encoding="utf-8")
    html = (tmp_path / "g" / "feedback" / "ben" / "hw1.html").read_text(encoding="utf-8")
    assert "no submission" in md and "0 / " not in md and "– / 2" in md
    assert "0 / " not in html and "– / 2" in html
    # amy handed in an empty sheet: she has a grade, and her zeros are real
    amy = (tmp_path / "g" / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    assert "✘ 0 / 2" in amy


def test_assign_and_grade_print_no_bars_or_timings_when_piped(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.support.exercises import write_assignment, write_roster

    hw_path = write_assignment(tmp_path)
    roster_path = write_roster(tmp_path, "amy", "ben")
    runs = []
    for args in (
        ["assign", str(hw_path), "--roster", str(roster_path), "--out", str(tmp_path / "rel")],
        ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(tmp_path / "rel"),
         "--out", str(tmp_path / "g"), "--no-histogram"],
    ):  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "fivehundred_tutor", *args], capture_output=True, text=True, timeout=600
        )
        runs.append(done)
        text = done.stdout + done.stderr
        assert "Traceback" not in text and "\r" not in text and "it/s" not in text and "%|" not in text, text
        assert "done in" not in text
    assert runs[0].returncode == 0 and "rel/instructor (never hand it out)" in runs[0].stdout
    assert "2 students" in runs[1].stdout
