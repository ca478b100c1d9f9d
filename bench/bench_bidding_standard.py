"""How the book's bidding count compares with double-dummy play (figures, not a test).

Usage: python -m bench.bench_bidding_standard [--hands 300] [--layouts 40] [--seed 1]

Random hands for North; for every denomination where the hand could bid (three trumps in a suit;
the joker or two aces in no trumps) the count (:func:`fivehundred_tutor.bidding_standard.count`)
is compared with a simulation: the other cards dealt ``--layouts`` times, North takes the kitty
and discards, every layout solved double dummy.  Printed:

- the average of (simulated tricks − count): how cautious the count is;
- the share of bids made, by how far the count is from the bid's level (count − level, in
  half-trick bins): the evidence behind "a bid is sound when the count reaches it".

Double-dummy play sees every card, which favours the declarer a little: read these shares as an
upper bound of what a player makes at the table.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

from fivehundred_tutor import Bid, Rules
from fivehundred_tutor.analysis import simulate
from fivehundred_tutor.bidding_standard import NO_TRUMP_ACES, count, trump_count
from fivehundred_tutor.cards import ACE, JOKER
from fivehundred_tutor.rng import Random


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--layouts", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules()
    rng = Random(args.seed)
    deck = rules.deck()
    gaps: list[float] = []
    made: dict[float, list[float]] = defaultdict(list)  # count − level, half-trick bins → chance made
    started = time.perf_counter()
    for i in range(args.hands):
        hand = rng.sample(deck, rules.hand_size)
        for code in ("S", "C", "D", "H", "NT"):
            probe = Bid.parse("7" + code)
            aces = sum(1 for c in hand if c.rank == ACE and not c.is_joker)
            if probe.trump is not None and trump_count(rules, hand, probe) < 3:
                continue
            if probe.trump is None and JOKER not in hand and aces < NO_TRUMP_ACES:
                continue
            counted = count(rules, hand, probe)
            if counted < 4.5:
                continue
            sim = simulate(rules, 0, hand, layouts=args.layouts, seed=args.seed * 1000 + i, denominations=(code,))
            gaps.append(sim.mean(code) - counted)
            for level in range(6, 11):
                diff = counted - level
                if -2.0 <= diff < 1.5:
                    made[math.floor(diff * 2) / 2].append(sim.chance(code, level))
    took = time.perf_counter() - started
    print(f"{len(gaps)} (hand, denomination) pairs from {args.hands} hands, {args.layouts} layouts each: {took:.0f} s")
    print(f"simulated tricks − count: mean {statistics.mean(gaps):+.2f}, median {statistics.median(gaps):+.2f}")
    print("count − level      bids   made (double dummy, mean)")
    for key in sorted(made):
        shares = made[key]
        print(f"[{key:+.1f}, {key + 0.5:+.1f})   {len(shares):6d}   {statistics.mean(shares):6.1%}")


if __name__ == "__main__":
    main()
