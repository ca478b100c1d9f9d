"""The hand evaluator: estimate a hand's tricks in each denomination; a double-dummy simulation answers.

In the book the hands and their simulations are all in the model (``evaluator``), computed when
the chapter was built; the front end judges and draws from them.  In JupyterLab (and the live
book) *Try another hand* asks :mod:`fivehundred_tutor.handlers.evaluator` for a new hand,
simulated with fewer layouts.  Where the search is slow (no DDS: JupyterLite) the cell takes the hands the
book build saved and spends at most ``cell_budget`` seconds on any other; the front end asks for the rest.
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..handlers.evaluator import BOOK_LAYOUTS, CELL_BUDGET, evaluator_model
from ..rules import Rules
from ..solver import dds
from .base import FhtWidget, bundle, rules_from

__all__ = ["HandEvaluator"]


class HandEvaluator(FhtWidget):
    """A hand, the learner's estimate of its tricks in ♠ ♣ ♦ ♥ and no trumps, and the simulation's answer.

    >>> w = HandEvaluator(hands=1, layouts=4)  # one hand, each denomination solved on 4 layouts of the unseen cards
    >>> hand = w.evaluator["hands"][0]
    >>> len(hand["cards"]), hand["layouts"], [d["code"] for d in w.evaluator["denominations"]]
    (10, 4, ['S', 'C', 'D', 'H', 'NT'])
    """

    _esm = bundle("evaluator.js")
    _css = bundle("evaluator.css")
    _kind = "evaluator"
    _state_traits = ("evaluator", "index", "responses", "judged")

    evaluator = traitlets.Dict().tag(sync=True)
    #: the hand shown
    index = traitlets.Int(0).tag(sync=True)
    #: the learner's estimates as the front end judged them: {hand id: {"estimates": {...}, "correct": bool}}
    responses = traitlets.Dict().tag(sync=True)
    #: estimates judged in the kernel (live only), in the order received
    judged = traitlets.List(traitlets.Dict()).tag(sync=True)

    def __init__(
        self,
        rules: Rules | str | dict[str, Any] | None = None,
        *,
        hands: int = 6,
        seed: int = 1,
        layouts: int = BOOK_LAYOUTS,
        title: str = "Judge a hand",
        cell_budget: float | None = CELL_BUDGET,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        # with DDS every hand is simulated here in seconds; without it (JupyterLite) the cell keeps to its budget
        budget = None if dds.available() else cell_budget
        self.evaluator = evaluator_model(
            rules_from(rules), hands=hands, seed=seed, layouts=layouts, title=title, budget=budget
        )
