"""The solver's transposition table shares results between positions that differ only in
cards the result did not depend on ("relevant ranks", as Bo Haglund's DDS does for bridge).

Checked three ways: against the same search with exact relative-rank keys on thousands of
positions too large for plain minimax, on a hand-checked position where sharing goes wrong
if equivalent cards are not kept on their side of the card they beat, and by showing that
the sharing happens (fewer nodes, entries that leave low cards out).
"""

from __future__ import annotations

import pytest

from fivehundred_tutor.deal import Deal
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver
from tests.support.solver import minimax, unfinished_positions

CASES = [
    # (id, rules, contract, cards per hand, positions)
    ("4p-suit", Rules(), "7H", 7, 40),
    ("4p-nt", Rules(), "7NT", 7, 40),
    ("4p-misere", Rules(), "MIS", 8, 30),
    ("4p-open-misere-play-on", Rules(misere_stops_early=False), "OM", 6, 20),
    ("3p-suit", Rules(players=3), "7C", 8, 30),
    ("3p-nt", Rules(players=3), "7NT", 8, 20),
    ("6p-suit", Rules.preset("six-player"), "7H", 5, 20),
    ("joker-any-time", Rules.preset("joker-any-time"), "7NT", 6, 20),
    ("joker-not-to-void", Rules.preset("joker-not-to-void"), "MIS", 7, 20),
    ("45-card", Rules(deck_size=45), "7S", 7, 20),
    ("2p-suit", Rules(players=2), "7D", 4, 20),
    # 2-player keys leave out low face-up cards down to the lowest face-down card (larger endings)
    ("2p-suit-6", Rules(players=2), "8S", 6, 20),
    ("2p-nt-6", Rules(players=2), "7NT", 6, 20),
]


@pytest.mark.parametrize(("rules", "contract", "k", "count"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_shared_entries_agree_with_exact_keys(rules: Rules, contract: str, k: int, count: int) -> None:
    checked = 0
    for deal in unfinished_positions("solver-table", rules, contract, k, count):
        shared, exact = Solver(backend="python"), Solver(relevant_ranks=False, backend="python")
        assert shared.solve(deal) == exact.solve(deal), deal.to_dict()
        assert shared.analyse(deal) == exact.analyse(deal), deal.to_dict()
        checked += 1
    assert checked >= count * 0.8


def test_equivalent_cards_keep_their_place() -> None:
    # Misère by South (North sits out).  East led 10♠; South holds K♣ J♣ 5♣, East 9♣ 4♦,
    # West Q♥ 8♥ 8♦.  South discards the 5♣?  Then East's 9♣ forces South to win a trick.
    # Discarding the K♣ keeps 5♣ to play under the 9♣, and South takes nothing.  The
    # position after "discard 5♣" (K♣ J♣ both above 9♣, one move) must not be shared with
    # the one after "discard K♣" (J♣ above, 5♣ below): they differ in the 9♣'s place.
    hands = {0: [], 1: "9C 4D TS", 2: "JC KC 5C", 3: "8D QH 8H"}
    deal = Deal.from_position(Rules(), hands, "MIS", 2, 1)
    deal.push("TS")
    assert minimax(deal, {}) == 0
    assert Solver().solve(deal) == 0
    values = {a.code: v for a, v in Solver().analyse(deal).items()}
    assert values == {"KC": 0, "JC": 0, "5C": 1}


def test_the_table_shares_entries_between_positions() -> None:
    rng = Random(derive_seed("solver-table", "sharing"))
    rules = Rules()
    shared_nodes = exact_nodes = 0
    cut_entries = 0
    for _ in range(6):
        deck = rules.deck()
        rng.shuffle(deck)
        deal = Deal.from_position(rules, [deck[9 * i : 9 * i + 9] for i in range(4)], "7S", 0)
        shared, exact = Solver(backend="python"), Solver(relevant_ranks=False, backend="python")
        assert shared.solve(deal) == exact.solve(deal)
        shared_nodes += shared.nodes
        exact_nodes += exact.nodes
        for _ctx, table, _rel, _abs in shared._contexts.values():
            cut_entries += sum(len(e) for group in table.values() for cut, e in group.items() if any(cut))
    assert cut_entries > 0
    assert shared_nodes < 0.8 * exact_nodes, (shared_nodes, exact_nodes)


def test_two_player_keys_leave_out_low_cards_but_never_face_down_ones() -> None:
    # 2-player endings with face-down cards: some entries leave low cards out, and the
    # values agree with the search whose keys keep every card (checked above, and here).
    rules = Rules(players=2)
    cut_entries = 0
    for deal in unfinished_positions("solver-table-2p", rules, "7H", 6, 12):
        shared, exact = Solver(backend="python"), Solver(relevant_ranks=False, backend="python")
        assert shared.solve(deal) == exact.solve(deal), deal.to_dict()
        for _ctx, table, _rel, _abs in shared._contexts.values():
            cut_entries += sum(len(e) for group in table.values() for cut, e in group.items() if any(cut))
    assert cut_entries > 0
