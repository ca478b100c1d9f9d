"""Issue 27, the trust line: whose sheet it is and when it came in are decided by the collection (its folders,
the LMS's names and times, nbgrader's exchange) and by the token in the student's own files, never by what a
student writes.  One test per defect; each failed before its fix."""

from __future__ import annotations

import csv
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fivehundred_tutor.exercises import (
    AssignmentError,
    Roster,
    assign,
    example_assignment_path,
    grade,
    grade_folder,
    load_assignment,
)
from fivehundred_tutor.exercises.roster import Student
from tests.support.exercises import (
    MAX_POINTS,
    all_right,
    roster,
    sheet_for,
    small_assignment,
    write_assignment,
    write_json,
    write_roster,
)

DUE = dt.datetime(2026, 3, 1, 12, tzinfo=dt.timezone.utc)
ROOT = Path(__file__).resolve().parents[2]


def _touch(path: Path, when: dt.datetime) -> Path:
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def _with_deadline(feedback: str = "immediate") -> object:
    return small_assignment(feedback, deadline={"due": DUE.isoformat(), "penalty_per_day": 10})


def _texts(folder: Path, student: str) -> str:
    """Everything a student reads: their feedback files and their Moodle feedback cell."""
    parts = [p.read_text(encoding="utf-8") for p in (folder / "feedback" / student).iterdir()]
    with (folder / "moodle_grades.csv").open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    parts += [row[-1] for row in rows[1:] if row[0] == student]
    return "\n".join(parts)


# ------------------------------------------------------------------ 1. a copied sheet
@pytest.mark.parametrize(
    "folder",
    ["mallory", "submitted/mallory/hw1", "mallory+hw1+2026-03-01 10:00:00.000000 UTC"],
    ids=["plain folder", "nbgrader submitted", "nbgrader inbound"],
)
def test_a_sheet_copied_into_another_students_folder_is_caught(tmp_path: Path, folder: str) -> None:
    hw = small_assignment()
    people = roster("mallory", "bob")
    subs = tmp_path / "subs"
    # the path names both students; the collection's folder says whose hand-in it is: mallory's
    write_json(subs / folder / "hw1-bob.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    report = grade_folder(hw, people, subs)
    mallory, bob = report.by_id()["mallory"], report.by_id()["bob"]
    assert not mallory.has_grade and any("another student's answer sheet" in p for p in mallory.problems)
    assert not bob.has_grade  # bob handed nothing in himself
    assert any("found in" in p for p in bob.problems)  # his token: his files reached mallory's folder


def test_moodle_entries_of_two_students_with_one_name_do_not_let_a_copy_through(tmp_path: Path) -> None:
    hw = small_assignment()
    people = Roster([Student("sam1", "Sam Lee"), Student("sam2", "Sam Lee"), Student("bob", "Bob Hale")], "moodle")
    subs = tmp_path / "download"
    # one of the two Sams hands in bob's sheet: it is no Sam's, and not bob's hand-in either
    write_json(
        subs / "Sam Lee_77_assignsubmission_file_" / "hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob"))
    )
    # the other Sam hands in his own sheet: his token says which Sam he is
    write_json(
        subs / "Sam Lee_78_assignsubmission_file_" / "hw1.answers.json", sheet_for(hw, "sam2", all_right(hw, "sam2"))
    )
    report = grade_folder(hw, people, subs)
    by = report.by_id()
    assert not by["bob"].has_grade and by["sam2"].total == MAX_POINTS and not by["sam1"].has_grade
    assert any("Sam Lee_77" in f for f, _ in report.unmatched)


