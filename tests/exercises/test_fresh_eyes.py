"""Issue 27, the fresh-eyes instructor's findings (/work/review-instructor/REPORT.md: W1–W3, C2–C15, N1–N10).

One test per finding fixed; each failed before its fix."""

from __future__ import annotations

import csv
import datetime as dt
import json
import os
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.exercises import Roster, grade, grade_folder, parse_assignment, write_reports
from fivehundred_tutor.exercises.grading.handgrading import MarkingSession
from fivehundred_tutor.exercises.grading.policy import Override
from fivehundred_tutor.exercises.roster import Student
from tests.support.exercises import (
    MAX_POINTS,
    SECTIONS,
    TEST_SECRET,
    all_right,
    roster,
    sheet_for,
    small_assignment,
    write_json,
)

DUE = dt.datetime(2026, 3, 1, 12, tzinfo=dt.timezone.utc)


def _touch(path: Path, when: dt.datetime) -> Path:
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def _with_deadline(feedback: str = "immediate") -> object:
    return small_assignment(feedback, deadline={"due": DUE.isoformat(), "penalty_per_day": 10})


# ------------------------------------------------------------------ W1
def test_w1_a_copy_outside_the_owners_folder_never_makes_them_late(tmp_path: Path) -> None:
    hw = _with_deadline()
    people = roster("amy", "ben", "cy")
    subs = tmp_path / "subs"
    on_time = DUE - dt.timedelta(hours=2)
    for sid in ("amy", "ben", "cy"):
        _touch(write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid))), on_time)
    late = DUE + dt.timedelta(days=2)
    # a classmate puts copies of amy's and ben's sheets outside their folders, with times after the due date
    _touch(write_json(subs / "hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy"))), late)
    _touch(write_json(subs / "s9999" / "hw1.answers.json", sheet_for(hw, "ben", all_right(hw, "ben"))), late)
    report = grade_folder(hw, people, subs, file_times=True)
    by = report.by_id()
    for sid in ("amy", "ben"):
        assert by[sid].days_late == 0 and by[sid].penalty == 0, (sid, by[sid].problems)
        assert by[sid].files == [f"{sid}/hw1.answers.json"], by[sid].files
        assert any("outside" in p and "not used" in p for p in by[sid].problems), by[sid].problems
    unmatched = dict(report.unmatched)
    assert "hw1-amy.answers.json" in unmatched and "s9999/hw1.answers.json" in unmatched, report.unmatched
    assert "amy" in unmatched["hw1-amy.answers.json"] and "outside" in unmatched["hw1-amy.answers.json"]
    # a flat download with no folders per student still grades by token, as before
    flat = tmp_path / "flat"
    _touch(write_json(flat / "hw1-cy.answers.json", sheet_for(hw, "cy", all_right(hw, "cy"))), late)
    assert grade_folder(hw, people, flat, file_times=True).by_id()["cy"].days_late == 2


# ------------------------------------------------------------------ W2
def test_w2_summary_has_one_mean_stated_and_sections_count_graded_sheets(tmp_path: Path) -> None:
    hw = _with_deadline()
    people = Roster(
        [Student("amy", "Amy", section="A"), Student("ben", "Ben", section="A"), Student("cy", "Cy", section="B")]
        + [Student("dee", "Dee", section="A")]
    )
    subs = tmp_path / "subs"
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    write_json(subs / "ben" / "hw1.answers.json", sheet_for(hw, "ben", {}))
    write_json(subs / "cy" / "hw1.answers.json", sheet_for(hw, "cy", all_right(hw, "cy")))
    # dee handed in nothing: graded by an override alone
    report = grade_folder(hw, people, subs, overrides=[Override("dee", "1.1", 1.0, "oral exam", 2)])
    assert report.by_id()["dee"].status == "override"
    write_reports(report, tmp_path / "g", histogram=False, roster=people)
    text = (tmp_path / "g" / "summary.md").read_text(encoding="utf-8")
    mean = (MAX_POINTS + 0 + MAX_POINTS) / 3
    head = next(line for line in text.splitlines() if line.startswith("Mean "))
    assert head.startswith(f"Mean {mean:.2f} of"), head
    assert f"3 graded sheets: mean {mean:.2f}" in text, text
    assert "over the 3 graded sheets" in text and "1 student(s) graded by an override only" in text, text
    # the class-section table counts the same graded sheets: A holds amy and ben (dee has no sheet)
    assert "| A | 2 |" in text and "| B | 1 |" in text, text


