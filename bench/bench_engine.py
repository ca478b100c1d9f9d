"""Engine speed: random full hands per second and microseconds per action.

    .venv/bin/python -m bench.bench_engine [--hands N] [--preset NAME]

A "hand" is: shuffle and deal, an auction of random legal calls (thrown-in hands
are redealt and not counted), the kitty exchange, all the play, and the score.
Targets on the project's 2-core machine: >= 5,000 hands/s and <= 2 µs per action.
"""

from __future__ import annotations

import argparse
import random
import time

from fivehundred_tutor import Deal, Rules


def run(rules: Rules, hands: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)  # the harness's own choices: stdlib speed, not part of the engine
    done = actions = 0
    attempt = 0
    start = time.perf_counter()
    while done < hands:
        deal = Deal.new(rules, seed=attempt, dealer=attempt % rules.players)
        attempt += 1
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.push(legal[int(rng.random() * len(legal))])
            actions += 1
        result = deal.result()
        if not result.thrown_in:
            done += 1
    return time.perf_counter() - start, done, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--preset", default="australian")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules.preset(args.preset)
    run(rules, 200, args.seed)  # warm the contract tables
    elapsed, hands, actions = run(rules, args.hands, args.seed)
    print(f"preset {args.preset}: {hands} full hands, {actions} actions in {elapsed:.2f} s")
    print(f"  {hands / elapsed:,.0f} hands/s   (target >= 5,000)")
    print(f"  {elapsed / actions * 1e6:.2f} µs per action incl. legal_actions()   (target <= 2 µs)")
    print(f"  {actions / hands:.1f} actions per hand")
    deals = 3000
    start = time.perf_counter()
    for i in range(deals):
        Deal.new(rules, seed=i)
    per_deal = (time.perf_counter() - start) / deals
    attempts = hands + 0  # thrown-in hands were dealt too; estimate dealing cost from this loop
    play_only = elapsed - per_deal * attempts
    print(
        f"  shuffle+deal alone: {per_deal * 1e6:.1f} µs per hand;"
        f" actions alone: {play_only / actions * 1e6:.2f} µs per action"
    )


if __name__ == "__main__":
    main()
