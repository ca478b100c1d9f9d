"""Hints and verdict words for a generated question: a principle first, then the answer.

A quiz shows *Hint* before the learner answers: the first hint asks the question a
player should ask themself ("Which cards are trumps in hearts?"), the second gives
the answer with its reason.  After an answer the quiz shows one sentence of why
(:func:`verdict_detail`) without restating the verdict ("Right" / "Not yet" is the
front end's heading): no "Correct!", no "Not quite.".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .core import answer_words, check

__all__ = ["hints", "principle", "verdict_detail"]


def _trumps(question: Mapping[str, Any]) -> str | None:
    contract = (question.get("context") or {}).get("contract")
    if isinstance(contract, Mapping):
        trumps = contract.get("trumps")
        return str(trumps) if trumps else None
    return None


def _contract_words(question: Mapping[str, Any]) -> str:
    contract = (question.get("context") or {}).get("contract")
    if isinstance(contract, Mapping) and contract.get("label"):
        return str(contract["label"])
    return "this contract"


def _hierarchy(q: Mapping[str, Any]) -> str:
    trumps = _trumps(q)
    if trumps and len(q.get("choices") or ()) > 2:
        # three or more cards: all trumps (the two-card questions are side-suit cards)
        return (
            f"All these cards are trumps in {trumps}. Is one of them the joker, or a jack (the right or left "
            "bower)? Those come first; the others follow in the order ace, king, queen, 10, 9 …"
        )
    if trumps:
        return f"Which cards are trumps in {trumps}, and does either card belong to the trump suit?"
    return "With no trumps, only the suit led can win: is each card a trump, in the suit led, or neither?"


def _bowers(q: Mapping[str, Any]) -> str:
    trumps = _trumps(q)
    if trumps:
        return f"Which cards are trumps in {trumps}? Remember the jack of the other suit of the same colour."
    return "Which jack is the jack of trumps, and which is the jack of the same colour?"


def _legal(q: Mapping[str, Any]) -> str:
    return (
        "Which suit was led, and which of your cards belong to it (the left bower belongs to the trump suit)? "
        "You must follow that suit if you can."
    )


def _winner(q: Mapping[str, Any]) -> str:
    trumps = _trumps(q)
    if trumps:
        return f"Was a trump played (any {trumps[:-1]}, either bower, the joker)? If not, which suit was led?"
    return "With no trumps the joker wins; otherwise which suit was led, and who played its highest card?"


_PRINCIPLES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "card-hierarchy": _hierarchy,
    "bowers": _bowers,
    "legal-plays": _legal,
    "trick-winner": _winner,
    "bid-values": lambda q: (
        "A bid is worth 40 + 100 for each trick above 6 + 20 × the suit's place (♠ 0, ♣ 1, ♦ 2, ♥ 3, NT 4)."
    ),
    "bid-ladder": lambda q: (
        "Bids rank by the number of tricks first, then by suit: ♠ < ♣ < ♦ < ♥ < NT. Where does misère sit?"
    ),
    "scoring": lambda q: (
        "Did the declarer's side take at least the tricks they bid? Then they score the bid's value; if not, they lose it. Each defender side scores 10 a trick."
    ),
    "game-end": lambda q: (
        "Add this hand's scores to the running totals first: has a side reached 500, or fallen to -500?"
    ),
    "misere": lambda q: "In misère the declarer must take no trick at all: one trick taken and the contract fails.",
    "two-player": lambda q: "Who leads, and in what order are hand cards and table cards played?",
    "kitty": lambda q: (
        "Which of your cards are trumps (both bowers and the joker too)? Keep them; throw low side cards, ideally emptying a side suit."
    ),
    "hand-judging": lambda q: (
        "Count the tricks you expect to take: the joker, the bowers and top trumps, then side aces. How many, with some help from partner?"
    ),
    "play-decision": lambda q: (
        "Count what you need: how many tricks must your side still take, and which cards can take them?"
    ),
}


def principle(question: Mapping[str, Any]) -> str:
    """The first hint: the question a player should ask themself (it never gives the answer)."""
    make = _PRINCIPLES.get(str(question.get("topic", "")))
    if make is not None:
        return make(question)
    return "Read the question again: which rule decides it?"


def _first_sentence(text: str) -> str:
    match = re.match(r"(.+?[.!?])(\s|$)", text.strip())
    return (match.group(1) if match else text).strip()


def hints(question: Mapping[str, Any]) -> list[str]:
    """``[principle, answer with its reason]`` for a question that has an answer."""
    first = principle(question)
    if "answer" not in question:
        return [first]
    words = answer_words(question)
    reason = _first_sentence(str(question.get("explanation", "")))
    second = f"The answer: {words}."
    if reason and reason != first:
        second += f" {reason}"
    return [first, second]


def verdict_detail(question: Mapping[str, Any], response: Any) -> tuple[bool, str]:
    """``(correct, one sentence)`` for a response, without "Correct!" / "Not quite." / "The answer:".

    The sentence says what was wrong with this response ("You chose 8♥.",
    "1 right, 1 wrong, 2 missed.") or is empty; the reason itself is the question's explanation.
    """
    result = check(question, response)
    text = str(result["feedback"])
    words = answer_words(question)
    for prefix in ("Correct!", "Not quite."):
        if text.startswith(prefix):
            text = text[len(prefix) :]
    text = re.sub(r"^Partly right \((\d+)%\)\.", r"Partly right (\1%).", text)
    tail = f"The answer: {words}."
    if text.rstrip().endswith(tail):
        text = text.rstrip()[: -len(tail)]
    return bool(result["correct"]), " ".join(text.split())
