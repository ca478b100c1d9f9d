"""Every widget model a handler builds has exactly the keys its TypedDict in handlers.models writes down."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

import pytest

from fivehundred_tutor import Rules
from fivehundred_tutor.deal import Phase
from fivehundred_tutor.exercises.assignment import FeedbackMode
from fivehundred_tutor.explain import ActionKind
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.cards import cards_model
from fivehundred_tutor.handlers.evaluator import evaluator_model
from fivehundred_tutor.handlers.ladder import ladder_model
from fivehundred_tutor.handlers.models import (
    BotLevel,
    CardsModel,
    EvaluatorModel,
    LadderModel,
    PlayState,
    PlayTestState,
    ProblemModel,
    ProblemState,
    ProblemStatus,
    PuzzleCard,
    PuzzleTrainerModel,
    QuizModel,
    ReplayModel,
    ReplyType,
    shape_problems,
)
from fivehundred_tutor.handlers.play import start as play_start
from fivehundred_tutor.handlers.problem import precompute
from fivehundred_tutor.handlers.problem import start as problem_start
from fivehundred_tutor.handlers.puzzles import handle_next, trainer_model
from fivehundred_tutor.handlers.quiz import quiz_model
from fivehundred_tutor.handlers.replay import bot_deal, replay_model
from fivehundred_tutor.questions import TOPICS

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


def test_play_test_states_match_their_shape() -> None:
    """A play test (and an assignment's play table) before and after a move answered by the dispatcher."""
    from fivehundred_tutor.handlers.playtest import start_test, start_unmarked

    rules = Rules()
    for state in (start_test(rules, 15, 1, 2), start_unmarked(rules, [{"seed": 9, "dealer": 0, "item": "2.1"}], 2)):
        assert shape_problems(state, PlayTestState) == []
        code = state["view"]["legal"][0]["code"]
        out = handle("playtest", {"type": "act", "code": code}, {"state": state})
        assert out["reply"]["type"] == "moved", out["reply"]
        assert shape_problems(out["update"]["state"], PlayTestState) == []


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


@pytest.mark.parametrize("mode", ["trainer", "levels"])
def test_puzzle_trainer_models_match_their_shape(mode: str) -> None:
    model = trainer_model("Puzzles", mode=mode, size=40)
    assert model["puzzles"], "the trainer's model carries puzzles"
    assert shape_problems(model, PuzzleTrainerModel) == []
    # the card a host sends for "next puzzle" has the saved cards' shape
    reply = handle_next({"type": "next", "rating": 1500, "seen": []}, {})["reply"]
    assert shape_problems(reply["card"], PuzzleCard) == []


def test_every_handler_family_has_a_model_test() -> None:
    from fivehundred_tutor.handlers import KINDS

    tested = {"cards", "quiz", "ladder", "replay", "play", "playtest", "problem", "evaluator", "puzzles"}
    untested = {"maker", "review"}  # the maker's and the review's models are the quiz's and the assignment's
    assert set(KINDS) == tested | untested


def test_a_model_with_a_stray_or_missing_key_is_reported() -> None:
    model = ladder_model(Rules())
    model["rungs"][2]["colour"] = "red"
    del model["placement"]
    assert shape_problems(model, LadderModel) == ["missing key placement", "unknown key rungs[2].colour"]


# ---------------------------------------------------------------- the words shared with the JavaScript
PROTOCOL_JS = Path(__file__).resolve().parents[2] / "widgets" / "src" / "protocol.js"


def js_list(name: str) -> tuple[str, ...]:
    """The strings of ``export const NAME = Object.freeze([...])`` in widgets/src/protocol.js."""
    text = PROTOCOL_JS.read_text(encoding="utf-8")
    match = re.search(rf"export const {name} = Object\.freeze\(\[(.*?)\]\);", text, re.S)
    assert match is not None, f"protocol.js has no {name}"
    return tuple(re.findall(r'"([^"]*)"', match.group(1)))


def js_typedef(name: str) -> tuple[str, ...]:
    """The words of ``@typedef {"a" | "b"} NAME`` in protocol.js."""
    text = PROTOCOL_JS.read_text(encoding="utf-8")
    match = re.search(r"@typedef \{([^{}]*?)\}\s*" + name + r"\b", text, re.S)
    assert match is not None, f"protocol.js has no typedef {name}"
    return tuple(re.findall(r'"([^"]*)"', match.group(1)))


def handler_reply_types() -> set[str]:
    """Every ``"type": "<word>"`` a module that answers a widget writes into a dict (requests are not built
    there): the handlers, and the hand-grading desk (exercises/grading/handgrading.py)."""
    found = set()
    package = Path(__file__).resolve().parents[2] / "fivehundred_tutor"
    for path in [*(package / "handlers").glob("*.py"), package / "exercises" / "grading" / "handgrading.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and key.value == "type" and isinstance(value, ast.Constant):
                        found.add(str(value.value))
    return found


@pytest.mark.parametrize(
    ("js_name", "typedef", "python_words"),
    [
        ("PHASES", "Phase", tuple(p.value for p in Phase)),
        ("REPLY_TYPES", "ReplyType", get_args(ReplyType)),
        ("BOT_LEVELS", "BotLevel", get_args(BotLevel)),
        ("PROBLEM_STATUSES", "ProblemStatus", get_args(ProblemStatus)),
        ("FEEDBACK_MODES", "FeedbackMode", get_args(FeedbackMode)),
        ("ACTION_KINDS", "ActionKind", get_args(ActionKind)),
    ],
)
def test_protocol_js_says_what_the_python_models_say(js_name: str, typedef: str, python_words: tuple[str, ...]) -> None:
    assert js_list(js_name) == python_words
    assert js_typedef(typedef) == python_words


def test_every_reply_a_handler_writes_has_a_reply_type() -> None:
    assert handler_reply_types() == set(get_args(ReplyType))


def test_the_models_phase_word_is_a_phase() -> None:
    from fivehundred_tutor.handlers.models import PhaseWord

    assert get_args(PhaseWord) == tuple(p.value for p in Phase)


def test_the_models_action_kinds_are_what_replays_write() -> None:
    rules = Rules.preset("australian")
    deal = bot_deal(rules, 5)
    model = replay_model(deal, stops=[i for i, _ in enumerate(deal.history)][3:60:4])
    assert len(model["stops"]) > 5
    assert {a["kind"] for a in model["actions"]} <= set(get_args(ActionKind))
    assert {s["kind"] for s in model["stops"]} <= set(get_args(ActionKind))
