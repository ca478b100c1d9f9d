"""PlayDeal: play a whole deal against the bots (the learner holds one seat).

The saved state is the deal up to the learner's first turn (the bots have
acted), so the widget paints at once; every move after that is answered by
the ``play`` family of :mod:`fivehundred_tutor.handlers`: in JupyterLab by the kernel,
in the live book by the engine running in the reader's browser.

>>> w = PlayDeal(seed=7)
>>> w.state["view"]["seat_names"][w.state["seat"]]
'South'
>>> w.request({"type": "new_deal", "seed": 8})["type"]
'deal'
"""

from __future__ import annotations

from typing import Any

import traitlets

from ..handlers.play import start
from ..rules import Rules
from .base import FhtWidget, bundle, rules_from

__all__ = ["PlayDeal"]


class PlayDeal(FhtWidget):
    """``PlayDeal(rules, seed=1, seat=None, title=...)``: you hold ``seat`` (default South), :class:`~fivehundred_tutor.bots.HeuristicBot` the rest."""

    _esm = bundle("play.js")
    _kind = "play"
    _state_traits = ("state",)

    state = traitlets.Dict().tag(sync=True)
    title = traitlets.Unicode("").tag(
        sync=True
    )  # empty: the widget says "Play a deal against the bots" in its language
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        rules: Rules | str | dict[str, Any] | None = None,
        *,
        seed: int = 1,
        seat: int | None = None,
        title: str | None = None,
        four_colour: bool = False,
        **kwargs: Any,
    ) -> None:
        rules = rules_from(rules)
        if seat is None:  # South when there is one, as in the book's diagrams (South-east of five)
            names = rules.seat_names
            seat = (
                names.index("South")
                if "South" in names
                else next((i for i, n in enumerate(names) if n.startswith("South")), 0)
            )
        state = start(rules, seed, seat)
        extra = {"title": title} if title else {}
        super().__init__(state=state, four_colour=four_colour, **extra, **kwargs)
