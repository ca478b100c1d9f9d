"""The home page's Review: questions from every chapter's topics, for the learner's spaced review.

The model is a quiz (:class:`~fivehundred_tutor.handlers.models.QuizModel`) whose bank holds a
few questions of each topic the chapters ask about, built when the book is built.  The front end
(``widgets/src/review.js``) asks first the questions the learner missed in the chapters (kept in
the browser), then those the review itself says are due, then fresh ones from this bank.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import questions
from ..questions.topics import review_topics
from ..rules import Rules
from .fields import Handler
from .models import QuizModel
from .quiz import HANDLERS as QUIZ_HANDLERS
from .quiz import quiz_model

__all__ = ["CHAPTER_TOPICS", "HANDLERS", "review_model"]

#: the topics the chapters' quizzes ask about, in the order of the book (each topic's ``review`` place)
CHAPTER_TOPICS: tuple[str, ...] = review_topics()


def review_model(
    rules: Rules, *, seed: int = 500, per_topic: int = 2, topics: Sequence[str] = CHAPTER_TOPICS
) -> QuizModel:
    """A quiz of ``per_topic`` questions from each usable topic (no question twice)."""
    usable = [t for t in topics if t in questions.TOPICS and questions.TOPICS[t].unavailable(rules) is None]
    if not usable:
        raise ValueError("none of the review's topics can be asked under these rules")
    if per_topic < 1:
        raise ValueError("the review needs at least one question per topic")
    model: QuizModel = quiz_model(rules, usable, per_topic * len(usable), seed, "Review")  # type: ignore[assignment]
    return model


HANDLERS: dict[str, Handler] = dict(QUIZ_HANDLERS)
