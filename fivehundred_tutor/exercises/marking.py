"""How items are marked, as an assignment file says it: a section's scoring policy, a section of answers written
in words (marked by hand against a rubric), and class-wide rules for one item (accept an answer, drop the item,
give everyone its points).

In the assignment file::

    [[sections]]
    title = "Bowers"
    topic = "bowers"
    count = 4
    scoring = "guessing"            # "each" (default), "all-or-nothing", or "guessing" (choose-one questions:
                                    # a wrong answer costs points/(choices - 1); the section never goes below 0)

    [[sections]]
    name = "why"
    title = "Explain your play"
    kind = "written"                # answered in words, marked by hand (fivehundred_tutor.widgets.HandGrader)
    prompt = "Which card would you play, and why?"
    topic = "play-decision"         # optional: each student explains their own position
    points = 3
    rubric = [{label = "Names a card that takes the most tricks", points = 1},
              {label = "Says why not the ace", points = 2}]

    [[item_rules]]                  # applied the same way to the gradebook, the LMS files and the feedback
    item = "1.2"                    # an item label, or its stable key "bowers#2"
    action = "accept"               # "accept" (answer below), "drop" (out of the grade), "full" (everyone's points)
    answer = "b"                    # accept: a response as the sheet holds it (checked by its canonical key)
    question = "q1a2…"              # optional: only for students given this question
    reason = "b is right too under our house rules"
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import FiveHundredError
from ..questions import generate
from ..questions.core import answer_words, canonical_json, response_key
from ..rules import Rules

__all__ = [
    "ITEM_ACTIONS",
    "SCORING",
    "SECTION_KINDS",
    "Criterion",
    "ItemRule",
    "MarkingError",
    "parse_item_rules",
    "parse_rubric",
    "written_question",
]

SCORING = ("each", "all-or-nothing", "guessing")
#: what a section asks: "auto" (generated and checked by the engine) or "written" (words, marked by hand)
SECTION_KINDS = ("auto", "written")
ITEM_ACTIONS = ("accept", "drop", "full")
MAX_WRITTEN_CHARS = 5000
MAX_CRITERIA = 12


class MarkingError(FiveHundredError, ValueError):
    """A scoring setting that cannot be used (the message says which and why)."""


@dataclass(frozen=True)
class Criterion:
    """One line of a written section's rubric: what earns ``points``."""

    label: str
    points: float

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points}


@dataclass(frozen=True)
class ItemRule:
    """A class-wide decision about one item, applied on every grade."""

    item: str  # "1.2" or a stable key "bowers#2"
    action: str  # accept | drop | full
    answer: Any = None  # accept: the response to accept
    question: str = ""  # only for students given this question id ("" = every student's item)
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"item": self.item, "action": self.action}
        if self.action == "accept":
            out["answer"] = self.answer
        if self.question:
            out["question"] = self.question
        if self.reason:
            out["reason"] = self.reason
        return out

    def applies_to(self, question: Mapping[str, Any]) -> bool:
        """Whether this rule is about ``question`` (one student's question of the item)."""
        if self.item not in (question.get("item"), question.get("key")):
            return False
        return not self.question or self.question == question.get("id")

    def accepts(self, question: Mapping[str, Any], response: Any) -> bool:
        """An ``accept`` rule's verdict on a response: the same canonical key as the accepted answer."""
        if self.action != "accept" or response is None:
            return False
        key = response_key(question, response)
        return key is not None and key == response_key(question, self.answer)


