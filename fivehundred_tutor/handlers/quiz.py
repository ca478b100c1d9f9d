"""Quizzes: a bank of generated questions with every verdict precomputed, and the requests that extend it.

The static book judges from the bank (``verdicts`` keyed by :func:`~fivehundred_tutor.questions.response_key`);
JupyterLab and the live book also answer ``answer``, ``new_question`` and ``set_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from .. import questions
from ..questions.core import answer_words, response_key
from ..rules import Rules
from .fields import Handler, RequestError, int_field, rules_field
from .models import MODEL_VERSION

__all__ = ["HANDLERS", "build_bank", "quiz_item", "quiz_model"]


def quiz_item(question: Mapping[str, Any]) -> dict[str, Any]:
    """A generated question plus precomputed verdicts, so the static book can judge it with no kernel.

    ``verdicts`` maps the front end's response key to ``[correct (0/1), index into feedbacks]``,
    from the engine's ``check``, for every choice (``choice``), every subset of choices
    (``multi``, up to 6 choices) and every pick from the hand (``cards``, up to 300 picks);
    ``right`` and ``wrong`` cover the rest (exact match with ``answer`` is right).
    """
    check = questions.check
    item = dict(question)
    kind = item["kind"]
    verdicts: dict[str, list[int]] = {}
    feedbacks: list[str] = []
    seen: dict[str, int] = {}

    def add(response: Any) -> None:
        result = check(question, response)
        text = result["feedback"]
        if text not in seen:
            seen[text] = len(feedbacks)
            feedbacks.append(text)
        key = response_key(question, response)
        if key is not None:
            verdicts[key] = [int(bool(result["correct"])), seen[text]]

    ids = [c["id"] for c in item.get("choices") or []]
    if kind == "choice":
        for cid in ids:
            add(cid)
    elif kind == "multi" and len(ids) <= 6:
        for mask in range(1, 1 << len(ids)):
            add([cid for bit, cid in enumerate(ids) if mask >> bit & 1])
    elif kind == "cards":
        hand = [c["code"] for c in (item.get("context") or {}).get("hand", [])]
        count = int((item.get("context") or {}).get("count", 0))
        picks = list(combinations(hand, count)) if 0 < count <= len(hand) else []
        if len(picks) <= 300:
            for pick in picks:
                add(list(pick))
    right = check(question, question["answer"]) if kind != "cards" else {"feedback": "Correct!"}
    item["verdicts"] = verdicts
    item["feedbacks"] = feedbacks
    item["right"] = right["feedback"]
    item["wrong"] = f"Not quite. The answer: {answer_words(question)}."
    item["answer_key"] = response_key(question, question["answer"]) if kind != "cards" else None
    return item


def build_bank(
    rules: Rules, topics: Sequence[str], count: int, seed: int, difficulty: int | None = None
) -> list[dict[str, Any]]:
    """``count`` questions cycling through ``topics`` (and their difficulty levels), seeded."""
    q = questions
    bank = []
    for i in range(count):
        topic = topics[i % len(topics)]
        levels = sorted(q.TOPICS[topic].difficulties) if difficulty is None else [difficulty]
        level = levels[(i // len(topics)) % len(levels)]
        bank.append(quiz_item(q.generate(topic, rules, seed + i, level)))
    return bank


def quiz_model(
    rules: Rules, topics: Sequence[str], count: int, seed: int, title: str, difficulty: int | None = None
) -> dict[str, Any]:
    q = questions
    usable = [t for t in topics if t in q.TOPICS and q.TOPICS[t].unavailable(rules) is None]
    if not usable:
        raise ValueError(f"none of the topics {', '.join(topics)} can be asked under the rules {rules.preset_name!r}")
    if count < 1:
        raise ValueError("a quiz needs at least one question")
    return {
        "version": MODEL_VERSION,
        "title": title,
        "rules": rules.to_dict(),
        "rules_name": rules.preset_name,
        "presets": Rules.preset_names(),
        "topics": usable,
        "difficulty": difficulty,
        "bank": build_bank(rules, usable, count, seed, difficulty),
        "next_seed": seed + count,
    }


def _quiz_answer(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    quiz = state["quiz"]
    bank = quiz["bank"]
    index = int_field(request, "index", 0, max(0, len(bank) - 1))
    if "response" not in request:
        raise RequestError("an answer needs a 'response'")
    question = bank[index]
    result = questions.check(question, request["response"])
    judged = list(state.get("judged") or [])
    judged.append({"index": index, "id": question.get("id"), "response": request["response"], **result})
    return {"reply": {"type": "judged", "index": index, **result}, "update": {"judged": judged}}


def _quiz_new_question(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    quiz = dict(state["quiz"])
    rules = Rules.from_dict(quiz["rules"])
    topics = quiz["topics"]
    topic = request.get("topic") or topics[len(quiz["bank"]) % len(topics)]
    if topic not in topics:
        raise RequestError(f"topic {topic!r} is not in this quiz; its topics are {', '.join(topics)}")
    seed = int(quiz["next_seed"])
    info = questions.TOPICS[topic]
    level = quiz.get("difficulty") or sorted(info.difficulties)[seed % len(info.difficulties)]
    item = quiz_item(questions.generate(topic, rules, seed, level))
    quiz["bank"] = [*quiz["bank"], item]
    quiz["next_seed"] = seed + 1
    return {"reply": {"type": "question", "index": len(quiz["bank"]) - 1}, "update": {"quiz": quiz}}


def _quiz_set_rules(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    rules = rules_field(request, "american")
    quiz = state["quiz"]
    model = quiz_model(
        rules, quiz["topics"], len(quiz["bank"]), int(quiz["next_seed"]), quiz["title"], quiz.get("difficulty")
    )
    update: dict[str, Any] = {"quiz": model, "index": 0, "responses": {}}
    if "ladder" in state:
        from .ladder import ladder_model  # the ladder widget is a quiz too

        update["ladder"] = ladder_model(rules)
    return {"reply": {"type": "rules", "rules_name": rules.preset_name}, "update": update}


HANDLERS: dict[str, Handler] = {
    "answer": _quiz_answer,
    "new_question": _quiz_new_question,
    "set_rules": _quiz_set_rules,
}
