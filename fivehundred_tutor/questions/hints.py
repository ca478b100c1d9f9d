"""Hints and verdict words for a generated question: a ladder that never gives the answer away.

A quiz shows *Hint* before the learner answers (and after a miss, the next hint not yet read):

1. the principle: the question a player should ask themself ("Which cards are trumps in hearts?");
2. a clue narrower than the principle, worked out from this question's cards, bids and scores
   ("Exactly one trump was played in this trick…", "3 of your cards may be played"), still without
   naming the answer.

The answer itself comes only when the learner asks for it (*Show the answer*) or after a second miss.
After an answer the quiz shows one sentence of why (:func:`verdict_detail`) without restating the
verdict ("Right" / "Not yet" is the front end's heading): no "Correct!", no "Not quite.".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import gettext as _
from .core import QuestionError, answer_sentence, check
from .topics import TOPICS, TopicInfo

__all__ = ["clue", "hints", "principle", "verdict_detail"]


def _topic(question: Mapping[str, Any]) -> TopicInfo:
    name = question.get("topic")
    info = TOPICS.get(name) if isinstance(name, str) else None
    if info is None:
        raise QuestionError(
            _("no topic {topic}; topics are: {topics}").format(topic=repr(name), topics=", ".join(TOPICS))
        )
    return info


def principle(question: Mapping[str, Any]) -> str:
    """The first hint: the question a player should ask themself (it never gives the answer)."""
    return _topic(question).principle(question)


def clue(question: Mapping[str, Any]) -> str:
    """The second hint: narrower than the principle, worked out from this question, never the answer."""
    make = _topic(question).clue
    try:
        text = make(question)
    except (KeyError, ValueError, TypeError, AssertionError):
        text = ""  # a hand-edited or older question the clue cannot read: the general advice below
    return text or _("Go through the question again one step at a time, with the first hint beside you.")


def hints(question: Mapping[str, Any]) -> list[str]:
    """``[principle, clue]``: the hint ladder, in the order a learner reads it.  Neither names the answer;
    the answer waits for *Show the answer* (the quiz's ``answer_words`` and ``explanation``)."""
    first = principle(question)
    second = clue(question)
    return [first, second] if second != first else [first]


def verdict_detail(question: Mapping[str, Any], response: Any) -> tuple[bool, str]:
    """``(correct, one sentence)`` for a response, without "Correct!" / "Not quite." / "The answer:".

    The sentence says what was wrong with this response ("You chose 8♥.",
    "1 right, 1 wrong, 2 missed.") or is empty; the reason itself is the question's explanation.
    """
    result = check(question, response)
    text = str(result["feedback"])
    for prefix in (_("Correct!"), _("Not quite.")):
        if text.startswith(prefix):
            text = text[len(prefix) :]
    tail = answer_sentence(question)
    if text.rstrip().endswith(tail):
        text = text.rstrip()[: -len(tail)]
    return bool(result["correct"]), " ".join(text.split())
