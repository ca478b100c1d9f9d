"""Quiz banks that teach: hints (a principle, then a narrower clue, never the answer), verdict words without doubling,
no question twice in a quiz, human titles for the rules, the Review's bank."""

from __future__ import annotations

import re

import pytest

from fivehundred_tutor import questions
from fivehundred_tutor.handlers import handle
from fivehundred_tutor.handlers.quiz import preset_choices, quiz_model
from fivehundred_tutor.handlers.review import CHAPTER_TOPICS, review_model
from fivehundred_tutor.rules import Rules

AMERICAN = Rules.preset("american")
CODE = re.compile(r"\b(10|[2-9AKQJT])[SHDC]\b")


def _key(item: dict) -> tuple[str, str]:
    return item["prompt"], repr(item["answer"])


@pytest.mark.parametrize(
    ("topics", "count", "seed"),
    [(["bid-values"], 12, 4), (["card-hierarchy"], 12, 2), (["bowers"], 12, 3), (["scoring", "game-end"], 12, 9)],
)
def test_no_question_twice_in_a_quiz(topics: list[str], count: int, seed: int) -> None:
    bank = quiz_model(AMERICAN, topics, count, seed, "t")["bank"]
    keys = [_key(item) for item in bank]
    assert len(set(keys)) == len(keys) == count


def test_chapter_4_no_longer_asks_the_same_bid_three_times() -> None:
    prompts = [item["prompt"] for item in quiz_model(AMERICAN, ["bid-values"], 12, 4, "t")["bank"]]
    assert len(prompts) == len(set(prompts))


def test_new_question_is_new() -> None:
    state = {"quiz": quiz_model(AMERICAN, ["bowers"], 3, 3, "t")}
    for _ in range(6):
        result = handle("quiz", {"type": "new_question", "id": "r"}, state)
        assert result["reply"]["type"] == "question", result
        state["quiz"] = result["update"]["quiz"]
    keys = [_key(item) for item in state["quiz"]["bank"]]
    assert len(set(keys)) == len(keys)


def test_a_returning_learner_gets_a_question_they_have_not_answered() -> None:
    """A new question's seed follows the saved page's, so every visit would ask the same "new" ones:
    the learner's answered ids (their progress, sent as ``seen``) are skipped."""
    state = {"quiz": quiz_model(AMERICAN, ["bowers"], 3, 3, "t")}
    first = handle("quiz", {"type": "new_question", "id": "r"}, state)
    asked = first["update"]["quiz"]["bank"][-1]
    again = handle("quiz", {"type": "new_question", "id": "r"}, state)  # the same page, no progress
    assert again["update"]["quiz"]["bank"][-1]["id"] == asked["id"]
    seen = [item["id"] for item in state["quiz"]["bank"]] + [asked["id"]]
    fresh = handle("quiz", {"type": "new_question", "id": "r", "seen": seen}, state)
    item = fresh["update"]["quiz"]["bank"][-1]
    assert item["id"] not in seen and _key(item) != _key(asked)
    assert fresh["update"]["quiz"]["next_seed"] > first["update"]["quiz"]["next_seed"]


@pytest.mark.parametrize("seen", ["q1", [1, 2], ["x" * 101], ["q"] * 1001])
def test_seen_ids_that_are_not_a_short_list_of_ids_are_refused(seen: object) -> None:
    state = {"quiz": quiz_model(AMERICAN, ["bowers"], 3, 3, "t")}
    result = handle("quiz", {"type": "new_question", "id": "r", "seen": seen}, state)
    assert result["reply"]["type"] == "error" and "'seen'" in result["reply"]["error"], result


def _names_the_answer(item: dict, text: str) -> bool:
    """Does ``text`` give the answer away: its words (a card "J♦", a bid "8♣", "North–South: 10, …"), or for a
    number question one of its figures?  Words the question itself shows (the card asked about; both cards of a
    two-card question) or the rule every question of the topic states (the principle: "40 + 100 for each
    trick…", "Where does misère sit?") give nothing away."""
    words = item["answer_words"]
    shown = item["prompt"] + " " + item["hints"][0]
    if item["kind"] == "choice" and len(item.get("choices") or []) <= 2:
        shown += " " + " ".join(str(c.get("label", "")) for c in item["choices"])
    if item["kind"] == "number":
        figures = [str(v) for v in item["answer"].values()] if isinstance(item["answer"], dict) else [words]
        return any(re.search(rf"(?<![\d-]){re.escape(f)}(?!\d)", text) for f in figures if f not in shown)
    return words in text and words not in shown


@pytest.mark.parametrize("topic", [t for t in questions.TOPICS if t != "play-decision"])
def test_items_hint_a_ladder_that_never_names_the_answer_and_plain_verdicts(topic: str) -> None:
    """Hint 1 is the principle, hint 2 a narrower clue worked out from this question; neither names the answer
    (that waits for "Show the answer": ``answer_words`` and the explanation)."""
    bank = quiz_model(AMERICAN, [topic], 4, 11, "t")["bank"]
    for item in bank:
        principle, clue = item["hints"]
        assert principle and clue and principle != clue
        assert "The answer" not in principle + clue
        if item["kind"] == "choice" and any(c.get("card") for c in item["choices"]):
            assert item["answer_words"] not in principle, (principle, item["answer_words"])
        assert not _names_the_answer(item, clue), (clue, item["answer_words"])
        for text in [*item["feedbacks"], item["right"], item["wrong"], principle, clue]:
            assert "Correct!" not in text and "Not quite" not in text, text
            assert not CODE.search(text), text
        for text in item["feedbacks"]:
            assert "The answer:" not in text, text
        # a wrong choice names what was chosen, in card notation when it is a card
        if item["kind"] == "choice":
            wrong = next(c for c in item["choices"] if c["id"] != item["answer"])
            correct, index = item["verdicts"][wrong["id"]]
            assert correct == 0 and wrong["label"] in item["feedbacks"][index]


