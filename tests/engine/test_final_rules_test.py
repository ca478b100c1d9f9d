"""The final test's rules part: its forms, the rules bot, the blind guessers and the calibrated pass mark."""

from __future__ import annotations

import itertools
import random

import pytest

from fivehundred_tutor import Rules, questions
from fivehundred_tutor.handlers.calibration import (
    calibrate,
    guess_chances,
    score_distribution,
    strategy_words,
    uniform_chance,
)
from fivehundred_tutor.handlers.rulesbot import rules_bot_answer
from fivehundred_tutor.handlers.rulestest import SPECIALS, auction_question, covered, form_questions, form_topics

RULES = Rules()
#: topics whose questions ask for judgment more than rules: the rules bot answers as the rules-of-thumb bot would
JUDGMENT = {"hand-judging", "kitty"}


@pytest.mark.parametrize("seed", [0, 15, 99])
def test_a_form_asks_every_topic_at_every_level_and_every_special_item_once(seed: int) -> None:
    form = form_questions(RULES, seed)
    topics = form_topics(RULES)
    asked = {(q["topic"], q["difficulty"]) for q in form}
    assert asked == {(t, d) for t in topics for d in questions.TOPICS[t].difficulties}
    assert covered(form) == {name: 1 for name in SPECIALS}
    assert "two-player" not in topics
    levels = [q["difficulty"] for q in form]
    assert levels == sorted(levels), "easiest first"
    assert len(form) == len(form_questions(RULES, seed + 1)), "every form has the same length"
    assert len({q["id"] for q in form}) == len(form)


@pytest.mark.parametrize(
    "topic", [t for t in questions.available_topics(RULES) if t not in JUDGMENT and t != "two-player"]
)
def test_the_rules_bot_answers_every_rules_question_from_the_rules(topic: str) -> None:
    """Read without the answer, every question of a rules topic gets the answer the generator stored: an
    independent check of the answer keys (the bot asks the engine's rules, not the generator)."""
    for level in questions.TOPICS[topic].difficulties:
        for seed in range(25):
            q = questions.generate(topic, RULES, seed, level)
            answer = rules_bot_answer(questions.public_view(q))
            assert questions.check(q, answer)["correct"], (topic, level, seed, q["prompt"], answer, q["answer"])


def test_the_auction_questions_follow_the_rules_they_are_asked_under() -> None:
    passing = auction_question(RULES, 5, "passing is final")
    assert passing["answer"] == "no" and "out of the auction" in passing["explanation"]
    assert passing["context"]["to_bid"] in [a["seat"] for a in passing["context"]["auction"] if a["call"] == "pass"]
    assert rules_bot_answer(questions.public_view(passing)) == "no"
    rebid = (
        Rules.preset("bridge-bidding") if "bridge-bidding" in Rules.preset_names() else RULES.replace(bidding="rebid")
    )
    again = auction_question(rebid, 5, "passing is final")
    assert again["answer"] == "yes", again["prompt"]
    open_misere = auction_question(RULES, 5, "open misère at any time")
    assert open_misere["answer"] == "yes" and open_misere["context"]["bid"]["label"] == "open misère"
    never = RULES.replace(misere="never")
    assert auction_question(never, 5, "open misère at any time")["answer"] == "no"
    with pytest.raises(ValueError, match="no auction question"):
        auction_question(RULES, 5, "slam")


def test_score_distribution_is_exact() -> None:
    chances = [0.5, 0.25, 1.0, 0.0, 1 / 3]
    dist = score_distribution(chances)
    assert abs(sum(dist) - 1) < 1e-12
    assert abs(sum(k * p for k, p in enumerate(dist)) - sum(chances)) < 1e-12
    # against enumerating every outcome
    for k in range(len(chances) + 1):
        exact = 0.0
        for outcome in itertools.product([0, 1], repeat=len(chances)):
            if sum(outcome) == k:
                p = 1.0
                for right, c in zip(outcome, chances):
                    p *= c if right else 1 - c
                exact += p
        assert abs(dist[k] - exact) < 1e-12


def test_a_uniform_guess_matches_a_sampled_guesser() -> None:
    """The exact chance of a blind guess against 4,000 sampled guesses (a choice, a discard)."""
    form = form_questions(RULES, 15)
    rng = random.Random(1)
    for kind in ("choice", "cards"):
        q = next(q for q in form if q["kind"] == kind)
        exact = uniform_chance(q, set())
        right = 0
        for _ in range(4000):
            if kind == "choice":
                guess: object = rng.choice([c["id"] for c in q["choices"]])
            else:
                guess = rng.sample([c["code"] for c in q["context"]["hand"]], q["context"]["count"])
            right += questions.check(q, guess)["correct"]
        assert abs(right / 4000 - exact) < 0.03, (kind, right / 4000, exact)


def test_position_guessers_score_what_their_position_holds() -> None:
    form = form_questions(RULES, 15)
    chances = guess_chances(form, RULES)
    first = chances["position 1"]
    for q, c in zip(form, first):
        if q["kind"] == "choice":
            assert c == float(q["choices"][0]["id"] == q["answer"])
    assert strategy_words("position 1") == "always the first choice"


def test_the_pass_mark_lies_between_luck_and_knowing_the_rules() -> None:
    cal = calibrate(RULES, range(12))
    assert cal.forms == 12 and cal.questions == len(form_questions(RULES, 0))
    assert cal.guess_top < cal.pass_mark <= cal.bot_min
    assert cal.pass_mark == cal.guess_top + -(-(cal.bot_min - cal.guess_top) // 2)
    assert abs(sum(cal.guess_distribution) - 1) < 1e-9
    # the guesser reaches its one-in-a-thousand score with at most that chance on the average form
    assert sum(cal.guess_distribution[cal.guess_top + 1 :]) <= 0.001 + 1e-9
    assert set(cal.bot_misses) <= JUDGMENT, cal.bot_misses


def test_the_final_tests_quiz_is_mastered_at_its_pass_mark_not_at_one_answer() -> None:
    """Learner review finding 1: the quiz was made with one question (size 1) and given the 41 of the form,
    so one right answer mastered it and marked the final test done."""
    from fivehundred_tutor.handlers.rulestest import rules_test_model

    model = rules_test_model(RULES, 15, "Final test, part 1: the rules", pass_mark=27)
    assert model["size"] == len(model["bank"]) == len(form_questions(RULES, 15))
    assert model["pass_mark"] == 27
    assert "pass_mark" not in rules_test_model(RULES, 15, "t")
    with pytest.raises(ValueError, match="pass mark of 42"):
        rules_test_model(RULES, 15, "t", pass_mark=len(model["bank"]) + 1)
