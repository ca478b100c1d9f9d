"""The card view's requests: show other cards.

>>> cards_model(["JD", "TH"], False, "")["label"]
'Jack of diamonds, Ten of hearts'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card
from .fields import Handler, RequestError

__all__ = ["HANDLERS", "cards_model"]


def cards_model(cards: Sequence[str], four_colour: bool, label: str) -> dict[str, Any]:
    parsed = [Card.parse(c) for c in cards]
    return {
        "cards": [c.code for c in parsed],
        "four_colour": bool(four_colour),
        "label": label or ", ".join(c.name for c in parsed) or "no cards",
    }


def _cards_set(request: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    cards = request.get("cards")
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if not isinstance(cards, list):
        raise RequestError("'cards' must be a list of card codes like ['JD', 'TH'] or a string 'JD TH'")
    model = cards_model(cards, bool(state.get("four_colour", False)), "")
    return {"reply": {"type": "cards", "cards": model["cards"]}, "update": {"cards": model["cards"]}}


HANDLERS: dict[str, Handler] = {"set_cards": _cards_set}
