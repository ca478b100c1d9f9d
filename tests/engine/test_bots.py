"""The heuristic bot plays sensibly: it beats random play and bids contracts it can make."""

from __future__ import annotations

import pytest

from fivehundred_tutor import Bid, Deal, Rules, parse_cards
from fivehundred_tutor.bots import HeuristicBot, RandomBot, estimate_tricks, misere_danger
from fivehundred_tutor.cli import simulate
from fivehundred_tutor.rng import derive_seed


@pytest.mark.parametrize("preset", ["australian", "american", "three-player", "two-player", "six-player"])
def test_heuristic_side_outscores_random_side(preset: str) -> None:
    rules = Rules.preset(preset)
    smart, rnd = HeuristicBot(), RandomBot(seed=5)
    totals = [0] * len(rules.sides)
    for i in range(60):
        deal = Deal.new(rules, seed=derive_seed("bots", preset, i), dealer=i % rules.players)
        while not deal.is_over:
            seat = deal.to_move
            player = smart if rules.side_of(seat) == 0 else rnd  # type: ignore[arg-type]
            deal.push(player.choose(deal))
        for side, pts in enumerate(deal.result().scores):
            totals[side] += pts
    assert totals[0] > max(totals[1:]) + 500, totals


def test_bots_make_most_of_their_low_contracts() -> None:
    report = simulate(Rules(), 300, seed=3)
    six = [row for name, row in report["contracts"].items() if name.startswith("6")]
    played = sum(r["played"] for r in six)
    made = sum(r["made"] for r in six)
    assert played > 100 and made / played > 0.7


def test_estimates_value_bowers_and_joker() -> None:
    rules = Rules()
    strong = parse_cards("JK JH JD AH KH 10H AS AC 5D 6S")
    weak = parse_cards("4H 5H 6D 7D 5S 6S 7C 8C 9S 10C")
    assert estimate_tricks(rules, strong, Bid.parse("8H")) > 6
    assert estimate_tricks(rules, weak, Bid.parse("6H")) < 2
    assert misere_danger(rules, weak) < misere_danger(rules, strong)
