"""Judging a hand: would a sound player make this bid with these cards?

The book checks every example auction against :func:`call_problem`, so that no example
teaches a bid nobody sensible would make (7♣ with one club, misère with aces).  The
estimate is deliberately simple — the bots' count of a hand's own tricks
(:func:`~fivehundred_tutor.bots.estimate_tricks`) plus what partner and the kitty usually
bring — and generous by a trick, since bidding styles differ.

>>> from fivehundred_tutor import Rules, parse_cards, Bid
>>> hand = parse_cards("JK JH JD AH KH 9H AS KS 7C 5D")
>>> call_problem(Rules(), hand, Bid.parse("8H")) is None
True
>>> print(call_problem(Rules(), hand, Bid.parse("misere")))
misère with the joker, bowers or aces that must win tricks (danger 13.5)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bids import Bid, Pass
from ..bots import estimate_tricks, misere_danger
from ..cards import ACE, JOKER, Card
from ..rules import Rules

__all__ = ["call_problem", "expected_support", "trump_count"]

SLACK = 1.0  # a sound bidder may be a trick optimistic
# misère danger after the best discards, and after only one (at most ~2 cards to get rid of)
MISERE_LIMITS = (1.0, 3.5)
OPEN_MISERE_LIMITS = (0.5, 2.5)


def expected_support(rules: Rules) -> float:
    """Tricks a bidder may expect from partner(s) and the kitty, on average."""
    if rules.players == 4:
        return 2.3
    if rules.players == 6:
        return 3.6 if rules.partnerships else 1.4
    if rules.players in (2, 5):
        return 2.0
    return 1.6


def trump_count(rules: Rules, hand: Sequence[Card], bid: Bid) -> int:
    """Cards of ``hand`` that are trumps under ``bid`` (the joker and left bower included)."""
    if bid.trump is None:
        return 0
    suit_of = rules.table(bid).suit_of
    return sum(1 for c in hand if suit_of[c.index] == int(bid.trump))


def _misere_problem(rules: Rules, hand: list[Card], limits: tuple[float, float]) -> str | None:
    after_kitty = misere_danger(rules, hand, rules.kitty_size)
    after_one = misere_danger(rules, hand, 1)
    if after_kitty > limits[0] or after_one > limits[1]:
        return f"misère with the joker, bowers or aces that must win tricks (danger {after_kitty:.1f})"
    return None


def call_problem(rules: Rules, hand: Sequence[Card], call: Bid | Pass) -> str | None:
    """``None`` if a sound player could make ``call`` with ``hand``; else the reason it is unsound.

    A pass is always sound.  A suit or no-trump bid needs the trick count (own estimate plus
    partner and kitty, within a trick) and, in a suit, at least three trumps (four from the
    7 level); no trumps needs the joker or two aces.  Misère and open misère need a hand of
    low cards; a weak 6-level bid is also sound with a misère hand (it keeps the player in the
    auction, since passing is final, until someone bids 7 and misère may be bid).
    """
    if not isinstance(call, Bid):
        return None
    hand = list(hand)
    if call.is_misere:
        return _misere_problem(rules, hand, OPEN_MISERE_LIMITS if call.is_open_misere else MISERE_LIMITS)
    if call.tricks == 6 and _misere_problem(rules, hand, MISERE_LIMITS) is None:
        return None  # a weak 6 to stay in the auction for a misère
    estimate = estimate_tricks(rules, hand, call) + expected_support(rules)
    if call.trump is not None:
        trumps = trump_count(rules, hand, call)
        need = 3 if call.tricks == 6 else 4
        if trumps < need:
            return f"{call} with only {trumps} trump{'s' if trumps != 1 else ''}"
    else:
        aces = sum(1 for c in hand if c.rank == ACE and not c.is_joker)
        if JOKER not in hand and aces < 2:
            return f"{call} with neither the joker nor two aces"
    if estimate + SLACK < call.tricks:
        return f"{call} on about {estimate:.1f} tricks (own cards, partner and kitty)"
    return None
