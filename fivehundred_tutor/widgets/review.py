"""The Review widget (the book's home page): missed questions from every chapter come back.

In the book the learner's results live in the browser (localStorage): the chapters' quizzes put
each missed question there, and this widget asks them again, missed ones sooner than known
ones (Leitner boxes), then fresh questions from its own bank (every chapter topic).  In
JupyterLab the answers also stay in the widget's traits as long as the kernel runs.
"""

from __future__ import annotations

from typing import Any

from ..handlers.review import CHAPTER_TOPICS, review_model
from ..rules import Rules
from .base import FhtWidget, bundle, rules_from
from .quiz import QuizMixin

__all__ = ["Review"]


class Review(QuizMixin, FhtWidget):
    """Spaced review of the questions a learner missed in any chapter, with *Reset my progress*."""

    _esm = bundle("review.js")
    _kind = "review"
    _state_traits = QuizMixin.quiz_traits

    def __init__(
        self,
        rules: Rules | str | dict[str, Any] | None = None,
        *,
        seed: int = 500,
        per_topic: int = 2,
        topics: tuple[str, ...] | list[str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.quiz = dict(
            review_model(rules_from(rules), seed=seed, per_topic=per_topic, topics=tuple(topics or CHAPTER_TOPICS))
        )