# ------------------------------------------------------------------ W3
WRITTEN = {
    "name": "why",
    "title": "Explain your play",
    "kind": "written",
    "prompt": "Say why that card, and not a higher one.",
    "topic": "play-decision",
    "difficulty": 1,
    "points": 3,
    "rubric": [{"label": "Names the cheapest winning card", "points": 1}, {"label": "Says why", "points": 2}],
}


def _written_hw(tmp_path: Path) -> Any:
    data = {
        "id": "hw1",
        "title": "Homework one",
        "seed": 77,
        "feedback": "after-submit",
        "sections": [SECTIONS[2], WRITTEN],
        "deadline": {"due": DUE.isoformat(), "penalty_per_day": 10},
    }
    return parse_assignment(data, source=str(tmp_path / "hw1.toml"), secret=TEST_SECRET)


@pytest.mark.parametrize("when", ["before the due date", "after the due date"])
def test_w3_hand_marking_comments_reach_the_feedback_file_and_the_moodle_column(tmp_path: Path, when: str) -> None:
    hw = _written_hw(tmp_path)
    people = roster("amy")
    subs = tmp_path / "subs"
    _touch(write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", {"2.1": "The 5♣: cheapest."})), DUE)
    session = MarkingSession(hw, people, subs)
    session.mark(0, criteria=[0], comment="Good: the 5♣ is the cheapest winner.")
    now = DUE - dt.timedelta(days=1) if when.startswith("before") else DUE + dt.timedelta(days=1)
    report = grade(hw, people, subs, tmp_path / "g", now=now, histogram=False)
    assert bool(report.by_id()["amy"].held_back) == when.startswith("before")
    md = (tmp_path / "g" / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    assert "Good: the 5♣ is the cheapest winner." in md and "Names the cheapest winning card" in md, md
    with (tmp_path / "g" / "moodle_grades.csv").open(encoding="utf-8") as fh:
        cell = next(csv.DictReader(fh))["Feedback"]
    assert "2.1" in cell and "Good: the 5♣ is the cheapest winner." in cell, cell
    assert "Names the cheapest winning card" in cell and "Says why" not in cell, cell


# ------------------------------------------------------------------ C10
def test_c10_a_browser_redownload_is_a_note_and_equal_file_times_say_so(tmp_path: Path) -> None:
    hw = _with_deadline()
    subs = tmp_path / "subs"
    first = write_json(subs / "amy" / "hw1-amy.answers.json", sheet_for(hw, "amy", {}))
    again = write_json(subs / "amy" / "hw1-amy (1).answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    _touch(first, DUE - dt.timedelta(hours=3))
    _touch(again, DUE - dt.timedelta(hours=1))
    amy = grade_folder(hw, roster("amy"), subs).by_id()["amy"]
    assert amy.status == "graded" and amy.total == MAX_POINTS, amy.problems
    assert any(p.startswith("note: re-downloaded: 2 versions") for p in amy.problems), amy.problems
    # the same file times: no "collected last" the times cannot show
    _touch(first, DUE - dt.timedelta(hours=1))
    amy = grade_folder(hw, roster("amy"), subs).by_id()["amy"]
    assert amy.status == "flagged" and not any("collected last" in p for p in amy.problems), amy.problems
    assert any("same file time" in p and "nothing says which came in last" in p for p in amy.problems)


# ------------------------------------------------------------------ C13
def test_c13_the_notebook_counts_answers_as_the_page_does(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import assign
    from fivehundred_tutor.widgets import AssignmentWidget

    hw = _with_deadline()
    assign(hw, roster("amy"), tmp_path)
    w = AssignmentWidget.from_file(tmp_path / "students/amy/hw1-amy.questions.json")
    numbers = [i for i in w.data["items"] if i["question"]["kind"] == "number"]
    choice = next(i for i in w.data["items"] if i["question"]["kind"] == "choice")
    assert numbers, "the assignment has a score question"
    fields = [str(f["id"]) for f in numbers[0]["question"].get("fields") or []]
    w.answer(choice["item"], choice["question"]["choices"][0]["id"])
    # "forty" in the first box (the page says "1 to fix" and does not count it)
    typed: Any = {fields[0]: "forty", **dict.fromkeys(fields[1:], "40")} if fields else "forty"
    w.answer(numbers[0]["item"], typed)
    text = w._bundle()["text/plain"]
    assert f"1 of {len(w.data['items'])} answered, 1 to fix (whole numbers only)" in text, text


# ------------------------------------------------------------------ C5
def test_c5_mark_opens_handgrader_on_the_course_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fivehundred_tutor.cli import main as cli_main
    from tests.support.exercises import write_assignment, write_roster

    course = tmp_path / "course"
    course.mkdir()
    hw_path = write_assignment(course)
    write_roster(course, "amy")
    hw = parse_assignment({"id": "hw1", "title": "Homework one", "seed": 77, "sections": SECTIONS}, secret=TEST_SECRET)
    write_json(course / "collected" / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    args = ["mark", str(hw_path), "--roster", str(course / "roster.csv"), "--submissions", str(course / "collected")]
    assert cli_main([*args, "--print-only", "--port", "8899"]) == 0
    out = capsys.readouterr().out
    assert (
        f"--ServerApp.root_dir={course.resolve()}" in out and "--LabApp.default_url=/lab/tree/hw1-marking.ipynb" in out
    )
    notebook = json.loads((course / "hw1-marking.ipynb").read_text(encoding="utf-8"))
    code = next(c["source"] for c in notebook["cells"] if c["cell_type"] == "code")
    assert 'HandGrader("hw1.toml", "roster.csv", "collected")' in code
    # the cell works where JupyterLab runs it: in the notebook's folder
    here = os.getcwd()
    os.chdir(course)
    try:
        scope: dict[str, Any] = {}
        exec(code.replace("HandGrader(", "widget = HandGrader(", 1), scope)
    finally:
        os.chdir(here)
    assert scope["widget"].data["assignment"]["id"] == "hw1"


# ------------------------------------------------------------------ C2, N7
def test_c2_the_section_column_by_its_usual_names_and_a_warning_for_columns_not_read(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import parse_roster

    people = parse_roster("id,name,group,tutor\namy,Amy,A,Jo\nben,Ben,B,Jo\n", "roster.csv")
    assert [s.section for s in people] == ["A", "B"]
    assert people.warnings and "'tutor'" in people.warnings[0] and "'group'" not in people.warnings[0]
    assert parse_roster("id,class_section\namy,A\n").students[0].section == "A"
    assert not parse_roster("id,name,section,email,extension_days\namy,Amy,A,a@x.org,1\n").warnings
    hw = _with_deadline()
    report = grade_folder(hw, people, tmp_path)
    assert any("'tutor'" in w for w in report.warnings), report.warnings


def test_n7_a_roster_naming_one_student_twice_says_so_not_windows(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import RosterError, parse_roster

    with pytest.raises(RosterError) as err:
        parse_roster("id\namy\namy\n", "roster.csv")
    assert "already on line 2" in str(err.value) and "Windows" not in str(err.value)
    with pytest.raises(RosterError, match="differs only in case"):
        parse_roster("id\namy\nAmy\n", "roster.csv")


# ------------------------------------------------------------------ C9
def test_c9_the_gradebook_says_what_lateness_was_judged_by(tmp_path: Path) -> None:
    hw = _with_deadline()
    ids = ("amy", "ben", "cy")
    people = roster(*ids)
    subs = tmp_path / "subs"
    for sid in ids:
        _touch(write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid))), DUE)

    def rows(folder: Path) -> dict[str, dict[str, str]]:
        with (folder / "gradebook.csv").open(encoding="utf-8") as fh:
            return {r["student_id"]: r for r in csv.DictReader(fh)}

    # no collection time: lateness blank, not 0; the file time is said to be unused
    write_reports(grade_folder(hw, people, subs), tmp_path / "g1", histogram=False)
    amy = rows(tmp_path / "g1")["amy"]
    assert amy["days_late"] == "" and amy["late_penalty_percent"] == "", amy
    assert amy["collected_by"].endswith("(not used for lateness)"), amy["collected_by"]
    # --collected-at: the row names that time, and the mostly-late warning speaks of it, not of copies
    late = DUE + dt.timedelta(days=1)
    report = grade_folder(hw, people, subs, collected_at=late)
    write_reports(report, tmp_path / "g2", histogram=False)
    amy = rows(tmp_path / "g2")["amy"]
    assert amy["days_late"] == "1" and amy["collected_by"].startswith("the collection time given 2026-03-02"), amy
    warning = next(w for w in report.warnings if "count as late" in w)
    assert "--collected-at" in warning and "copied" not in warning, warning


# ------------------------------------------------------------------ C11, C12
def test_c11_a_student_whose_sheet_a_classmate_handed_in_is_missing_not_rejected(tmp_path: Path) -> None:
    hw = _with_deadline()
    people = Roster([Student("amy", "Amy", lms_id="1001"), Student("bob", "Bob", lms_id="1002")], "canvas")
    subs = tmp_path / "subs"
    # amy uploads bob's sheet in Canvas; bob hands in nothing himself
    write_json(subs / "ngamy_1001_501_hw1.answers.json", sheet_for(hw, "bob", all_right(hw, "bob")))
    report = grade_folder(hw, people, subs)
    bob = report.by_id()["bob"]
    assert bob.status == "missing" and any("found in another student's folder" in p for p in bob.problems)
    assert report.rejected == 1  # amy's hand-in, not bob


def test_c12_the_run_says_where_each_rejection_is_told(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fivehundred_tutor.cli import main as cli_main
    from tests.support.exercises import write_assignment, write_roster

    hw_path = write_assignment(tmp_path)
    hw = parse_assignment({"id": "hw1", "title": "Homework one", "seed": 77, "sections": SECTIONS}, secret=TEST_SECRET)
    subs = tmp_path / "subs"
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    write_json(subs / "hw1-zed.answers.json", sheet_for(hw, "zed", {}))  # a student not on the roster
    args = ["grade", str(hw_path), "--roster", str(write_roster(tmp_path, "amy")), "--submissions", str(subs)]
    assert cli_main([*args, "--out", str(tmp_path / "g"), "--no-progress", "--no-histogram"]) == 1
    err = capsys.readouterr().err
    assert "1 file(s) matched to no student: see unmatched.csv" in err and "problems column" not in err, err


# ------------------------------------------------------------------ C15
def test_c15_canvas_test_student_is_no_student_and_a_blank_login_stays_blank(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises import parse_roster

    export = (
        "Student,ID,SIS User ID,SIS Login ID,Section,Homework 1 (1234)\n"
        "    Points Possible,,,,,10.00\n"
        '"Lovelace, Ada",1001,S001,ada,Section 1,\n'
        '"Hale, Bob",1002,S002,,Section 1,\n'  # no SIS Login ID: the id comes from the SIS User ID
        "Test Student,9999,,,Section 1,\n"  # Canvas's Student View student, as some exports name it
    )
    people = parse_roster(export, "canvas.csv")
    assert people.ids == ["ada", "S002"]
    hw = _with_deadline()
    report = grade_folder(hw, people, tmp_path)
    write_reports(report, tmp_path / "g", histogram=False, roster=people)
    with (tmp_path / "g" / "canvas_grades.csv").open(encoding="utf-8") as fh:
        rows = {r["ID"]: r for r in csv.DictReader(fh) if r["ID"]}
    assert set(rows) == {"1001", "1002"} and rows["1001"]["SIS Login ID"] == "ada"
    assert rows["1002"]["SIS Login ID"] == "" and rows["1002"]["SIS User ID"] == "S002"


# ------------------------------------------------------------------ C7
def test_c7_distractors_name_the_question_each_wrong_answer_was_given_to(tmp_path: Path) -> None:
    from tests.support.exercises import wrong_response

    hw = _with_deadline()
    ids = [f"s{n}" for n in range(8)]
    subs = tmp_path / "subs"
    for sid in ids:
        answers = all_right(hw, sid)
        q = next(q for q in hw.questions_for(sid) if q["item"] == "1.1")
        answers["1.1"] = wrong_response(q)
        write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, answers))
    write_reports(grade_folder(hw, roster(*ids), subs), tmp_path / "g", histogram=False)
    with (tmp_path / "g" / "distractors.csv").open(encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if r["item"] == "1.1"]
    given = {sid: next(q["id"] for q in hw.questions_for(sid) if q["item"] == "1.1") for sid in ids}
    assert {r["question_id"] for r in rows} == set(given.values()), rows
    for r in rows:
        assert int(r["students_with_question"]) == list(given.values()).count(r["question_id"])
    assert sum(int(r["students"]) for r in rows) == len(ids)


# ------------------------------------------------------------------ C8
def test_c8_item_rules_are_reported_in_the_summary_and_the_run(tmp_path: Path) -> None:
    from fivehundred_tutor.exercises.grading.report.analysis import rule_lines
    from tests.support.exercises import wrong_response

    bowers = {"title": "Bowers", "topic": "bowers", "count": 3, "difficulty": 1, "points": 1}
    base = parse_assignment({"id": "hw1", "title": "H", "seed": 77, "sections": [bowers]}, secret=TEST_SECRET)
    amy_q = {q["item"]: q for q in base.questions_for("amy")}
    odd = wrong_response(amy_q["1.3"])
    rules = [
        {"item": "1.1", "action": "drop", "reason": "ambiguous wording"},
        {"item": "1.2", "action": "full"},
        {"item": "1.3", "action": "accept", "answer": odd, "question": amy_q["1.3"]["id"], "reason": "house rule"},
    ]
    hw = parse_assignment(
        {"id": "hw1", "title": "H", "seed": 77, "sections": [bowers], "item_rules": rules}, secret=TEST_SECRET
    )
    ids = ["amy", "ben", "cy", "dee"]
    subs = tmp_path / "subs"
    for sid in ids:
        answers = all_right(hw, sid)
        if sid == "amy":
            answers["1.3"] = odd
        write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, answers))
    report = grade_folder(hw, roster(*ids), subs)
    lines = rule_lines(report)
    assert lines[0].startswith("1.1 dropped from the grade: ambiguous wording")
    assert lines[1].startswith("1.2 full points for everyone") and lines[2].endswith("— 1 graded student(s) changed")
    write_reports(report, tmp_path / "g", histogram=False)
    text = (tmp_path / "g" / "summary.md").read_text(encoding="utf-8")
    assert "## Item rules (applied to everyone)" in text and "house rule" in text
    row_11 = next(line for line in text.splitlines() if line.startswith("| 1.1 |"))
    assert "| 0.00 |" not in row_11 and "dropped" in row_11, row_11
    row_12 = next(line for line in text.splitlines() if line.startswith("| 1.2 |"))
    assert "too easy" not in row_12 and "full points for everyone by an item rule" in row_12, row_12


# ------------------------------------------------------------------ C14
def test_c14_a_negative_discrimination_flag_says_which_measure_is_negative() -> None:
    from fivehundred_tutor.exercises.grading.report.psychometrics import ItemFigures

    item = ItemFigures("5.1", "S", "t", 1.0, 40, 0.6, -0.06, 0.8, 0.51, 1.0)
    assert item.flags == ["negative discrimination (r -0.06)"]  # D is +0.29: not said to be negative
    both = ItemFigures("5.2", "S", "t", 1.0, 40, 0.5, -0.2, 0.4, 0.6, 1.0)
    assert both.flags == ["negative discrimination (r -0.20, D -0.20)"]


# ------------------------------------------------------------------ N8, N9, N10
def test_n8_the_copy_warning_gives_seconds_a_person_reads(tmp_path: Path) -> None:
    hw = _with_deadline()
    ids = ["amy", "ben", "cy"]
    subs = tmp_path / "subs"
    for n, sid in enumerate(ids):
        path = write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid)))
        _touch(path, DUE + dt.timedelta(days=1, microseconds=6974 * n))
    report = grade_folder(hw, roster(*ids), subs, file_times=True)
    warning = next(w for w in report.warnings if "fall within" in w)
    assert "within 0.0 seconds" in warning, warning


