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


def test_the_published_example_secret_cannot_be_used_for_a_class(tmp_path: Path) -> None:
    import shutil
    import subprocess
    import sys

    from fivehundred_tutor.exercises import example_assignment_path

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "fivehundred_tutor", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
        )

    (tmp_path / "roster.csv").write_text("id,name\namy,Amy\n", encoding="utf-8")
    # the example as the instructors' chapter copies it: its published secret beside it — released as it is,
    # the output says its questions are public
    shutil.copy(example_assignment_path(), tmp_path / "example.toml")
    shutil.copy(example_assignment_path().with_suffix(".secret"), tmp_path / "example.secret")
    done = run("assign", "example.toml", "--roster", "roster.csv", "--out", "rel")
    assert done.returncode == 0 and "its secret is published" in done.stdout
    # edited into an assignment of one's own (or the secret file renamed): refused, nothing handed out
    text = (tmp_path / "example.toml").read_text(encoding="utf-8")
    (tmp_path / "hw1.toml").write_text(text.replace("count = 2", "count = 4", 1), encoding="utf-8")
    shutil.copy(tmp_path / "example.secret", tmp_path / "hw1.secret")
    done = run("assign", "hw1.toml", "--roster", "roster.csv", "--out", "rel1")
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "published secret of the package's example" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not list((tmp_path / "rel1").rglob("*.html"))
    (tmp_path / "hw1.secret").unlink()  # what the message says to do
    done = run("assign", "hw1.toml", "--roster", "roster.csv", "--out", "rel1")
    assert done.returncode == 0 and "new secret" in done.stdout
    assert (tmp_path / "hw1.secret").read_text(encoding="utf-8") != (tmp_path / "example.secret").read_text(
        encoding="utf-8"
    )


def test_grade_refuses_to_write_its_reports_among_the_submissions(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from fivehundred_tutor.cli import main as cli_main
    from tests.support.exercises import write_assignment, write_roster

    hw_path = write_assignment(tmp_path)
    roster_path = write_roster(tmp_path, "amy")
    hw = small_assignment()
    write_json(tmp_path / "subs" / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    args = ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(tmp_path / "subs")]
    code = cli_main([*args, "--out", str(tmp_path / "subs" / "."), "--no-histogram"])
    err = capsys.readouterr().err
    assert code != 0 and "among the submissions" in err and "Traceback" not in err
    assert sorted(p.name for p in (tmp_path / "subs").iterdir()) == ["hw1-amy.answers.json"]  # nothing written
    assert cli_main([*args, "--out", str(tmp_path / "subs" / "grades"), "--no-histogram"]) == 0  # its own folder


def test_a_sheet_padded_with_a_huge_number_gets_a_reason_a_person_can_read(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import grade_folder

    hw = small_assignment()
    text = (write_json(tmp_path / "s" / "x.json", sheet_for(hw, "amy", {"1.1": "JD"}))).read_text(encoding="utf-8")
    (tmp_path / "s" / "x.json").unlink()
    (tmp_path / "s" / "hw1-amy.answers.json").write_text(text.replace('"JD"', "9" * 5000), encoding="utf-8")
    amy = grade_folder(hw, Roster([Student("amy")]), tmp_path / "s").by_id()["amy"]
    assert amy.status == "rejected" and any("a number thousands of digits long" in p for p in amy.problems)
