"""Findings of a fresh-eyes instructor review (set, handed out and graded a homework): answers reaching students
who can still hand in, overrides for students without a graded sheet, integrity flags in what students read,
old files left in a regraded output folder."""

from __future__ import annotations

import csv
import datetime as dt
import os
from pathlib import Path

import pytest

from fivehundred_tutor.cli import main as cli_main
from fivehundred_tutor.exercises import GradingError, grade, load_assignment, parse_assignment, parse_roster
from tests.support.exercises import (
    SECTIONS,
    TEST_SECRET,
    all_right,
    sheet_for,
    write_assignment,
    write_json,
    write_roster,
)

DUE = dt.datetime(2026, 3, 1, 12, tzinfo=dt.timezone.utc)


def _after_submit(**deadline: object) -> object:
    data = {"id": "hw1", "title": "Homework one", "seed": 77, "feedback": "after-submit", "sections": SECTIONS}
    if deadline:
        data["deadline"] = {"due": DUE.isoformat(), **deadline}
    return parse_assignment(data, secret=TEST_SECRET)


def _rows(path: Path, key: str = "student_id") -> dict[str, dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return {r[key]: r for r in csv.DictReader(fh)}


def _touch(path: Path, when: dt.datetime) -> None:
    os.utime(path, (when.timestamp(), when.timestamp()))


def test_answers_go_only_to_students_who_can_no_longer_hand_in(tmp_path: Path) -> None:
    hw = _after_submit(penalty_per_day=10)
    people = parse_roster("id,extension_days\namy,0\nben,0\ncy,3\ndee,0\n")
    subs = tmp_path / "subs"
    for sid in ("amy", "cy"):
        _touch(write_json(subs / f"hw1-{sid}.answers.json", sheet_for(hw, sid, all_right(hw, sid))), DUE)
    (subs / "hw1-dee.answers.json").write_bytes(b"\xff\xfe not a sheet")  # rejected
    now = DUE + dt.timedelta(days=1)  # amy's, ben's and dee's deadline has passed; cy's extension has not
    report = grade(hw, people, subs, tmp_path / "g", feedback="both", now=now)  # type: ignore[arg-type]
    assert [s.student for s in report.held_back] == ["ben", "cy", "dee"]
    for sid in ("amy", "ben", "cy", "dee"):
        explanations = [q["explanation"] for q in hw.questions_for(sid)]  # type: ignore[attr-defined]
        for ext in ("md", "html"):
            text = (tmp_path / "g" / "feedback" / sid / f"hw1.{ext}").read_text(encoding="utf-8")
            shown = [e for e in explanations if e[:40].replace("<", "&lt;") in text or e[:40] in text]
            if sid == "amy":
                assert shown and "held back" not in text
            else:
                assert not shown and "The answer" not in text, (sid, ext)
                assert "held back" in text
    cy = (tmp_path / "g" / "feedback" / "cy" / "hw1.md").read_text(encoding="utf-8")
    assert "you can still hand in until 2026-03-04 12:00 (UTC)" in cy and "10 / 10" in cy  # still sees the score
    ben = (tmp_path / "g" / "feedback" / "ben" / "hw1.md").read_text(encoding="utf-8")
    assert "no answer sheet of yours was graded" in ben
    summary = (tmp_path / "g" / "summary.md").read_text(encoding="utf-8")
    assert "Answers held back (3 students)" in summary
    # once every deadline has passed, graded students get their answers; ben and dee never (no graded sheet)
    later = grade(hw, people, subs, tmp_path / "g", now=DUE + dt.timedelta(days=4))  # type: ignore[arg-type]
    assert [s.student for s in later.held_back] == ["ben", "dee"]
    # immediate feedback: the answers were in the student's files from the start, nothing to hold back
    immediate = parse_assignment({"id": "hw1", "title": "H", "seed": 77, "sections": SECTIONS}, secret=TEST_SECRET)
    assert not grade(immediate, people, subs, tmp_path / "g2", now=now).held_back


def test_grade_says_for_whom_answers_are_held_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hw_path = write_assignment(tmp_path, "after-submit")
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy", "ben", "cy")
    write_json(tmp_path / "subs" / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    args = ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(tmp_path / "subs")]
    assert cli_main([*args, "--out", str(tmp_path / "g"), "--no-histogram", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "answers held back for 2 students: ben, cy" in out


def test_an_override_applies_everywhere_for_missing_and_rejected_students(tmp_path: Path) -> None:
    hw_path = write_assignment(tmp_path, "after-submit")
    hw = load_assignment(hw_path)
    people = parse_roster("id,name,email\namy,Amy,amy@x.edu\nben,Ben,ben@x.edu\ncy,Cy,cy@x.edu\n")
    subs = tmp_path / "subs"
    (subs).mkdir()
    (subs / "hw1-ben.answers.json").write_bytes(b"\xff\xfe not a sheet")  # rejected
    write_json(subs / "hw1-cy.answers.json", sheet_for(hw, "cy", all_right(hw, "cy")))
    overrides = tmp_path / "o.csv"
    overrides.write_text(
        "student,item,points,comment\namy,2.1,2,handed in on paper\nben,2.1,2,file broken; marked by hand\n",
        encoding="utf-8",
    )
    report = grade(hw, people, subs, tmp_path / "g", overrides=overrides, feedback="both")
    by = report.by_id()
    assert by["amy"].status == by["ben"].status == "override" and by["amy"].total == by["ben"].total == 2
    book = _rows(tmp_path / "g" / "gradebook.csv")
    assert book["amy"]["total"] == book["ben"]["total"] == "2" and book["ben"]["status"] == "override"
    canvas = list(csv.reader((tmp_path / "g" / "canvas_grades.csv").open(encoding="utf-8")))
    assert {r[3]: r[5] for r in canvas[2:]} == {"amy": "2", "ben": "2", "cy": "10"}
    moodle = _rows(tmp_path / "g" / "moodle_grades.csv", "Username")
    assert moodle["amy"]["Homework one"] == "2" and moodle["ben"]["Homework one"] == "2"
    assert "regraded 2.1 from 0 to 2 (handed in on paper)" in moodle["amy"]["Feedback"]
    assert "no submission" not in moodle["amy"]["Feedback"]
    for sid in ("amy", "ben"):
        md = (tmp_path / "g" / "feedback" / sid / "hw1.md").read_text(encoding="utf-8")
        assert "Score: **2 / 10** (override)" in md and "no submission" not in md
        assert "graded by the instructor's override only" in md
    applied = list(csv.reader((tmp_path / "g" / "overrides_applied.csv").open(encoding="utf-8")))
    assert applied[0] == ["student", "item", "from", "to", "comment"]
    assert applied[1][:4] == ["amy", "2.1", "0", "2"]  # numbers a spreadsheet can add up


def test_moodle_feedback_tells_students_only_what_concerns_them(tmp_path: Path) -> None:
    hw = _after_submit(penalty_per_day=10)
    people = parse_roster("id,name,email\namy,Amy,a@x\nben,Ben,b@x\ncy,Cy,c@x\n")
    subs = tmp_path / "subs"
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    write_json(subs / "ben" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))  # amy's, copied
    _touch(write_json(subs / "cy" / "hw1.answers.json", sheet_for(hw, "cy", {})), DUE + dt.timedelta(hours=30))
    overrides = tmp_path / "o.csv"
    overrides.write_text("student,item,points,comment\ncy,1.1,1,see the rubric\n", encoding="utf-8")
    grade(hw, people, subs, tmp_path / "g", overrides=overrides, now=DUE + dt.timedelta(days=9), file_times=True)  # type: ignore[arg-type]
    moodle = _rows(tmp_path / "g" / "moodle_grades.csv", "Username")
    assert "another student" not in moodle["amy"]["Feedback"] and "flag" not in moodle["amy"]["Feedback"]
    assert (
        "another student" not in moodle["ben"]["Feedback"] and "speak to your instructor" in moodle["ben"]["Feedback"]
    )
    assert "late by 2 day(s)" in moodle["cy"]["Feedback"] and "20% off" in moodle["cy"]["Feedback"]
    assert "regraded 1.1 from 0 to 1 (see the rubric)" in moodle["cy"]["Feedback"]
    for sid in ("amy", "ben"):
        assert "another student" not in (tmp_path / "g" / "feedback" / sid / "hw1.md").read_text(encoding="utf-8")
    # the instructor still sees both sides
    book = _rows(tmp_path / "g" / "gradebook.csv")
    assert "found in another student's folder" in book["amy"]["problems"]
    assert "wrong student" in book["ben"]["problems"]


def test_regrading_into_the_same_out_leaves_no_old_files(tmp_path: Path) -> None:
    hw_path = write_assignment(tmp_path, "after-submit")
    hw = load_assignment(hw_path)
    subs = tmp_path / "subs"
    write_json(subs / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    overrides = tmp_path / "o.csv"
    overrides.write_text("student,item,points,comment\namy,1.1,0,x\n", encoding="utf-8")
    out = tmp_path / "g"
    grade(hw, parse_roster("id\namy\nben\ncy\n"), subs, out, overrides=overrides, feedback="both")
    assert (out / "overrides_applied.csv").is_file() and (out / "feedback" / "cy" / "hw1.html").is_file()
    (out / "my notes.txt").write_text("the instructor's own file", encoding="utf-8")
    (out / "feedback" / "cy" / "remark.txt").write_text("mine too", encoding="utf-8")
    grade(hw, parse_roster("id\namy\nben\n"), subs, out, feedback="md")
    assert not (out / "overrides_applied.csv").exists()
    assert not (out / "feedback" / "ben" / "hw1.html").exists() and (out / "feedback" / "ben" / "hw1.md").is_file()
    assert not (out / "feedback" / "cy" / "hw1.md").exists()  # cy left the roster
    # only what grade wrote is ever removed
    assert (out / "my notes.txt").is_file() and (out / "feedback" / "cy" / "remark.txt").is_file()
    # a folder with files grade did not write is refused before anything is written
    other = tmp_path / "other"
    other.mkdir()
    (other / "thesis.tex").write_text("x", encoding="utf-8")
    with pytest.raises(GradingError, match="did not write"):
        grade(hw, parse_roster("id\namy\n"), subs, other)
    assert sorted(p.name for p in other.iterdir()) == ["thesis.tex"]


def test_misnamed_valid_sheets_are_read_by_content_and_unread_files_end_with_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json
    import zipfile

    hw_path = write_assignment(tmp_path)
    hw = load_assignment(hw_path)
    roster_path = write_roster(tmp_path, "amy", "ben", "cy", "dee")
    subs = tmp_path / "subs"
    write_json(subs / "hw1-amy.answers.json.txt", sheet_for(hw, "amy", all_right(hw, "amy")))  # a browser's .txt
    with zipfile.ZipFile(subs / "ben.zip", "w", zipfile.ZIP_DEFLATED) as z:  # zipped by the student
        z.writestr("hw1/hw1-ben.answers.json", json.dumps(sheet_for(hw, "ben", all_right(hw, "ben"))))
        z.writestr("__MACOSX/._hw1-ben.answers.json", b"\x00\x05")
    write_json(subs / "my homework.json", sheet_for(hw, "cy", all_right(hw, "cy")))
    args = ["grade", str(hw_path), "--roster", str(roster_path), "--submissions", str(subs), "--no-progress"]
    assert cli_main([*args, "--out", str(tmp_path / "g"), "--no-histogram"]) == 0
    book = _rows(tmp_path / "g" / "gradebook.csv")
    assert {k: (r["status"], r["total"]) for k, r in book.items()} == {
        "amy": ("graded", "10"),
        "ben": ("graded", "10"),
        "cy": ("graded", "10"),
        "dee": ("missing", ""),
    }
    # a file that is no sheet by its content: named in the output, and grade ends with status 1
    (subs / "hw1-dee-notes.txt").write_text("I could not finish, sorry", encoding="utf-8")
    capsys.readouterr()
    assert cli_main([*args, "--out", str(tmp_path / "g"), "--no-histogram"]) == 1
    err = capsys.readouterr().err
    assert "hw1-dee-notes.txt: not an answer sheet or notebook (by its content): not read" in err
    assert "1 file(s) not read" in err and "Traceback" not in err


def test_zipped_submissions_are_read_safely(tmp_path: Path) -> None:
    import json
    import zipfile

    from fivehundred_tutor.exercises import grade_folder

    hw = _after_submit()
    people = parse_roster("id\namy\nben\ncy\ndee\n")
    subs = tmp_path / "subs"
    subs.mkdir()
    amy = json.dumps(sheet_for(hw, "amy", all_right(hw, "amy")))  # type: ignore[arg-type]
    with zipfile.ZipFile(subs / "amy.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("../../escape/hw1-amy.answers.json", amy)  # a name pointing outside: never extracted, not read
        z.writestr("bomb.json", b"0" * 60_000_000)  # 60 MB of zeros squeezed into a small zip
    with zipfile.ZipFile(subs / "ben.zip", "w") as z:
        for i in range(150):
            z.writestr(f"f{i}.txt", "x")
    (subs / "cy.zip").write_bytes(b"PK\x03\x04 a broken zip")
    with zipfile.ZipFile(subs / "dee.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("inner.zip", b"PK\x05\x06" + b"\x00" * 18)
        z.writestr("hw1-dee.answers.json", json.dumps(sheet_for(hw, "dee", all_right(hw, "dee"))))  # type: ignore[arg-type]
    report = grade_folder(hw, people, subs)  # type: ignore[arg-type]
    by = report.by_id()
    assert by["dee"].status == "graded" and by["dee"].total == 10
    # a file came in but nothing in it could be read: rejected, and the row says what was skipped (issue 27)
    assert by["amy"].status == "rejected" and not (tmp_path / "escape").exists()
    assert any("amy.zip/bomb.json" in p and "oversized" in p for p in by["amy"].problems)
    said = dict(report.skipped)
    assert said["amy.zip/../../escape/hw1-amy.answers.json"] == "a name pointing outside the zip: not read"
    assert "oversized" in said["amy.zip/bomb.json"]
    assert any("a zip of 150 files" in p for p in by["ben"].problems) and by["ben"].status == "rejected"
    assert by["cy"].status == "rejected" and "damaged zip" in " ".join(by["cy"].problems)
    assert "dee.zip/inner.zip" in dict(report.not_read)


def test_assign_warns_when_the_due_date_has_passed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hw_path = write_assignment(tmp_path)
    text = hw_path.read_text(encoding="utf-8").replace(
        "[rules]", 'hand_in = "the course page"\n\n[deadline]\ndue = 2020-01-31T17:00:00Z\n\n[rules]', 1
    )
    hw_path.write_text(text, encoding="utf-8")
    roster_path = write_roster(tmp_path, "amy")
    args = ["assign", str(hw_path), "--roster", str(roster_path), "--no-progress"]
    assert cli_main([*args, "--out", str(tmp_path / "rel")]) == 0
    out = capsys.readouterr().out
    assert "warning:" in out and "2020-01-31T17:00:00+00:00 has already passed" in out
    hw_path.write_text(text.replace("2020-01-31", "2999-01-31"), encoding="utf-8")
    assert cli_main([*args, "--out", str(tmp_path / "rel")]) == 0
    assert "warning" not in capsys.readouterr().out
    bad = text.replace('"the course page"', '"line one\\nline two"')
    hw_path.write_text(bad, encoding="utf-8")
    assert cli_main([*args, "--out", str(tmp_path / "rel")]) != 0
    err = capsys.readouterr().err
    assert "'hand_in' says where students hand in" in err and "Traceback" not in err
