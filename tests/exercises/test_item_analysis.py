"""Issue 27: item analysis as psychometricians make it — checked against figures computed independently (numpy)
from a class whose answers were planted: a good item, an item the best students miss, an item everyone gets."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fivehundred_tutor.exercises import grade, parse_assignment, parse_roster
from fivehundred_tutor.exercises.grading.report.psychometrics import analyse, cronbach_alpha, upper_lower
from tests.support.exercises import TEST_SECRET, right_response, sheet_for, write_json, wrong_response

SECTIONS = [
    {"title": "Bowers", "topic": "bowers", "count": 4, "difficulty": 1},
    {"title": "Tricks", "topic": "trick-winner", "count": 4, "difficulty": 1},
]
N = 40
NEGATIVE, EASY = 2, 5  # the planted items (0-based): the best students miss one, everyone gets the other


def _planted() -> np.ndarray:
    """Right (1) or wrong (0) for each student (rows, weakest first) and item (columns)."""
    ability = np.linspace(0, 1, N)
    cut = np.array([0.15, 0.3, 0.0, 0.45, 0.55, 0.0, 0.7, 0.85])
    right = (ability[:, None] > cut[None, :]).astype(float)
    right[:, NEGATIVE] = (ability < 0.35).astype(float)
    right[:, EASY] = 1.0
    return right


def _people() -> Any:
    """The class: two sections, A and B, alternating."""
    return parse_roster("id,section\n" + "".join(f"s{i:02d},{'A' if i % 2 else 'B'}\n" for i in range(N)))


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path, np.ndarray]:
    tmp = tmp_path_factory.mktemp("class")
    hw = parse_assignment({"id": "hw1", "title": "Homework one", "seed": 5, "sections": SECTIONS}, secret=TEST_SECRET)
    ids = [f"s{i:02d}" for i in range(N)]
    people = _people()
    right = _planted()
    for i, sid in enumerate(ids):
        qs = hw.questions_for(sid)
        answers = {q["item"]: right_response(q) if right[i, j] else wrong_response(q) for j, q in enumerate(qs)}
        write_json(tmp / "subs" / sid / "hw1.answers.json", sheet_for(hw, sid, answers))
    report = grade(hw, people, tmp / "subs", tmp / "g")
    return report, tmp / "g", right


def test_discrimination_difficulty_and_upper_lower_match_an_independent_computation(graded: Any) -> None:
    _, out, right = graded
    rows = list(csv.DictReader((out / "item_analysis.csv").open(encoding="utf-8")))
    totals = right.sum(axis=1)
    for j, row in enumerate(rows):
        rest = totals - right[:, j]
        p = right[:, j].mean()
        assert float(row["mean_score"]) == pytest.approx(p, abs=0.005)
        if right[:, j].std() == 0:
            assert row["discrimination"] == "" and row["index_d"] != ""
        else:
            assert float(row["discrimination"]) == pytest.approx(np.corrcoef(right[:, j], rest)[0, 1], abs=0.005)
        order = np.argsort(totals, kind="stable")
        k = int(np.ceil(0.27 * N))
        d = right[order[-k:], j].mean() - right[order[:k], j].mean()
        assert float(row["index_d"]) == pytest.approx(d, abs=0.005), row["item"]


def test_reliability_median_and_sd(graded: Any) -> None:
    report, _, right = graded
    figures = analyse(report, _people())
    k = right.shape[1]
    kr20 = k / (k - 1) * (1 - (right.mean(0) * (1 - right.mean(0))).sum() / right.sum(1).var())
    assert figures.kr20 == pytest.approx(kr20) and figures.alpha == pytest.approx(kr20)  # 1 point each: the same
    totals = right.sum(1)
    assert figures.median == pytest.approx(np.median(totals)) and figures.sd == pytest.approx(totals.std())
    bowers = figures.sections[0]
    assert bowers["alpha"] == pytest.approx(cronbach_alpha(right[:, :4].tolist()))
    assert [g["group"] for g in figures.groups] == ["A", "B"] and sum(g["n"] for g in figures.groups) == N


def test_planted_items_are_flagged_with_their_wrong_answers(graded: Any) -> None:
    _, out, right = graded
    flags = {r["item"]: r["flags"] for r in csv.DictReader((out / "item_analysis.csv").open(encoding="utf-8"))}
    assert flags["1.3"].startswith("negative discrimination (r -") and flags["2.2"] == "too easy"
    assert "negative" not in flags["1.1"] and flags["2.4"] != "too easy"
    distractors = list(csv.DictReader((out / "distractors.csv").open(encoding="utf-8")))
    wrong_13 = sum(int(r["students"]) for r in distractors if r["item"] == "1.3")
    assert wrong_13 == int(N - right[:, NEGATIVE].sum())  # every wrong answer counted once
    assert not [r for r in distractors if r["item"] == "2.2"]
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "## Items to look at" in summary and "- 1.3 (Bowers): negative discrimination (r -" in summary
    assert "KR-20" in summary and "| A | 20 |" in summary
    assert "![Each item's difficulty" in summary and (out / "item_analysis.png").stat().st_size > 5000


def test_small_helpers() -> None:
    assert upper_lower([1, 0, 1], [3, 2, 1]) is None  # fewer than four students: no groups
    assert cronbach_alpha([[1, 1], [1, 1]]) is None  # no spread: no reliability to speak of


def test_written_answers_are_analysed_once_marked_and_their_words_are_no_distractors(tmp_path: Path) -> None:
    """Found trying a class of 200 with a hand-marked item: before marking, the written item was flagged 'too
    hard' (every answer scored 0 while it waited) and the students' words were listed as its 'wrong answers'."""
    from fivehundred_tutor.exercises import grade_folder
    from fivehundred_tutor.exercises.grading.handmarks import Mark, Marks, answer_digest

    written = {"name": "why", "title": "Explain", "kind": "written", "prompt": "Why?", "points": 2}
    data = {"id": "hw1", "title": "Homework one", "seed": 5, "sections": [SECTIONS[0], written]}
    hw = parse_assignment(data, secret=TEST_SECRET)
    ids = [f"s{i:02d}" for i in range(12)]
    for n, sid in enumerate(ids):
        qs = hw.questions_for(sid)
        answers = {q["item"]: right_response(q) if (n + j) % 3 else wrong_response(q) for j, q in enumerate(qs[:4])}
        write_json(tmp_path / sid / "hw1.answers.json", sheet_for(hw, sid, {**answers, "2.1": f"Because {n}."}))
    people = parse_roster("id\n" + "".join(f"{sid}\n" for sid in ids))
    report = grade_folder(hw, people, tmp_path)
    figures = {f.item: f for f in analyse(report, people).items}
    waiting = figures["2.1"]
    assert waiting.flags == ["still to mark (12)"] and waiting.difficulty is None and not waiting.wrong_answers
    # the bowers items' figures leave the waiting item out of the totals: the same as without it
    alone = parse_assignment({**data, "sections": [SECTIONS[0]]}, secret=TEST_SECRET)
    without = {f.item: f for f in analyse(grade_folder(alone, people, tmp_path), people).items}
    assert figures["1.1"].discrimination == pytest.approx(without["1.1"].discrimination)
    # marked: analysed like any item, but free words are not distractors
    key = hw.questions_for("s00")[-1]["key"]
    marks = Marks("hw1", {sid: {key: Mark((), n % 3, "", answer_digest(f"Because {n}."))} for n, sid in enumerate(ids)})
    marked = analyse(grade_folder(hw, people, tmp_path, marks=marks), people)
    item = next(f for f in marked.items if f.item == "2.1")
    assert item.difficulty is not None and item.flags != ["still to mark (12)"] and not item.wrong_answers
