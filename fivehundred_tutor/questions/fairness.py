"""How much a question gives away to someone who does not know the answer.

Two measures, both computed with :func:`~fivehundred_tutor.questions.check` itself (so they are the
grades a guesser really gets):

- :func:`answer_place`: where the answer stands among the choices (over many seeds, no place may
  hold it much more often than the others: ``tests/engine/test_quiz_fairness.py``);
- :func:`blind_guess_score`: the expected score of a blind guess, every response of the question's
  shape equally likely (a choice, a set of choices, an order, a pick of cards), computed exactly by
  going through every response.  A final test's pass mark is calibrated against it.

>>> from fivehundred_tutor.rules import Rules
>>> from fivehundred_tutor.questions import generate
>>> q = generate("card-hierarchy", Rules(), 4, 3)
>>> q["kind"], round(blind_guess_score(q), 3)
('order', 0.163)
>>> answer_place(generate("bowers", Rules(), 7, 1))
(2, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, permutations
from math import comb, factorial
from typing import Any

from .core import check

__all__ = ["BLIND_GUESS_LIMIT", "all_subsets_score", "answer_place", "blind_guess_score", "select_all_score"]

#: responses a blind-guess expectation goes through at most (an order of 7 cards, a kitty of 5 from 15)
BLIND_GUESS_LIMIT = 6000


def _ids(question: Mapping[str, Any]) -> list[str]:
    return [str(c["id"]) for c in question.get("choices") or [] if isinstance(c, Mapping)]


def answer_place(question: Mapping[str, Any]) -> tuple[int, int] | None:
    """``(index of the answer, number of choices)`` for a one-answer choice question, else None."""
    if question.get("kind") != "choice":
        return None
    ids = _ids(question)
    return ids.index(str(question["answer"])), len(ids)


def _mean(question: Mapping[str, Any], responses: Any, count: int) -> float:
    if count > BLIND_GUESS_LIMIT:
        raise ValueError(f"{count} possible responses: more than {BLIND_GUESS_LIMIT} to go through")
    total = sum(float(check(question, list(r) if isinstance(r, tuple) else r)["score"]) for r in responses)
    return total / count if count else 0.0


def blind_guess_score(question: Mapping[str, Any]) -> float:
    """The expected score (0–1) of a response drawn uniformly from all responses of the question's shape.

    ``choice``: one of the choices; ``multi``: any subset of the choices (the empty one scores 0);
    ``order``: any order of the choices; ``cards``: any ``count`` cards of the hand; ``number``: 0 (a
    guessed number is right too rarely to count).
    """
    kind = question.get("kind")
    ids = _ids(question)
    if kind == "choice":
        return _mean(question, ids, len(ids))
    if kind == "multi":
        return _multi_mean(question, ids)
    if kind == "order":
        return _mean(question, permutations(ids), factorial(len(ids)))
    if kind == "cards":
        hand = [str(c["code"]) for c in (question.get("context") or {}).get("hand", [])]
        count = int((question.get("answer") or {}).get("count", 0))
        return _mean(question, combinations(hand, count), comb(len(hand), count))
    return 0.0


def _multi_mean(question: Mapping[str, Any], ids: list[str]) -> float:
    """The mean over every subset of the choices, one ``check`` per (right picks, wrong picks): a multi
    question's grade depends on those two counts only, so each class is weighted by its number of subsets
    (``all_subsets_score`` in the tests goes through all 2ⁿ and agrees)."""
    answer = {str(a) for a in question.get("answer") or []}
    right = [i for i in ids if i in answer]
    other = [i for i in ids if i not in answer]
    total = 0.0
    for hits in range(len(right) + 1):
        for wrong in range(len(other) + 1):
            if hits or wrong:  # the empty response scores 0
                score = float(check(question, right[:hits] + other[:wrong])["score"])
                total += comb(len(right), hits) * comb(len(other), wrong) * score
    return total / (1 << len(ids))


def all_subsets_score(question: Mapping[str, Any]) -> float:
    """The mean score of a ``multi`` question over all 2ⁿ subsets, one ``check`` each (the slow, plain way)."""
    ids = _ids(question)
    n = len(ids)
    subsets = ([i for b, i in enumerate(ids) if mask >> b & 1] for mask in range(1, 1 << n))
    return _mean(question, subsets, 1 << n)  # the empty response (mask 0) scores 0


def select_all_score(question: Mapping[str, Any]) -> float | None:
    """The score for picking every choice of a ``multi`` question (None for other kinds)."""
    if question.get("kind") != "multi":
        return None
    return float(check(question, _ids(question))["score"])
