"""Two no-trump bounds of the search, checked against exhaustive minimax on random endings.

``_joker_tricks``: the free joker's holder's side is sure of a trick for the joker and one for
each of the holder's top cards (its whole suit once every other hand holds no more of it than
the holder has top cards), whoever is on lead.  ``_lead_loses``: when, in every suit the leader
holds, the top card is the other side's and the leader's side has no joker, the other side wins
this trick (and one more with the joker).  The search uses both as bounds at trick starts: they
must hold in every position.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.cards import JOKER
from fivehundred_tutor.deal import Deal
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver
from fivehundred_tutor.solver.position import JOKER_SUIT
from tests.support.solver import minimax, random_position

CASES = [
    (Rules(), 3, 200),
    (Rules(), 4, 12),
    (Rules(players=3), 4, 60),
    (Rules.preset("joker-any-time"), 3, 120),
    (Rules.preset("six-player"), 2, 80),
]
IDS = ["4p-3", "4p-4", "3p-4", "joker-any-time", "6p-2"]


def _trick_starts(rules: Rules, k: int, tag: str, *, joker: bool) -> Iterator[Deal]:
    """Random no-trump trick starts (the joker in a hand when ``joker``)."""
    rng = Random(derive_seed("solver-joker-bounds", tag, rules.players, rules.joker_no_trumps, k))
    while True:
        deal = random_position(rng, rules, Bid.parse("7NT"), k)
        if deal.trick or deal.is_over or deal.is_nominating:
            continue
        if joker and not any(JOKER in hand for hand in deal.hands):
            continue
        yield deal


def _future(deal: Deal) -> int:
    return minimax(deal, {}) - deal.declarer_tricks


@pytest.mark.parametrize(("rules", "k", "count"), CASES, ids=IDS)
def test_the_joker_holders_sure_tricks_bound_the_minimax_value(rules: Rules, k: int, count: int) -> None:
    tight = 0
    for n, deal in enumerate(_trick_starts(rules, k, "joker", joker=True)):
        if n == count:
            break
        search = Solver(backend="python")._search(deal)
        j, q, _ = search._joker_tricks()
        assert j >= 0 and q >= 1
        left = search.tricks_left
        q = min(q, left)
        future = _future(deal)
        if search.ctx.is_max[j]:
            assert future >= q, (deal.to_dict(), q, future)
            tight += future == q and q > 1
        else:
            assert future <= left - q, (deal.to_dict(), q, future)
            tight += future == left - q and q > 1
    assert tight > count // 20


@pytest.mark.parametrize(("rules", "k", "count"), CASES, ids=IDS)
def test_a_lead_into_the_other_sides_top_cards_loses_the_trick(rules: Rules, k: int, count: int) -> None:
    used = tight = 0
    for deal in _trick_starts(rules, k, "lead-loses", joker=False):
        if used == count:
            break
        search = Solver(backend="python")._search(deal)
        vp = search.order[0]
        if not search._lead_loses(vp):
            continue
        left = search.tricks_left
        other = 2 if left > 1 and search.live[JOKER_SUIT] else 1
        future = _future(deal)
        if search.ctx.is_max[vp]:
            assert future <= left - other, (deal.to_dict(), other, future)
            tight += future == left - other
        else:
            assert future >= other, (deal.to_dict(), other, future)
            tight += future == other
        used += 1
    assert tight >= count // 40


def test_hand_checked_joker_holder_off_lead() -> None:
    # 7NT by North; East (a defender) holds the joker, A♠ K♠ and a heart: whoever leads, East's
    # side takes the joker and both spades, so North–South take at most one of the four tricks.
    deal = Deal.from_position(
        Rules(), {0: "QS JS AH KH", 1: "JK AS KS 7H", 2: "TS 9S QH JH", 3: "8S 7S 8H 9H"}, "7NT", 0
    )
    search = Solver(backend="python")._search(deal)
    assert search._joker_tricks()[:2] == (1, 3)
    assert _future(deal) == 1
