"""Issue 27, what instructors expect next: section scoring policies, class-wide item rules, written answers
marked by hand — the same points in the gradebook, both LMS files, the feedback and the checking API."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from fivehundred_tutor.exercises import (
    AssignmentError,
    grade,
    grade_answers,
    parse_assignment,
    student_set,
)
from fivehundred_tutor.exercises.grading.handgrading import MarkingSession
from fivehundred_tutor.exercises.grading.handmarks import load_marks
from tests.support.exercises import (
    SECTIONS,
    TEST_SECRET,
    all_right,
    right_response,
    roster,
    sheet_for,
    wrong_response,
)

BOWERS = {"title": "Bowers", "topic": "bowers", "count": 3, "difficulty": 1, "points": 1}  # choose one of 4
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


def _hw(sections: list[dict[str, Any]], **more: Any) -> Any:
    data = {"id": "hw1", "title": "Homework one", "seed": 77, "feedback": "after-submit", "sections": sections, **more}
    return parse_assignment(data, source="hw1.toml", secret=TEST_SECRET)


def _rows(path: Path, key: str) -> dict[str, dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return {r[key]: r for r in csv.DictReader(fh)}


def _everywhere(out: Path, student: str) -> dict[str, str]:
    """One student's total as each output file gives it."""
    canvas = {r[3]: r[5] for r in csv.reader((out / "canvas_grades.csv").open(encoding="utf-8"))}
    moodle = _rows(out / "moodle_grades.csv", "Username")
    md = (out / "feedback" / student / "hw1.md").read_text(encoding="utf-8")
    score = md.split("Score: **", 1)[1].split(" /", 1)[0]
    return {
        "gradebook": _rows(out / "gradebook.csv", "student_id")[student]["total"],
        "canvas": canvas[student],
        "moodle": moodle[student]["Homework one"],
        "feedback": score,
    }


def _hand_in(folder: Path, hw: Any, sid: str, answers: dict[str, Any]) -> None:
    path = folder / sid / "hw1.answers.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(sheet_for(hw, sid, answers)), encoding="utf-8")


# ------------------------------------------------------------------ section scoring
def test_all_or_nothing_section_scores_only_when_every_answer_is_right(tmp_path: Path) -> None:
    hw = _hw([{**BOWERS, "scoring": "all-or-nothing"}, SECTIONS[2]])
    subs = tmp_path / "subs"
    _hand_in(subs, hw, "amy", all_right(hw, "amy"))
    ben = all_right(hw, "ben")
    ben["1.2"] = wrong_response(next(q for q in hw.questions_for("ben") if q["item"] == "1.2"))
    _hand_in(subs, hw, "ben", ben)
    report = grade(hw, roster("amy", "ben"), subs, tmp_path / "g")
    assert report.by_id()["amy"].section_totals(hw)["Bowers"] == 3
    assert report.by_id()["ben"].section_totals(hw)["Bowers"] == 0  # two right, one wrong: nothing
    assert _everywhere(tmp_path / "g", "ben") == dict.fromkeys(("gradebook", "canvas", "moodle", "feedback"), "2")
    assert "All or nothing" in (tmp_path / "g" / "feedback" / "ben" / "hw1.md").read_text(encoding="utf-8")
    assert grade_answers(hw, "ben", ben)["total"] == 2  # the checking API agrees


def test_a_guessing_correction_takes_off_for_wrong_choices_and_never_below_zero(tmp_path: Path) -> None:
    hw = _hw([{**BOWERS, "scoring": "guessing"}])
    qs = {q["item"]: q for q in hw.questions_for("amy")}
    assert all(len(q["choices"]) == 4 and q["kind"] == "choice" for q in qs.values())
    two_right = {"1.1": right_response(qs["1.1"]), "1.2": right_response(qs["1.2"]), "1.3": wrong_response(qs["1.3"])}
    assert grade_answers(hw, "amy", two_right)["total"] == round(2 - 1 / 3, 4)  # −1/(4−1) for the wrong one
    assert grade_answers(hw, "amy", {"1.1": right_response(qs["1.1"])})["total"] == 1  # blanks cost nothing
    all_wrong = {k: wrong_response(q) for k, q in qs.items()}
    assert grade_answers(hw, "amy", all_wrong)["total"] == 0  # the section never goes below 0
    mixed = {"1.1": right_response(qs["1.1"]), "1.2": wrong_response(qs["1.2"]), "1.3": wrong_response(qs["1.3"])}
    assert grade_answers(hw, "amy", mixed)["total"] == round(1 - 2 / 3, 4)
    with pytest.raises(AssignmentError, match="choose-one"):
        _hw([{**SECTIONS[2], "scoring": "guessing"}])  # scoring asks for numbers: no guessing to correct


