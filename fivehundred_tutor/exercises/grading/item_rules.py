"""After each answer is judged: the class-wide item rules (accept an answer, drop an item, everyone's points)
and each section's scoring policy (all or nothing; a guessing correction).  Part of scoring, so the gradebook,
the LMS files, the feedback and the checking API (nbgrader, otter) all see the same points."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..assignment import Assignment
from ..text import fmt_points
from .results import ItemResult

__all__ = ["apply_item_rules", "apply_section_scoring"]


def apply_item_rules(assignment: Assignment, questions: list[dict[str, Any]], results: list[ItemResult]) -> None:
    """Each rule, on the items (of the students given the question) it names."""
    if not assignment.item_rules:
        return
    for q, item in zip(questions, results, strict=True):
        for rule in assignment.item_rules:
            if not rule.applies_to(q):
                continue
            why = f": {rule.reason}" if rule.reason else ""
            if rule.action == "drop":
                item.points = 0
                item.exact = Fraction(0)
                item.rule = "dropped"
                item.note = f"Dropped from the grade for everyone{why}."
            elif rule.action == "full":
                item.exact = Fraction(q["points"]).limit_denominator(1000)
                item.rule = "full"
                item.note = f"Full points for everyone{why}."
            elif rule.accepts(q, item.response) and not item.correct:
                item.exact = Fraction(q["points"]).limit_denominator(1000)
                item.correct = True
                item.rule = "accepted"
                item.feedback = f"Accepted: your answer counts as right{why}."
            item.score = round(float(item.exact), 4)


def apply_section_scoring(assignment: Assignment, questions: list[dict[str, Any]], results: list[ItemResult]) -> None:
    """All-or-nothing sections score only when every answer is right; a guessing correction takes
    points/(choices − 1) off for each wrong choose-one answer (a section never goes below 0)."""
    by_section: dict[str, list[tuple[Mapping[str, Any], ItemResult]]] = {}
    for q, item in zip(questions, results, strict=True):
        by_section.setdefault(item.section, []).append((q, item))
    for section in assignment.sections:
        pairs = [(q, i) for q, i in by_section.get(section.title, []) if i.rule != "dropped"]
        if section.scoring == "all-or-nothing":
            _all_or_nothing(pairs)
        elif section.scoring == "guessing":
            _guessing(pairs)


def _all_or_nothing(pairs: list[tuple[Mapping[str, Any], ItemResult]]) -> None:
    full = all(i.exact >= Fraction(q["points"]).limit_denominator(1000) for q, i in pairs)
    if full:
        return
    missed = ", ".join(i.item for q, i in pairs if i.exact < Fraction(q["points"]).limit_denominator(1000))
    for _, item in pairs:
        item.exact = Fraction(0)
        item.score = 0.0
        item.feedback = (
            f"{item.feedback} All or nothing: this section scores only when every answer is right (not {missed})."
        )


def _guessing(pairs: list[tuple[Mapping[str, Any], ItemResult]]) -> None:
    penalties: list[tuple[ItemResult, Fraction]] = []
    for q, item in pairs:
        choices = len(q.get("choices") or [])
        if q.get("kind") == "choice" and item.answered and not item.correct and item.rule == "" and choices > 1:
            penalties.append((item, Fraction(q["points"]).limit_denominator(1000) / (choices - 1)))
    if not penalties:
        return
    earned = sum((i.exact for _, i in pairs), Fraction(0))
    taken = sum((p for _, p in penalties), Fraction(0))
    scale = min(Fraction(1), earned / taken) if taken else Fraction(1)  # never below 0 for the section
    for item, penalty in penalties:
        off = penalty * scale
        item.exact = -off
        item.score = round(float(item.exact), 4)
        floor = "" if scale == 1 else " (less, so that the section does not go below 0)"
        item.feedback = f"{item.feedback} Guessing correction: −{fmt_points(off)} point(s){floor}."