# ------------------------------------------------------------------ 2. a forged sheet
def test_a_sheet_without_a_valid_token_never_displaces_the_genuine_one(tmp_path: Path) -> None:
    hw = small_assignment()
    people = roster("mallory", "bob", "cy")
    subs = tmp_path / "subs"
    genuine = write_json(subs / "hw1-bob.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    _touch(genuine, DUE)
    # collected later: a tokenless sheet and one made with mallory's token, both claiming bob, both empty
    _touch(
        write_json(subs / "hw1-bob (1).answers.json", sheet_for(hw, "bob", {}, token="")), DUE + dt.timedelta(hours=1)
    )
    forged = sheet_for(hw, "bob", {}, token=hw.token_for("mallory"))
    _touch(write_json(subs / "hw1-bob (2).answers.json", forged), DUE + dt.timedelta(hours=2))
    # and cy, who handed nothing in, gets a forged sheet too
    write_json(subs / "hw1-cy.answers.json", sheet_for(hw, "cy", all_right(hw, "cy"), token=""))
    report = grade(hw, people, subs, tmp_path / "g")
    by = report.by_id()
    assert by["bob"].status == "graded" and by["bob"].total == MAX_POINTS, by["bob"].problems
    assert by["cy"].status == "missing" and not by["cy"].has_grade, by["cy"].problems
    canvas = {r[3]: r[5] for r in csv.reader((tmp_path / "g" / "canvas_grades.csv").open(encoding="utf-8"))}
    assert canvas["bob"] == f"{MAX_POINTS:g}" and canvas["cy"] == ""
    reasons = dict(report.unmatched)
    assert "no token" in reasons["hw1-cy.answers.json"] and "token is not bob's" in reasons["hw1-bob (2).answers.json"]
    assert by["mallory"].problems and any("your files" in p for p in by["mallory"].problems)  # her token: a fact


def test_in_an_exam_a_tokenless_sheet_is_rejected(tmp_path: Path) -> None:
    hw = small_assignment("none")
    subs = tmp_path / "subs"
    write_json(subs / "bob" / "hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob"), token=""))
    bob = grade_folder(hw, roster("bob"), subs).by_id()["bob"]
    assert bob.status == "rejected" and not bob.has_grade and any("no token" in p for p in bob.problems)
    homework = small_assignment()  # homework: accepted from the student's own folder, and flagged
    bob = grade_folder(homework, roster("bob"), subs).by_id()["bob"]
    assert bob.status == "flagged" and bob.total == MAX_POINTS


# ------------------------------------------------------------------ 3. a claim accuses no one
@pytest.mark.parametrize("token_of", ["mallory", None])
def test_an_unauthenticated_claim_accuses_no_one(tmp_path: Path, token_of: str | None) -> None:
    hw = small_assignment()
    people = roster("mallory", "alice")
    subs = tmp_path / "subs"
    token = hw.token_for(token_of) if token_of else ""
    claim = sheet_for(hw, "mallory", {}, token=token)
    claim["student"] = "alice"  # mallory's own sheet, saying it is alice's
    write_json(subs / "mallory" / "hw1.answers.json", claim)
    write_json(subs / "hw1-alice.answers.json", claim)  # and the same, loose in the collection
    report = grade(hw, people, subs, tmp_path / "g")
    alice = report.by_id()["alice"]
    assert alice.status == "missing" and alice.problems == ["no submission"], alice.problems
    assert "another student" not in _texts(tmp_path / "g", "alice")


# ------------------------------------------------------------------ 4. timestamp.txt
def test_a_timestamp_txt_a_student_uploads_is_not_the_collection_time(tmp_path: Path) -> None:
    hw = _with_deadline()
    people = roster("bob")
    late = DUE + dt.timedelta(days=2, hours=1)
    subs = tmp_path / "subs"
    _touch(write_json(subs / "bob" / "hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob"))), late)
    (subs / "bob" / "timestamp.txt").write_text("2026-03-01 09:00:00.000000 UTC", encoding="utf-8")
    bob = grade_folder(hw, people, subs, collected_at=late).by_id()["bob"]
    assert bob.days_late == 3 and bob.penalty == 0.3, (bob.days_late, bob.problems)
    # nbgrader's exchange layout: submitted/<id>/<assignment>/timestamp.txt is the collection's own time …
    nb = tmp_path / "course" / "submitted"
    _touch(write_json(nb / "bob" / "hw1" / "hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob"))), late)
    (nb / "bob" / "hw1" / "timestamp.txt").write_text("2026-03-02 13:00:00.000000 UTC", encoding="utf-8")
    bob = grade_folder(hw, people, nb).by_id()["bob"]
    assert bob.days_late == 2 and "nbgrader" in bob.collected_by
    # … but a timestamp.txt the student put inside their submission is not
    (nb / "bob" / "hw1" / "work").mkdir()
    (nb / "bob" / "hw1" / "work" / "timestamp.txt").write_text("2026-02-01 00:00:00 UTC", encoding="utf-8")
    _touch(write_json(nb / "bob" / "hw1" / "work" / "b.answers.json", sheet_for(hw, "bob", {})), late)
    bob = grade_folder(hw, people, nb).by_id()["bob"]
    assert bob.days_late == 2
    # the instructor may trust timestamp.txt files explicitly
    bob = grade_folder(hw, people, subs, trust_timestamps=True).by_id()["bob"]
    assert bob.days_late == 0


