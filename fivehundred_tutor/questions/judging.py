"""Judging a hand: would a sound player make this bid with these cards?

The standard is the book's one bidding standard, :mod:`fivehundred_tutor.bidding_standard`
(the count of a hand, rounded to the nearest trick, against the level; the trumps a bid wants;
supporting partner; misère): this module asks questions about it.  The book checks every example
auction against :func:`call_problem`, so that no example teaches a bid nobody sensible would make
(7♣ with one club, misère with aces).

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

from ..bidding_standard import (
    MISERE_LIMITS,
    OPEN_MISERE_LIMITS,
    HandJudge,
    auction_context,
    call_problem,
    expected_support,
    misere_danger,
    trump_count,
)
from ..bids import PASS, Bid, Pass
from ..cards import Card, Suit, display_order, short_names
from ..deal import Deal
from ..i18n import decimal, ngettext
from ..i18n import gettext as _
from ..i18n import gettext_noop as N_
from ..rng import Random
from ..rules import Rules
from .bidding import call_text
from .core import QuestionError, answer_slot, bid_info, bid_text, cards_info, ordered_choices
from .positions import deal_cards, retry
from .reading import number_word


def _tenths(value: float) -> str:
    """0.30 → '0.3', 1.0 → '1': a danger as the chapter writes it (with the reader's decimal separator)."""
    return decimal(value, 1, trim=True)


__all__ = ["call_problem", "expected_support", "gen_hand_judging", "sound_suit_levels", "trump_count"]

#: the seats of the questions with partner's bid: you sit South, partner North opens, East passes
_PARTNER, _RIGHT_HAND, _YOU = 0, 1, 2


def sound_suit_levels(rules: Rules, hand: Sequence[Card], trump: Suit) -> list[int]:
    """The levels (6–10) of ``trump`` a sound player could open with ``hand``.

    The same as ``[t for t in range(6, 11) if call_problem(rules, hand, Bid.suit(t, trump)) is None]``
    (a test compares them), with the hand counted once instead of five times.
    """
    judge = HandJudge(rules, hand)
    return [t for t in range(6, 11) if judge.problem(Bid.suit(t, trump)) is None]


def _partner_opening(rules: Rules, hand: list[Card], denomination: int) -> Bid | None:
    """The 6-level opening in ``denomination`` if a sound partner could make it with ``hand``."""
    bid = Bid.no_trumps(6) if denomination == 4 else Bid.suit(6, Suit(denomination))
    return bid if HandJudge(rules, hand).problem(bid) is None else None


def _kind(bid: Bid) -> int:
    """What the balancing counts as one kind of answer: the denomination, or 5 for the misères."""
    return 5 if bid.is_misere else bid.denomination


#: the share of the questions with partner's opening whose answer raises partner's denomination
RAISE_SHARE = 0.4


def gen_hand_judging(rules: Rules, rng: Random, difficulty: int) -> dict[str, Any]:
    """Question: which of four bids could a sound player make with this hand?

    One choice passes the bidding standard, three do not; the explanation counts each.
    Difficulty 1: an opening bid, suit bids at the 6 and 7 level; 2: any level and no trumps,
    and in half the questions partner has opened (raise partner's suit, or not); 3: misère and
    open misère too.  Nothing but the count gives the answer away: the choices are in ladder
    order with the right one equally often in each of the four places, the answer's kind (each
    suit, no trumps, misère) is drawn evenly, and with partner's opening the answer raises
    partner in :data:`RAISE_SHARE` of the questions, a raise being among the wrong choices otherwise.
    """
    deck = rules.deck()
    ladder = [b for b in rules.ladder if difficulty >= 3 or not b.is_misere]
    if difficulty == 1:
        ladder = [b for b in ladder if b.trump is not None and b.tricks <= 7]
    with_partner = difficulty >= 2 and rng.random() < 0.5
    position = answer_slot(rng, 4)
    kinds = sorted({_kind(b) for b in ladder})
    raise_right = with_partner and rng.random() < RAISE_SHARE
    opened = rng.randbelow(4)  # partner's suit
    # the answer's kind: drawn evenly when opening; partner's suit or any other with partner's opening
    kind: int | None = kinds[rng.randbelow(len(kinds))] if not with_partner else opened if raise_right else None
    n = rules.hand_size
    Found = tuple[list[Card], list[tuple[int, Bid | Pass]], Bid, list[Bid]]

    def make(r: Random) -> Found | None:
        pool = list(deck)
        if not with_partner:
            deal_cards(r, pool, n)
            hand = pool[:n]
            auction: list[tuple[int, Bid | Pass]] = []
            legal = ladder
        else:
            for _ in range(50):  # partner's hand first: one that opens in ``opened``
                deal_cards(r, pool, n)
                opening = _partner_opening(rules, pool[:n], opened)
                if opening is not None:
                    break
            else:
                return None
            rest = pool[n:]
            deal_cards(r, rest, n)  # your hand; East's, West's and the kitty are never shown
            cards = pool[:n] + rest
            deal = Deal(rules, [cards[i * n : (i + 1) * n] for i in range(4)], cards[4 * n :], dealer=3)  # North first
            deal.push(opening)
            deal.push(PASS)
            hand, auction = deal.hands[_YOU], list(deal.auction)
            allowed = set(deal.legal_actions())
            legal = [b for b in ladder if b in allowed]
        judge = HandJudge(rules, hand, auction_context(rules, _YOU, auction))
        wanted = [b for b in legal if (_kind(b) == kind if kind is not None else _kind(b) != opened)]
        sound = [b for b in wanted if judge.is_sound(b)]
        if not sound:
            return None
        unsound = [b for b in legal if not judge.is_sound(b)]
        right = sound[r.randbelow(len(sound))]
        rank = {b: i for i, b in enumerate(legal)}
        options = ordered_choices(r, right, unsound, 4, position, key=rank.__getitem__)
        if options is None:
            return None
        wrong = [b for b in options if b != right]
        if with_partner and not raise_right and not any(_kind(b) == opened for b in wrong):
            return None  # a raise that does not work is among the choices
        return hand, auction, right, wrong

    found: Found | None = None
    attempts = 0
    while found is None:
        try:
            found = retry(rng, make, N_("a hand to judge"))
        except QuestionError:  # rare: this kind of answer seldom lands in this place (7♠ fourth of four)
            attempts += 1
            if attempts > 8:
                raise
            if with_partner:  # another suit for partner
                opened = (opened + 1 + rng.randbelow(3)) % 4
                kind = opened if raise_right else None
            else:
                kind = kinds[rng.randbelow(len(kinds))]
    hand, auction, right, wrong = found
    options = sorted([right, *wrong], key=rules.bid_key)
    judge = HandJudge(rules, hand, auction_context(rules, _YOU, auction))
    reasons = "; ".join(str(judge.problem(b)) for b in options if b != right)
    rule = _("A bid is sound when the count, rounded to the nearest trick, reaches its level.")
    if right.is_misere:
        # the standard's rule 6, not the count's (a misère has no count and no level)
        limits = OPEN_MISERE_LIMITS if right.is_open_misere else MISERE_LIMITS
        kitty = rules.kitty_size
        why = ngettext(
            "once the kitty exchange has thrown your {count} most dangerous card, the danger left, with {each} for "
            "the {count} unseen kitty card you must keep, is {danger}, within {bid}'s limit of {limit}",
            "once the kitty exchange has thrown your {count} most dangerous cards, the danger left, with {each} for "
            "the {count} unseen kitty cards you must keep, is {danger}, within {bid}'s limit of {limit}",
            kitty,
        ).format(
            count=number_word(kitty) if 1 <= kitty <= 5 else str(kitty),
            each=_tenths(0.3),
            danger=_tenths(misere_danger(rules, hand, rules.kitty_size)),
            bid=bid_text(right),
            limit=_tenths(limits[0]),
        )
        rule = _(
            "A misère is sound when that danger is at most {limit} (open misère, whose cards the defenders see: "
            "at most {open_limit})."
        ).format(limit=_tenths(MISERE_LIMITS[0]), open_limit=_tenths(OPEN_MISERE_LIMITS[0]))
    elif judge.raising(right) is not None:
        why = _("raising partner, this hand counts {count}").format(count=judge.reckoning(right))
        rule = _(
            "Raising partner's suit, count your own tricks + partner's level − the tricks partner counted on "
            "from you; a bid is sound when that count, rounded to the nearest trick, reaches its level."
        )
    elif judge.need(right) > right.tricks:
        # the standard's rule 5: over partner's bid, a new denomination wants a trick to spare
        why = _(
            "over partner's bid, {bid} needs a count of {need}, one more than its level, and this hand counts {count}"
        ).format(bid=bid_text(right), need=judge.need(right), count=judge.reckoning(right))
        rule = _(
            "Over partner's bid, a bid in another denomination takes the contract away from partner: it is "
            "sound when the count, rounded to the nearest trick, reaches one more than its level."
        )
    else:
        why = _("this hand counts {count}").format(count=judge.reckoning(right))
    cards = short_names(display_order(hand))
    if auction:
        opening = auction[0][1]
        situation = _(
            "You sit {seat} and hold {cards}. Your partner, {partner}, opened {opening} and {right} passed. "
            "Which of these bids could a sound player make now?"
        ).format(
            seat=rules.local_seat_name(_YOU),
            cards=cards,
            partner=rules.local_seat_name(_PARTNER),
            opening=call_text(opening),
            right=rules.local_seat_name(_RIGHT_HAND),
        )
    else:
        situation = _(
            "You hold {cards} and are first to bid. Which of these bids could a sound player make with this hand?"
        ).format(cards=cards)
    context_info: dict[str, Any] = {"hand": cards_info(display_order(hand)), "bids": [bid_info(b) for b in options]}
    if auction:
        context_info["auction"] = [
            {"seat": rules.seat_name(s), "call": c.code, "label": call_text(c)} for s, c in auction
        ]
    return {
        "prompt": situation,
        "kind": "choice",
        "choices": [{"id": b.code, "label": bid_text(b)} for b in options],
        "context": context_info,
        "answer": right.code,
        "explanation": _("{bid} is sound: {why}. {rule} The others are not — {reasons}.").format(
            bid=bid_text(right), why=why, rule=rule, reasons=reasons
        ),
    }
