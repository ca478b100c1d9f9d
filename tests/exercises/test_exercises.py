"""Exercises: assignment files, rosters, assign, grade (never trusting a submission), checking API, CLI, widget."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivehundred_tutor.cli import main as cli_main
from fivehundred_tutor.exercises import (
    AssignmentError,
    RosterError,
    assert_correct,
    assign,
    check_answer,
    example_assignment,
    expected_question,
    grade,
    grade_answers,
    grade_folder,
    grade_sheet,
    grade_sheet_bytes,
    load_assignment,
    load_roster,
    parse_assignment,
    parse_roster,
)
from fivehundred_tutor.exercises.sheets import SHEET_MIME, SubmissionProblem, parse_submission_bytes
from fivehundred_tutor.rules import Rules
from tests.support.exercises import (
    MAX_POINTS,
    all_right,
    gradebook_rows,
    right_response,
    roster,
    sheet_for,
    small_assignment,
    write_assignment,
    write_json,
    write_roster,
    wrong_response,
)

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- assignment files
def test_example_assignment_loads_and_is_reproducible():
    hw = example_assignment()
    assert hw.question_count == sum(s.count for s in hw.sections) and hw.max_points > 0
    a, b = hw.questions_for("alice"), hw.questions_for("alice")
    assert a == b
    assert [q["id"] for q in a] != [q["id"] for q in hw.questions_for("bob")]
    assert [q["item"] for q in a][:3] == ["1.1", "1.2", "2.1"]


def test_same_student_same_questions_in_another_process():
    hw = example_assignment()
    here = json.dumps(hw.questions_for("zoe"), sort_keys=True)
    code = (
        "import json,sys; from fivehundred_tutor.exercises import example_assignment as e; "
        "sys.stdout.write(json.dumps(e().questions_for('zoe'), sort_keys=True))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "999", "PYTHONIOENCODING": "utf-8"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, encoding="utf-8"
    )
    assert out.stdout == here


def test_toml_yaml_and_json_files(tmp_path):
    toml = load_assignment(write_assignment(tmp_path, preset="american"))
    assert toml.rules == Rules.preset("american") and toml.max_points == MAX_POINTS
    data = toml.to_dict()
    data["rules"] = {"preset": "american"}
    (tmp_path / "hw.json").write_text(json.dumps(data), encoding="utf-8")
    assert load_assignment(tmp_path / "hw.json").fingerprint == toml.fingerprint
    import yaml

    (tmp_path / "hw.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    from_yaml = load_assignment(tmp_path / "hw.yaml", secret=tmp_path / "hw1.secret")
    assert from_yaml.questions_for("a") == toml.questions_for("a")


@pytest.mark.parametrize(
    "change,message",
    [
        ({"colour": "red"}, "unknown setting"),
        ({"id": "no spaces please"}, "'id' must be"),
        ({"seed": "x"}, "'seed' must be a whole number"),
        ({"feedback": "sometimes"}, "'feedback' must be one of"),
        ({"rules": {"preset": "martian"}}, "no preset named"),
        ({"rules": {"players": 7}}, "players must be at most 6"),
        ({"sections": []}, "at least one [[sections]]"),
        ({"sections": [{"topic": "poker"}]}, "'topic' must be one of"),
        ({"sections": [{"topic": "bowers", "difficulty": 9}]}, "difficulty 9 is not a level"),
        ({"sections": [{"topic": "bowers", "count": 0}]}, "'count' must be at least 1"),
        ({"sections": [{"topic": "bowers", "points": -1}]}, "'points'"),
        ({"sections": [{"topic": "misere"}], "rules": {"preset": "no-misere"}}, "misère is not played"),
        ({"sections": [{"topic": "bowers"}, {"topic": "bowers"}]}, "section titles must differ"),
        (
            {"sections": [{"topic": "play-decision", "difficulty": [1, 3]}], "rules": {"preset": "two-player"}},
            "difficulty 3: difficulty 3 play decisions are not made for the 2-player game",
        ),
    ],
)
def test_bad_assignment_files_say_what_is_wrong(change, message):
    data = {"id": "hw1", "title": "T", "seed": 1, "sections": [{"topic": "bowers"}]}
    data.update(change)
    with pytest.raises(AssignmentError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_assignment(data)


def test_unreadable_assignment_files(tmp_path):
    with pytest.raises(AssignmentError, match="no such assignment file"):
        load_assignment(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("id = 'hw1\n", encoding="utf-8")
    with pytest.raises(AssignmentError, match="not valid TOML"):
        load_assignment(bad)
    missing_seed = tmp_path / "noseed.toml"
    missing_seed.write_text("id = 'hw1'\n[[sections]]\ntopic = 'bowers'\n", encoding="utf-8")
    with pytest.raises(AssignmentError, match="give a 'seed'"):
        load_assignment(missing_seed)


# ---------------------------------------------------------------------- roster
def test_roster_parsing():
    r = parse_roster("ID;Name;Email\nalice;Alice;a@x\n\nbob;Bob;\n")
    assert r.ids == ["alice", "bob"] and r.get("alice").name == "Alice"
    with pytest.raises(RosterError, match="already on line 2"):
        parse_roster("id\nalice\nalice\n")
    with pytest.raises(RosterError, match="no id column"):
        parse_roster("name\nAlice\n")
    with pytest.raises(RosterError, match=r"line 2.*characters"):
        parse_roster("id\nal ice/..\n")
    with pytest.raises(RosterError, match="no students"):
        parse_roster("id\n")


# ------------------------------------------------------------ end to end
def test_assign_then_grade_end_to_end(tmp_path):
    hw_path = write_assignment(tmp_path)
    roster_path = write_roster(tmp_path, "alice", "bob", "carol")
    hw, people = load_assignment(hw_path), load_roster(roster_path)
    manifest = assign(hw, people, tmp_path / "release")
    assert manifest["students"] == ["alice", "bob", "carol"]
    # each student's file holds their own questions
    alice_set = json.loads((tmp_path / "release/students/alice/hw1-alice.questions.json").read_text(encoding="utf-8"))
    assert [i["question"]["id"] for i in alice_set["items"]] == [q["id"] for q in hw.questions_for("alice")]
    # fill answers programmatically: alice all right, bob right on the first section only
    subs = tmp_path / "collected"
    write_json(subs / "hw1-alice.answers.json", sheet_for(hw, "alice", all_right(hw, "alice")))
    bob_qs = hw.questions_for("bob")
    bob = {q["item"]: (right_response(q) if q["section"] == "Bowers" else wrong_response(q)) for q in bob_qs}
    write_json(subs / "hw1-bob.answers.json", sheet_for(hw, "bob", bob))
    report = grade(hw, people, subs, tmp_path / "grades", feedback="both")
    rows = gradebook_rows(tmp_path / "grades/gradebook.csv")
    assert list(rows) == ["alice", "bob", "carol"]
    assert rows["alice"]["total"] == str(MAX_POINTS) and rows["alice"]["status"] == "graded"
    assert rows["alice"]["percent"] == "100.0" and rows["alice"]["Scoring (2)"] == "2"
    assert rows["bob"]["Bowers (2)"] == "2" and rows["bob"]["Scoring (2)"] == "0"
    assert 2 <= float(rows["bob"]["total"]) < MAX_POINTS
    assert rows["carol"]["status"] == "missing" and rows["carol"]["total"] == ""  # blank, not 0
    assert "no submission" in rows["carol"]["problems"]
    feedback = (tmp_path / "grades/feedback/bob/hw1.md").read_text(encoding="utf-8")
    assert "Not quite" in feedback and "Student: **bob**" in feedback
    assert (tmp_path / "grades/feedback/alice/hw1.html").read_text(encoding="utf-8").startswith("<!doctype html>")
    items = list(csv.DictReader((tmp_path / "grades/item_analysis.csv").open(encoding="utf-8")))
    assert [r["item"] for r in items] == [label for label, *_ in hw.items()]
    assert items[0]["correct"] == "1.00"  # both alice and bob answered 1.1 right
    png = (tmp_path / "grades/histogram.png").read_bytes()
    assert png.startswith(b"\x89PNG")
    assert "![Score histogram](histogram.png)" in (tmp_path / "grades/summary.md").read_text(encoding="utf-8")
    assert report.by_id()["alice"].total == MAX_POINTS


def test_exam_mode_leaks_no_answers(tmp_path):
    hw = small_assignment("none")
    people = roster("alice", "bob")
    assign(hw, people, tmp_path / "out")
    text = "\n".join(p.read_text(encoding="utf-8") for p in (tmp_path / "out").rglob("*") if p.is_file())
    for key in ('"answer"', '"explanation"', '"accept"', '"answer_words"', '"seed"'):
        assert key not in text, key
    for sid in people.ids:
        for q in hw.questions_for(sid):
            assert q["explanation"] not in text
            assert str(q["seed"]) not in text
    # and with feedback on, the same files do carry them (so the search above can find them)
    assign(small_assignment("immediate"), people, tmp_path / "practice")
    practice = (tmp_path / "practice/students/alice/hw1-alice.html").read_text(encoding="utf-8")
    assert '"accept"' in practice and '"explanation"' in practice


# ------------------------------------------------------------ never trust
@pytest.fixture
def batch(tmp_path):
    hw = small_assignment()
    people = roster("alice", "bob", "carol", "dave", "erin", "frank", "gina", "hal", "ivy", "jo", "kim", "lee")
    subs = tmp_path / "subs"
    good = sheet_for(hw, "alice", all_right(hw, "alice"))
    write_json(subs / "hw1-alice.answers.json", good)
    # bob: malformed JSON; carol: truncated; dave: oversized
    (subs / "hw1-bob.answers.json").write_text('{"format": "fivehundred-answers/1", "student": bob}', encoding="utf-8")
    text = json.dumps(sheet_for(hw, "carol", all_right(hw, "carol")))
    (subs / "hw1-carol.answers.json").write_text(text[: len(text) // 2], encoding="utf-8")
    big = sheet_for(hw, "dave", all_right(hw, "dave"), padding="x" * 300_000)
    write_json(subs / "hw1-dave.answers.json", big)
    # erin: two different sheets (the later one wins); frank: the same sheet twice
    erin_right = sheet_for(hw, "erin", all_right(hw, "erin"), saved_at="2026-02-02T00:00:00Z")
    erin_empty = sheet_for(hw, "erin", {}, saved_at="2026-01-01T00:00:00Z")
    write_json(subs / "erin" / "first.json", erin_empty)
    write_json(subs / "erin" / "second.json", erin_right)
    os.utime(subs / "erin" / "first.json", (1_700_000_000, 1_700_000_000))  # collected first
    os.utime(subs / "erin" / "second.json", (1_700_000_500, 1_700_000_500))
    frank = sheet_for(hw, "frank", all_right(hw, "frank"))
    write_json(subs / "frank-a.json", frank)
    write_json(subs / "frank-b.json", frank)
    # gina: a sheet for another assignment; hal: hands in ivy's sheet
    write_json(subs / "hw1-gina.answers.json", sheet_for(hw, "gina", all_right(hw, "gina"), assignment="hw2"))
    write_json(subs / "hw1-hal.answers.json", sheet_for(hw, "ivy", all_right(hw, "ivy")))
    # jo: tampered — answers to questions made with another seed
    other = small_assignment().questions_for("someone-else")
    jo = sheet_for(hw, "jo", all_right(hw, "jo"))
    jo["question_ids"]["1.1"] = other[0]["id"]
    jo["answers"]["1.1"] = right_response(other[0])
    write_json(subs / "hw1-jo.answers.json", jo)
    # kim: random bytes; a stranger's sheet; a stray text file
    (subs / "hw1-kim.answers.json").write_bytes(bytes(range(256)) * 3)
    write_json(subs / "zed.json", sheet_for(hw, "zed", {}))
    (subs / "notes.txt").write_text("hello", encoding="utf-8")
    (subs / "hw1-lee.answers.json").symlink_to(subs / "hw1-alice.answers.json")
    report = grade_folder(hw, people, subs, max_bytes=200_000)
    return hw, report


def _row(report, sid):
    return report.by_id()[sid]


def test_each_bad_submission_is_reported_and_the_batch_finishes(batch):
    hw, report = batch
    assert len(report.students) == 12
    assert _row(report, "alice").status == "graded" and _row(report, "alice").total == MAX_POINTS
    expectations = {
        "bob": ("rejected", "not valid JSON"),
        "carol": ("rejected", "truncated"),
        "dave": ("rejected", "oversized"),
        "gina": ("rejected", "wrong assignment"),
        "kim": ("rejected", "not UTF-8"),
        "lee": ("rejected", "links are not followed"),
    }
    for sid, (status, reason) in expectations.items():
        row = _row(report, sid)
        assert row.status == status, (sid, row.status, row.problems)
        assert any(reason in p for p in row.problems), (sid, row.problems)
        assert row.total == 0 and len(row.items) == hw.question_count  # missing answers score 0
    erin = _row(report, "erin")
    assert erin.total == MAX_POINTS and any("duplicated" in p and "second.json" in p for p in erin.problems)
    frank = _row(report, "frank")
    assert frank.total == MAX_POINTS and any("same answers" in p for p in frank.problems)
    assert frank.status == "graded"  # a notebook and its answers file handed in together is fine
    jo = _row(report, "jo")
    assert jo.status == "flagged" and any("tampered" in p and "1.1" in p for p in jo.problems)
    first = next(i for i in jo.items if i.item == "1.1")
    assert first.score == 0 and jo.total == MAX_POINTS - first.points
    assert any("wrong student" in p or "found in" in p for p in _row(report, "ivy").problems)
    # a file named for hal holds ivy's sheet: a name is no proof of who handed it in, so neither is graded by it
    # and hal is not accused; the instructor sees the file among the unmatched, with both names (issue 27)
    assert _row(report, "hal").status == "missing" and _row(report, "hal").problems == ["no submission"]
    assert (
        "hal" in dict(report.unmatched)["hw1-hal.answers.json"]
        and "ivy" in dict(report.unmatched)["hw1-hal.answers.json"]
    )
    unmatched = dict(report.unmatched)
    assert "unknown student 'zed'" in unmatched["zed.json"]
    # a file that is no sheet by its content is not read, and said so (grade then ends with status 1)
    assert "not an answer sheet" in dict(report.not_read)["notes.txt"]


def test_bad_rows_reach_the_gradebook(batch, tmp_path):
    _, report = batch
    from fivehundred_tutor.exercises import write_reports

    write_reports(report, tmp_path / "g", histogram=False)
    rows = gradebook_rows(tmp_path / "g/gradebook.csv")
    assert rows["carol"]["status"] == "rejected" and "truncated" in rows["carol"]["problems"]
    assert (tmp_path / "g/unmatched.csv").exists()


def test_missing_answers_score_zero_without_error():
    hw = small_assignment()
    first = hw.questions_for("amy")[0]
    items, problems = grade_sheet(hw, "amy", sheet_for(hw, "amy", {first["item"]: right_response(first)}))
    assert items[0].score == first["points"] and all(i.score == 0 for i in items[1:])
    assert not problems


def test_changed_fingerprint_is_noted_and_answers_matched_by_question(tmp_path):
    hw = small_assignment()
    subs = tmp_path / "s"
    write_json(subs / "amy.json", sheet_for(hw, "amy", all_right(hw, "amy"), fingerprint="0" * 16))
    row = grade_folder(hw, roster("amy"), subs).by_id()["amy"]
    assert row.status == "graded" and any(p.startswith("note:") and "another version" in p for p in row.problems)
    assert row.total == MAX_POINTS  # the questions themselves still match


def test_formula_injection_is_defused(tmp_path):
    hw = small_assignment()
    people = roster("amy")
    subs = tmp_path / "s"
    write_json(subs / "amy.json", sheet_for(hw, "amy", {"=HYPERLINK(1)": 1}))
    grade(hw, people, subs, tmp_path / "g", histogram=False)
    text = (tmp_path / "g/gradebook.csv").read_text(encoding="utf-8")
    assert ",=HYPERLINK" not in text and '"=HYPERLINK' not in text


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=25,
)
HW = small_assignment()
HW_QS = HW.questions_for("amy")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.binary(max_size=400))
def test_random_bytes_never_crash_the_reader(raw):
    try:
        sheet = parse_submission_bytes(raw)
    except SubmissionProblem as err:
        assert str(err)
        return
    items, _ = grade_sheet(HW, "amy", sheet, HW_QS)
    assert len(items) == HW.question_count


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=json_values, answers=st.dictionaries(st.sampled_from([q["item"] for q in HW_QS] + ["9.9"]), json_values))
def test_random_json_never_crashes_grading(data, answers):
    for candidate in (
        data,
        {"format": "fivehundred-answers/1", "answers": answers},
        {"answers": data, "question_ids": data},
    ):
        try:
            sheet = parse_submission_bytes(json.dumps(candidate).encode())
        except SubmissionProblem:
            continue
        items, problems = grade_sheet(HW, "amy", sheet, HW_QS)
        assert len(items) == HW.question_count and all(0 <= i.score <= i.points for i in items)
        assert all(isinstance(p, str) for p in problems)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(
    files=st.lists(st.one_of(st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode())), max_size=4)
)
def test_random_folders_always_finish(tmp_path_factory, files):
    subs = tmp_path_factory.mktemp("subs")
    for i, raw in enumerate(files):
        (subs / f"hw1-amy-{i}.json").write_bytes(raw)
    report = grade_folder(HW, roster("amy", "ben"), subs)
    assert [s.student for s in report.students] == ["amy", "ben"]
    assert report.by_id()["amy"].status in ("rejected", "missing", "graded", "flagged")


# ------------------------------------------------------------ notebooks
def test_notebook_submission_sheet_in_output_and_widget_state(tmp_path):
    hw = small_assignment()
    sheet = sheet_for(hw, "amy", all_right(hw, "amy"))
    nb = {
        "nbformat": 4,
        "metadata": {},
        "cells": [
            {
                "cell_type": "code",
                "source": "",
                "outputs": [{"output_type": "display_data", "data": {SHEET_MIME: sheet}}],
            }
        ],
    }
    subs = tmp_path / "s"
    write_json(subs / "hw1-amy.ipynb", nb)
    state_nb = {
        "nbformat": 4,
        "cells": [],
        "metadata": {
            "widgets": {
                "application/vnd.jupyter.widget-state+json": {
                    "state": {"m1": {"state": {"sheet": sheet_for(hw, "ben", all_right(hw, "ben"))}}}
                }
            }
        },
    }
    write_json(subs / "hw1-ben.ipynb", state_nb)
    write_json(subs / "hw1-cy.ipynb", {"nbformat": 4, "cells": [], "metadata": {}})
    report = grade_folder(hw, roster("amy", "ben", "cy"), subs)
    assert report.by_id()["amy"].total == MAX_POINTS
    assert report.by_id()["ben"].total == MAX_POINTS
    assert any("no answer sheet in this notebook" in p for p in report.by_id()["cy"].problems)


# ------------------------------------------------------------ checking API
def test_checking_api():
    hw = small_assignment()
    q = expected_question(hw, "amy", "2.1")
    assert check_answer(hw, "amy", "2.1", q["answer"])["points"] == q["points"]
    assert_correct(hw, "amy", "2.1", q["answer"])
    with pytest.raises(AssertionError, match=r"question 2\.1"):
        assert_correct(hw, "amy", "2.1", wrong_response(q))
    with pytest.raises(KeyError, match="no item"):
        expected_question(hw, "amy", "9.9")
    graded = grade_answers(hw, "amy", all_right(hw, "amy"))
    assert graded["total"] == MAX_POINTS and graded["sections"]["Following suit"] == 4
    raw = json.dumps(sheet_for(hw, "amy", all_right(hw, "amy"))).encode()
    assert grade_sheet_bytes(hw, "amy", raw)["total"] == MAX_POINTS
    assert grade_sheet_bytes(hw, "bob", raw)["total"] == 0
    assert "not valid JSON" in grade_sheet_bytes(hw, "amy", raw[:40])["problems"][0]


# ------------------------------------------------------------ CLI
def test_cli_assign_and_grade(tmp_path, capsys):
    hw_path = write_assignment(tmp_path)
    roster_path = write_roster(tmp_path, "amy", "ben")
    assert (
        cli_main(
            ["assign", str(hw_path), "--roster", str(roster_path), "--out", str(tmp_path / "rel"), "--no-progress"]
        )
        == 0
    )
    assert "2 students" in capsys.readouterr().out
    hw = load_assignment(hw_path)
    write_json(tmp_path / "subs/hw1-amy.answers.json", sheet_for(hw, "amy", all_right(hw, "amy")))
    code = cli_main(
        [
            "grade",
            str(hw_path),
            "--roster",
            str(roster_path),
            "--submissions",
            str(tmp_path / "subs"),
            "--out",
            str(tmp_path / "g"),
            "--no-progress",
            "--no-histogram",
        ]
    )
    assert code == 0 and "1 graded, 1 missing" in capsys.readouterr().out
    assert gradebook_rows(tmp_path / "g/gradebook.csv")["amy"]["total"] == str(MAX_POINTS)


def test_cli_errors_are_one_clear_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("id = 'hw1'\nseed = 1\n[[sections]]\ntopic = 'poker'\n", encoding="utf-8")
    roster_path = write_roster(tmp_path, "amy")
    assert cli_main(["assign", str(bad), "--roster", str(roster_path), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "'topic' must be one of" in err and "Traceback" not in err
    good = write_assignment(tmp_path)
    assert (
        cli_main(
            [
                "grade",
                str(good),
                "--roster",
                str(roster_path),
                "--submissions",
                str(tmp_path / "nope"),
                "--out",
                str(tmp_path / "g"),
            ]
        )
        == 2
    )
    assert "no such submissions folder" in capsys.readouterr().err


# ------------------------------------------------------------ the widget (Python side)
def test_widget_keeps_answers_in_the_sheet_and_the_file(tmp_path):
    from fivehundred_tutor.widgets import AssignmentWidget

    hw = small_assignment()
    assign(hw, roster("amy"), tmp_path)
    qfile = tmp_path / "students/amy/hw1-amy.questions.json"
    w = AssignmentWidget.from_file(qfile)
    assert w.sheet["student"] == "amy" and w.sheet["answers"] == {}
    for item, response in all_right(hw, "amy").items():
        w.answer(item, response)
    saved = json.loads((tmp_path / "students/amy/hw1-amy.answers.json").read_text(encoding="utf-8"))
    assert saved == w.sheet and "Saved" in w.status
    report = grade_folder(hw, roster("amy"), tmp_path / "students")
    assert report.by_id()["amy"].total == MAX_POINTS
    again = AssignmentWidget.from_file(qfile)  # a restarted kernel gets the answers back
    assert again.answers == w.answers and "restored" in again.status
    with pytest.raises(KeyError, match="no question"):
        w.answer("7.7", "x")
    with pytest.raises(FileNotFoundError, match="question set is missing"):
        AssignmentWidget.from_file(tmp_path / "nope.questions.json")


def test_produced_notebook_runs_under_nbval(tmp_path):
    hw = small_assignment("after-submit")
    assign(hw, roster("amy"), tmp_path)
    nb = tmp_path / "students/amy/hw1-amy.ipynb"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--nbval-lax",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(nb.parent),
            str(nb),
        ],
        capture_output=True,
        text=True,
        cwd=nb.parent,
        timeout=240,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "2 passed" in result.stdout


def test_executed_notebook_is_graded_from_its_saved_outputs(tmp_path):
    """Run the student's notebook for real (answers given from Python), save it, grade the .ipynb."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    hw = small_assignment()
    assign(hw, roster("amy"), tmp_path)
    home = tmp_path / "students/amy"
    nb = nbformat.read(home / "hw1-amy.ipynb", as_version=4)
    answers = all_right(hw, "amy")
    nb.cells.insert(2, nbformat.v4.new_code_cell("\n".join(f"hw.answer({k!r}, {v!r})" for k, v in answers.items())))
    nbclient.NotebookClient(nb, timeout=120, resources={"metadata": {"path": str(home)}}).execute()
    (home / "hw1-amy.answers.json").unlink()  # grade the notebook alone
    subs = tmp_path / "subs"
    subs.mkdir()
    nbformat.write(nb, subs / "hw1-amy.ipynb")
    report = grade_folder(hw, roster("amy"), subs)
    assert report.by_id()["amy"].total == MAX_POINTS, report.by_id()["amy"].problems