def _text(value: Any, where: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise MarkingError(f"{where} must be text (at most {limit} characters)")
    if not all(ch.isprintable() or ch in "\n\t" for ch in value):
        raise MarkingError(f"{where} must be plain text (no control characters)")
    return value.strip()


def _points(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1000:
        raise MarkingError(f"{where} must be a number of points above 0")
    return float(value) if isinstance(value, float) else value


def parse_rubric(raw: Any, where: str, section_points: float) -> tuple[Criterion, ...]:
    """A written section's rubric: a list of ``{label, points}`` (the points of the lines ticked add up, at most
    the section's points per question)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw or len(raw) > MAX_CRITERIA:
        raise MarkingError(f"{where}: 'rubric' must list 1 to {MAX_CRITERIA} lines, like {{label = \"…\", points = 1}}")
    out = []
    for n, line in enumerate(raw, start=1):
        here = f"{where}: rubric line {n}"
        if not isinstance(line, Mapping) or set(line) - {"label", "points"}:
            raise MarkingError(f"{here} must be a table with a label and points")
        out.append(Criterion(_text(line.get("label"), f"{here}: 'label'", 200), _points(line.get("points"), here)))
        if out[-1].points > section_points:
            raise MarkingError(f"{here}: {out[-1].points:g} points is more than the question's {section_points:g}")
    return tuple(out)


def parse_item_rules(raw: Any, where: str, items: Mapping[str, tuple[str, str]]) -> tuple[ItemRule, ...]:
    """``[[item_rules]]``: ``items`` maps each item label and stable key to (label, the section's kind)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise MarkingError(f"{where}: [[item_rules]] must be a list of tables (item, action, reason …)")
    out = []
    seen: dict[tuple[str, str], int] = {}
    for n, rule in enumerate(raw, start=1):
        here = f"{where}: item rule {n}"
        if not isinstance(rule, Mapping):
            raise MarkingError(f"{here} must be a table (item, action, reason …)")
        unknown = sorted(str(k) for k in set(rule) - {"item", "action", "answer", "question", "reason"})
        if unknown:
            raise MarkingError(f"{here}: unknown setting(s) {', '.join(unknown)}")
        item = rule.get("item")
        if not isinstance(item, str) or item not in items:
            raise MarkingError(f'{here}: \'item\' must name an item, like "1.2" or "bowers#2" (got {item!r:.40})')
        label, kind = items[item]
        action = rule.get("action")
        if action not in ITEM_ACTIONS:
            raise MarkingError(f"{here}: 'action' must be one of {', '.join(ITEM_ACTIONS)} (got {action!r:.40})")
        if action == "accept" and ("answer" not in rule or kind == "written"):
            raise MarkingError(f"{here}: 'accept' needs an 'answer' (and a question the engine checks)")
        question = rule.get("question", "")
        if not isinstance(question, str) or len(question) > 64:
            raise MarkingError(f"{here}: 'question' must be a question id, like \"q1a2b3c4d5e6f7a8b\"")
        reason = rule.get("reason", "")
        reason = _text(reason, f"{here}: 'reason'", 300) if reason else ""
        if (label, question) in seen and action != "accept":
            raise MarkingError(f"{here}: item {label} already has a rule (item rule {seen[(label, question)]})")
        seen.setdefault((label, question), n)
        out.append(ItemRule(item, str(action), rule.get("answer"), question, reason))
    return tuple(out)


def written_question(
    *, section_key: str, title: str, prompt: str, topic: str, rules: Rules, seed: int, level: int, index: int
) -> dict[str, Any]:
    """The question of a written section for one student: the instructor's prompt, and (with a topic) the
    position of an engine question the student explains — its answer and explanation kept for the marker only."""
    base = generate(topic, rules, seed, level) if topic else None
    identity = canonical_json(["written", section_key, prompt, base["id"] if base else index])
    return {
        "format": "fivehundred-question/1",
        "id": "w" + hashlib.sha256(identity.encode("utf-8")).hexdigest()[:16],
        "topic": topic or "written",
        "title": title,
        "difficulty": level if base else 0,
        "kind": "text",
        "prompt": f"{base['prompt']} {prompt}" if base else prompt,
        "ask": prompt,  # the instructor's own words (the marker sees them apart from the position)
        "context": base["context"] if base else {},
        "choices": [],
        "max_chars": MAX_WRITTEN_CHARS,
        "answer": None,
        "reference": answer_words(base) if base else "",
        "explanation": base["explanation"] if base else "",
    }
