"""Random but legal positions for questions: contracts, hands, tricks in progress.

Everything draws from a :class:`~fivehundred_tutor.rng.Random`, so a seed gives
the same position everywhere.  Tricks are built by letting each player make a
random *legal* play (``rules.legal_plays``), so they look like real tricks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from ..bids import Bid
from ..cards import Card, Suit
from ..i18n import gettext as _
from ..rng import Random
from ..rules import Rules
from .core import QuestionError, card_info

__all__ = ["Slot", "TrickSpot", "random_contract", "random_trick", "retry", "slot_words", "trick_slots"]

MAX_TRIES = 400


def retry(rng: Random, make: Callable[[Random], Any | None], what: str, tries: int = MAX_TRIES) -> Any:
    """Call ``make(rng)`` until it returns something (deterministic: same rng, same result)."""
    for _try in range(tries):
        found = make(rng)
        if found is not None:
            return found
    raise QuestionError(_("could not build {what} under these rules").format(what=_(what)))


_INDEX = attrgetter("index")


def deal_cards(rng: Random, deck: list[Card], count: int) -> None:
    """Move ``count`` random cards of ``deck`` to its front, in random order (a partial shuffle)."""
    n = len(deck)
    for i in range(min(count, n - 1)):
        j = i + rng.randbelow(n - i)
        deck[i], deck[j] = deck[j], deck[i]


def random_contract(rng: Random, rules: Rules, *, no_trumps: float = 0.25, suit: Suit | None = None) -> Bid:
    """A suit contract (or no trumps with probability ``no_trumps``), 6–10 tricks."""
    tricks = 6 + rng.randbelow(5)
    if suit is None and rng.random() < no_trumps:
        return Bid.no_trumps(tricks)
    return Bid.suit(tricks, suit if suit is not None else Suit(rng.randbelow(4)))


@dataclass(frozen=True)
class Slot:
    """One place in a trick: who plays and (2-player game) from where."""

    seat: int
    source: str | None
    label: str  # English, as the question's context records it; a sentence says slot_words()


def slot_words(rules: Rules, slot: Slot) -> str:
    """Who plays from where, in the reader's language: "North", "South (hand)", "Południe (stół)"."""
    seat = rules.local_seat_name(slot.seat)
    if slot.source == "hand":
        # Translators: the 2-player game: a seat playing from its hand
        return _("{seat} (hand)").format(seat=seat)
    if slot.source == "table":
        # Translators: the 2-player game: a seat playing from its face-up table cards
        return _("{seat} (table)").format(seat=seat)
    return seat


_SLOTS: dict[tuple[int, bool, bool, int, int], tuple[Slot, ...]] = {}


def trick_slots(rules: Rules, contract: Bid, leader: int, declarer: int) -> list[Slot]:
    """The order of play of one trick, from ``leader`` (the 2-player game: hand, hand, table, table)."""
    # Slots follow from the number of players, partnerships, misère, leader and declarer only: made once each.
    key = (rules.players, bool(rules.partnerships), contract.is_misere, leader, declarer)
    found = _SLOTS.get(key)
    if found is None:
        found = _SLOTS[key] = tuple(_make_slots(rules, contract, leader, declarer))
    return list(found)


def _make_slots(rules: Rules, contract: Bid, leader: int, declarer: int) -> list[Slot]:
    names = rules.seat_names
    if rules.players == 2:
        other = 1 - leader
        return [
            Slot(leader, "hand", f"{names[leader]} (hand)"),
            Slot(other, "hand", f"{names[other]} (hand)"),
            Slot(leader, "table", f"{names[leader]} (table)"),
            Slot(other, "table", f"{names[other]} (table)"),
        ]
    active = list(range(rules.players))
    if contract.is_misere and rules.partnerships:
        partners = rules.partners(declarer)
        active = [s for s in active if s not in partners]
    if leader not in active:
        raise QuestionError(_("the leader sits out this contract"))
    i = active.index(leader)
    order = active[i:] + active[:i]
    return [Slot(s, None, names[s]) for s in order]


@dataclass
class TrickSpot:
    """A trick in progress and the hand of the player to play next."""

    contract: Bid
    declarer: int
    slots: list[Slot]
    trick: list[Card]
    joker_suit: Suit | None
    hands: list[list[Card]]  # one per slot, after the plays so far

    @property
    def to_play(self) -> Slot:
        return self.slots[len(self.trick)]

    @property
    def hand(self) -> list[Card]:
        return self.hands[len(self.trick)]

    def context(self, rules: Rules) -> dict[str, Any]:
        from .core import bid_info

        return {
            "contract": bid_info(self.contract),
            "declarer": rules.seat_name(self.declarer),
            "trick": [{"seat": self.slots[i].label, **card_info(card)} for i, card in enumerate(self.trick)],
            "joker_suit": None if self.joker_suit is None else self.joker_suit.word,
            "to_play": self.to_play.label if len(self.trick) < len(self.slots) else None,
        }


def random_trick(
    rng: Random,
    rules: Rules,
    contract: Bid,
    *,
    played: int,
    hand_size: int = 10,
    declarer: int | None = None,
    leader: int | None = None,
    lead: Callable[[Card], bool] | None = None,
    plant: tuple[Card, int | None] | None = None,
) -> TrickSpot:
    """Deal the pack, let ``played`` players make random legal plays, and stop.

    The hands hold ``hand_size`` cards each (fewer cards = a later trick).
    ``lead`` restricts the card led (when the leader holds such a card);
    ``plant=(card, slot)`` puts that card in that slot's hand (``slot=None``: a random hand).
    """
    n = rules.players
    if declarer is None:
        declarer = rng.randbelow(n)
    if leader is None:
        leader = declarer
    slots = trick_slots(rules, contract, leader, declarer)
    if not 0 <= played < len(slots):
        raise QuestionError(
            _("a trick here has {places} places; cannot have {played} played already").format(
                places=len(slots), played=played
            )
        )
    deck = rules.deck()
    if hand_size * len(slots) > len(deck):
        hand_size = len(deck) // len(slots)
    need = hand_size * len(slots)
    deal_cards(rng, deck, need)
    if plant is not None and plant[0] in deck:
        card, slot = plant
        at = rng.randbelow(need) if slot is None else slot * hand_size + rng.randbelow(hand_size)
        k = deck.index(card)
        deck[k], deck[at] = deck[at], deck[k]
    hands = [sorted(deck[i * hand_size : (i + 1) * hand_size], key=_INDEX) for i in range(len(slots))]
    for i, place in enumerate(slots):
        if place.source == "table" and len(hands[i]) > 5:
            # at most five face-up table cards (2-player game); keep a planted card
            keep = deck[i * hand_size : (i + 1) * hand_size]
            if plant is not None and plant[0] in keep[5:]:
                keep.remove(plant[0])
                keep.insert(0, plant[0])
            hands[i] = sorted(keep[:5], key=_INDEX)
    trick: list[Card] = []
    joker_suit: Suit | None = None
    table = rules.table(contract)
    for i in range(played):
        if i == 0:
            legal = list(hands[0])
            if lead is not None:
                legal = [c for c in legal if lead(c)] or legal
        else:
            legal = rules.legal_plays(hands[i], trick, contract, joker_suit)
        card = rng.choice(legal)
        if i == 0 and card.is_joker and table.joker_free:
            joker_suit = Suit(rng.randbelow(4))
        hands[i].remove(card)
        trick.append(card)
    return TrickSpot(contract, declarer, slots, trick, joker_suit, hands)
