"""The solver's fail-soft probes return true bounds, checked against exhaustive minimax.

``probe(t)`` answers "can the counting side take ``t`` more tricks?" with a number: at
least ``t`` means yes and is then a lower bound of the true value, less means no and is
an upper bound.  The root search and the transposition table rely on both.
"""

from __future__ import annotations

import pytest

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.deal import DONE
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver
from tests.support.solver import minimax, random_position


@pytest.mark.parametrize(("contract", "k"), [("7H", 4), ("9NT", 4), ("8C", 5)])
def test_probe_bounds_hold_at_every_target(contract: str, k: int) -> None:
    rules = Rules()
    bid = Bid.parse(contract)
    rng = Random(derive_seed("solver-bounds", contract, k))
    checked = 0
    for _ in range(25 if k == 4 else 3):
        deal = random_position(rng, rules, bid, k)
        if deal.phase == DONE or deal.is_nominating:
            continue
        future = minimax(deal, {}) - deal.declarer_tricks
        search = Solver()._search(deal)
        for target in range(search.tricks_left + 2):
            v = search.probe(target)
            assert (v >= target) == (future >= target), (deal.to_dict(), target, v, future)
            assert (future >= v) if v >= target else (future <= v), (deal.to_dict(), target, v, future)
            checked += 1
    assert checked > 10
