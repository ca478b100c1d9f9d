"""DealReplay: step through an annotated deal, every step precomputed by the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import traitlets

from ..deal import Deal
from ..handlers.models import MARKS
from ..handlers.replay import replay_model
from .base import FhtWidget, bundle

__all__ = ["MARKS", "DealReplay"]


class DealReplay(FhtWidget):
    """Replay ``deal`` (auction, kitty, every trick) with comments, marks and "your turn" stops.

    ``comments`` and ``marks`` are keyed by index into ``deal.history``; marks are
    ``"!"``, ``"?"``, ``"??"``, ``"!?"``, ``"?!"`` (and ``"!!"``).  At each index in
    ``stops`` the replay pauses before that action and asks the learner to choose
    it; the choice is checked against the action actually taken.  ``seat`` shows
    one seat's view (other hands face down, except an exposed open-misère hand); its
    ``show_all_hands`` toggle ("Show all hands") turns every hand face up, and starts on when the
    replay is annotated (it has comments: they name the other hands' cards) unless
    ``show_all_hands`` says otherwise.  The cards a comment names are highlighted while it shows.

    >>> from fivehundred_tutor import Rules
    >>> from fivehundred_tutor.handlers.replay import bot_deal
    >>> r = DealReplay(bot_deal(Rules(), 3))
    >>> len(r.model["frames"]) == len(r.model["actions"]) + 1
    True
    """

    _esm = bundle("replay.js")
    _kind = "replay"
    _state_traits = ("model", "deal", "position", "answers", "show_all_hands")

    model = traitlets.Dict().tag(sync=True)
    #: the deal (``Deal.to_dict()``, format ``fivehundred-deal/1``) the engine judges stops against
    deal = traitlets.Dict().tag(sync=True)
    #: frame shown: 0 = before the first action, len(actions) = the end
    position = traitlets.Int(0).tag(sync=True)
    #: learner's answers at stops: {"12": {"choice": "JD", "correct": true}}
    answers = traitlets.Dict().tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    #: one seat's view: every hand face up (the learner's "Show all hands" toggle)
    show_all_hands = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        deal: Deal,
        *,
        comments: Mapping[int, str] | None = None,
        marks: Mapping[int, str] | None = None,
        stops: Sequence[int] | None = None,
        seat: int | None = None,
        title: str | None = None,
        four_colour: bool = False,
        show_all_hands: bool | None = None,
        **kwargs: Any,
    ) -> None:
        if not isinstance(deal, Deal):
            raise TypeError(f"DealReplay needs a Deal, not {type(deal).__name__}")
        model = replay_model(deal, comments=comments, marks=marks, stops=stops, seat=seat, title=title)
        all_hands = bool(comments) if show_all_hands is None else bool(show_all_hands)
        super().__init__(model=model, deal=deal.to_dict(), four_colour=four_colour, show_all_hands=all_hands, **kwargs)
