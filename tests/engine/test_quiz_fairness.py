"""A quiz answer cannot be guessed: not from its place among the choices, not from the base rate, and a
blind guess earns little partial credit.

For every topic that asks choice questions, every level and a spread of rules: over 120 seeds no place
holds the answer in more than 1/k + 0.2 of the questions (k choices; a yes/no question is k = 2, so
"yes" and "no" are balanced too).  For every order, cards and multi question: a blind guess (every
response of the question's shape equally likely) scores at most a third of the points on average,
computed exactly through ``check`` (``questions.fairness``); picking every choice of a multi question
too.  Figures: ``.venv/bin/python -m bench.quiz_fairness``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import pytest

from fivehundred_tutor.questions import TOPICS, QuestionError, available_topics, generate
from fivehundred_tutor.questions.fairness import (
    all_subsets_score,
    answer_place,
    blind_guess_score,
    select_all_score,
)
from fivehundred_tutor.rules import Rules

SEEDS = range(120)
#: rules that change the number of choices, the outcomes or the auction; the default gets every check
PRESETS = (
    "australian",
    "three-player",
    "six-player",
    "two-player",
    "american",
    "misere-any-time",
    "bridge-bidding",
    "no-hole",
    "declarer-must-win",
    "45-card",
)
#: play decisions at level 3 come from the double-dummy solver (a multi question; blind guesses below)
SOLVER = {("play-decision", 3)}


@cache
def _level_kinds(topic: str, level: int) -> set[str]:
    """The kinds of question one level asks (the same under every rules; a few seeds of the default rules
    show them all), so that each test generates only the levels it can check."""
    kinds = set()
    for seed in range(6):
        try:
            kinds.add(generate(topic, Rules(), seed, level)["kind"])
        except QuestionError:  # a topic the default rules do not ask (the 2-player game's own)
            return set(TOPICS[topic].kinds)
    return kinds


def _cases(kinds: set[str]) -> list[Any]:
    out: list[Any] = []
    for preset in PRESETS:
        rules = Rules.preset(preset)
        for topic in available_topics(rules):
            info = TOPICS[topic]
            if not kinds & set(info.kinds):
                continue
            for level in info.difficulties:
                if (topic, level) in SOLVER or not kinds & _level_kinds(topic, level):
                    continue
                out.append(pytest.param(preset, topic, level))
    return out


@pytest.mark.parametrize(("preset", "topic", "level"), _cases({"choice"}))
def test_no_place_holds_the_answer_more_than_its_share(preset: str, topic: str, level: int) -> None:
    rules = Rules.preset(preset)
    places: Counter[int] = Counter()
    sizes: set[int] = set()
    for seed in SEEDS:
        place = answer_place(generate(topic, rules, seed, level))
        if place is not None:
            places[place[0]] += 1
            sizes.add(place[1])
    if not places:
        return  # this level asks no one-answer question (multi or numbers)
    # one number of choices per topic and level, so that "a place's share" means one thing
    assert len(sizes) == 1, f"{topic} level {level}: the number of choices varies: {sorted(sizes)}"
    (k,) = sizes
    asked = sum(places.values())
    assert asked >= 40, f"only {asked} choice questions in {len(SEEDS)} seeds"
    worst, count = places.most_common(1)[0]
    share = count / asked
    assert share <= 1 / k + 0.2, (
        f"{preset} {topic} level {level}: place {worst + 1} of {k} holds the answer in "
        f"{count}/{asked} questions ({share:.0%}); by place: {[places[i] for i in range(k)]}"
    )


def _guess_seeds(preset: str) -> range:
    # a kitty of five from fifteen cards is 3,003 picks a question: fewer seeds, the same bound
    return range(30) if preset == "45-card" else SEEDS


@pytest.mark.parametrize(("preset", "topic", "level"), _cases({"order", "cards", "multi"}))
def test_a_blind_guess_scores_at_most_a_third(preset: str, topic: str, level: int) -> None:
    rules = Rules.preset(preset)
    guesses: list[float] = []
    everything: list[float] = []
    for seed in _guess_seeds(preset):
        q = generate(topic, rules, seed, level)
        if q["kind"] not in ("order", "cards", "multi"):
            continue
        guesses.append(blind_guess_score(q))
        all_of_them = select_all_score(q)
        if all_of_them is not None:
            everything.append(all_of_them)
    if not guesses:
        return
    mean = sum(guesses) / len(guesses)
    assert mean <= 1 / 3, f"{preset} {topic} level {level}: a blind guess scores {mean:.0%} on average"
    if everything:
        mean_all = sum(everything) / len(everything)
        assert mean_all <= 1 / 3, f"{preset} {topic} level {level}: picking every choice scores {mean_all:.0%}"


def test_the_guess_measure_is_exact() -> None:
    """The measure itself: a two-card choice is half, a five-card order 49/300 (Kendall's tau cut at 0)."""
    rules = Rules()
    two = next(q for s in SEEDS if len((q := generate("card-hierarchy", rules, s, 1))["choices"]) == 2)
    assert blind_guess_score(two) == 0.5
    order = generate("card-hierarchy", rules, 1, 3)
    assert order["kind"] == "order" and len(order["choices"]) == 5
    assert blind_guess_score(order) == pytest.approx(49 / 300)


def test_a_multi_guess_by_classes_equals_every_subset() -> None:
    """The blind guess of a multi question is computed one check per (right, wrong) class of subsets; going
    through every one of the 2ⁿ subsets gives the same mean (the grade depends on those two counts only)."""
    checked = 0
    for topic, level in [("legal-plays", 3), ("bowers", 3), ("bid-ladder", 2), ("defence", 2), ("misere", 3)]:
        for seed in range(4):
            q = generate(topic, Rules(), seed, level)
            assert q["kind"] == "multi"
            assert blind_guess_score(q) == pytest.approx(all_subsets_score(q), abs=1e-12)
            checked += 1
    assert checked == 20
