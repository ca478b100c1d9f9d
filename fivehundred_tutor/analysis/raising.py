"""Does the raise count hold up?  A raise simulated with a partner whose hand makes the opening.

The bidding standard counts a raise as your own tricks + partner's level − your share of partner's
support (:mod:`fivehundred_tutor.bidding_standard`).  Both hands count their trump length, which looks
like counting the suit's length twice; the chapter that teaches the standard checks the count against
the cards: :func:`simulate_raise` deals partner a hand that the standard opens with the given bid
(the rest of the unseen cards at random), lets the raiser declare in partner's suit (take the kitty,
discard, lead) and solves each layout double dummy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..bidding_standard import HandJudge
from ..bids import Bid
from ..bots import discards_for
from ..cards import Card
from ..deal import Deal
from ..rng import Random
from ..rules import Rules
from ..saved import remember
from . import Simulation, solve_many

__all__ = ["simulate_raise"]

#: the seat that raises and declares (South); partner, North, opened
_YOU = 2
#: random hands tried per layout before giving up on finding one the standard opens with
_TRIES = 400


def simulate_raise(
    rules: Rules, hand: Sequence[Card], opening: Bid, *, layouts: int = 200, seed: int = 0
) -> Simulation:
    """The tricks ``hand`` takes declaring in ``opening``'s suit over ``layouts`` layouts in which partner's
    hand is one the standard opens ``opening`` with; the result's denomination is ``opening``'s suit letter.

    >>> from fivehundred_tutor import Rules, parse_cards
    >>> sim = simulate_raise(Rules(), parse_cards("JK KS 5S 5H 9C AD JD TD 8D 6D"), Bid.parse("6D"), layouts=20)
    >>> sim.layouts, sim.mean("D") > 8
    (20, True)
    """
    if rules.players != 4 or not rules.partnerships or opening.trump is None:
        raise ValueError("a raise is simulated for the 4-player partnership game and a suit opening")
    hand = list(hand)
    arguments = [rules.to_dict(), [c.code for c in hand], opening.code, layouts, seed]
    return remember(
        "raise-simulation",
        arguments,
        lambda: _simulate_raise(rules, hand, opening, layouts, seed),
        dump=Simulation.to_dict,
        load=Simulation.from_dict,
    )


def _simulate_raise(rules: Rules, hand: list[Card], opening: Bid, layouts: int, seed: int) -> Simulation:
    rng = Random(seed)
    held = set(hand)
    rest = [c for c in rules.deck() if c not in held]
    n, contract = rules.hand_size, Bid.suit(7, opening.trump)  # type: ignore[arg-type]
    deals: list[Deal] = []
    while len(deals) < layouts:
        for _ in range(_TRIES):
            rng.shuffle(rest)
            if HandJudge(rules, rest[:n]).is_sound(opening):
                break
        else:
            raise ValueError(f"no hand for partner opens {opening} in {_TRIES} tries")
        kitty = rest[3 * n :]
        full = hand + kitty
        gone = set(discards_for(rules, full, contract, len(kitty)))
        # North (partner) E S (you) W
        hands = [rest[:n], rest[n : 2 * n], [c for c in full if c not in gone], rest[2 * n : 3 * n]]
        deals.append(Deal.from_position(rules, hands, contract, _YOU, _YOU))
    tricks = Counter(solve_many(deals))
    return Simulation(_YOU, layouts, {opening.trump.letter: tricks})  # type: ignore[union-attr]
