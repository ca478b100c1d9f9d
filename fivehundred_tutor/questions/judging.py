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
from typing import Any

from ..bids import Bid, Pass
from ..bots import estimate_tricks, misere_danger
from ..cards import ACE, JOKER, Card, Suit, display_order
from ..rng import Random
from ..rules import Rules
from .core import bid_info, cards_info
from .positions import retry

__all__ = ["call_problem", "expected_support", "gen_hand_judging", "sound_suit_levels", "trump_count"]

SLACK = 1.0  # a sound bidder may be a trick optimistic
# misère danger after the best discards, and after only one (at most ~2 cards to get rid of)
MISERE_LIMITS = (1.0, 3.5)
OPEN_MISERE_LIMITS = (0.5, 2.5)


def expected_support(rules: Rules) -> float:
    """Tricks a bidder may expect from partner(s) and the kitty, on average.

    In the 2-player game the face-up table cards count with the hand (see
    :func:`call_problem`); what is left unseen is the bidder's five face-down table cards
    and the kitty: eight cards, at the 4-player rate of 2.3 tricks for thirteen unseen cards.
    """
    if rules.players == 4:
        return 2.3
    if rules.players == 6:
        return 3.6 if rules.partnerships else 1.4
    if rules.players == 2:
        return round(2.3 * 8 / 13, 1)
    if rules.players == 5:
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
    if after_kitty > limits[0]:
        return f"misère with the joker, bowers or aces that must win tricks (danger {after_kitty:.1f})"
    if after_one > limits[1]:
        return f"misère with more high cards than the kitty exchange can safely clear (danger {after_one:.1f})"
    return None


def call_problem(rules: Rules, hand: Sequence[Card], call: Bid | Pass, table: Sequence[Card] = ()) -> str | None:
    """``None`` if a sound player could make ``call`` with ``hand``; else the reason it is unsound.

    ``table``: in the 2-player game, the bidder's face-up table cards, which are played like
    the hand's and count with it (the face-down ones are part of :func:`expected_support`).

    A pass is always sound.  A suit or no-trump bid needs the trick count (own estimate plus
    partner and kitty, within a trick) and, in a suit, at least three trumps (four from the
    7 level); no trumps needs the joker or two aces.  Misère and open misère need a hand of
    low cards; a weak 6-level bid is also sound with a misère hand (it keeps the player in the
    auction, since passing is final, until someone bids 7 and misère may be bid).
    """
    if not isinstance(call, Bid):
        return None
    hand = list(hand) + list(table)
    if call.is_misere:
        return _misere_problem(rules, hand, OPEN_MISERE_LIMITS if call.is_open_misere else MISERE_LIMITS)
    if call.tricks == 6 and _misere_problem(rules, hand, MISERE_LIMITS) is None:
        return None  # a weak 6 to stay in the auction for a misère
    estimate = estimate_tricks(rules, hand, call) + expected_support(rules)
    if call.trump is not None:
        return _suit_bid_problem(call, trump_count(rules, hand, call), estimate)
    aces = sum(1 for c in hand if c.rank == ACE and not c.is_joker)
    if JOKER not in hand and aces < 2:
        return f"{call} with neither the joker nor two aces"
    return _count_problem(call, estimate)


def _suit_bid_problem(call: Bid, trumps: int, estimate: float) -> str | None:
    """A suit bid's problem from the hand's trump count and trick estimate (see :func:`call_problem`)."""
    assert call.trump is not None
    need = 3 if call.tricks == 6 else 4
    if trumps == 0:
        return f"{call} with no {call.trump.word}"
    if trumps < need:
        return f"{call} with only {trumps} trump{'s' if trumps != 1 else ''}"
    return _count_problem(call, estimate)


def _count_problem(call: Bid, estimate: float) -> str | None:
    if estimate + SLACK < call.tricks:
        return f"{call} on about {estimate:.1f} tricks (own cards, partner and kitty)"
    return None


def sound_suit_levels(rules: Rules, hand: Sequence[Card], trump: Suit) -> list[int]:
    """The levels (6–10) of ``trump`` a sound player could bid with ``hand``.

    The same as ``[t for t in range(6, 11) if call_problem(rules, hand, Bid.suit(t, trump)) is None]``
    (a test compares them), with the hand counted once instead of five times.
    """
    hand = list(hand)
    probe = Bid.suit(6, trump)
    trumps = trump_count(rules, hand, probe)
    estimate = estimate_tricks(rules, hand, probe) + expected_support(rules)
    levels = []
    for t in range(6, 11):
        call = Bid.suit(t, trump)
        if _suit_bid_problem(call, trumps, estimate) is None or (
            t == 6 and _misere_problem(rules, hand, MISERE_LIMITS) is None
        ):
            levels.append(t)
    return levels


def gen_hand_judging(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    """Question: which of four bids could a sound player open with this hand?

    One choice passes :func:`call_problem`, three do not; the explanation gives each
    unsound bid's reason.  Difficulty 1: suit bids at the 6 and 7 level; 2: any level and no
    trumps; 3: misère and open misère too.
    """
    deck = rules.deck()
    ladder = [b for b in rules.ladder if difficulty >= 3 or not b.is_misere]
    if difficulty == 1:
        ladder = [b for b in ladder if b.trump is not None and b.tricks <= 7]

    def make(r: Random) -> tuple[list[Card], Bid, list[Bid]] | None:
        hand = r.sample(deck, rules.hand_size)
        problems = [call_problem(rules, hand, b) for b in ladder]
        sound = [b for b, why in zip(ladder, problems) if why is None]
        unsound = [b for b, why in zip(ladder, problems) if why is not None]
        if not sound or len(unsound) < 3:
            return None
        if difficulty == 3 and not any(b.is_misere for b in sound) and r.random() < 0.7:
            return None
        right = sound[r.randbelow(len(sound))]
        wrong: list[Bid] = []
        while len(wrong) < 3:
            pick = unsound[r.randbelow(len(unsound))]
            if pick not in wrong:
                wrong.append(pick)
        return hand, right, wrong

    hand, right, wrong = retry(rng, make, "a hand to judge")
    options = sorted([right, *wrong], key=rules.bid_key)
    reasons = "; ".join(str(call_problem(rules, hand, b)) for b in options if b != right)
    support = expected_support(rules)
    return {
        "prompt": (
            f"You hold {' '.join(str(c) for c in display_order(hand))} and are first to bid. "
            "Which of these bids could a sound player make with this hand?"
        ),
        "kind": "choice",
        "choices": [{"id": b.code, "label": str(b)} for b in options],
        "context": {"hand": cards_info(display_order(hand)), "bids": [bid_info(b) for b in options]},
        "answer": right.code,
        "explanation": (
            f"{right} is sound: count your own tricks in that denomination and add about {support:.1f} "
            f"from partner and the kitty (or, for misère, only low cards to keep). The others are not — {reasons}."
        ),
    }
