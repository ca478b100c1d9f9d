"""Other ways the cards a player cannot see might lie, so that a puzzle is fair.

A puzzle is judged by the solver with every card in view, but the learner sees only their own
seat: their hand, what has been played, what lies face up.  A puzzle is kept only if its answer
stays best however the unseen cards lie (:func:`relayouts` deals them again, as the learner
could imagine them): then it can be worked out from what the seat sees.

Unseen by the seat to move: the other hands not lying face up (an open-misère declarer's cards
are face up after the first trick), the cards laid aside (the declarer's discards, unless the
seat is the declarer; a misère declarer's partner's hand), and in the 2-player game every
face-down table card.  A hand that has shown a void (not following suit from hand) never gets
a card of that suit.  A relayout is a relabelling of the unseen cards in the deal's record (its
start hands, kitty, table and discards), replayed by the engine, so everything seen is as it was.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..actions import TABLE
from ..cards import Card
from ..deal import Deal, IllegalAction
from ..rng import Random
from ..rules import NO_SUIT, RulesError

__all__ = ["hand_voids", "relayouts", "unseen_places"]

Place = tuple[str, int]  # ("hand", seat) | ("pile", seat) | ("aside", -1)


def hand_voids(deal: Deal) -> dict[int, set[int]]:
    """Seat → effective suits its *hand* has shown void in (a table card not following says nothing
    of the hand; a joker played when holding the led suit is legal under 'any time')."""
    table = deal.rules.table(deal.contract, deal.joker_fixed)
    any_time = deal.rules.joker_any_time
    voids: dict[int, set[int]] = {s: set() for s in range(deal.rules.players)}
    tricks = [(list(t.plays), t.joker_suit) for t in deal.tricks] + [(list(deal.trick), deal.trick_joker_suit)]
    for plays, joker_suit in tricks:
        if not plays:
            continue
        led = table.suit_of[plays[0][1].index]
        if led == NO_SUIT:
            if joker_suit is None:
                continue
            led = int(joker_suit)
        for seat, card, source in plays[1:]:
            suit = table.suit_of[card.index]
            if source == TABLE or suit == led or (suit == NO_SUIT and any_time):
                continue
            voids[seat].add(led)
    return voids


def unseen_places(deal: Deal, seat: int) -> list[tuple[Place, Card]]:
    """Every card ``seat`` cannot see, with the place it lies in now."""
    out: list[tuple[Place, Card]] = []
    exposed = set(deal.exposed_seats)
    for other in range(deal.rules.players):
        if other == seat or other in exposed:
            continue
        out.extend((("hand", other), card) for card in deal.hands[other])
    if deal.table is not None:
        for owner in range(len(deal.table)):
            for down, top, up in deal.table_piles(owner):
                if down is not None:
                    out.append((("pile", owner), down))
                elif top is not None and not up:
                    out.append((("pile", owner), top))
    if deal.declarer is not None and seat != deal.declarer:
        out.extend((("aside", -1), card) for card in deal.discards)
    return out


def _assign(
    places: list[tuple[Place, Card]], voids: dict[int, set[int]], suit_of: list[int], rng: Random
) -> dict[Card, Card] | None:
    """A random relabelling old card → new card: each place gets a card it may hold (None: stuck)."""
    cards = [card for _, card in places]
    rng.shuffle(cards)

    def fits(place: Place, card: Card) -> bool:
        kind, who = place
        return kind != "hand" or suit_of[card.index] == NO_SUIT or suit_of[card.index] not in voids.get(who, ())

    slots = list(range(len(places)))
    rng.shuffle(slots)
    # the most constrained places first
    slots.sort(key=lambda j: -len(voids.get(places[j][0][1], ())) if places[j][0][0] == "hand" else 0)
    free = list(cards)
    mapping: dict[Card, Card] = {}
    for j in slots:
        place, old = places[j]
        options = [c for c in free if fits(place, c)]
        if not options:
            return None
        new = options[rng.randbelow(len(options))]
        free.remove(new)
        mapping[old] = new
    return mapping


def _relabel(record: dict[str, Any], mapping: dict[Card, Card]) -> dict[str, Any]:
    codes = {old.code: new.code for old, new in mapping.items()}

    def card(code: str) -> str:
        return codes.get(code, code)

    def action(code: str) -> str:
        # discards ("d:XX") are the only actions of unseen cards (played cards are seen)
        return "d:" + card(code[2:]) if code.startswith("d:") else code

    out = dict(record)
    out["hands"] = [[card(c) for c in hand] for hand in record["hands"]]
    out["kitty"] = [card(c) for c in record.get("kitty", [])]
    if record.get("table") is not None:
        out["table"] = [[[card(c) for c in pile] for pile in piles] for piles in record["table"]]
    out["actions"] = [action(a) for a in record["actions"]]
    return out


def relayouts(deal: Deal, seat: int, count: int, rng: Random, *, tries: int = 40) -> Iterator[Deal]:
    """Up to ``count`` deals that ``seat`` cannot tell from ``deal`` (same history, same seen cards),
    with the unseen cards dealt again at random; the actual layout is not among them by design
    (it may come up by chance)."""
    places = unseen_places(deal, seat)
    if not places:
        return
    voids = hand_voids(deal)
    suit_of = deal.rules.table(deal.contract, deal.joker_fixed).suit_of
    record = deal.to_dict()
    made = 0
    for _ in range(count * tries):
        if made >= count:
            return
        mapping = _assign(places, voids, suit_of, rng)
        if mapping is None:
            continue
        try:
            other = Deal.from_dict(_relabel(record, mapping))
        except (IllegalAction, RulesError):
            continue  # a discard or a play no longer legal: deal again
        made += 1
        yield other
