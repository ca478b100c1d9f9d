"""Issue 27, done when: item rules, a scoring policy, the item analysis and a hand-marked item work end to end as an
instructor runs them — ``assign`` on the command line, each student's sheet made from their own released files (as
their page makes it), collected by nbgrader, ``grade``, the written answers marked, ``grade`` again and again —
with one total per student in the gradebook, both LMS files and the feedback, and regrades byte for byte equal."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from fivehundred_tutor.cli import main as cli_main
from fivehundred_tutor.exercises import load_assignment, load_roster, make_sheet
from fivehundred_tutor.exercises.grading.handgrading import MarkingSession
from tests.support.exercises import right_response, wrong_response

ASSIGNMENT = """
id = "hw5"
title = "Week 5"
seed = 5
feedback = "after-submit"

[rules]
preset = "australian"

[[sections]]
title = "Bowers"
topic = "bowers"
count = 3
difficulty = 1
scoring = "guessing"

[[sections]]
title = "Following suit"
topic = "legal-plays"
count = 2
difficulty = 2
points = 2
scoring = "all-or-nothing"

[[sections]]
name = "why"
title = "Explain your play"
kind = "written"
prompt = "Say why that card, and not a higher one."
topic = "play-decision"
difficulty = 1
points = 3
rubric = [{label = "Names the cheapest winning card", points = 1}, {label = "Says why", points = 2}]

[[item_rules]]
item = "1.3"
action = "drop"
reason = "two answers were right under our house rules"
"""
IDS = [f"s{i:02d}" for i in range(12)]


def _grade(course: Path, out: str) -> int:
    args = ["grade", str(course / "hw5.toml"), "--roster", str(course / "roster.csv")]
    return cli_main([*args, "--submissions", str(course / "submitted"), "--out", str(course / out), "--no-progress"])


def _totals(out: Path) -> dict[str, set[str]]:
    """Each student's total as every file that carries it says it."""
    seen: dict[str, set[str]] = {}
    with (out / "gradebook.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            seen.setdefault(row["student_id"], set()).add(row["total"])
    with (out / "canvas_grades.csv").open(encoding="utf-8") as fh:
        for row in list(csv.reader(fh))[2:]:  # after the header and the points possible
            seen[row[3]].add(row[5])
    with (out / "moodle_grades.csv").open(encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            seen[row["Username"]].add(row["Week 5"])
    for sid in seen:
        score = re.search(r"Score: \*\*([^ *]+)", (out / "feedback" / sid / "hw5.md").read_text(encoding="utf-8"))
        assert score is not None
        seen[sid].add(score[1])
    return seen


def test_assign_hand_in_grade_mark_and_regrade_as_an_instructor(tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "hw5.toml").write_text(ASSIGNMENT, encoding="utf-8")
    rows = "".join(f"{sid},Student {sid},{'A' if n % 2 else 'B'}\n" for n, sid in enumerate(IDS))
    (course / "roster.csv").write_text("id,name,section\n" + rows, encoding="utf-8")
    assign = ["assign", str(course / "hw5.toml"), "--roster", str(course / "roster.csv")]
    assert cli_main([*assign, "--out", str(course / "release"), "--no-progress"]) == 0
    hw = load_assignment(course / "hw5.toml")
    expected: dict[str, float] = {}  # each student's points without the written answer, worked out here
    assert hw.max_points == 2 + 4 + 3  # bowers 3 × 1 with 1.3 dropped, following suit 2 × 2, the written 3
    for n, sid in enumerate(IDS):
        released = course / "release" / "students" / sid / f"hw5-{sid}.questions.json"
        the_set = json.loads(released.read_text(encoding="utf-8"))
        answers = {}
        bowers, suit = 0.0, []
        for j, item in enumerate(the_set["items"]):
            q = next(q for q in hw.questions_for(sid) if q["item"] == item["item"])
            right = bool((n + j) % 4)
            if q["kind"] == "text":
                answers[item["item"]] = f"The cheapest card that wins, student {n}."
                continue
            answers[item["item"]] = right_response(q) if right else wrong_response(q)
            if q["item"] == "1.3":
                continue  # dropped: out of everyone's points
            if q["section"] == "Bowers":  # guessing: a wrong choice costs 1/(choices - 1)
                bowers += 1 if right else -1 / (len(q["choices"]) - 1)
            else:
                suit.append(right)
        expected[sid] = max(0.0, bowers) + (4.0 if all(suit) else 0.0)  # all-or-nothing: both or none
        ids = {i["item"]: i["question"]["id"] for i in the_set["items"]}
        info = the_set["assignment"]
        sheet = make_sheet("hw5", info["fingerprint"], sid, answers, ids, token=info["token"], source="page")
        home = course / "submitted" / sid / "hw5"
        home.mkdir(parents=True)
        (home / f"hw5-{sid}.answers.json").write_text(json.dumps(sheet), encoding="utf-8")
        (home / "timestamp.txt").write_text("2026-03-01 10:00:00.000000 UTC", encoding="utf-8")

    assert _grade(course, "g1") == 0
    waiting = _totals(course / "g1")
    assert all(len(v) == 2 and "" in v for v in waiting.values()), waiting  # the LMS files wait for the marks
    summary = (course / "g1" / "summary.md").read_text(encoding="utf-8")
    assert "still to mark (12)" in summary and "| 1.3 |" in summary and "dropped" in summary

    session = MarkingSession(hw, load_roster(course / "roster.csv"), course / "submitted")
    for index, answer in enumerate(session.view()["answers"]):
        assert answer["student"] == "" and answer["response"].startswith("The cheapest card")  # anonymous
        session.mark(index, criteria=[0, 1] if index % 2 else [0], comment="")
    assert _grade(course, "g2") == 0 and _grade(course, "g3") == 0
    totals = _totals(course / "g2")
    assert all(len(v) == 1 for v in totals.values()), totals  # one total everywhere
    book = {r["student_id"]: r for r in csv.DictReader((course / "g2" / "gradebook.csv").open(encoding="utf-8"))}
    written = [float(book[sid]["Explain your play (3)"]) for sid in IDS]
    assert sorted(written) == [1.0] * 6 + [3.0] * 6
    for sid, mark in zip(IDS, written, strict=True):
        assert float(book[sid]["total"]) == round(expected[sid] + mark, 2), (sid, book[sid], expected[sid])
    item_rows = {r["item"]: r for r in csv.DictReader((course / "g2" / "item_analysis.csv").open(encoding="utf-8"))}
    assert item_rows["3.1"]["flags"] != "still to mark (12)" and item_rows["1.3"]["flags"] == "dropped"
    for path in (course / "g2").rglob("*"):
        if path.is_file():
            assert path.read_bytes() == (course / "g3" / path.relative_to(course / "g2")).read_bytes(), path