def test_scoring_policies_and_item_rules_leave_every_question_as_it_was() -> None:
    plain = _hw([BOWERS, SECTIONS[2]])
    ruled = _hw([{**BOWERS, "scoring": "guessing"}, SECTIONS[2]], item_rules=[{"item": "1.1", "action": "drop"}])
    assert plain.fingerprint == ruled.fingerprint
    assert [q["id"] for q in plain.questions_for("amy")] == [q["id"] for q in ruled.questions_for("amy")]


# ------------------------------------------------------------------ class-wide item rules
def test_drop_full_and_accept_apply_the_same_way_everywhere(tmp_path: Path) -> None:
    base = _hw([BOWERS, SECTIONS[2]])
    amy_q = {q["item"]: q for q in base.questions_for("amy")}
    odd = wrong_response(amy_q["1.3"])  # the answer amy gave to 1.3, which the class decides to accept
    rules = [
        {"item": "1.1", "action": "drop", "reason": "the wording was ambiguous"},
        {"item": "Bowers#2", "action": "full"},
        {"item": "1.3", "action": "accept", "answer": odd, "question": amy_q["1.3"]["id"], "reason": "our house rule"},
    ]
    hw = _hw([BOWERS, SECTIONS[2]], item_rules=rules)
    assert hw.max_points == base.max_points - 1  # the dropped item is out of everyone's maximum
    subs = tmp_path / "subs"
    _hand_in(subs, hw, "amy", {"1.1": right_response(amy_q["1.1"]), "1.3": odd})
    ben_q = {q["item"]: q for q in hw.questions_for("ben")}
    _hand_in(subs, hw, "ben", {"1.3": wrong_response(ben_q["1.3"])})  # another question: not accepted for ben
    report = grade(hw, roster("amy", "ben"), subs, tmp_path / "g", feedback="both")
    amy, ben = report.by_id()["amy"], report.by_id()["ben"]
    assert [i.score for i in amy.items[:3]] == [0, 1, 1] and [i.rule for i in amy.items[:3]] == [
        "dropped",
        "full",
        "accepted",
    ]
    assert [i.score for i in ben.items[:3]] == [0, 1, 0]
    assert _everywhere(tmp_path / "g", "amy") == dict.fromkeys(("gradebook", "canvas", "moodle", "feedback"), "2")
    book = _rows(tmp_path / "g" / "gradebook.csv", "student_id")
    assert book["amy"]["max_points"] == "4" and "Bowers (2)" in book["amy"]
    canvas = list(csv.reader((tmp_path / "g" / "canvas_grades.csv").open(encoding="utf-8")))
    assert canvas[1][5] == "4"  # Points Possible follows the drop
    md = (tmp_path / "g" / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    assert "Dropped from the grade for everyone: the wording was ambiguous" in md and "Accepted" in md
    assert grade_answers(hw, "amy", {"1.1": right_response(amy_q["1.1"]), "1.3": odd})["total"] == 2


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ({"item": "9.9", "action": "drop"}, "'item' must name an item"),
        ({"item": "1.1", "action": "void"}, "'action' must be one of"),
        ({"item": "1.1", "action": "accept"}, "needs an 'answer'"),
        ({"item": "1.1", "action": "drop", "colour": "red"}, "unknown setting"),
    ],
)
def test_bad_item_rules_say_what_is_wrong(rule: dict[str, Any], message: str) -> None:
    with pytest.raises(AssignmentError, match=message):
        _hw([BOWERS], item_rules=[rule])