# ------------------------------------------------------------------ 5. lateness and file times
def test_lateness_never_comes_from_file_times_unless_asked(tmp_path: Path) -> None:
    hw = _with_deadline()
    ids = ["amy", "ben", "cy", "dee", "eve"]
    people = roster(*ids)
    subs = tmp_path / "subs"
    copied = DUE + dt.timedelta(days=3)  # a cp -r after the deadline: every file gets the copy's time
    for sid in ids:
        _touch(write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid))), copied)
    report = grade_folder(hw, people, subs)
    assert all(s.days_late == 0 and s.total == MAX_POINTS for s in report.students)
    assert any("lateness" in w and "--collected-at" in w for w in report.warnings), report.warnings
    # asked to use file times: every row late, and two warnings say why that looks wrong
    report = grade_folder(hw, people, subs, file_times=True)
    assert all(s.days_late == 3 for s in report.students)
    assert any("5 of 5" in w and "late" in w for w in report.warnings), report.warnings
    assert any("within" in w and "seconds" in w for w in report.warnings), report.warnings
    # the collection's time, given by the instructor
    report = grade_folder(hw, people, subs, collected_at=DUE - dt.timedelta(minutes=5))
    assert all(s.days_late == 0 for s in report.students) and not report.warnings


def test_grade_takes_the_collection_time_from_the_command_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from fivehundred_tutor.cli import main as cli_main

    hw_path = write_assignment(tmp_path)
    text = hw_path.read_text(encoding="utf-8").replace(
        "[rules]", f'[deadline]\ndue = "{DUE.isoformat()}"\npenalty_per_day = 10\n\n[rules]'
    )
    hw_path.write_text(text, encoding="utf-8")
    hw = load_assignment(hw_path)
    subs = tmp_path / "subs"
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    args = [
        "grade",
        str(hw_path),
        "--roster",
        str(write_roster(tmp_path, "amy")),
        "--submissions",
        str(subs),
        "--no-progress",
    ]
    assert cli_main([*args, "--out", str(tmp_path / "g1")]) == 0
    assert "lateness not judged" in capsys.readouterr().err
    late = (DUE + dt.timedelta(hours=30)).isoformat()
    assert cli_main([*args, "--out", str(tmp_path / "g2"), "--collected-at", late]) == 0
    row = next(csv.DictReader((tmp_path / "g2" / "gradebook.csv").open(encoding="utf-8")))
    assert row["days_late"] == "2" and "the collection time given" in row["problems"]
    assert "lateness not judged" in (tmp_path / "g1" / "summary.md").read_text(encoding="utf-8")
    assert cli_main([*args, "--out", str(tmp_path / "g3"), "--collected-at", "yesterday"]) == 2
    assert "date and time" in capsys.readouterr().err


def test_canvas_late_marker_decides_lateness(tmp_path: Path) -> None:
    hw = _with_deadline()
    people = Roster([Student("amy", "Amy", lms_id="1001"), Student("bob", "Bob", lms_id="1002")], "canvas")
    subs = tmp_path / "subs"
    # the file times say the opposite of Canvas: Canvas's own marker decides
    _touch(
        write_json(subs / "ngamy_1001_501_hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy"))),
        DUE + dt.timedelta(days=5),
    )
    _touch(
        write_json(subs / "halebob_LATE_1002_502_hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob"))),
        DUE - dt.timedelta(days=5),
    )
    by = grade_folder(hw, people, subs, file_times=True).by_id()
    assert by["amy"].days_late == 0 and by["amy"].total == MAX_POINTS
    assert by["bob"].days_late >= 1 and by["bob"].penalty > 0 and any("Canvas" in p for p in by["bob"].problems)


# ------------------------------------------------------------------ 6. the published example secret
@pytest.mark.parametrize("feedback", ["none", "after-submit"])
def test_an_exam_from_the_published_example_secret_is_refused(tmp_path: Path, feedback: str) -> None:
    course = tmp_path / "course"
    course.mkdir()
    text = example_assignment_path().read_text(encoding="utf-8")
    text = text.replace('feedback = "immediate"', f'feedback = "{feedback}"').replace(
        "Five Hundred basics", "Final exam"
    )
    (course / "exam.toml").write_text(text, encoding="utf-8")
    shutil.copy(example_assignment_path().with_suffix(".secret"), course / "exam.secret")
    exam = load_assignment(course / "exam.toml")
    with pytest.raises(AssignmentError, match="published"):
        assign(exam, roster("amy"), tmp_path / "out")
    assert not (tmp_path / "out" / "students" / "amy").exists()