def test_n9_handgrader_goes_through_answers_in_no_roster_order(tmp_path: Path) -> None:
    hw = _written_hw(tmp_path)
    ids = [f"s{n:04d}" for n in range(1, 9)]
    subs = tmp_path / "subs"
    for sid in ids:
        write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, {"2.1": f"Words of {sid}."}))
    session = MarkingSession(hw, roster(*ids), subs)
    order = [a.student for a in session.answers]
    assert sorted(order) == ids and order != ids, order
    assert [a.student for a in MarkingSession(hw, roster(*ids), subs).answers] == order  # the same each time


def test_n10_grade_into_the_submissions_folder_suggests_a_folder_beside_it(tmp_path: Path) -> None:
    hw = _with_deadline()
    subs = tmp_path / "collected"
    subs.mkdir()
    with pytest.raises(Exception, match="would go among the submissions") as err:
        grade(hw, roster("amy"), subs, subs)
    assert f"--out {tmp_path / 'grades'}" in str(err.value), str(err.value)
    # a reports folder inside the submissions is not listed in unmatched.csv on every run
    write_json(subs / "amy" / "hw1.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    grade(hw, roster("amy"), subs, subs / "grades", histogram=False)
    grade(hw, roster("amy"), subs, subs / "grades", histogram=False)
    assert not (subs / "grades" / "unmatched.csv").exists()


# ------------------------------------------------------------------ C6
def test_c6_chapter_14_topics_are_headings_the_contents_panel_lists() -> None:
    chapter = Path(__file__).resolve().parents[2] / "book" / "chapters" / "14-instructors.md"
    lines = chapter.read_text(encoding="utf-8").splitlines()
    heads = {line.removeprefix("### ") for line in lines if line.startswith("### ")}
    for topic in ("Deadlines, regrading and the LMS", "Whose sheet it is", "Answers in words, marked by hand"):
        assert topic in heads, topic
    for topic in ("Scoring policies and decisions for the whole class", "Reading the item analysis", "Exams, honestly"):
        assert topic in heads, topic
    assert not [line for line in lines if line.startswith(("**Deadlines", "**Whose sheet", "**Exams"))]


def test_c1_exercises_help_lists_the_instructor_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """`fivehundred-tutor exercises --help` was "invalid choice": the instructor help was split over assign/grade."""
    import re
    import shlex

    from fivehundred_tutor.cli import _load_extensions, build_parser
    from fivehundred_tutor.cli import main as cli_main
    from fivehundred_tutor.cli.exercises import cmd_assign, cmd_grade
    from fivehundred_tutor.cli.marking import cmd_mark

    with pytest.raises(SystemExit) as done:
        cli_main(["--help"])
    assert done.value.code == 0
    top = capsys.readouterr().out
    assert "exercises --help" in top and "exercises " in top.split("options:")[0]
    with pytest.raises(SystemExit) as done:
        cli_main(["exercises", "--help"])
    assert done.value.code == 0
    help_text = capsys.readouterr()
    assert not help_text.err
    for command in ("assign", "grade", "mark"):
        assert f"fivehundred-tutor {command} hw1.toml" in help_text.out
        assert f"\n    {command} " in help_text.out  # listed with its one-line help
    assert cli_main(["exercises"]) == 0 and capsys.readouterr().out == help_text.out
    # every example in the help parses, alone and under `exercises`, to the command it names
    _load_extensions()
    parser = build_parser()
    examples = re.findall(r"^ +\d\. (fivehundred-tutor .+)$", help_text.out, re.MULTILINE)
    assert len(examples) == 3
    for example in examples:
        words = shlex.split(example)[1:]
        func = {"assign": cmd_assign, "grade": cmd_grade, "mark": cmd_mark}[words[0]]
        assert parser.parse_args(words).func is func
        assert parser.parse_args(["exercises", *words]).func is func


# ------------------------------------------------------------------ N6
def test_n6_points_have_one_precision_in_every_report(tmp_path: Path) -> None:
    """Totals were 6.6667, 3.78, 0.6667 side by side: points are written to at most 2 decimals everywhere."""
    import re

    hw = _with_deadline()
    people = roster("amy", "ben", "cy")
    subs = tmp_path / "subs"
    for sid, when in (("amy", DUE - dt.timedelta(hours=1)), ("ben", DUE + dt.timedelta(hours=20))):
        _touch(write_json(subs / sid / "hw1.answers.json", sheet_for(hw, sid, all_right(hw, sid))), when)
    overrides = [
        Override("amy", "2.1", 2 / 3, "two of three reasons", 2),  # 0.6667 of a point: 8.6667 in all
        Override("ben", "1.1", 0.8, "half right", 3),  # ben is 1 day late, 10% off: 9.8 → 8.82
    ]
    report = grade_folder(hw, people, subs, overrides=overrides, file_times=True)
    out = tmp_path / "g"
    write_reports(report, out, histogram=False, roster=people)
    book = {r["student_id"]: r for r in csv.DictReader((out / "gradebook.csv").open(encoding="utf-8"))}
    assert (book["amy"]["total"], book["amy"]["Following suit (4)"]) == ("8.67", "2.67"), book["amy"]
    assert (book["ben"]["total"], book["ben"]["Bowers (2)"]) == ("8.82", "1.8"), book["ben"]
    canvas = (out / "canvas_grades.csv").read_text(encoding="utf-8")
    moodle = (out / "moodle_grades.csv").read_text(encoding="utf-8")
    assert ",8.67" in canvas and ",8.82" in canvas and ",8.67" in moodle, (canvas, moodle)
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "highest 8.82, lowest 8.67." in summary and "(lowest 8.67, highest 8.82)" in summary, summary
    feedback = (out / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    assert "Score: **8.67 / 10**" in feedback and "Following suit: 2.67 / 4" in feedback, feedback
    assert "0.67 / 2" in feedback and "Regraded: 2 → 0.67 points" in feedback, feedback
    # and nothing anywhere in these files is written with more decimals
    files = ["gradebook.csv", "canvas_grades.csv", "moodle_grades.csv", "summary.md", "overrides_applied.csv"]
    files += [str(p.relative_to(out)) for p in (out / "feedback").rglob("*.*")]
    for name in files:
        text = (out / name).read_text(encoding="utf-8")
        assert not re.findall(r"(?<![\w.])\d+\.\d{3,}\b", text), (name, re.findall(r"\d+\.\d{3,}", text))


# ------------------------------------------------------------------ N5
# the review's class of 200 (its summary.md: item, difficulty, discrimination), and an exam of 30 items in a crowd
REVIEW_ITEMS = [
    ("1.1", 0.72, 0.20), ("1.2", 0.72, 0.27), ("1.3", 0.76, 0.26), ("2.1", 0.76, 0.15), ("2.2", 0.76, 0.24),
    ("3.1", 0.73, 0.24), ("3.2", 0.77, 0.30), ("4.1", 0.68, 0.31), ("4.2", 0.78, 0.25), ("5.1", 0.34, -0.06),
]  # fmt: skip


def _crowd(n: int = 30) -> list[tuple[str, float, float]]:
    import random

    rng = random.Random(5)
    return [(f"{1 + k // 5}.{1 + k % 5}", rng.uniform(0.55, 0.85), rng.uniform(0.1, 0.4)) for k in range(n)]


@pytest.mark.parametrize("case", ["review", "crowd of 30"])
def test_n5_item_plot_labels_cover_no_label_and_no_dot(case: str) -> None:
    """item_analysis.png printed "1.1, 1.2, 3.1" over each other and over the dots: measured with matplotlib's
    renderer, no label box overlaps another, a dot or the legend, every label is inside the axes, and every item
    is named once."""
    from itertools import combinations

    from matplotlib.text import Text
    from matplotlib.transforms import Bbox

    from fivehundred_tutor.exercises.grading.report.plots import item_plot
    from fivehundred_tutor.exercises.grading.report.psychometrics import ClassFigures, ItemFigures

    rows = REVIEW_ITEMS if case == "review" else _crowd()
    items = [ItemFigures(i, "S", "t", 1.0, 200, p, r, None, None, 1.0) for i, p, r in rows]
    fig = item_plot(ClassFigures(200, None, None, None, None, None, None, None, items, [], []), "Week 1")
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        ax = fig.axes[0]
        # the words alone (an annotation's own extent takes in its leader line)
        labels = {t.get_text(): Text.get_window_extent(t, renderer) for t in ax.texts}
        assert sorted(n for text in labels for n in text.split(", ")) == sorted(i for i, _, _ in rows)
        for (a, box_a), (b, box_b) in combinations(labels.items(), 2):
            assert not box_a.overlaps(box_b), (a, b, box_a, box_b)
        radius = 3 * fig.dpi / 72  # a scatter dot of 36 pt² is 6 points across
        dots = [ax.transData.transform(xy) for c in ax.collections for xy in c.get_offsets()]
        assert len(dots) == len(rows)
        legend = ax.get_legend().get_window_extent(renderer)
        frame = ax.get_window_extent(renderer)
        for text, box in labels.items():
            assert frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1), (text, box, frame)
            assert not box.overlaps(legend), (text, box, legend)
            for x, y in dots:
                dot = Bbox.from_extents(x - radius, y - radius, x + radius, y + radius)
                assert not box.overlaps(dot), (text, box, (x, y))
    finally:
        import matplotlib.pyplot as plt

        plt.close(fig)
