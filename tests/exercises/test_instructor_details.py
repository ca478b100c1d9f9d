"""Issue 27, the instructor's details: overrides said twice, names in a notebook, student files on sys.path, a
long title, Moodle's import column, the secret and git.  One test per defect; each failed before its fix."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from fivehundred_tutor.exercises import (
    grade,
    load_assignment,
    notebook_json,
    parse_roster,
    write_reports,
)
from tests.support.exercises import (
    all_right,
    sheet_for,
    small_assignment,
    write_assignment,
    write_json,
    write_roster,
)

ROOT = Path(__file__).resolve().parents[2]


def test_an_override_said_twice_is_warned_with_the_change_from_the_original(tmp_path: Path) -> None:
    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    subs = tmp_path / "subs"
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    overrides = tmp_path / "o.csv"
    overrides.write_text("student,item,points,comment\namy,1.1,0.5,half\namy,1.1,0,none after all\n", encoding="utf-8")
    report = grade(hw, parse_roster("id\namy\n"), subs, tmp_path / "g", overrides=overrides)
    assert any("line 3" in w and "line 2" in w and "amy 1.1" in w for w in report.warnings), report.warnings
    assert [row[:4] for row in report.overrides_applied] == [("amy", "1.1", "1", "0")]  # from the original score
    amy = report.by_id()["amy"]
    assert sum("regraded 1.1" in p for p in amy.problems) == 1 and amy.total == hw.max_points - 1


def test_roster_names_are_escaped_in_the_notebooks_markdown() -> None:
    hw = small_assignment()
    nb = notebook_json(hw, "amy_b", name="*Amy* <img src=x onerror=alert(1)> [link](http://x)")
    intro = nb["cells"][0]["source"]
    assert not re.search(r"(?<!\\)<img", intro) and "\\<img" in intro and "\\*Amy\\*" in intro and "\\[link\\]" in intro
    assert "amy\\_b" in intro


SHADOW = "import pathlib; pathlib.Path({marker!r}).write_text('ran')\n"


def test_grade_run_inside_the_submissions_folder_imports_no_student_file(tmp_path: Path) -> None:
    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy")
    subs = tmp_path / "subs"
    write_json(subs / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    markers = []
    for module in ("csv", "hmac", "random", "zipfile", "matplotlib", "tqdm"):
        marker = tmp_path / f"{module}.ran"
        (subs / f"{module}.py").write_text(SHADOW.format(marker=str(marker)), encoding="utf-8")
        markers.append(marker)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "fivehundred_tutor", "grade", str(hw_path), "--roster", str(roster_path),
         "--submissions", ".", "--out", str(tmp_path / "g"), "--no-progress"],
        cwd=subs, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert not [m.name for m in markers if m.exists()], out.stderr[-2000:]
    assert (tmp_path / "g" / "gradebook.csv").is_file(), out.stderr[-2000:]


def test_a_long_title_is_not_clipped_in_the_histogram(tmp_path: Path) -> None:
    import matplotlib.image

    hw = small_assignment()
    long_title = "Week 11 revision: bowers, bidding, the kitty, misère, scoring and the whole hand (practice)"
    hw = dataclasses.replace(hw, title=long_title)
    subs = tmp_path / "subs"
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    report = grade(hw, parse_roster("id\namy\n"), subs, tmp_path / "g")
    write_reports(report, tmp_path / "g")
    pixels = matplotlib.image.imread(tmp_path / "g" / "histogram.png")
    top = pixels[: pixels.shape[0] // 5]
    edges = [top[:, :3], top[:, -3:]]
    assert all(float(edge[..., :3].min()) > 0.95 for edge in edges), "the title runs off the image"


MOODLE = (
    "First name,Last name,ID number,Institution,Department,Email address\n"
    "Amy,Ng,S001,Uni,Maths,amy@uni.example\nBen,Ode,S002,Uni,Maths,ben@uni.example\n"
)


def test_moodle_import_column_is_named_after_the_field_the_ids_came_from(tmp_path: Path) -> None:
    hw = small_assignment()
    people = parse_roster(MOODLE)
    subs = tmp_path / "subs"
    write_json(subs / "S001" / "hw1.answers.json", sheet_for(hw, "S001", all_right(hw, "S001")))
    grade(hw, people, subs, tmp_path / "g")
    header = next(csv.reader((tmp_path / "g" / "moodle_grades.csv").open(encoding="utf-8")))
    assert header[0] == "ID number" and "Username" not in header
    by_email = parse_roster(MOODLE.replace(",S001,", ",,").replace(",S002,", ",,"))
    subs2 = tmp_path / "subs2"
    write_json(subs2 / "amy@uni.example" / "a.json", sheet_for(hw, "amy@uni.example", {}))
    grade(hw, by_email, subs2, tmp_path / "g2")
    header = next(csv.reader((tmp_path / "g2" / "moodle_grades.csv").open(encoding="utf-8")))
    assert header[0] == "Email address" and header.count("Email address") == 1


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_the_secret_gets_a_gitignore_and_a_warning_when_git_tracks_it(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from fivehundred_tutor.cli import main as cli_main

    course = tmp_path / "course"
    course.mkdir()
    hw_path = write_assignment(course, secret=False)
    roster_path = write_roster(course, "amy")
    assert (
        cli_main(["assign", str(hw_path), "--roster", str(roster_path), "--out", str(course / "out"), "--no-progress"])
        == 0
    )
    out = capsys.readouterr().out
    ignore = (course / ".gitignore").read_text(encoding="utf-8")
    assert "*.secret" in ignore and ".gitignore" in out
    # a course folder in git that tracks the secret (added before the ignore file, or forced)
    _git(course, "init", "-q")
    _git(course, "add", "-f", "hw1.secret")
    assert (
        cli_main(["assign", str(hw_path), "--roster", str(roster_path), "--out", str(course / "out"), "--no-progress"])
        == 0
    )
    err = capsys.readouterr()
    assert "git tracks" in err.out + err.err and "git rm --cached" in err.out + err.err


def test_pool_sizes_are_reported_at_assign_with_a_warning(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from fivehundred_tutor.cli import main as cli_main

    sections = [{"title": "Values", "topic": "bid-values", "count": 10, "difficulty": 1, "points": 1}]
    hw_path = write_assignment(tmp_path, sections=sections)
    roster_path = write_roster(tmp_path, "amy")
    assert (
        cli_main(
            ["assign", str(hw_path), "--roster", str(roster_path), "--out", str(tmp_path / "out"), "--no-progress"]
        )
        == 0
    )
    out = capsys.readouterr()
    text = out.out + out.err
    assert "bid-values" in text and "8 different questions" in text and "repeat" in text
    manifest = json.loads((tmp_path / "out" / "instructor" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pools"][0]["distinct"] == 8


def test_the_instructors_chapter_says_an_unsupervised_exam_is_open_engine_and_how_to_proctor_one() -> None:
    """Honest exam docs (issue 27): the package answers its own questions, so the chapter says what that means
    and each step of a supervised exam the issue asks for."""
    text = (ROOT / "book" / "chapters" / "14-instructors.md").read_text(encoding="utf-8")
    exams = " ".join(text.split("### Exams, honestly", 1)[1].split("```", 1)[0].split())
    assert "*open-engine* exam" in exams and "unsupervised" in exams
    for step in ('`feedback = "none"`', "secret", "page", "offline", "no engine", "JupyterHub", "`environment.yml`"):
        assert step in exams, step
    assert "time window" in exams and "`--collected-at`" in exams and "no network" in exams