# ------------------------------------------------------------------ 7. feedback names no other folder
def test_duplicate_notes_a_student_reads_name_no_folder(tmp_path: Path) -> None:
    hw = small_assignment()
    people = roster("amy", "ben")
    subs = tmp_path / "subs"
    _touch(write_json(subs / "amy" / "first.answers.json", sheet_for(hw, "amy", {})), DUE)
    _touch(
        write_json(subs / "amy" / "ben-helped.answers.json", sheet_for(hw, "amy", all_right(hw, "amy"))),
        DUE + dt.timedelta(hours=1),
    )
    report = grade(hw, people, subs, tmp_path / "g")
    amy = report.by_id()["amy"]
    assert amy.total == MAX_POINTS and any("ben-helped" in p for p in amy.problems)  # the instructor sees the files
    text = _texts(tmp_path / "g", "amy")
    assert "ben" not in text and "answer sheets" in text


# ------------------------------------------------------------------ 8. bounded notebooks
MEMORY_SCRIPT = """
import json, sys
from pathlib import Path
from fivehundred_tutor.exercises import grade_folder
from tests.support.exercises import roster, small_assignment
report = grade_folder(small_assignment(), roster("amy"), Path(sys.argv[1]))
amy = report.by_id()["amy"]
# this process's own peak (ru_maxrss would also count the test process it was started from)
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"peak_kb": peak, "status": amy.status, "problems": amy.problems}))
"""


@pytest.mark.slow
def test_a_notebook_of_millions_of_empty_objects_is_refused_before_parsing(tmp_path: Path) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    body = b"[" + b"{}," * 4_000_000 + b"{}]"  # 12 MB: json.loads would build 4 million dicts (about 300 MB)
    (subs / "amy").mkdir()
    (subs / "amy" / "hw1.ipynb").write_bytes(b'{"nbformat": 4, "cells": [], "metadata": {"x": ' + body + b"}}")
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, str(subs)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        cwd=ROOT,
    )
    figures = json.loads(out.stdout)
    assert figures["status"] == "rejected" and any("JSON values" in p for p in figures["problems"]), figures
    assert figures["peak_kb"] / 1024 < 100, figures  # json.loads of it: about 330 MB


# ------------------------------------------------------------------ 9. a zip member not read
def test_a_zip_member_not_read_is_said_on_the_students_row(tmp_path: Path) -> None:
    import zipfile

    hw = small_assignment()
    subs = tmp_path / "subs"
    (subs / "dora").mkdir(parents=True)
    with zipfile.ZipFile(subs / "dora" / "work.zip", "w") as zf:
        zf.writestr("hw1-dora.answers.json", json.dumps(sheet_for(hw, "dora", all_right(hw, "dora"))) + " " * 300_000)
    dora = grade_folder(hw, roster("dora"), subs, max_bytes=200_000).by_id()["dora"]
    assert dora.status == "rejected" and "no submission" not in dora.problems
    assert any("work.zip/hw1-dora.answers.json" in p and "oversized" in p for p in dora.problems), dora.problems


# ------------------------------------------------------------------ 10. the LMS's own times
WORKSHEET = (
    "Identifier,Full name,Email address,Status,Grade,Maximum Grade,Grade can be changed,"
    "Last modified (submission),Last modified (grade),Feedback comments\n"
    "Participant 501,Sam Lee,sam.a@uni.example,Submitted for grading,,10,Yes,"
    '"Sunday, 1 March 2026, 11:00 AM",-,\n'
    "Participant 502,Sam Lee,sam.b@uni.example,Submitted for grading,,10,Yes,"
    '"Tuesday, 3 March 2026, 9:15 AM",-,\n'
)


