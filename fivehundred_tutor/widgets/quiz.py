"""Quiz widgets: a bank of engine-generated questions (answers, explanations, verdicts) in the model.

In the static book the bank is all there is: the front end judges from the
precomputed verdicts.  In JupyterLab every answer is also sent to the kernel,
judged by :func:`fivehundred_tutor.questions.check` and recorded in
``judged``; "New question" asks the engine for another one.
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ..handlers.quiz import quiz_model
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rules import Rules
from .base import FhtWidget, bundle, rules_from

__all__ = ["BowerTrainer", "CardHierarchyQuiz", "QuizMixin", "QuizWidget", "ScoringQuiz", "TrickTrainer"]


class QuizMixin(traitlets.HasTraits):
    """The quiz part of a widget: bank, position, score and streak (kept in the model)."""

    quiz_traits: ClassVar[tuple[str, ...]] = (
        "quiz",
        "index",
        "score",
        "streak",
        "best_streak",
        "answered",
        "responses",
        "judged",
    )
    quiz_topics: ClassVar[tuple[str, ...]] = ()

    quiz = traitlets.Dict().tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    score = traitlets.Int(0).tag(sync=True)
    streak = traitlets.Int(0).tag(sync=True)
    best_streak = traitlets.Int(0).tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)
    #: the learner's answers as the front end judged them: {"3": {"response": ..., "correct": bool}}
    responses = traitlets.Dict().tag(sync=True)
    #: answers judged by the engine in the kernel (live only), in the order received
    judged = traitlets.List(traitlets.Dict()).tag(sync=True)

    def setup_quiz(
        self,
        rules: Rules,
        *,
        questions: int,
        seed: int,
        title: str,
        difficulty: int | None = None,
        topics: tuple[str, ...] | None = None,
        rules_menu: bool = True,
    ) -> None:
        self.quiz = quiz_model(
            rules, topics or self.quiz_topics, questions, seed, title, difficulty, rules_menu=rules_menu
        )


class QuizWidget(QuizMixin, FhtWidget):
    """A quiz over any of the engine's question topics (see ``fivehundred_tutor.questions.TOPICS``).

    ``rules_menu=False`` leaves out the menu of rule sets: the quiz asks under ``rules`` only (the
    book's first chapters do so; a learner meets the variants later).
    """

    _esm = bundle("quizview.js")
    _kind = "quiz"
    _state_traits = QuizMixin.quiz_traits
    default_title: ClassVar[str] = N_("Quiz")

    def __init__(
        self,
        rules: Rules | str | dict[str, Any] | None = None,
        *,
        seed: int = 1,
        questions: int = 12,
        difficulty: int | None = None,
        topics: tuple[str, ...] | list[str] | None = None,
        title: str | None = None,
        rules_menu: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.setup_quiz(
            rules_from(rules),
            questions=questions,
            seed=seed,
            title=title or _(self.default_title),
            difficulty=difficulty,
            topics=tuple(topics) if topics else None,
            rules_menu=rules_menu,
        )


class CardHierarchyQuiz(QuizWidget):
    """Pick the higher card, or put cards in order, under a contract (trumps, no trumps, misère)."""

    quiz_topics = ("card-hierarchy",)
    default_title = N_("Card ranking quiz")


class BowerTrainer(QuizWidget):
    """Right and left bower, which suit a card belongs to, is it a trump."""

    quiz_topics = ("bowers",)
    default_title = N_("Bower trainer")


class TrickTrainer(QuizWidget):
    """A trick in progress and your hand: choose a legal card, or say who wins the trick."""

    quiz_topics = ("legal-plays", "trick-winner")
    default_title = N_("Trick trainer")


class ScoringQuiz(QuizWidget):
    """Contract and tricks → score for both sides; running game score and who wins."""

    quiz_topics = ("scoring", "game-end")
    default_title = N_("Scoring quiz")