@pytest.mark.parametrize("preset", ["australian", "american", "two-player", "three-player", "misere-any-time"])
def test_the_clue_is_this_questions_and_never_the_answer_across_rules_and_seeds(preset: str) -> None:
    """Every topic the rules allow, every level, many seeds: the clue differs from the principle, is about this
    question (two questions of a topic rarely share one), and never names the answer."""
    from fivehundred_tutor.handlers.quiz import quiz_item
    from fivehundred_tutor.questions.hints import clue

    rules = Rules.preset(preset)
    for topic in questions.available_topics(rules):
        clues = set()
        for level in questions.TOPICS[topic].difficulties:
            for seed in range(12):
                try:
                    item = quiz_item(questions.generate(topic, rules, seed, level))
                except questions.QuestionError:
                    continue
                words = clue(item)
                assert words == item["hints"][1] and words != item["hints"][0], (topic, level, seed)
                assert not words.startswith("Go through the question again"), (topic, level, seed)
                assert not _names_the_answer(item, words), (topic, level, seed, words, item["answer_words"])
                assert not CODE.search(words), words
                clues.add(words)
        if topic not in ("hand-judging", "game-end"):  # their clues are the method, the same each time
            assert len(clues) >= 3, (topic, clues)


def test_the_clue_knows_the_cards() -> None:
    """One trick, worked out: the clue counts the trumps in it without saying which wins."""
    from fivehundred_tutor.questions.hints import clue

    question = {
        "topic": "trick-winner",
        "kind": "choice",
        "rules": {"preset_name": "australian"},
        "context": {
            "contract": {"code": "7H"},
            "trick": [{"code": "8H"}, {"code": "JD"}, {"code": "5S"}, {"code": "9H"}],
        },
    }
    assert clue(question).startswith("Three trumps were played")
    question["context"]["trick"] = [{"code": "KS"}, {"code": "AS"}, {"code": "5S"}, {"code": "AD"}]
    assert clue(question) == "No trump was played in this trick, so the highest spade (the suit led) wins."


def test_rules_menu_lists_titles() -> None:
    model = quiz_model(AMERICAN, ["bowers"], 2, 1, "t")
    names = [p["name"] for p in model["presets"]]
    assert names == Rules.preset_names()
    for choice in preset_choices():
        assert choice["title"] != choice["name"] and "-" not in choice["title"].replace("-500", ""), choice
    assert model["rules_title"] == "American rules (one round of bidding)"


def test_a_quiz_without_the_rules_menu_keeps_its_rules() -> None:
    model = quiz_model(AMERICAN, ["bowers"], 2, 1, "t", rules_menu=False)
    assert model["presets"] == [] and model["rules_name"] == AMERICAN.preset_name
    result = handle("quiz", {"type": "set_rules", "rules": "three-player", "id": 7}, {"quiz": model})
    assert result["reply"]["type"] == "error" and "no Rules menu" in result["reply"]["error"]
    assert result["update"] == {}
    with_menu = quiz_model(AMERICAN, ["bowers"], 2, 1, "t")
    changed = handle("quiz", {"type": "set_rules", "rules": "three-player"}, {"quiz": with_menu})
    assert changed["reply"] == {"type": "rules", "rules_name": "three-player", "id": None}


def test_review_bank_covers_every_chapter_topic_once_per_round() -> None:
    model = review_model(AMERICAN, per_topic=2)
    topics = [item["topic"] for item in model["bank"]]
    assert set(topics) == set(CHAPTER_TOPICS)
    assert all(topics.count(t) == 2 for t in CHAPTER_TOPICS)
    assert len({_key(item) for item in model["bank"]}) == len(model["bank"])
    with pytest.raises(ValueError, match="at least one question"):
        review_model(AMERICAN, per_topic=0)


@pytest.mark.parametrize("topic", ["bid-values", "scoring"])
def test_values_are_explained_in_words_not_a_filled_formula(topic: str) -> None:
    """ "Avondale schedule: 40 + 100 × (8 − 6) + 20 × 3 (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4) = 300" read like a program's
    output: each value is said in words ("8♥ is worth 300: 40, plus 100 for each of the two tricks above six…")."""
    filled = re.compile(r"\d+ \+ \d+ × \(\d+ [−-] \d+\)|Avondale schedule:|\(♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4\)")
    for rules in (Rules(), AMERICAN, Rules.preset("three-player")):
        for item in quiz_model(rules, [topic], 12, 5, "t")["bank"]:
            assert not filled.search(item["explanation"]), item["explanation"]
            assert " is worth " in item["explanation"], item["explanation"]
    made = questions.generate("scoring", Rules(), 0, 1)
    assert made["explanation"].startswith("7♦ is worth 180: 40, plus 100 for the one trick above six, plus 40 for")
    assert "East–West needed 7 tricks and took 7: made, so they score 180." in made["explanation"]
