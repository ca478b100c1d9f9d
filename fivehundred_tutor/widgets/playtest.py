"""PlayTest: a few seeded deals against the stronger bots, graded against perfect play and par.

The table is :class:`~fivehundred_tutor.widgets.play.PlayDeal`'s (the same ES module, in its test
mode: the model's state carries ``test``); every move is answered by the ``playtest`` family of
:mod:`fivehundred_tutor.handlers`: in JupyterLab by the kernel, in the live book by the engine
running in the reader's browser.  The deals and their par tables are worked out when the widget
is made (the book: when it is built), so the saved state holds them.

>>> w = PlayTest(deals=1, seed=15)
>>> len(w.state["test"]["deals"]), w.state["test"]["index"]
(1, 0)
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..analysis.duplicate import learner_seat
from ..handlers.playtest import start_test, start_unmarked
from ..rules import Rules
from .base import FhtWidget, rules_from
from .play import PlayDeal

__all__ = ["PlayTest"]


class PlayTest(PlayDeal):
    """``PlayTest(rules, deals=4, seed=1, seat=None, title=...)``: you hold ``seat`` (default South).

    The play table's widget (its module, ``state``, ``title`` and ``four_colour``), answered by the
    ``playtest`` handlers."""

    _kind = "playtest"

    title = traitlets.Unicode("Play test: deals against the stronger bots").tag(sync=True)

    def __init__(
        self,
        rules: Rules | str | dict[str, Any] | None = None,
        *,
        deals: int = 4,
        seed: int = 1,
        seat: int | None = None,
        title: str | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        rules = rules_from(rules)
        seat = learner_seat(rules) if seat is None else seat
        extra = {"title": title} if title else {}
        state = start_test(rules, seed, deals, seat)
        FhtWidget.__init__(self, state=state, four_colour=four_colour, **extra, **kwargs)  # not a deal of PlayDeal's

    @classmethod
    def for_assignment(cls, assignment: Any, *, title: str | None = None) -> PlayTest:
        """The play table of an assignment's play section, tied to ``assignment`` (an
        :class:`~fivehundred_tutor.widgets.assignment.AssignmentWidget`): the learner's calls and cards
        of each deal go into its answers as they are played (nothing is graded here)."""
        items = [i for i in assignment.data.get("items", []) if i.get("question", {}).get("kind") == "play"]
        if not items:
            raise ValueError("this assignment has no play section")
        first = items[0]["question"]
        rules = Rules.from_dict(first.get("rules") or assignment.data["assignment"]["rules"])  # the set names them once
        seat = int(first["context"]["seat"])
        deals = [
            {
                "seed": i["question"]["context"]["deal_seed"],
                "dealer": i["question"]["context"]["dealer"],
                "item": i["item"],
            }
            for i in items
        ]
        widget = cls.__new__(cls)
        FhtWidget.__init__(
            widget, state=start_unmarked(rules, deals, seat), title=title or "Your deals: play them here"
        )

        def keep(_change: Any = None) -> None:
            for item, actions in (widget.state.get("test", {}).get("answers") or {}).items():
                if assignment.answers.get(item) != actions:
                    assignment.answer(item, list(actions))

        widget.observe(keep, names=["state"])
        return widget
