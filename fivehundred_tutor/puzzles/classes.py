"""Equivalent cards: which of the legal actions are really the same choice.

Two cards of one hand are *touching* when no card that is still live (in a hand, on a table
pile or in the trick on the table) lies between them in the contract's order: playing either
comes to the same (a puzzle's answer is "the K or the Q", never one of them).  Cards of the
player's own count as touching (the Q between my K and J does not separate them), cards
already played, in the kitty or laid aside do not count at all.  In the 2-player game a card
from hand and one from the table are never the same choice (they decide who plays next), and
the joker, with any suit it may name when led, is one card: its nominations share one class.

>>> from fivehundred_tutor import Rules
>>> from fivehundred_tutor.deal import Deal
>>> d = Deal.from_position(Rules(), {0: "AS KS 5S", 1: "QS 6S 7S", 2: "8S 9S TS", 3: "JC QC KC"}, "7H", 0)
>>> sorted(sorted(a.code for a in group) for group in action_classes(d).values())
[['5S'], ['AS', 'KS']]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..actions import Action, Play
from ..deal import PLAY, Deal
from ..rules import NO_SUIT

__all__ = ["action_classes", "class_key", "one_class"]

ClassKey = tuple[object, ...]


def _live_cards(deal: Deal) -> dict[int, int]:
    """Card index → the seat holding it live (hands, 2-player piles) or -1 (in the trick on the table)."""
    live: dict[int, int] = {}
    for seat in deal.active:
        for card in deal.hands[seat]:
            live[card.index] = seat
        if deal.table is not None:
            for pile in deal.table[seat]:
                for card in pile:
                    live[card.index] = seat
    for _seat, card, _src in deal.trick:
        live[card.index] = -1
    return live


def class_key(deal: Deal, action: Action, live: Mapping[int, int] | None = None) -> ClassKey:
    """The class of ``action`` among the mover's legal actions (equal keys: equivalent actions)."""
    if deal.phase != PLAY or not isinstance(action, Play):
        return ("action", action.code)
    card = action.card
    if card.is_joker and action.joker_suit is not None:
        return ("joker", action.source)
    live = _live_cards(deal) if live is None else live
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    suit = table.suit_of[card.index]
    if suit == NO_SUIT:
        return ("joker", action.source)
    mover = deal.to_move
    power = table.power[card.index]
    # the lowest of the run of touching cards that this card belongs to names the class
    rivals = sorted(
        table.power[i] for i, seat in live.items() if seat != mover and table.suit_of[i] == suit and i != card.index
    )
    below = [p for p in rivals if p < power]
    floor = below[-1] if below else -1
    return ("card", action.source, suit, floor)


def action_classes(deal: Deal, actions: Iterable[Action] | None = None) -> dict[ClassKey, list[Action]]:
    """The mover's legal actions (or ``actions``) grouped into classes of equivalent choices, in legal order."""
    live = _live_cards(deal)
    out: dict[ClassKey, list[Action]] = {}
    for action in deal.legal_actions() if actions is None else actions:
        out.setdefault(class_key(deal, action, live), []).append(action)
    return out


def one_class(deal: Deal, actions: Iterable[Action]) -> bool:
    """Whether ``actions`` all belong to one class (a puzzle's answer must)."""
    live = _live_cards(deal)
    return len({class_key(deal, a, live) for a in actions}) == 1
