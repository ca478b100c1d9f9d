"""Python side of the widgets: built from engine objects, JSON-safe models, validated messages."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from fivehundred_tutor import Card, Deal, Rules
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.replay import bot_deal
from fivehundred_tutor.questions import check, response_key
from fivehundred_tutor.widgets import (
    BiddingLadder,
    BowerTrainer,
    CardHierarchyQuiz,
    CardView,
    DealReplay,
    ScoringQuiz,
    TrickTrainer,
)
from fivehundred_tutor.widgets.base import STATIC_DIR
from tests.support.widgets import four_player_replay, misere_deal

ROOT = Path(__file__).resolve().parents[2]
QUIZZES = [CardHierarchyQuiz, BowerTrainer, TrickTrainer, ScoringQuiz, BiddingLadder]


def synced_state(widget) -> dict:
    names = [n for n in widget.trait_names() if widget.trait_metadata(n, "sync")]
    return {n: getattr(widget, n) for n in names if n not in ("layout",)}


def test_card_view_from_cards_codes_and_text():
    view = CardView([Card.parse("J♦"), "TH", "joker"])
    assert view.cards == ["JD", "TH", "JK"]
    assert view.label == "Jack of diamonds, Ten of hearts, Joker"
    assert CardView("A♠ 10♦", four_colour=True, label="two").label == "two"
    with pytest.raises(ValueError, match="not a card"):
        CardView("ZZ")


@pytest.mark.parametrize("cls", QUIZZES)
def test_quiz_builds_json_safe_with_engine_answers(cls):
    widget = cls(Rules(), seed=5, questions=8)
    state = json.loads(json.dumps(synced_state(widget)))
    bank = state["quiz"]["bank"]
    assert len(bank) == 8
    for question in bank:
        assert question["explanation"] and question["prompt"]
        # the stored right answer is judged right by the engine, and by the precomputed verdicts
        assert check(question, question["answer"])["correct"]
        if question["kind"] == "choice":
            right = [k for k, (ok, _) in question["verdicts"].items() if ok]
            assert right == [question["answer"]]
        if question["answer_key"] is not None:
            assert question["answer_key"] == response_key(question, question["answer"])


def test_quiz_banks_follow_the_rules_and_seed():
    a = CardHierarchyQuiz(Rules(), seed=9, questions=4).quiz["bank"]
    b = CardHierarchyQuiz(Rules(), seed=9, questions=4).quiz["bank"]
    c = CardHierarchyQuiz(Rules(), seed=10, questions=4).quiz["bank"]
    assert a == b and a != c
    three = BowerTrainer(Rules.preset("three-player"), seed=9, questions=3)
    assert three.quiz["rules"]["players"] == 3


def test_quiz_messages_are_judged_by_the_engine():
    quiz = ScoringQuiz(Rules(), seed=2, questions=3)
    question = quiz.quiz["bank"][0]
    reply = quiz.request({"type": "answer", "index": 0, "response": question["answer"], "id": "r1"})
    assert reply["type"] == "judged" and reply["correct"] and reply["id"] == "r1"
    assert quiz.judged[-1]["correct"] is True
    wrong = dict.fromkeys(question["answer"], 1) if isinstance(question["answer"], dict) else 1
    reply = quiz.request({"type": "answer", "index": 0, "response": wrong})
    assert reply["type"] == "judged" and not reply["correct"]
    assert len(quiz.judged) == 2
    reply = quiz.request({"type": "new_question"})
    assert reply == {"type": "question", "index": 3, "id": None}
    assert len(quiz.quiz["bank"]) == 4


@pytest.mark.parametrize(
    ("message", "needle"),
    [
        ("not a dict", "must be an object"),
        ({}, "has no 'type'"),
        ({"type": "launch"}, "unknown request type"),
        ({"type": "answer"}, "'index' must be a whole number"),
        ({"type": "answer", "index": 99, "response": "x"}, "between"),
        ({"type": "answer", "index": 0}, "needs a 'response'"),
        ({"type": "set_rules", "rules": "no-such"}, "no preset named"),
        ({"type": "set_rules", "rules": 5}, "preset name"),
        ({"type": "answer", "index": 0, "response": "x" * 30000}, "too large"),
    ],
)
def test_malformed_messages_get_error_replies(message, needle, capfd):
    quiz = BowerTrainer(Rules(), seed=1, questions=2)
    before = quiz.quiz
    reply = quiz.request(message)
    assert reply["type"] == "error" and needle in reply["error"], reply
    assert quiz.quiz == before
    assert "Traceback" not in capfd.readouterr().err


def test_handler_bug_becomes_error_reply():
    # a state the handler cannot use (no bank) must not raise
    result = handle("quiz", {"type": "answer", "index": 0, "response": "x"}, {"quiz": {}})
    assert result["reply"]["type"] == "error"
    assert handle("nothing", {"type": "x"}, {})["reply"]["type"] == "error"
    assert handle("quiz", {"type": "hello", "id": 7}, {})["reply"] == {"type": "hello", "live": True, "id": 7}


def test_ladder_model_follows_misere_placement():
    standard = [r["code"] for r in BiddingLadder(Rules(), questions=1).ladder["rungs"]]
    assert standard.index("MIS") == standard.index("7NT") + 1
    assert standard.index("OM") == standard.index("10D") + 1
    low = BiddingLadder(Rules.preset("misere-150"), questions=1).ladder
    codes = [r["code"] for r in low["rungs"]]
    assert codes.index("MIS") == codes.index("7S") + 1
    assert next(r["value"] for r in low["rungs"] if r["code"] == "MIS") == 150
    none = BiddingLadder(Rules.preset("no-misere"), questions=1).ladder
    assert "MIS" not in [r["code"] for r in none["rungs"]] and len(none["rungs"]) == 25
    rungs = BiddingLadder(Rules(), questions=1).ladder["rungs"]
    assert [r["value"] for r in rungs if not r["misere"]][:6] == [40, 60, 80, 100, 120, 140]


def test_ladder_set_rules_message_switches_variant():
    ladder = BiddingLadder(Rules(), questions=2)
    ladder.index, ladder.responses = 1, {"1": {"response": "x", "correct": False}}
    reply = ladder.request({"type": "set_rules", "rules": "open-misere-330"})
    assert ladder.index == 0 and ladder.responses == {}
    assert reply["type"] == "rules"
    om = next(r for r in ladder.ladder["rungs"] if r["code"] == "OM")
    assert om["value"] == 330
    assert ladder.quiz["rules"]["misere_placement"] == "open-330"


def test_replay_frames_follow_the_deal():
    deal = bot_deal(Rules(), 5)
    replay = DealReplay(deal)
    model = json.loads(json.dumps(replay.model))
    assert len(model["frames"]) == len(deal.history) + 1
    last = model["frames"][-1]
    assert last["tricks_won"] == list(deal.tricks_won)
    assert model["result"] == deal.result().summary
    # every completed trick's winner is the engine's
    winners = [f["winner"] for f in model["frames"] if f["winner"] is not None]
    assert winners == [t.winner for t in deal.tricks]
    # cards leave the hands one by one
    sizes = [sum(len(h.split()) for h in f["hands"]) for f in model["frames"]]
    assert sizes[0] == 40 and sizes[-1] == 0


def test_replay_kitty_exchange_frames():
    deal = bot_deal(Rules(), 5)
    frames = DealReplay(deal).model["frames"]
    kitty = [f for f in frames if f["phase"] == "kitty"]
    assert len(kitty) == 3 and set(kitty[0]["kitty_cards"]) == {c.code for c in deal.kitty}
    assert frames[-1]["discard_cards"] == [c.code for c in deal.discards]
    hidden = DealReplay(deal, seat=(deal.declarer + 1) % 4).model["frames"]
    assert not any("kitty_cards" in f or "discard_cards" in f for f in hidden)


def test_six_player_and_variant_replays_build():
    for preset in ("six-player", "45-card", "american", "joker-advance"):
        deal = bot_deal(Rules.preset(preset), 7)
        model = json.loads(json.dumps(DealReplay(deal).model))
        assert len(model["frames"]) == len(deal.history) + 1
        assert len(model["positions"]) == deal.rules.players


def test_replay_seat_view_hides_other_hands():
    deal = bot_deal(Rules(), 5)
    model = DealReplay(deal, seat=2).model
    first = model["frames"][0]["hands"]
    assert isinstance(first[2], str) and all(isinstance(first[s], int) for s in (0, 1, 3))


def test_misere_layouts():
    mis = DealReplay(misere_deal("MIS")).model
    assert mis["frames"][0]["out"] == [2]  # South lays the hand aside
    om = DealReplay(misere_deal("OM"), seat=1).model
    frames = om["frames"]
    assert frames[1]["exposed"] == [] and isinstance(frames[1]["hands"][0], int)
    after_first_trick = next(f for f in frames if f["trick_no"] == 1)
    assert after_first_trick["exposed"] == [0] and isinstance(after_first_trick["hands"][0], str)


def test_two_player_piles_turn_up():
    deal = bot_deal(Rules.preset("two-player"), 5)
    frames = DealReplay(deal).model["frames"]
    assert all("piles" in f for f in frames)
    # somewhere a table card is played and its face-down card turns up when the trick ends
    turned = False
    for before, after in itertools.pairwise(frames):
        for seat in (0, 1):
            for p0, p1 in zip(before["piles"][seat], after["piles"][seat]):
                if p0[1] == "?" and p1[2] and p1[1] not in (None, "?"):
                    turned = True
    assert turned


def test_replay_stops_checked_against_the_played_card():
    replay = four_player_replay()
    stop = replay.model["stops"][0]
    played = replay.deal["actions"][stop["index"]]
    assert stop["answer"] == played.split(":")[0].removeprefix("h:")
    illegal = [c for c in stop["choices"] if not c["legal"]]
    reply = replay.request({"type": "answer", "index": stop["index"], "choice": stop["answer"]})
    assert reply["correct"] and replay.answers[str(stop["index"])]["correct"]
    other = next(c for c in stop["choices"] if not c["correct"])
    reply = replay.request({"type": "answer", "index": stop["index"], "choice": other["code"]})
    assert not reply["correct"] and reply["feedback"] == other["feedback"]
    for choice in illegal:
        assert "not allowed" in choice["feedback"]
    assert replay.request({"type": "answer", "index": 0, "choice": "AS"})["type"] == "error"


def test_replay_stop_at_a_call():
    deal = bot_deal(Rules(), 5)
    replay = DealReplay(deal, stops=[1], comments={1: "South has nothing to say."})
    stop = replay.model["stops"][0]
    assert stop["kind"] == "call" and stop["answer"] == deal.history[1].code
    codes = [c["code"] for c in stop["choices"]]
    assert codes[0] == "pass" and all(c["legal"] for c in stop["choices"])
    right = next(c for c in stop["choices"] if c["correct"])
    assert right["code"] == deal.history[1].code and "South has nothing to say." in right["feedback"]
    reply = replay.request({"type": "answer", "index": 1, "choice": codes[-1]})
    assert reply["correct"] is (codes[-1] == deal.history[1].code)


def test_replay_rejects_bad_annotations():
    deal = bot_deal(Rules(), 5)
    with pytest.raises(ValueError, match="keyed by index"):
        DealReplay(deal, comments={999: "x"})
    with pytest.raises(ValueError, match="is not one of"):
        DealReplay(deal, marks={0: "?!?"})
    with pytest.raises(ValueError, match="stops"):
        DealReplay(deal, stops=[-1])
    with pytest.raises(TypeError):
        DealReplay(deal.to_dict())


def test_replay_new_deal_message():
    replay = DealReplay(bot_deal(Rules(), 5))
    reply = replay.request({"type": "new_deal", "seed": 77})
    assert reply["type"] == "deal"
    assert Deal.from_dict(replay.deal).seed in range(77, 97)
    assert replay.position == 0


def test_each_widget_saves_its_whole_bundle():
    # _esm/_css point at the bundle files; the synced state (what a notebook and the book save) is their text
    widgets = {
        "cardview.js": CardView("JD TH"),
        "quizview.js": BowerTrainer(Rules(), seed=1, questions=2),
        "ladder.js": BiddingLadder(Rules()),
        "replay.js": DealReplay(bot_deal(Rules(), 5)),
    }
    for name, widget in widgets.items():
        state = widget.get_state()
        assert state["_esm"] == (STATIC_DIR / name).read_text(encoding="utf-8"), name
        assert state["_css"] == (STATIC_DIR / "fht.css").read_text(encoding="utf-8"), name
        # one whole module ending in its export clause, the widget its default (views also export their pure parts)
        assert re.search(r"export\{[^}]*\bas default\b[^}]*\};?$", state["_esm"].rstrip()), name


def test_wheel_ships_the_widget_files(tmp_path):
    # setuptools never deletes from build/: files removed from the source would ship again
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    wheel = next(tmp_path.glob("fivehundred_tutor-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n.rsplit("/", 1)[1] for n in names if n.startswith("fivehundred_tutor/widgets/static/")}
    assert shipped == {p.name for p in STATIC_DIR.iterdir() if p.suffix in (".js", ".css")}, shipped
    assert {"replay.js", "maker.js", "live-worker.js", "fht.css", "assignment.css"} <= shipped
    assert "fivehundred_tutor/handlers/replay.py" in names


def test_handlers_import_without_anywidget():
    # the handlers must also run where anywidget is absent (the engine under Pyodide)
    code = "import sys, fivehundred_tutor.handlers; print('anywidget' in sys.modules, 'traitlets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_replay_of_thrown_in_and_unfinished_deals():
    deal = Deal.new(Rules(), seed=3)
    assert DealReplay(deal).model["frames"][0]["phase"] == "auction"  # nothing played yet: one frame
    for _ in range(4):
        deal.push("pass")
    model = DealReplay(deal, stops=[3]).model
    assert model["result"].startswith("Thrown in") and len(model["frames"]) == 5
    assert model["stops"][0]["kind"] == "call"
    unfinished = Deal.new(Rules(), seed=3)
    unfinished.push("6S")
    assert DealReplay(unfinished).model["result"] is None
