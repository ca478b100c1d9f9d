"""BiddingLadder: the whole bid ladder with Avondale values for the chosen Rules, and its quiz."""

from __future__ import annotations

from typing import Any

import traitlets

from ..handlers.ladder import ladder_model
from ..i18n import gettext as _
from ..rules import Rules
from .base import FhtWidget, bundle, rules_from
from .quiz import QuizMixin

__all__ = ["BiddingLadder"]


class BiddingLadder(QuizMixin, FhtWidget):
    """Every bid for ``rules`` lowest first (misères at their variant places); click one for its
    value and what outranks it.  Below it, a quiz: cheapest bid over X, value of Y, is X legal now.

    >>> ladder = BiddingLadder(Rules())
    >>> ladder.ladder["rungs"][0]["code"], ladder.ladder["rungs"][-1]["value"]
    ('6S', 520)
    """

    _esm = bundle("ladder.js")
    _kind = "ladder"
    _state_traits = ("ladder", "selected", *QuizMixin.quiz_traits)
    quiz_topics = ("bid-ladder", "bid-values")

    ladder = traitlets.Dict().tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        rules: Rules | str | dict[str, Any] | None = None,
        *,
        questions: int = 12,
        seed: int = 1,
        title: str | None = None,
        **kwargs: Any,
    ) -> None:
        rules = rules_from(rules)
        super().__init__(ladder=ladder_model(rules), **kwargs)
        self.setup_quiz(rules, questions=questions, seed=seed, title=title or _("Bidding ladder quiz"))
