"""What the solver does to be fast must leave its answers exact.

Here: the follow-suit cache shared by every deal keeps the 2-player game's face-up table cards
apart from a hand's grouped cards; ``check(all_best=False)`` (what "Check my play" asks) agrees
with the full check; the search pauses the cyclic garbage collector only while it runs.
Speed itself is measured in ``bench/`` (no timed assertions here).
"""

from __future__ import annotations

import gc

import pytest

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import SearchLimit, Solver
from fivehundred_tutor.solver import position as solver_position
from fivehundred_tutor.solver.search import Search
from tests.support.solver import unfinished_positions


def _pollute_follow_cache(search: Search) -> int:
    """Put in the shared follow-suit cache, for every table's cards of every suit, the grouped
    candidates that a hand holding the same cards would store (as another deal may)."""
    ctx = search.ctx
    added = 0
    for vp in range(ctx.n):
        if search.rep_cache[vp] is not solver_position.REPS_NG:
            continue
        for s in ctx.suits:
            fm, live = search.masks[vp][s], search.live[s]
            if not fm:
                continue
            reps = solver_position.group_reps(fm, live, False)
            for split in [0, *solver_position.bits_of(live)]:
                above = [solver_position.move(s, b) for b in reversed(reps) if b > split]
                below = [solver_position.move(s, b) for b in reversed(reps) if b < split]
                key = solver_position.follow_key(fm, live, split, s, False)
                solver_position.FOLLOW[key] = above + below
                added += 1
    return added


@pytest.mark.parametrize("contract", ["7H", "7NT"])
def test_table_cards_never_use_a_hands_grouped_candidates(contract: str) -> None:
    # A table card with a face-down card under it is a different move from the touching table
    # card beside it; a hand's grouped candidates (same cards, another deal) would skip one.
    # (These positions include ones where that changed a value; the clean solver is checked
    # against exhaustive minimax in test_solver.py.)
    polluted = 0
    try:
        for deal in unfinished_positions("follow-cache2", Rules(players=2), contract, 4, 20):
            solver_position.FOLLOW.clear()
            clean = Solver(backend="python", native=False).analyse(deal)
            solver_position.FOLLOW.clear()
            solver = Solver(backend="python", native=False)  # the Python module's cache is the one polluted
            polluted += _pollute_follow_cache(solver._search(deal))
            assert solver.analyse(deal) == clean, deal.to_dict()
    finally:
        solver_position.FOLLOW.clear()
    assert polluted > 100


@pytest.mark.parametrize(
    ("rules", "contract", "k"),
    [(Rules(players=2), "7D", 4), (Rules(players=2), "7NT", 3), (Rules(), "7NT", 4), (Rules(), "MIS", 4)],
    ids=["2p-suit", "2p-nt", "4p-nt", "4p-misere"],
)
def test_check_without_all_best_agrees_with_the_full_check(rules: Rules, contract: str, k: int) -> None:
    # all_best=False answers only the played card's value and the best value when the card
    # keeps the best (the list is then just that card); a card that costs gets the full list.
    kept = lost = 0
    for deal in unfinished_positions("check-all-best", rules, contract, k, 25):
        for action in deal.legal_actions():
            full = Solver(backend="python").check(deal, action)
            before = deal.state_key()
            short = Solver(backend="python").check(deal, action, all_best=False)
            assert deal.state_key() == before
            assert short[:2] == full[:2], deal.to_dict()
            if full[0] == full[1]:
                assert short[2] == [action] and action in full[2]
                kept += 1
            else:
                assert set(short[2]) == set(full[2])
                lost += 1
    assert kept > 20 and lost > 5


def test_the_search_pauses_garbage_collection_only_while_it_runs() -> None:
    deal = Deal.new(Rules(), seed=derive_seed("solver-gc", 1))
    bid_deal = Deal.from_position(Rules(), {s: list(deal.hands[s]) for s in range(4)}, "7NT", 0)
    assert gc.isenabled()
    Solver(backend="python").solve(bid_deal)
    assert gc.isenabled()
    with pytest.raises(SearchLimit):
        Solver(backend="python").solve(bid_deal, node_limit=20)
    assert gc.isenabled()
    gc.disable()
    try:
        Solver(backend="python").solve(bid_deal)
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
