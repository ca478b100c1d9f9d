"""The called partner of the 5-player game, as ``PlayDeal`` shows it to the learner at one seat.

After the kitty the declarer calls a card; whoever holds it is the declarer's partner for the deal,
and nobody else learns who until the card is played (RULES.md section 8a).  :func:`partner_view`
says what the learner may know of that, in words, and while the learner calls: the cards they may
call, grouped as the picker draws them (trumps first, by rank).

>>> from fivehundred_tutor import Deal, Rules
>>> deal = Deal.from_position(Rules.preset("five-player"), ["AH 4S", "KH 5S", "QH 6S", "JS 7S", "2H 8S"],
...                           "7H", 0, called_card="KH")
>>> partner_view(deal, 0)["partner_words"]
'You called the King of hearts: whoever holds it is your partner for this deal. You will know who when it is played.'
>>> partner_view(deal, 1)["partner_words"]
"You hold the called King of hearts: you are North's partner for this deal. Nobody else knows until you play it."
>>> deal.push_many(["AH", "KH"]); partner_view(deal, 2)["partner_words"]
"North-east played the called King of hearts: North-east is North's partner for this deal."
"""

from __future__ import annotations

from typing import Any

from ..actions import CallPartner
from ..cards import ACE, Card, Suit
from ..deal import Deal
from ..i18n import gettext as _
from ..rules import NO_SUIT

__all__ = ["call_groups", "partner_view"]


def partner_view(deal: Deal, seat: int) -> dict[str, Any]:
    """What the learner at ``seat`` knows of the called partner (5 players), for the widget.

    ``called_card`` (a code, or None before the call), ``partner`` (the seat, once ``seat`` may know
    it), ``you_are_partner``, ``partner_words`` (a sentence for the table), ``declaring_known`` (the
    seats ``seat`` knows to be the declaring side, for its trick count) and, while ``seat`` calls,
    ``call_groups`` (:func:`call_groups`).
    """
    rules = deal.rules
    called = deal.called_card
    partner = deal.partner_known_to(seat)
    out: dict[str, Any] = {
        "called_card": None if called is None else called.code,
        "partner": partner,
        "you_are_partner": called is not None and deal.partner == seat,
        "partner_words": _words(deal, seat),
        "declaring_known": [] if deal.declarer is None else [deal.declarer] + ([] if partner is None else [partner]),
        "call_groups": call_groups(deal) if deal.is_calling and deal.to_move == seat else [],
    }
    if deal.declarer is not None and deal.contract is not None and deal.contract.is_misere:
        if deal.declarer == seat:
            out["partner_words"] = _("You play misère alone against the other four: no card is called.")
        else:
            out["partner_words"] = _("{seat} plays misère alone against the other four: no card is called.").format(
                seat=rules.local_seat_name(deal.declarer)
            )
    return out


def _words(deal: Deal, seat: int) -> str:
    rules = deal.rules
    called, declarer = deal.called_card, deal.declarer
    if declarer is None:
        return ""
    name = rules.local_seat_name(declarer)
    if called is None:
        if deal.is_calling:
            if declarer == seat:
                return ""  # the learner's prompt says what to do
            return _("{seat} is calling a card: whoever holds it becomes {seat}'s partner for this deal.").format(
                seat=name
            )
        return ""
    card = called.name
    partner = deal.partner_known_to(seat)
    if partner is None:
        if declarer == seat:
            # Translators: {card} is a card's name, "King of hearts"
            return _(
                "You called the {card}: whoever holds it is your partner for this deal. "
                "You will know who when it is played."
            ).format(card=card)
        return _("{seat} called the {card}: whoever holds it is {seat}'s partner, a secret until it is played.").format(
            seat=name, card=card
        )
    if partner == seat and not deal.partner_shown:
        return _(
            "You hold the called {card}: you are {seat}'s partner for this deal. Nobody else knows until you play it."
        ).format(card=card, seat=name)
    if partner == seat:
        if declarer == seat:
            return _("You played the called {card}: everyone now knows you are your partner for this deal.").format(
                card=card
            )
        return _("You played the called {card}: everyone now knows you are {seat}'s partner for this deal.").format(
            card=card, seat=name
        )
    who = rules.local_seat_name(partner)
    if declarer == seat:
        # Translators: {partner} is the seat that played the called card {card} (a card's name)
        return _("{partner} played the called {card}: {partner} is your partner for this deal.").format(
            partner=who, card=card
        )
    return _("{partner} played the called {card}: {partner} is {seat}'s partner for this deal.").format(
        partner=who, card=card, seat=name
    )


def call_groups(deal: Deal) -> list[dict[str, Any]]:
    """The cards the declarer may call, as the picker shows them: in a trump contract the trumps
    first (the joker and both bowers among them, best first), then each other suit; in no trumps
    the joker and the aces first, then each suit.  The first group is shown open, the rest folded.

    >>> from fivehundred_tutor import Deal, Rules
    >>> deal = Deal.new(Rules.preset("five-player"), seed=4, dealer=4)
    >>> deal.push_many(["7H", "pass", "pass", "pass", "pass"])
    >>> for card in list(deal.hands[0])[:3]:
    ...     deal.push(f"discard {card}")
    >>> groups = call_groups(deal)
    >>> [g["label"] for g in groups], groups[0]["open"], sum(len(g["cards"]) for g in groups)
    (['Trumps', 'Spades', 'Clubs', 'Diamonds'], True, 40)
    """
    assert deal.contract is not None
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    suit_of, power = table.suit_of, table.power
    cards = [a.card for a in deal.legal_actions() if isinstance(a, CallPartner)]

    def best_first(group: list[Card]) -> list[str]:
        return [c.code for c in sorted(group, key=lambda c: (-power[c.index], c.index))]

    groups: list[dict[str, Any]] = []
    if table.trump != NO_SUIT:
        top = [c for c in cards if suit_of[c.index] == table.trump or c.is_joker]
        label = _("Trumps")
    else:
        top = [c for c in cards if c.is_joker or c.rank == ACE]
        label = _("The joker and the aces")
    if top:
        groups.append({"label": label, "open": True, "cards": best_first(top)})
    for suit in Suit:
        rest = [c for c in cards if c not in top and suit_of[c.index] == int(suit)]
        if rest:
            groups.append({"label": suit.local_name.capitalize(), "open": not groups, "cards": best_first(rest)})
    return groups
