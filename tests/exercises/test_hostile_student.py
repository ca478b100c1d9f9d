"""Attack 27, a hostile student's breaks: a tokenless sheet in an absent classmate's folder, Canvas's ``LATE_``
without times, an unbounded ``problems`` cell, "flagged" in a student's feedback, lateness that fails open without
naming anyone, misleading messages and a weak secret.  One test per break; each failed before its fix."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import os
import zipfile
from pathlib import Path

import pytest

from fivehundred_tutor.exercises import AssignmentError, Roster, grade, grade_folder, load_assignment, parse_assignment
from fivehundred_tutor.exercises.roster import Student
from fivehundred_tutor.exercises.sheets import SubmissionProblem, parse_submission_bytes, read_zip_members
from tests.support.exercises import (
    MAX_POINTS,
    SECTIONS,
    TEST_SECRET,
    all_right,
    roster,
    sheet_for,
    small_assignment,
    write_assignment,
    write_json,
    write_roster,
)

DUE = dt.datetime(2026, 3, 1, 12, tzinfo=dt.timezone.utc)
STAMP = "2026-02-28 10:00:00.000000 UTC"  # nbgrader's timestamp.txt: on time


def _with_deadline(feedback: str = "immediate") -> object:
    return small_assignment(feedback, deadline={"due": DUE.isoformat(), "penalty_per_day": 10, "max_penalty": 50})


def _lms_cells(out: Path, student: str, title: str = "Homework one") -> tuple[str, str]:
    """(Canvas cell, Moodle cell) of one student's grade."""
    canvas = list(csv.reader((out / "canvas_grades.csv").open(encoding="utf-8")))
    moodle = list(csv.reader((out / "moodle_grades.csv").open(encoding="utf-8")))
    c = next(r[5] for r in canvas if r[3] == student)
    col = moodle[0].index(title)
    m = next(r[col] for r in moodle if r[0] == student)
    return c, m


def _tokenless(hw: object, student: str) -> dict[str, object]:
    """What a classmate can make without the student's files: no token, no question ids, no answers."""
    sheet = sheet_for(hw, student, {})  # type: ignore[arg-type]
    del sheet["token"], sheet["question_ids"]
    return sheet


def _nbgrader(subs: Path, hw: object, ids: list[str]) -> None:
    for sid in ids:
        write_json(subs / "submitted" / sid / "hw1" / f"hw1-{sid}.answers.json", sheet_for(hw, sid, all_right(hw, sid)))  # type: ignore[arg-type]
        (subs / "submitted" / sid / "hw1" / "timestamp.txt").write_text(STAMP, encoding="utf-8")


