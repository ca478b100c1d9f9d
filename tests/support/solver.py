"""A plain exhaustive minimax over the engine's own Deal, and seeded random endings, for the solver tests.

The reference walks ``Deal.legal_actions()`` / ``push`` / ``pop`` with no pruning, no
equivalences and no bounds; a memo keyed on the full state at trick starts only
avoids recomputing identical positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.cards import Card, Suit
from fivehundred_tutor.deal import DONE, Deal
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules


def _is_max(deal: Deal, seat: int) -> bool:
    assert deal.contract is not None and deal.declarer is not None
    if deal.contract.is_misere:
        return seat != deal.declarer
    return deal.rules.side_of(seat) == deal.rules.side_of(deal.declarer)


def minimax(deal: Deal, memo: dict[Any, int]) -> int:
    if deal.phase == DONE:
        return deal.declarer_tricks
    key = None
    if not deal.trick:
        key = (
            deal.to_move,
            tuple(tuple(sorted(h)) for h in deal.hands),
            tuple(deal.tricks_won),
            tuple(deal.voids),
            None if deal.table is None else (repr(deal.table), repr(deal._pile_up), repr(deal.play_order)),
        )
        if key in memo:
            return memo[key]
    assert deal.to_move is not None
    mx = _is_max(deal, deal.to_move)
    best: int | None = None
    for action in deal.legal_actions():
        deal.push(action)
        value = minimax(deal, memo)
        deal.pop()
        if best is None or (value > best if mx else value < best):
            best = value
    assert best is not None
    if key is not None:
        memo[key] = best
    return best


def random_position(rng: Random, rules: Rules, contract: Bid, k: int, joker_fixed: Suit | None = None) -> Deal:
    """A random ending: ``k`` cards a hand (2 players: ``k`` in hand and ``k`` on the table)."""
    deck = rules.deck()
    rng.shuffle(deck)
    n = rules.players
    declarer = rng.randbelow(n)
    table = None
    if n == 2:
        hands: dict[int, list[Card]] = {0: deck[:k], 1: deck[k : 2 * k]}
        pos = 2 * k
        table = []
        for _ in range(2):
            piles, left = [], k
            while left:
                if left >= 2 and rng.random() < 0.5:
                    piles.append(deck[pos : pos + 2])
                    pos, left = pos + 2, left - 2
                else:
                    piles.append(deck[pos : pos + 1])
                    pos, left = pos + 1, left - 1
            table.append(piles)
        active: tuple[int, ...] = (0, 1)
    else:
        probe = Deal.from_position(rules, [deck[i * k : (i + 1) * k] for i in range(n)], contract, declarer)
        active = probe.active
        hands = {s: [] for s in range(n)}
        for j, s in enumerate(active):
            hands[s] = deck[j * k : (j + 1) * k]
    leader = active[rng.randbelow(len(active))]
    tricks_won = [0] * n
    if rng.random() < 0.3:
        tricks_won[rng.choice(active)] = 1
    deal = Deal.from_position(
        rules, hands, contract, declarer, leader, table=table, tricks_won=tricks_won, joker_fixed=joker_fixed
    )
    for _ in range(rng.randbelow(len(active) + 1)):  # sometimes start mid-trick
        if deal.phase == DONE:
            break
        actions = deal.legal_actions()
        deal.push(actions[rng.randbelow(len(actions))])
    return deal


CASES = [
    # (id, rules, contract, cards per hand, positions)
    ("4p-suit", Rules(), "7H", 3, 260),
    ("4p-suit-4", Rules(), "8S", 4, 40),
    ("4p-nt", Rules(), "7NT", 3, 260),
    ("4p-misere", Rules(), "MIS", 4, 200),
    ("4p-open-misere-play-on", Rules(misere_stops_early=False), "OM", 4, 150),
    ("3p-suit", Rules(players=3), "7C", 4, 200),
    ("3p-nt", Rules(players=3), "7NT", 4, 150),
    ("3p-misere", Rules(players=3), "MIS", 5, 80),
    ("2p-suit", Rules(players=2), "7D", 2, 200),
    ("2p-nt", Rules(players=2), "7NT", 2, 200),
    ("2p-suit-3", Rules(players=2), "7H", 3, 40),  # relative-rank keys with face-down cards
    ("6p-suit", Rules.preset("six-player"), "7H", 2, 150),
    ("joker-any-time", Rules.preset("joker-any-time"), "7NT", 3, 150),
    ("joker-not-to-void", Rules.preset("joker-not-to-void"), "MIS", 4, 150),
    ("45-card", Rules(deck_size=45), "7S", 3, 100),
    ("misere-6-cards-3p", Rules(players=3), "MIS", 6, 12),
]


def unfinished_positions(
    tag: str, rules: Rules, contract: str, k: int, count: int, *, joker_fixed: Suit | None = None
) -> Iterator[Deal]:
    """``count`` seeded random endings of ``k`` cards a hand, those still in play."""
    parts: list[object] = [tag, rules.preset_name, rules.players, contract, k]
    rng = Random(derive_seed(*parts, *([] if joker_fixed is None else [joker_fixed])))
    bid = Bid.parse(contract)
    for n in range(count):
        fixed = None if joker_fixed is None else Suit((int(joker_fixed) + n) % 4)
        deal = random_position(rng, rules, bid, k, joker_fixed=fixed)
        if deal.phase != DONE:
            yield deal