# ------------------------------------------------------------------ written answers, marked by hand
def test_a_written_question_shows_the_position_and_keeps_the_reference_for_the_marker() -> None:
    hw = _hw([BOWERS, WRITTEN])
    q = hw.questions_for("amy")[-1]
    assert q["kind"] == "text" and q["context"]["hand"] and q["reference"] and q["explanation"]
    the_set = json.dumps(student_set(hw, "amy"))
    assert '"reference"' not in the_set and q["explanation"] not in the_set and "Says why" not in the_set
    assert "Say why that card" in the_set and '"kind": "text"' in the_set


def test_written_answers_wait_for_their_mark_then_count_everywhere(tmp_path: Path) -> None:
    hw = _hw([BOWERS, WRITTEN])
    hw_file = tmp_path / "hw1.toml"
    object.__setattr__(hw, "source", str(hw_file))  # the marks file goes beside it
    subs = tmp_path / "subs"
    words = "The 5♠: the cheapest trump wins; __import__('os').system('rm -rf /') is only words here."
    _hand_in(subs, hw, "amy", {**all_right(hw, "amy"), "2.1": words})
    _hand_in(subs, hw, "ben", all_right(hw, "ben"))  # no written answer: nothing to mark
    report = grade(hw, roster("amy", "ben"), subs, tmp_path / "g")
    amy = report.by_id()["amy"]
    assert amy.pending == 1 and amy.total == 3 and any("still to mark" in w for w in report.warnings)
    assert _rows(tmp_path / "g" / "gradebook.csv", "student_id")["amy"]["to_mark"] == "1"
    assert _everywhere(tmp_path / "g", "amy")["canvas"] == ""  # no partial grade reaches the LMS
    session = MarkingSession(hw, roster("amy", "ben"), subs)
    view = session.view()
    assert [a["response"] for a in view["answers"]] == [words] and view["answers"][0]["student"] == ""
    assert view["answers"][0]["hand"] and view["answers"][0]["reference"]
    session.mark(0, criteria=[0, 1], comment="Well argued.")
    assert load_marks(tmp_path / "hw1.marks.json", hw).get("amy", "why#1").points == 3
    report = grade(hw, roster("amy", "ben"), subs, tmp_path / "g")
    assert report.by_id()["amy"].total == 6 and not report.warnings
    assert _everywhere(tmp_path / "g", "amy") == dict.fromkeys(("gradebook", "canvas", "moodle", "feedback"), "6")
    md = (tmp_path / "g" / "feedback" / "amy" / "hw1.md").read_text(encoding="utf-8")
    assert "Marked by hand: Names the cheapest winning card; Says why. Well argued." in md and "rm -rf" in md
    # a newer sheet with other words: the old mark no longer counts
    _hand_in(subs, hw, "amy", {**all_right(hw, "amy"), "2.1": "Because."})
    report = grade(hw, roster("amy", "ben"), subs, tmp_path / "g")
    assert report.by_id()["amy"].pending == 1 and report.by_id()["amy"].total == 3
    assert MarkingSession(hw, roster("amy", "ben"), subs).view()["answers"][0]["stale"]


def test_the_marking_session_refuses_what_a_widget_should_never_send(tmp_path: Path) -> None:
    hw = _hw([WRITTEN])
    object.__setattr__(hw, "source", str(tmp_path / "hw1.toml"))
    subs = tmp_path / "subs"
    _hand_in(subs, hw, "amy", {"1.1": "words"})
    session = MarkingSession(hw, roster("amy"), subs)
    for bad in ({"type": "mark", "index": 5}, {"type": "mark", "index": 0, "criteria": [7]}, {"type": "erase"}):
        assert session.request(bad)["type"] == "error"
    assert not (tmp_path / "hw1.marks.json").exists()
    assert session.request({"type": "mark", "index": 0, "criteria": [1]})["answer"]["mark"]["points"] == 2
