"""Seeded questions about Five Hundred, answered and explained by the engine.

Pure Python, standard library only (it also runs under Pyodide).

>>> from fivehundred_tutor.rules import Rules
>>> q = generate("bowers", Rules(), seed=7, difficulty=1)
>>> q["kind"], q["topic"], len(q["choices"])
('choice', 'bowers', 4)
>>> check(q, q["answer"])["correct"], check(q, "nonsense")["correct"]
(True, False)
>>> "answer" in public_view(q)
False
>>> generate("bowers", Rules(), seed=7, difficulty=1) == q
True

A question is a JSON-safe dict with the keys ``format``, ``id`` (a stable
hash of topic, rules, seed and difficulty), ``topic``, ``difficulty``,
``seed``, ``rules`` (``rules.to_dict()``), ``prompt``, ``kind`` (``"choice"``,
``"multi"``, ``"order"``, ``"number"``, ``"cards"``), ``choices`` (a list of
``{"id", "label", ...}``; card choices add ``"words"`` and ``"card"``),
``fields`` (number questions: ``{"id", "label"}`` per figure), ``context``
(cards as codes + labels + words, contract, trick, auction ...), ``answer``,
``explanation`` and ``points``.  See :mod:`fivehundred_tutor.questions.core`
for the response each kind expects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..i18n import gettext as _
from ..rules import Rules, RulesError
from .core import (
    FORMAT,
    KINDS,
    QuestionError,
    check,
    make_rng,
    public_view,
    question_id,
    response_key,
    rules_record,
    sub_seed,
)
from .play import set_verdict_provider
from .topics import TOPICS, TopicInfo, available_topics

__all__ = [
    "FORMAT",
    "KINDS",
    "TOPICS",
    "QuestionError",
    "TopicInfo",
    "available_topics",
    "check",
    "generate",
    "public_view",
    "question_bank",
    "question_id",
    "regenerate",
    "response_key",
    "set_verdict_provider",
]

_LEVELS = (1, 2, 3)


def _coerce_rules(rules: Rules | Mapping[str, Any] | None) -> Rules:
    try:
        return Rules.coerce(rules)
    except (RulesError, TypeError) as err:
        raise QuestionError(_("bad rules: {error}").format(error=err)) from None


def generate(topic: str, rules: Rules | Mapping[str, Any] | None, seed: int, difficulty: int = 1) -> dict[str, Any]:
    """One question: the same (topic, rules, seed, difficulty) gives the identical dict everywhere."""
    info = TOPICS.get(topic) if isinstance(topic, str) else None
    if info is None:
        raise QuestionError(
            _("no topic {topic}; topics are: {topics}").format(topic=repr(topic), topics=", ".join(TOPICS))
        )
    if isinstance(difficulty, bool) or difficulty not in info.difficulties:
        raise QuestionError(
            _("difficulty must be one of {levels}, not {difficulty}").format(
                levels=", ".join(map(str, info.difficulties)), difficulty=repr(difficulty)
            )
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise QuestionError(_("seed must be a whole number >= 0, not {seed}").format(seed=repr(seed)))
    the_rules = _coerce_rules(rules)
    why_not = info.unavailable(the_rules)
    if why_not:
        raise QuestionError(_("topic {topic}: {reason}").format(topic=repr(topic), reason=why_not))
    body = info.generator(the_rules, make_rng(topic, seed, difficulty), difficulty)
    question: dict[str, Any] = {
        "format": FORMAT,
        "id": question_id(topic, the_rules, seed, difficulty),
        "topic": topic,
        "title": _(info.title),
        "difficulty": difficulty,
        "seed": seed,
        "rules": rules_record(the_rules),
        "points": 1,
        "fields": [],
    }
    question.update(body)
    return question


def regenerate(question: Mapping[str, Any]) -> dict[str, Any]:
    """Make the question again from its own topic, rules, seed and difficulty (for graders)."""
    try:
        return generate(
            question["topic"], Rules.from_dict(dict(question["rules"])), question["seed"], question["difficulty"]
        )
    except (KeyError, TypeError, RulesError) as err:
        raise QuestionError(_("not a question record: {error}").format(error=err)) from None


def question_bank(
    topics: Sequence[str] | str,
    rules: Rules | Mapping[str, Any] | None,
    seed: int,
    count: int,
    difficulty: int | Sequence[int] = 1,
) -> list[dict[str, Any]]:
    """``count`` questions cycling through ``topics`` (and difficulties, if a list is given)."""
    names = [topics] if isinstance(topics, str) else list(topics)
    if not names:
        raise QuestionError(_("give at least one topic"))
    levels = [difficulty] if isinstance(difficulty, int) else list(difficulty)
    if not levels:
        raise QuestionError(_("give at least one difficulty"))
    the_rules = _coerce_rules(rules)
    out = []
    for i in range(count):
        topic = names[i % len(names)]
        level = levels[(i // len(names)) % len(levels)]
        out.append(generate(topic, the_rules, sub_seed("bank", seed, i), level))
    return out


__all__ += ["KINDS", "sub_seed"]
