"""Quizzes: a bank of generated questions with every verdict precomputed, and the requests that extend it.

The static book judges from the bank (``verdicts`` keyed by :func:`~fivehundred_tutor.questions.response_key`);
JupyterLab and the live book also answer ``answer``, ``new_question`` and ``set_rules``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from itertools import count as counting
from typing import Any

from .. import questions
from ..questions.core import answer_words, canonical_json, response_key
from ..questions.hints import hints, verdict_detail
from ..rules import PRESET_TITLES, Rules, preset_title  # the titles live with the presets (the engine's words)
from .fields import Handler, RequestError, int_field, rules_field
from .models import MODEL_VERSION

__all__ = ["HANDLERS", "PRESET_TITLES", "build_bank", "preset_choices", "preset_title", "quiz_item", "quiz_model"]


def preset_choices() -> list[dict[str, str]]:
    """``[{"name": slug, "title": words}]`` for the Rules menu."""
    return [{"name": name, "title": preset_title(name)} for name in Rules.preset_names()]


def quiz_item(question: Mapping[str, Any]) -> dict[str, Any]:
    """A generated question plus precomputed verdicts, so the static book can judge it with no kernel.

    ``verdicts`` maps the front end's response key to ``[correct (0/1), index into feedbacks]``,
    from the engine's ``check``, for every choice (``choice``), every subset of choices
    (``multi``, up to 6 choices) and every pick from the hand (``cards``, up to 300 picks);
    ``right`` and ``wrong`` cover the rest (exact match with ``answer`` is right).
    """
    item = dict(question)
    kind = item["kind"]
    verdicts: dict[str, list[int]] = {}
    feedbacks: list[str] = []
    seen: dict[str, int] = {}

    def add(response: Any) -> None:
        correct, text = verdict_detail(question, response)
        if text not in seen:
            seen[text] = len(feedbacks)
            feedbacks.append(text)
        key = response_key(question, response)
        if key is not None:
            verdicts[key] = [int(correct), seen[text]]

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
    item["verdicts"] = verdicts
    item["feedbacks"] = feedbacks
    item["right"] = verdict_detail(question, question["answer"])[1] if kind != "cards" else ""
    item["wrong"] = ""
    item["answer_key"] = response_key(question, question["answer"]) if kind != "cards" else None
    item["answer_words"] = _answer_words(question)
    item["hints"] = hints(question)
    return item


def _answer_words(question: Mapping[str, Any]) -> str:
    """The answer as a learner reads it: one number alone ("140", not "points: 140")."""
    fields = question.get("fields") or []
    answer = question.get("answer")
    if question.get("kind") == "number" and len(fields) == 1 and isinstance(answer, Mapping):
        return str(answer.get(fields[0].get("id")))
    return answer_words(question)


def _same_question(question: Mapping[str, Any]) -> str:
    """Two questions are the same to a learner when they ask the same thing with the same answer."""
    return canonical_json([question.get("prompt"), question.get("answer"), question.get("context")])


def build_bank(
    rules: Rules, topics: Sequence[str], count: int, seed: int, difficulty: int | None = None
) -> list[dict[str, Any]]:
    """``count`` questions cycling through ``topics`` (and their difficulty levels), seeded."""
    q = questions
    bank: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i in range(count):
        topic = topics[i % len(topics)]
        levels = sorted(q.TOPICS[topic].difficulties) if difficulty is None else [difficulty]
        level = levels[(i // len(topics)) % len(levels)]
        # no question twice in one quiz: later seeds (kept apart from the first count) until a new one
        for attempt in range(40):
            question = q.generate(topic, rules, seed + i + attempt * 7919, level)
            if _same_question(question) not in seen:
                break
        seen.add(_same_question(question))
        bank.append(quiz_item(question))
    return bank


def quiz_model(
    rules: Rules,
    topics: Sequence[str],
    count: int,
    seed: int,
    title: str,
    difficulty: int | None = None,
    *,
    rules_menu: bool = True,
) -> dict[str, Any]:
    """The quiz widget's model; ``rules_menu=False`` leaves out the menu of rule sets (an early
    chapter asks under one set of rules and a menu of 23 would only distract)."""
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
        "presets": preset_choices() if rules_menu else [],
        "rules_title": preset_title(rules.preset_name),
        "topics": usable,
        "difficulty": difficulty,
        "bank": build_bank(rules, usable, count, seed, difficulty),
        # the questions the quiz was made with: mastery is out of these (new ones join the bank, not this)
        "size": count,
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


#: at most this many ids of questions a learner answered before, sent with ``new_question``
SEEN_LIMIT = 1000


def _seen_ids(request: Mapping[str, Any]) -> frozenset[str]:
    """``seen``: ids of the questions this learner answered on this widget before (their progress, kept
    by the browser): a new question is none of them, so a returning learner is not asked them again."""
    seen = request.get("seen", [])
    if not isinstance(seen, list) or len(seen) > SEEN_LIMIT:
        raise RequestError(f"'seen' must be a list of at most {SEEN_LIMIT} question ids")
    if not all(isinstance(q, str) and 0 < len(q) <= 100 for q in seen):
        raise RequestError("'seen' must hold question ids (short strings)")
    return frozenset(seen)


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
    answered = _seen_ids(request)
    seen = {_same_question(old) for old in quiz["bank"]}
    # a question's id is its seed's: the answered ones are skipped without being generated
    fresh = (at for at in counting(seed) if questions.question_id(topic, rules, at, level) not in answered)
    for _, at in zip(range(40), fresh):
        question = questions.generate(topic, rules, at, level)
        if _same_question(question) not in seen:
            break
    item = quiz_item(question)
    quiz["bank"] = [*quiz["bank"], item]
    quiz["next_seed"] = at + 1
    return {"reply": {"type": "question", "index": len(quiz["bank"]) - 1}, "update": {"quiz": quiz}}


def _quiz_set_rules(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    rules = rules_field(request, "american")
    quiz = state["quiz"]
    if not quiz.get("presets"):
        raise RequestError("this quiz keeps one set of rules: it has no Rules menu")
    model = quiz_model(
        rules, quiz["topics"], len(quiz["bank"]), int(quiz["next_seed"]), quiz["title"], quiz.get("difficulty")
    )
    update: dict[str, Any] = {"quiz": model, "index": 0, "responses": {}}
    return {"reply": {"type": "rules", "rules_name": rules.preset_name}, "update": update}


HANDLERS: dict[str, Handler] = {
    "answer": _quiz_answer,
    "new_question": _quiz_new_question,
    "set_rules": _quiz_set_rules,
}