def test_a_moodle_grading_worksheet_gives_owners_by_participant_and_lateness_by_its_times(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import parse_roster

    hw = _with_deadline()
    people = parse_roster(WORKSHEET)
    assert people.source_format == "moodle-worksheet" and people.ids == ["sam.a@uni.example", "sam.b@uni.example"]
    subs = tmp_path / "download"
    for participant, sid in (("501", "sam.a@uni.example"), ("502", "sam.b@uni.example")):
        path = write_json(
            subs / f"Sam Lee_{participant}_assignsubmission_file_" / "hw1.answers.json",
            sheet_for(hw, sid, all_right(hw, sid)),
        )
        _touch(path, DUE - dt.timedelta(days=9))  # file times that say nothing: the worksheet's times decide
    by = grade_folder(hw, people, subs).by_id()
    assert by["sam.a@uni.example"].days_late == 0 and by["sam.b@uni.example"].days_late == 2
    assert any("the LMS's submission time" in p for p in by["sam.b@uni.example"].problems)
    # the same name twice, told apart by Moodle's participant numbers: a sheet in the wrong Sam's entry is caught
    write_json(subs / "Sam Lee_501_assignsubmission_file_" / "b.answers.json", sheet_for(hw, "sam.b@uni.example", {}))
    report = grade_folder(hw, people, subs)
    assert any("another student's answer sheet" in p for p in report.by_id()["sam.a@uni.example"].problems)


# ------------------------------------------------------------------ 11. a fresh attack: folders a student makes
def test_a_timestamp_txt_in_a_students_own_assignment_folder_is_not_nbgraders(tmp_path: Path) -> None:
    """The students' own folders collected as subs/<id>/ (a JupyterHub home's hw1/ copied): bob's hw1/ holds a
    timestamp.txt he wrote himself.  Only under nbgrader's submitted/ (or autograded/) is <id>/<assignment>/
    timestamp.txt the collection's time."""
    hw = _with_deadline()
    people = roster("bob")
    late = DUE + dt.timedelta(days=2, hours=1)
    homes = tmp_path / "homes"
    write_json(homes / "bob" / "hw1" / "hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    (homes / "bob" / "hw1" / "timestamp.txt").write_text("2026-03-01 09:00:00.000000 UTC", encoding="utf-8")
    bob = grade_folder(hw, people, homes, collected_at=late).by_id()["bob"]
    assert bob.days_late == 3 and "nbgrader" not in bob.collected_by, (bob.days_late, bob.collected_by)
    # the same tree as nbgrader's submitted/ folder, given as it is or as the course folder: nbgrader's time
    shutil.copytree(homes, tmp_path / "course" / "submitted")
    for folder in (tmp_path / "course" / "submitted", tmp_path / "course"):
        bob = grade_folder(hw, people, folder, collected_at=late).by_id()["bob"]
        assert bob.days_late == 0 and "nbgrader" in bob.collected_by, (folder, bob.problems)


def test_a_folder_a_student_makes_inside_their_own_is_not_the_collections(tmp_path: Path) -> None:
    """The collection's folders per student are at one level; a folder named for a classmate one level deeper,
    inside an entry that names no roster student, is the student's own making: it names no owner."""
    hw = _with_deadline()
    people = roster("amy", "alice", "mallory")
    subs = tmp_path / "subs"
    for sid in ("amy", "alice"):
        write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
    # mallory's upload, kept under the name she gave it; inside, a folder named alice holding mallory's own sheet
    # (were that folder the collection's, alice would be flagged for handing in mallory's sheet) and an
    # nbgrader-looking exchange folder, whose name would be a collection time
    upload = subs / "my work"
    write_json(upload / "alice" / "hw1.answers.json", sheet_for(hw, "mallory", all_right(hw, "mallory")))
    write_json(upload / "mallory+hw1+2026-03-01 09:00:00 UTC" / "a.answers.json", sheet_for(hw, "mallory", {}))
    report = grade_folder(hw, people, subs, collected_at=DUE + dt.timedelta(hours=30))
    by = report.by_id()
    assert by["alice"].status == "graded" and by["alice"].files == ["alice/hw1.answers.json"], by["alice"].problems
    assert not any("another student" in p or "wrong student" in p for p in by["alice"].problems)
    assert by["mallory"].days_late == 2 and "nbgrader" not in by["mallory"].collected_by, by["mallory"].problems
    assert any("my work/alice/" in w for w in report.warnings), report.warnings


def test_a_broken_file_named_for_a_classmate_does_not_flag_them(tmp_path: Path) -> None:
    """Without a folder per student a file's name is only a hint whom it was meant for (anyone can name a file):
    an unreadable file named for alice is said on her row as a note beside her graded sheet, never a flag."""
    hw = small_assignment()
    people = roster("alice", "cy")
    subs = tmp_path / "subs"
    write_json(subs / "hw1-alice.answers.json", sheet_for(hw, "alice", all_right(hw, "alice")))
    (subs / "hw1-alice (2).answers.json").write_text("{ not json", encoding="utf-8")
    (subs / "hw1-cy.answers.json").write_text("{ not json", encoding="utf-8")
    by = grade_folder(hw, people, subs).by_id()
    assert by["alice"].status == "graded" and by["alice"].total == MAX_POINTS, by["alice"].problems
    assert any("hw1-alice (2)" in p and p.startswith("note:") for p in by["alice"].problems)
    # alone, the file is still said on the row it names (cy's own broken file: he learns why he has no grade)
    assert by["cy"].status == "rejected" and any("not valid JSON" in p for p in by["cy"].problems), by["cy"].problems
