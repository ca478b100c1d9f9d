"""An assignment's play section: deals graded by tricks lost from the student's actions alone.

The grader replays the actions handed in (nothing else is trusted, nothing is run); a learner who
plays as the stronger bot does scores par; an action that cannot be made, an unfinished deal and
malformed answers become 0 with a reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.duplicate import DuplicateBot, bots_act, graded_cards, par
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.exercises.playsection import MAX_ACTIONS, grade_play, play_item, play_score

RULES = Rules()
SOUTH = 2


@pytest.fixture(scope="module")
def item() -> dict[str, Any]:
    return play_item(RULES, seed=77, index=1, seat=SOUTH, points=5)


def learner_actions(item: dict[str, Any], learner: Any) -> list[str]:
    """What a student hands in: their own actions in a deal played to its end against the bots."""
    ctx = item["context"]
    deal = Deal.new(RULES, seed=ctx["deal_seed"], dealer=ctx["dealer"])
    bot = DuplicateBot(ctx["deal_seed"])
    mine: list[str] = []
    bots_act(deal, SOUTH, bot)
    while not deal.is_over:
        action = learner.choose(deal) if learner is not None else bot.choose(deal)
        mine.append(action.code)
        deal.push(action)
        bots_act(deal, SOUTH, bot)
    return mine


def test_the_item_is_a_deal_a_passing_student_still_plays(item: dict[str, Any]) -> None:
    ctx = item["context"]
    assert item["kind"] == "play" and item["points"] == 5 and ctx["seat"] == SOUTH
    assert ctx["dealer"] == (SOUTH + 1 + 1) % 4
    deal = Deal.new(RULES, seed=ctx["deal_seed"], dealer=ctx["dealer"])
    bot = DuplicateBot(ctx["deal_seed"])
    while deal.phase == "auction":
        deal.push("pass" if deal.to_move == SOUTH else bot.choose(deal))
    assert deal.contract is not None
    again = play_item(RULES, seed=77, index=1, seat=SOUTH, points=5)
    assert again == item, "the same student, the same deal"
    assert play_item(RULES, seed=78, index=1, seat=SOUTH, points=5)["id"] != item["id"]


def test_the_bot_as_student_scores_par(item: dict[str, Any]) -> None:
    verdict = grade_play(item, learner_actions(item, None))
    assert verdict["score"] == 1.0 and verdict["correct"]
    ctx = item["context"]
    table = par(RULES, ctx["deal_seed"], ctx["dealer"], SOUTH)
    assert f"lost {table.lost} trick" in verdict["feedback"]


def test_a_students_score_follows_the_tricks_lost(item: dict[str, Any]) -> None:
    actions = learner_actions(item, HeuristicBot())
    verdict = grade_play(item, actions)
    ctx = item["context"]
    deal_from = Deal.new(RULES, seed=ctx["deal_seed"], dealer=ctx["dealer"])
    bot = DuplicateBot(ctx["deal_seed"])
    bots_act(deal_from, SOUTH, bot)
    for code in actions:
        deal_from.push(code)
        bots_act(deal_from, SOUTH, bot)
    assert deal_from.is_over
    lost = sum(g.loss for g in graded_cards(deal_from, SOUTH))
    table = par(RULES, ctx["deal_seed"], ctx["dealer"], SOUTH)
    assert verdict["score"] == round(play_score(lost, table.lost, ctx["tricks_to_zero"]), 4)
    assert f"lost {lost} trick" in verdict["feedback"]


def test_play_score() -> None:
    assert [play_score(n, 1, 4) for n in range(7)] == [1.0, 1.0, 0.75, 0.5, 0.25, 0.0, 0.0]
    with pytest.raises(ValueError):
        play_item(RULES, seed=1, index=0, seat=SOUTH, points=1, tricks_to_zero=0)


@pytest.mark.parametrize(
    ("response", "says"),
    [
        (None, "Not played"),
        ([], "Not played"),
        ("pass JD", "not a list of actions"),
        ([1, 2, 3], "not a list of actions"),
        (["x" * 13], "not a list of actions"),
        ([{"__import__": "os"}], "not a list of actions"),
        (["pass"] * (MAX_ACTIONS + 1), f"more than {MAX_ACTIONS} actions"),
        (["ZZ"], "action 1 ('ZZ') cannot be made there"),
        (["pass"], "Not finished"),
    ],
)
def test_bad_answers_score_zero_with_a_reason(item: dict[str, Any], response: Any, says: str) -> None:
    verdict = grade_play(item, response)
    assert verdict["score"] == 0.0 and not verdict["correct"]
    assert says in verdict["feedback"], verdict["feedback"]


def test_actions_after_the_end_are_refused(item: dict[str, Any]) -> None:
    actions = learner_actions(item, None)
    verdict = grade_play(item, [*actions, actions[-1]])
    assert verdict["score"] == 0.0 and "after the end of the deal" in verdict["feedback"]


# ------------------------------------------------------------------ wired into assignments
PLAY_SECTIONS = [
    {"title": "Bowers", "topic": "bowers", "count": 1, "difficulty": 1, "points": 1},
    {"name": "play", "title": "Play a deal", "topic": "play", "count": 1, "points": 4, "tricks_to_zero": 2},
]


def test_an_assignment_with_a_play_section_from_file_to_grade(tmp_path: Any) -> None:
    """TOML → the student's set and notebook → the play table in the notebook writes the student's
    actions into the answer sheet → the grader replays them (the bot as student: full points)."""
    from fivehundred_tutor.exercises import grade_sheet, notebook_json, student_set
    from fivehundred_tutor.widgets import AssignmentWidget, PlayTest
    from tests.support.exercises import right_response, sheet_for, small_assignment

    hw = small_assignment(sections=PLAY_SECTIONS)
    assert [s.topic for s in hw.sections] == ["bowers", "play"] and hw.sections[1].tricks_to_zero == 2
    assert hw.max_points == 5
    qs = hw.questions_for("alice")
    play_q = qs[1]
    assert play_q["kind"] == "play" and play_q["item"] == "2.1" and play_q["points"] == 4
    assert play_q["context"]["seat_name"] == "South" and play_q["context"]["tricks_to_zero"] == 2
    assert hw.questions_for("bob")[1]["context"]["deal_seed"] != play_q["context"]["deal_seed"], "a deal per student"
    cells = [c["id"] for c in notebook_json(hw, "alice")["cells"]]
    assert cells.index("play") < cells.index("sheet"), cells

    the_set = student_set(hw, "alice")
    item = the_set["items"][1]
    assert item["question"]["kind"] == "play" and item["accept"] == [] and item["answer_words"] == ""
    widget = AssignmentWidget(the_set, answers_file=tmp_path / "alice.answers.json")
    table = PlayTest.for_assignment(widget)
    seed = play_q["context"]["deal_seed"]
    bot = DuplicateBot(seed)
    for _ in range(40):
        state = table.state
        if state["view"]["over"]:
            break
        reply = table.request({"type": "act", "code": bot.choose(Deal.from_dict(state["deal"])).code})
        assert reply["type"] == "moved", reply
    assert table.state["view"]["over"]
    assert "saved for grading" in table.state["test"]["results"][0]["words"][0]
    again = table.request({"type": "again"})
    assert again["type"] == "error" and "played once" in again["error"]
    actions = widget.answers["2.1"]
    assert actions and widget.sheet["answers"]["2.1"] == actions  # in the sheet the student hands in

    # the grader: the question right, the deal at par
    answers = {"1.1": right_response(qs[0]), "2.1": actions}
    results, problems = grade_sheet(hw, "alice", sheet_for(hw, "alice", answers))
    assert not problems, problems
    by_item = {r.item: r for r in results}
    assert by_item["2.1"].score == 4 and by_item["2.1"].correct, by_item["2.1"].feedback
    assert "(par)" in by_item["2.1"].feedback

    # a forged sheet: another student's actions, or actions that cannot be made, score 0 with a reason
    forged = {"1.1": right_response(qs[0]), "2.1": ["7NT", "AS", "KS"]}
    results, _problems = grade_sheet(hw, "alice", sheet_for(hw, "alice", forged))
    verdict = {r.item: r for r in results}["2.1"]
    assert verdict.score == 0 and "Not graded" in verdict.feedback


def test_a_play_section_with_a_bad_setting_says_so() -> None:
    from fivehundred_tutor.exercises import AssignmentError
    from tests.support.exercises import small_assignment

    for bad, says in [
        ({"topic": "play", "count": 1, "difficulty": 2}, "unknown setting(s) difficulty"),
        ({"topic": "play", "count": 0}, "'count' (deals)"),
        ({"topic": "play", "tricks_to_zero": 11}, "'tricks_to_zero'"),
        ({"topic": "play", "points": -1}, "'points' (per deal)"),
    ]:
        with pytest.raises(AssignmentError, match=re_escape(says)):
            small_assignment(sections=[bad])


def re_escape(text: str) -> str:
    import re

    return re.escape(text)


def test_assign_and_grade_a_class_with_a_play_section(tmp_path: Any) -> None:
    """The instructor's commands' functions: assign writes every student's files (the play cells in the
    notebook, the pool report skipping the deals), grade_folder grades handed-in sheets with played deals."""
    import json

    from fivehundred_tutor.exercises import assign, grade_folder
    from tests.support.exercises import right_response, roster, sheet_for, small_assignment, write_json

    hw = small_assignment(sections=PLAY_SECTIONS)
    out = tmp_path / "release"
    assign(hw, roster("amy", "ben"), out)
    notebook = json.loads(next((out / "students" / "amy").glob("*.ipynb")).read_text(encoding="utf-8"))
    assert "PlayTest.for_assignment(hw)" in "".join("".join(c["source"]) for c in notebook["cells"])
    the_set = json.loads(next((out / "students" / "amy").glob("*.questions.json")).read_text(encoding="utf-8"))
    assert the_set["items"][1]["question"]["kind"] == "play"
    assert "answer" not in the_set["items"][1]["question"]

    subs = tmp_path / "subs"
    amy = hw.questions_for("amy")
    ctx = amy[1]["context"]
    played = learner_actions({"context": ctx}, None)  # amy plays as the stronger bot: par
    write_json(subs / "amy.json", sheet_for(hw, "amy", {"1.1": right_response(amy[0]), "2.1": played}))
    write_json(subs / "ben.json", sheet_for(hw, "ben", {"2.1": played}))  # amy's actions, on ben's own deal
    rows = grade_folder(hw, roster("amy", "ben"), subs).by_id()
    assert rows["amy"].total == 5
    ben_play = next(i for i in rows["ben"].items if i.item == "2.1")
    assert ben_play.score < 4 and ("Not graded" in ben_play.feedback or "Not finished" in ben_play.feedback)
