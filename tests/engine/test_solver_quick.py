"""The quick-trick bound of no trumps, checked against exhaustive minimax.

At a trick start the leader's side can cash ``q`` tricks whatever the others do (its own top
cards; a whole suit once every other hand is out of it; its side's joker as one trick more;
the opposing joker stopping a suit when its holder runs out; a partner's tricks reached through
an entry).  The search uses ``q`` as a lower bound for a maximising leader and ``tricks left -
q`` as an upper bound for a minimising one: both must hold in every position.  In the 2-player
game a face-down card counts as its table's.
"""

from __future__ import annotations

import pytest

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.deal import Deal
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver
from tests.support.solver import minimax, random_position


def _quick(deal: Deal) -> tuple[int, int, bool]:
    """(q, tricks left, whether the leader maximises) as the search works it out."""
    search = Solver(backend="python")._search(deal)
    vp = search.order[0]
    q, wq = search._quick(vp)
    if q < search.tricks_left:
        q, wq = search._quick_via_partner(vp, q, wq)
    return min(q, search.tricks_left), search.tricks_left, search.ctx.is_max[vp]


@pytest.mark.parametrize(
    ("rules", "k", "count"),
    [
        (Rules(), 3, 200),
        (Rules(), 4, 15),
        (Rules(players=3), 4, 80),
        (Rules.preset("joker-any-time"), 3, 150),
        (Rules(players=2), 2, 300),
        (Rules(players=2), 3, 80),
    ],
    ids=["4p-3", "4p-4", "3p-4", "joker-any-time", "2p-2", "2p-3"],
)
def test_quick_tricks_bound_the_minimax_value(rules: Rules, k: int, count: int) -> None:
    rng = Random(derive_seed("solver-quick", rules.players, rules.joker_no_trumps, k))
    checked = useful = 0
    while checked < count:
        deal = random_position(rng, rules, Bid.parse("7NT"), k)
        if deal.trick or deal.is_over or deal.is_nominating:
            continue  # the bound is worked out at trick starts
        q, left, leader_max = _quick(deal)
        future = minimax(deal, {}) - deal.declarer_tricks
        if leader_max:
            assert future >= q, (deal.to_dict(), q, future)
        else:
            assert future <= left - q, (deal.to_dict(), q, future)
        checked += 1
        useful += q > 0
    assert useful > count // 10


def test_hand_checked_a_suit_runs_once_the_others_are_out_of_it() -> None:
    # 7NT by North, who leads A♠ K♠ 6♠ 5♠; East and West hold two spades each, South one:
    # after two rounds North's 6♠ and 5♠ are winners too (4 quick tricks, not 2).
    deal = Deal.from_position(
        Rules(), {0: "AS KS 6S 5S", 1: "QS JS 7H 8H", 2: "TS 7D 8D 9D", 3: "9S 8S 7C 8C"}, "7NT", 0
    )
    assert _quick(deal) == (4, 4, True)
    # East's joker stops the run as soon as East is out of spades (after two rounds).
    deal = Deal.from_position(
        Rules(), {0: "AS KS 6S 5S", 1: "QS JK 7H 8H", 2: "TS 7D 8D 9D", 3: "9S 8S 7C 8C"}, "7NT", 0
    )
    assert _quick(deal)[0] == 1
    # South's joker is a trick for North–South on top of North's run.
    deal = Deal.from_position(
        Rules(), {0: "AS KS 6S 7H", 1: "QS JS 8H 9H", 2: "TS JK 8D 9D", 3: "9S 8S 7C 8C"}, "7NT", 0
    )
    assert _quick(deal)[0] == 4
