"""The DDS backend (``endplay``) gives the pure-Python solver's answers on every position that maps to bridge.

Positions: every mappable ending the exhaustive-minimax tests generate (suit contracts, no
trumps with the joker out of play, the 45-card pack, mid-trick too), and random full deals.
Skipped where ``endplay`` is not installed (it is an optional extra).
"""

from __future__ import annotations

import pytest

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.cards import JOKER, Suit
from fivehundred_tutor.deal import Deal
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import SolveError, Solver, dds
from tests.support.solver import CASES, random_position, unfinished_positions

needs_dds = pytest.mark.skipif(not dds.available(), reason="endplay (DDS) is not installed")


def assert_backends_agree(deal: Deal) -> None:
    python, fast = Solver(backend="python"), Solver(backend="dds")
    before = deal.state_key()
    assert fast.solve(deal) == python.solve(deal), deal.to_dict()
    assert fast.analyse(deal) == python.analyse(deal), deal.to_dict()
    assert deal.state_key() == before


@needs_dds
@pytest.mark.parametrize(("rules", "contract", "k", "count"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_every_mappable_test_position_agrees(rules: Rules, contract: str, k: int, count: int) -> None:
    mapped = 0
    for deal in unfinished_positions("solver-test", rules, contract, k, count):
        if dds.mappable(deal):
            assert_backends_agree(deal)
            mapped += 1
    bridge_like = rules.players == 4 and not Bid.parse(contract).is_misere
    if bridge_like and contract.endswith("NT"):
        assert mapped > 0  # some endings leave the joker out of play
    elif bridge_like:
        assert mapped >= count * 0.8
    else:
        assert mapped == 0  # misère, 2, 3 and 6 players stay with the pure-Python search


def full_deal(seed: int, contract: Bid, *, joker: bool = True) -> Deal:
    rules = Rules()
    rng = Random(seed)
    deck = [c for c in rules.deck() if joker or c is not JOKER]
    rng.shuffle(deck)
    hands = [deck[10 * i : 10 * i + 10] for i in range(4)]
    declarer = rng.randbelow(4)
    return Deal.from_position(rules, hands, contract, declarer, declarer)


@needs_dds
@pytest.mark.parametrize("n", range(8))
def test_random_full_deals_agree(n: int) -> None:
    rng = Random(derive_seed("dds-full", n))
    contract = Bid.suit(7, Suit(rng.randbelow(4))) if n < 6 else Bid.no_trumps(7)
    deal = full_deal(derive_seed("dds-full-deal", n), contract, joker=n < 6)
    assert dds.mappable(deal)
    python, fast = Solver(backend="python"), Solver(backend="dds")
    assert fast.solve(deal) == python.solve(deal)
    # A few plays in, mid-trick: every card's value.
    rng2 = Random(n)
    for _ in range(5):
        actions = deal.legal_actions()
        deal.push(actions[rng2.randbelow(len(actions))])
    assert fast.analyse(deal) == python.analyse(deal)


def test_which_positions_map_to_bridge() -> None:
    assert dds.mappable(full_deal(1, Bid.parse("7H")))  # a red trump suit: exactly 13 cards
    assert not dds.mappable(full_deal(1, Bid.parse("7NT")))  # the free joker is in a hand
    assert dds.mappable(full_deal(1, Bid.parse("7NT"), joker=False))
    assert not dds.mappable(full_deal(1, Bid.parse("MIS")))
    for players in (2, 3, 6):
        rules = Rules(players=players)
        assert not dds.mappable(random_position(Random(players), rules, Bid.parse("7H"), 3))


def test_python_backend_never_uses_dds_and_dds_refuses_what_does_not_map() -> None:
    deal = full_deal(2, Bid.parse("7S"))
    assert not Solver(backend="python").uses_dds(deal)
    assert Solver().uses_dds(deal) == dds.available()
    with pytest.raises(ValueError, match="backend"):
        Solver(backend="fast")
    if dds.available():
        with pytest.raises(SolveError, match="does not map"):
            Solver(backend="dds").solve(full_deal(2, Bid.parse("7NT")))
