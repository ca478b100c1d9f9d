"""The fresh-eyes learner's quiz findings, in the hints Python writes: in a no-trump contract a bower question's
hints said "Which jack is the jack of trumps, and which is the jack of the same colour?", the opposite of the
rule (with no trumps there are no bowers).  Every rung of a bower question's ladder in no trumps now says that
every jack is a plain jack of its own suit."""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred_tutor import questions
from fivehundred_tutor.handlers.quiz import quiz_item
from fivehundred_tutor.rules import Rules

PLAIN = "every jack is a plain jack of its own suit"
#: words that speak of trumps or bowers as if there were some
MISLEADING = ("jack of trumps", "same colour?", "Which jack is", "are trumps")


def _no_trump_bower_items(preset: str) -> list[dict[str, Any]]:
    rules = Rules.preset(preset)
    items = []
    for level in questions.TOPICS["bowers"].difficulties:
        for seed in range(40):
            try:
                item = quiz_item(questions.generate("bowers", rules, seed, level))
            except questions.QuestionError:
                continue
            if not (item["context"].get("contract") or {}).get("trumps"):
                items.append(item)
    return items


@pytest.mark.parametrize("preset", ["australian", "american", "two-player"])
def test_every_bower_hint_in_no_trumps_says_every_jack_is_a_plain_jack(preset: str) -> None:
    items = _no_trump_bower_items(preset)
    assert items, "no no-trump bower questions to check"
    kinds = {("joker" if item["context"]["card"]["code"] == "JK" else "jack") for item in items}
    assert kinds == {"joker", "jack"}, kinds  # both sorts of question are checked
    for item in items:
        assert len(item["hints"]) == 2, item["hints"]
        for rung in item["hints"]:
            assert PLAIN in rung, (item["prompt"], rung)
            assert not any(words in rung for words in MISLEADING), (item["prompt"], rung)
            assert item["answer_words"] not in rung.replace(item["context"]["card"]["label"], ""), rung


def test_the_8nt_question_the_learner_saw() -> None:
    """The learner's "8NT … Which suit does J♥ belong to?": the nudge after a miss (the principle) no longer asks for the
    jack of trumps."""
    from fivehundred_tutor.questions.hints import hints

    question = {
        "topic": "bowers",
        "kind": "choice",
        "prompt": "The contract is 8NT (eight no trumps): no trumps. Which suit does J♥ belong to?",
        "context": {
            "contract": {"code": "8NT", "label": "8NT", "words": "eight no trumps", "trumps": None},
            "card": {"code": "JH", "label": "J♥", "words": "Jack of hearts"},
        },
    }
    principle, clue = hints(question)
    assert "jack of trumps" not in principle and PLAIN in principle and PLAIN in clue
    assert "nothing is trumps" in clue


def test_bower_hints_with_trumps_keep_the_bowers() -> None:
    """The fix is for no trumps only: with hearts trumps the principle still names the same-colour jack."""
    rules = Rules.preset("australian")
    for seed in range(12):
        item = quiz_item(questions.generate("bowers", rules, seed, 1))
        trumps = (item["context"].get("contract") or {}).get("trumps")
        if trumps:
            assert "same colour" in item["hints"][0] and PLAIN not in " ".join(item["hints"])


def test_chapter_1_says_what_a_quiz_does_after_an_answer() -> None:
    """Chapter 1 promised "the verdict appears right under the question with the reason in words" for every
    answer; a first miss gives a hint, not the reason (that would name the answer).  Its paragraph says what
    happens: the hint a miss adds, the hints read staying, the answer waiting, the score of the answered ones."""
    from pathlib import Path

    chapter = Path(__file__).resolve().parents[2] / "book" / "chapters" / "01-how-to-use.md"
    text = chapter.read_text(encoding="utf-8")
    start = text.index("Every chapter ends with a short quiz")
    paragraph = " ".join(text[start : text.index("\n\n", start)].split())
    assert "with the reason in words; *Try again*" not in paragraph
    for words in (
        "A right answer comes with the reason in words",
        "A first wrong answer names your choice and adds a hint you have not read yet",
        "the last one again",
        "the hints you opened stay on screen after you answer",
        "The answer and its reason wait for *Show the answer* or a second miss",
        "how many of the questions you answered were right at the first try, and how many you skipped",
    ):
        assert words in paragraph, words