# ------------------------------------------------------------------ B1. a tokenless sheet gives no LMS grade
@pytest.mark.parametrize(
    "folder",
    ["submitted/ada/hw1", "ada+hw1+2026-03-01 12:00:00.000000 UTC"],
    ids=["nbgrader submitted", "nbgrader exchange"],
)
def test_b1_a_tokenless_sheet_in_an_absent_students_folder_leaves_the_lms_blank(
    tmp_path: Path, folder: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from fivehundred_tutor.cli import main as cli_main

    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    subs = tmp_path / "course"
    # ada is absent; mallory (who can name folders in the exchange) puts an empty tokenless sheet in ada's name
    _nbgrader(subs, hw, ["ben", "mallory"])
    write_json(subs / folder / "hw1-ada.answers.json", _tokenless(hw, "ada"))
    if folder.startswith("submitted"):
        (subs / folder / "timestamp.txt").write_text(STAMP, encoding="utf-8")
    out = tmp_path / "g"
    args = ["grade", str(hw_path), "--roster", str(write_roster(tmp_path, "ada", "ben", "mallory"))]
    code = cli_main([*args, "--submissions", str(subs), "--out", str(out), "--no-progress"])
    err = capsys.readouterr().err
    assert code == 0, err
    # no grade in either LMS file: a blank, as for a real absence, not a 0
    assert _lms_cells(out, "ada") == ("", "")
    assert _lms_cells(out, "ben") == (f"{MAX_POINTS:g}", f"{MAX_POINTS:g}")
    row = next(r for r in csv.DictReader((out / "gradebook.csv").open(encoding="utf-8")) if r["student_id"] == "ada")
    # the row says it needs the instructor's review, why, and what to do
    assert "needs your review" in row["problems"] and "no token" in row["problems"], row["problems"]
    assert "canvas_grades.csv" in row["problems"] and "enter the grade" in row["problems"], row["problems"]
    # and the console's summary names her among its warnings
    warning = next((line for line in err.splitlines() if "warning:" in line and "review" in line), "")
    assert "ada" in warning and "blank" in warning, err
    # what ada reads: no score from a sheet nothing shows she made, no "flagged", no token talk
    feedback = (out / "feedback" / "ada" / "hw1.md").read_text(encoding="utf-8")
    assert "flagged" not in feedback and "token" not in feedback and f"0 / {MAX_POINTS:g}" not in feedback, feedback


def test_b1_a_valid_token_still_wins_and_an_exam_still_rejects_a_tokenless_sheet(tmp_path: Path) -> None:
    hw = small_assignment()
    subs = tmp_path / "subs"
    write_json(subs / "ada" / "a.answers.json", _tokenless(hw, "ada"))
    write_json(subs / "ada" / "b.answers.json", sheet_for(hw, "ada", all_right(hw, "ada")))
    report = grade(hw, roster("ada"), subs, tmp_path / "g")
    ada = report.by_id()["ada"]
    assert ada.total == MAX_POINTS and not any("needs your review" in p for p in ada.problems), ada.problems
    assert _lms_cells(tmp_path / "g", "ada") == (f"{MAX_POINTS:g}", f"{MAX_POINTS:g}")
    exam = small_assignment("none")
    (subs / "ada" / "b.answers.json").unlink()
    ada = grade_folder(exam, roster("ada"), subs).by_id()["ada"]
    assert ada.status == "rejected" and not ada.has_grade


# ------------------------------------------------------------------ B2. Canvas's LATE_ without a time
def _canvas(tmp_path: Path, hw: object) -> tuple[Path, list[Student]]:
    """Canvas's bulk download: ada on time, chloe (a 2-day extension) and mallory marked ``LATE_``; no times."""
    people = [
        Student("ada", "Ada", lms_id="101"),
        Student("chloe", "Chloe", lms_id="103", extension_days=2),
        Student("mallory", "Mallory", lms_id="106"),
    ]
    subs = tmp_path / "download"
    for name in ("lovelaceada_101_5001", "nunezchloe_LATE_103_5003", "malloryevil_LATE_106_5006"):
        sid = next(s.id for s in people if s.lms_id == name.split("_")[-2])
        write_json(subs / f"{name}_hw1-{sid}.answers.json", sheet_for(hw, sid, all_right(hw, sid)))  # type: ignore[arg-type]
    return subs, people


def test_b2_canvas_late_without_a_time_is_an_estimate_named_on_the_console(tmp_path: Path) -> None:
    hw = _with_deadline()
    subs, people = _canvas(tmp_path, hw)
    report = grade_folder(hw, Roster(people, "canvas"), subs)
    by = report.by_id()
    # the least Canvas's mark shows: a day for mallory; nothing for chloe, whose extension Canvas may not know
    assert by["mallory"].days_late == 1 and by["chloe"].days_late == 0 and by["ada"].days_late == 0
    warning = next((w for w in report.warnings if "estimate" in w), "")
    assert "mallory" in warning and "chloe" in warning and "ada" not in warning, report.warnings
    assert "submitted_at" in warning, warning  # how to give the exact times
    # with the collection time, everyone marked late is no longer charged up to it (30 days, 50% off) …
    report = grade_folder(hw, Roster(people, "canvas"), subs, collected_at=DUE + dt.timedelta(days=30))
    by = report.by_id()
    assert by["mallory"].days_late == 1 and by["chloe"].days_late == 0, (by["mallory"].problems, by["chloe"].problems)
    warning = next((w for w in report.warnings if "estimate" in w), "")
    assert "mallory" in warning and "30" in warning, warning  # the most it could be, by the collection time
    # … and the real submission time, when the roster has one, gives the exact days without a warning
    exact = [
        people[0],
        Student("chloe", "Chloe", lms_id="103", extension_days=2, submitted=(DUE + dt.timedelta(days=1)).isoformat()),
        Student("mallory", "Mallory", lms_id="106", submitted=(DUE + dt.timedelta(days=2, hours=1)).isoformat()),
    ]
    report = grade_folder(hw, Roster(exact, "canvas"), subs, collected_at=DUE + dt.timedelta(days=30))
    by = report.by_id()
    assert by["mallory"].days_late == 3 and by["chloe"].days_late == 0
    assert not any("estimate" in w for w in report.warnings), report.warnings


# ------------------------------------------------------------------ B3. the problems cell has a cap
def test_b3_junk_zips_do_not_make_the_gradebook_unreadable(tmp_path: Path) -> None:
    hw = small_assignment()
    subs = tmp_path / "subs"
    write_json(subs / "ada" / "hw1-ada.answers.json", sheet_for(hw, "ada", all_right(hw, "ada")))
    (subs / "mallory").mkdir(parents=True)
    junk = json.dumps({"format": "fivehundred-answers/1", "assignment": "hw1"}).encode()
    for z in range(12):
        with zipfile.ZipFile(subs / "mallory" / f"z{z:02}.zip", "w") as archive:
            for n in range(100):
                archive.writestr(f"{'x' * 60}{n:03}.answers.json", junk)
    write_json(subs / "mallory" / "hw1-mallory.answers.json", sheet_for(hw, "mallory", all_right(hw, "mallory")))
    out = tmp_path / "g"
    grade(hw, roster("ada", "mallory"), subs, out)
    text = (out / "gradebook.csv").read_text(encoding="utf-8")
    rows = {r["student_id"]: r for r in csv.DictReader(io.StringIO(text))}  # the default field limit: 131,072
    cell = rows["mallory"]["problems"]
    assert len(cell) < 32_767 // 2, len(cell)  # far inside Excel's limit for a cell
    assert "more" in cell and "problems.csv" in cell, cell[-300:]
    every = [r for r in csv.DictReader((out / "problems.csv").open(encoding="utf-8")) if r["student_id"] == "mallory"]
    assert len(every) >= 1200, len(every)  # the whole list, one problem a row
    assert rows["ada"]["problems"] == ""


# ------------------------------------------------------------------ M1. "flagged" stays out of the feedback
def test_m1_flagged_never_reaches_a_students_feedback(tmp_path: Path) -> None:
    hw = small_assignment()
    subs = tmp_path / "subs"
    # ada handed in; mallory forges an exchange folder in ada's name holding a sheet with her own token
    write_json(subs / f"ada+hw1+{STAMP}" / "hw1-ada.answers.json", sheet_for(hw, "ada", all_right(hw, "ada")))
    forged = sheet_for(hw, "mallory", all_right(hw, "mallory"))
    write_json(subs / "ada+hw1+2026-03-01 12:00:00.000000 UTC" / "hw1-ada.answers.json", forged)
    write_json(subs / f"mallory+hw1+{STAMP}" / "hw1-mallory.answers.json", forged)
    report = grade(hw, roster("ada", "mallory"), subs, tmp_path / "g", feedback="both")
    ada = report.by_id()["ada"]
    assert ada.status == "flagged" and ada.total == MAX_POINTS  # the instructor's files still say so
    for sid in ("ada", "mallory"):
        for page in (tmp_path / "g" / "feedback" / sid).iterdir():
            assert "flagged" not in page.read_text(encoding="utf-8"), (sid, page.name)


# ------------------------------------------------------------------ M2. lateness not judged names who
@pytest.mark.parametrize("stamp", ["missing", "garbled", "two lines", "symlink", "fifo"])
def test_m2_a_broken_timestamp_txt_is_named_in_the_warning(tmp_path: Path, stamp: str) -> None:
    hw = _with_deadline()
    subs = tmp_path / "course"
    _nbgrader(subs, hw, ["ada", "ben", "mallory"])
    ts = subs / "submitted" / "mallory" / "hw1" / "timestamp.txt"
    ts.unlink()
    if stamp == "garbled":
        ts.write_text("yesterday, honest", encoding="utf-8")
    elif stamp == "two lines":
        ts.write_text(f"{STAMP}\n2026-03-09 10:00:00.000000 UTC\n", encoding="utf-8")
    elif stamp == "symlink":
        (tmp_path / "early.txt").write_text(STAMP, encoding="utf-8")
        ts.symlink_to(tmp_path / "early.txt")
    elif stamp == "fifo":
        os.mkfifo(ts)
    report = grade_folder(hw, roster("ada", "ben", "mallory"), subs)
    warning = next((w for w in report.warnings if "lateness not judged" in w), "")
    assert "mallory" in warning and "ada" not in warning and "ben" not in warning, report.warnings
    assert "timestamp.txt" in warning and "--collected-at" in warning, warning


# ------------------------------------------------------------------ M3. messages say what is wrong
def test_m3_a_file_that_is_not_json_is_not_called_truncated() -> None:
    with pytest.raises(SubmissionProblem) as caught:
        parse_submission_bytes(b"# The secret of assignment 'hw1'\n1b96a3b9\n", "hw1-mallory.answers.json")
    assert "truncated" not in str(caught.value) and "not JSON" in str(caught.value), caught.value
    assert "1b96a3b9" not in str(caught.value)  # its content is never echoed
    with pytest.raises(SubmissionProblem, match="truncated"):
        parse_submission_bytes(b'{"format": "fivehundred-answers', "cy.answers.json")


def test_m3_an_exchange_named_folder_inside_a_zip_is_not_said_to_point_outside_it(tmp_path: Path) -> None:
    hw = small_assignment()
    path = tmp_path / "malloryevil_LATE_106_5006_sub.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"ada+hw1+{STAMP}/hw1-ada.answers.json", json.dumps(sheet_for(hw, "ada", {})))
        archive.writestr("../ada/hw1-ada.answers.json", "{}")
        archive.writestr("C:/x/hw1-ada.answers.json", "{}")
    said = {name: content for name, content in read_zip_members(path)}
    assert isinstance(said[f"ada+hw1+{STAMP}/hw1-ada.answers.json"], bytes), said  # read like any other member
    assert said["../ada/hw1-ada.answers.json"] == "a name pointing outside the zip: not read"
    assert said["C:/x/hw1-ada.answers.json"] == "a name pointing outside the zip: not read"


# ------------------------------------------------------------------ M4. a weak secret is refused
@pytest.mark.parametrize("secret", ["0" * 64, "ab" * 32, "0001" * 16], ids=["zeros", "one byte", "two bytes"])
def test_m4_a_secret_that_is_not_random_is_refused(
    tmp_path: Path, secret: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from fivehundred_tutor.cli import main as cli_main

    hw_path = write_assignment(tmp_path)
    (tmp_path / "hw1.secret").write_text(secret + "\n", encoding="utf-8")
    with pytest.raises(AssignmentError, match="not random"):
        load_assignment(hw_path)
    with pytest.raises(AssignmentError, match="not random"):
        parse_assignment({"id": "hw1", "title": "H", "seed": 1, "sections": SECTIONS}, secret=bytes.fromhex(secret))
    (tmp_path / "subs").mkdir()
    args = [
        "grade",
        str(hw_path),
        "--roster",
        str(write_roster(tmp_path, "ada")),
        "--submissions",
        str(tmp_path / "subs"),
    ]
    assert cli_main([*args, "--out", str(tmp_path / "g"), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "not random" in err and "assign" in err and len(err.strip().splitlines()) == 1, err
    # a real secret (the tests' own, 32 different bytes) is fine
    assert load_assignment(hw_path, secret=TEST_SECRET).secret == TEST_SECRET
