"""How many different questions each topic and level can ask: found by drawing, so ``assign`` can say when a
student's set must repeat a question (10 questions from a pool of 8) or classmates will share theirs.

Two questions are the same when a student sees the same thing: prompt, cards, choices (not the seed or id).
Drawing stops when a long run of draws brings nothing new (the pool is complete), or at :data:`ENOUGH`
different questions (the pool is large: more than a section asks of anyone).

>>> from fivehundred_tutor.rules import Rules
>>> pool_size("bid-values", Rules(), 1)
PoolSize(distinct=8, complete=True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..questions import generate, public_view
from ..rules import Rules
from .assignment import Assignment
from .playsection import PLAY_TOPIC

__all__ = ["ENOUGH", "PoolSize", "pool_report", "pool_size", "pool_warnings"]

#: this many different questions is a large pool: drawing stops there
ENOUGH = 200
_MAX_DRAWS = 1500


@dataclass(frozen=True)
class PoolSize:
    distinct: int
    complete: bool  # True: every question of the pool was seen; False: at least ``distinct``

    def words(self) -> str:
        """The size in words: ``8 different questions`` or ``200 or more``."""
        return f"{self.distinct} different questions" if self.complete else f"{self.distinct} or more"


def _seen_as(question: dict[str, Any]) -> str:
    view = {k: v for k, v in public_view(question).items() if k not in ("id", "seed")}
    return json.dumps(view, sort_keys=True, ensure_ascii=False)


def pool_size(topic: str, rules: Rules, level: int) -> PoolSize:
    """The number of different questions ``topic`` asks at ``level`` under ``rules`` (see the module)."""
    seen: set[str] = set()
    since_new = 0
    for seed in range(_MAX_DRAWS):
        text = _seen_as(generate(topic, rules, seed, level))
        if text in seen:
            since_new += 1
            if since_new >= max(100, 6 * len(seen)):  # the chance that one question is still unseen: < 0.3%
                return PoolSize(len(seen), True)
        else:
            seen.add(text)
            since_new = 0
            if len(seen) >= ENOUGH:
                return PoolSize(len(seen), False)
    return PoolSize(len(seen), False)


def pool_report(assignment: Assignment) -> list[dict[str, Any]]:
    """For each topic and level the assignment asks: the pool's size and how many questions a student gets from
    it (sections sharing a topic and level share its pool)."""
    asked: dict[tuple[str, int], int] = {}
    for _label, _si, j, section in assignment.items():
        if section.topic == PLAY_TOPIC:
            continue  # a deal per student from the whole pack, not a pool of questions
        key = (section.topic, section.difficulty[j % len(section.difficulty)])
        asked[key] = asked.get(key, 0) + 1
    rows = []
    for (topic, level), per_student in asked.items():
        size = pool_size(topic, assignment.rules, level)
        rows.append(
            {
                "topic": topic,
                "level": level,
                "distinct": size.distinct,
                "complete": size.complete,
                "per_student": per_student,
                "words": size.words(),
            }
        )
    return rows


def pool_warnings(assignment: Assignment, pools: list[dict[str, Any]], class_size: int) -> list[str]:
    """What a pool's size means for this assignment: repeats inside a student's set, questions classmates share."""
    out = []
    for p in pools:
        if not p["complete"]:
            continue
        name = f"{p['topic']} level {p['level']}"
        if p["per_student"] > p["distinct"]:
            out.append(
                f"{name} has only {p['words']}, and each student gets {p['per_student']}: every student's set "
                f"will repeat some (ask at most {p['distinct']}, or add another level)"
            )
        elif p["distinct"] < class_size and assignment.feedback != "immediate":
            out.append(
                f"{name} has only {p['words']} for {class_size} students: classmates will share questions "
                "(and could share answers)"
            )
    return out
