"""The book's misère hand test against the solver (figures, not a test).

Usage: python -m bench.misere_hands [--deals 3000] [--seed-label om-stat]

Deals ``--deals`` 4-player hands (seeds derived from ``--seed-label``).  For every hand that the
hand test (``questions.judging.call_problem``) passes for misère or open misère, the declarer
takes the kitty and throws what the bots throw (``bots.discards_for``), and the solver, with every
card in view, says whether any defence makes the declarer win a trick.  For open misère that is
close to the real game (the hand is face up after the first trick); for misère it is the
defenders' best case.  Prints, per contract, how many hands passed the test and how many of them
no defence beats, and the same with the bots' discards changed to "throw the three highest"
(no bonus for keeping a short suit).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence

from fivehundred_tutor import Bid, Card, Deal, Rules
from fivehundred_tutor.bots import discards_for
from fivehundred_tutor.cards import JOKER
from fivehundred_tutor.questions.judging import call_problem
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import Solver

Discarder = Callable[[Rules, Sequence[Card], Bid], list[Card]]


def bots_discards(rules: Rules, cards: Sequence[Card], contract: Bid) -> list[Card]:
    return discards_for(rules, cards, contract, rules.kitty_size)


def highest_three(rules: Rules, cards: Sequence[Card], contract: Bid) -> list[Card]:
    power = rules.table(contract).power
    return sorted(cards, key=lambda c: -power[c.index] - (50 if c is JOKER else 0))[: rules.kitty_size]


def unbeatable(rules: Rules, deal: Deal, seat: int, contract: Bid, discard: Discarder) -> bool:
    full = [*deal.hands[seat], *deal.kitty]
    thrown = discard(rules, full, contract)
    hands = {s: list(deal.hands[s]) for s in range(rules.players) if s not in rules.partners(seat)}
    hands[seat] = [c for c in full if c not in thrown]
    return Solver().solve(Deal.from_position(rules, hands, contract, seat)) == 0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed-label", default="om-stat")
    args = parser.parse_args(argv)
    rules = Rules()
    discarders: dict[str, Discarder] = {"bots' discards": bots_discards, "three highest": highest_three}
    counts = {(bid.kind, name): [0, 0] for bid in (Bid.misere(), Bid.open_misere()) for name in discarders}
    started = time.perf_counter()
    for i in range(args.deals):
        deal = Deal.new(rules, seed=derive_seed(args.seed_label, i), dealer=0)
        for seat in range(rules.players):
            for contract in (Bid.misere(), Bid.open_misere()):
                if call_problem(rules, deal.hands[seat], contract) is not None:
                    continue
                for name, discard in discarders.items():
                    tally = counts[(contract.kind, name)]
                    tally[0] += 1
                    tally[1] += unbeatable(rules, deal, seat, contract, discard)
    for (kind, name), (passed, safe) in counts.items():
        share = f"{100 * safe / passed:.0f}%" if passed else "-"
        print(f"{kind:<12} {name:<15} hands the test passes: {passed:4d}   no defence beats: {safe:4d} ({share})")
    print(f"{args.deals} deals in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
