"""Every widget model a handler builds has exactly the keys its TypedDict in handlers.models writes down."""

from __future__ import annotations

import pytest

from fivehundred_tutor import Rules
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.cards import cards_model
from fivehundred_tutor.handlers.evaluator import evaluator_model
from fivehundred_tutor.handlers.ladder import ladder_model
from fivehundred_tutor.handlers.models import (
    CardsModel,
    EvaluatorModel,
    LadderModel,
    PlayState,
    ProblemModel,
    ProblemState,
    QuizModel,
    ReplayModel,
    shape_problems,
)
from fivehundred_tutor.handlers.play import start as play_start
from fivehundred_tutor.handlers.quiz import quiz_model
from fivehundred_tutor.handlers.replay import bot_deal, replay_model
from fivehundred_tutor.questions import TOPICS
from fivehundred_tutor.records.problems import precompute
from fivehundred_tutor.records.problems import start as problem_start

PRESETS = ["australian", "american", "three-player", "two-player", "six-player"]


@pytest.mark.parametrize("preset", PRESETS)
def test_quiz_and_ladder_models_match_their_shapes(preset: str) -> None:
    rules = Rules.preset(preset)
    topics = [t for t, info in TOPICS.items() if info.unavailable(rules) is None]
    model = quiz_model(rules, topics, len(topics) * 2, 11, "every topic")
    assert shape_problems(model, QuizModel) == []
    assert shape_problems(ladder_model(rules), LadderModel) == []


@pytest.mark.parametrize("preset", PRESETS)
def test_replay_and_play_models_match_their_shapes(preset: str) -> None:
    rules = Rules.preset(preset)
    deal = bot_deal(rules, 5)
    stops = [i for i, _ in enumerate(deal.history)][5:40:7]
    for viewer in (None, 0):
        model = replay_model(deal, seat=viewer, stops=stops, comments={3: "a comment"}, marks={4: "!"})
        assert shape_problems(model, ReplayModel) == []
    state = play_start(rules, 3)
    assert shape_problems(state, PlayState) == []
    # and after a move answered by the dispatcher
    code = state["view"]["legal"][0]["code"] if state["view"]["legal"] else None
    if code is not None:
        out = handle("play", {"type": "act", "code": code}, {"state": state})
        assert shape_problems(out["update"]["state"], PlayState) == []


def test_cards_and_problem_models_match_their_shapes() -> None:
    assert shape_problems(cards_model(["JD", "TH"], False, ""), CardsModel) == []
    assert shape_problems(precompute({"library": "10-ending-name-the-suit"}), ProblemModel) == []
    assert shape_problems(problem_start({"library": "10-ending-name-the-suit"}), ProblemState) == []


@pytest.mark.parametrize("preset", ["australian", "three-player"])
def test_evaluator_models_match_their_shape(preset: str) -> None:
    model = evaluator_model(Rules.preset(preset), hands=1, seed=2, layouts=2)
    assert shape_problems(model, EvaluatorModel) == []
    out = handle(
        "evaluator",
        {"type": "judge", "index": 0, "estimates": dict.fromkeys(["S", "C", "D", "H", "NT"], 5)},
        {"evaluator": model},
    )
    assert out["reply"]["type"] == "judged", out["reply"]


@pytest.mark.parametrize("preset", ["five-player", "six-player"])
def test_the_evaluator_says_it_is_for_three_or_four_players(preset: str) -> None:
    with pytest.raises(ValueError, match="3- or 4-player rules"):
        evaluator_model(Rules.preset(preset), hands=1, seed=2, layouts=2)


def test_every_handler_family_has_a_model_test() -> None:
    from fivehundred_tutor.handlers import KINDS

    tested = {"cards", "quiz", "ladder", "replay", "play", "problem", "evaluator"}
    untested = {"maker", "review"}  # the maker's and the review's models are the quiz's and the assignment's
    assert set(KINDS) == tested | untested


def test_a_model_with_a_stray_or_missing_key_is_reported() -> None:
    model = ladder_model(Rules())
    model["rungs"][2]["colour"] = "red"
    del model["placement"]
    assert shape_problems(model, LadderModel) == ["missing key placement", "unknown key rungs[2].colour"]
