"""CardView: a row of real card faces (SVG), shared by every other widget."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import traitlets

from ..cards import Card
from ..handlers.cards import cards_model
from .base import FhtWidget, bundle, card_codes

__all__ = ["CardView"]


class CardView(FhtWidget):
    """Cards drawn as faces, read out as words ("Jack of diamonds").

    >>> CardView(["JD", "TH"], four_colour=True).four_colour
    True
    """

    _esm = bundle("cardview.js")
    _kind = "cards"
    _state_traits = ("cards", "four_colour", "label")

    cards = traitlets.List(traitlets.Unicode()).tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(
        self,
        cards: Iterable[Card | str] | str = (),
        *,
        four_colour: bool = False,
        label: str | None = None,
        highlight: Iterable[Card | str] = (),
        **kwargs: Any,
    ) -> None:
        model = cards_model(card_codes(cards), four_colour, label or "")
        super().__init__(
            cards=model["cards"],
            four_colour=model["four_colour"],
            label=model["label"],
            highlight=card_codes(highlight),
            **kwargs,
        )

    @traitlets.validate("cards", "highlight")
    def _valid_cards(self, proposal: Any) -> list[str]:
        return card_codes(proposal["value"])
