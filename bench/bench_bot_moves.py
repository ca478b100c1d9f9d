"""Time per decision of the sampling bot, with DDS and in pure Python (figures, not a test).

Usage: python -m bench.bench_bot_moves [--deals 4] [--seed 1] [--misere-hands 0]

The sampling bot holds every seat of a few 4-player deals; each decision with more than one
legal choice is timed in CPU seconds (all threads) by phase.  "python" forces the pure-Python
solver, as in the live book under Pyodide (there: heuristic bids; sampled card play from 6 tricks
left over 10 layouts; earlier, rules of thumb).

``--misere-hands N``: the slowest bids, timed apart.  Random deals are rare to give a hand worth a
misère simulation, so N opening bids are timed whose hand is (the heuristic's misère danger <=
1.2, as the bot checks): each solves up to ``misere_layouts`` misère layouts in pure Python (no
DDS for misère) on top of the DDS trick simulation.  Printed: CPU per bid, and how many bids
then were misère.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.bot import SamplingBot
from fivehundred_tutor.bots import misere_danger
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import Solver, dds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--misere-hands", type=int, default=0)
    args = parser.parse_args()
    if args.misere_hands:
        _misere_bids(args.misere_hands, args.seed)
        return
    for backend in ("auto", "python"):
        times: dict[str, list[float]] = {"auction": [], "play": []}
        for i in range(args.deals):
            bot = SamplingBot(seed=i, solver=Solver(backend=backend))
            deal = Deal.new(Rules(), seed=derive_seed("bench-bot-moves", args.seed, i))
            while not deal.is_over:
                many = len(deal.legal_actions()) > 1
                phase = str(deal.phase)
                c0 = time.process_time()
                action = bot.choose(deal)
                if many and phase in times:
                    times[phase].append(time.process_time() - c0)
                deal.push(action)
        for phase, values in times.items():
            if values:
                print(
                    f"{backend:6} {phase:8} cpu per decision: median {statistics.median(values):.3f} s  "
                    f"max {max(values):.3f} s  (n={len(values)})",
                    flush=True,
                )


def _misere_bids(count: int, seed: int) -> None:
    rules = Rules()
    times: list[float] = []
    walls: list[float] = []
    bids: list[str] = []
    i = 0
    while len(times) < count:
        i += 1
        deal = Deal.new(rules, seed=derive_seed("bench-misere-bids", seed, i))
        assert deal.to_move is not None
        if misere_danger(rules, deal.hands[deal.to_move], rules.kitty_size) > 1.2:
            continue
        bot = SamplingBot(seed=i)
        c0, w0 = time.process_time(), time.perf_counter()
        action = bot.choose(deal)
        times.append(time.process_time() - c0)
        walls.append(time.perf_counter() - w0)
        bids.append(str(action))
    print(
        f"bids of hands worth a misère simulation (DDS {dds.available()}): cpu per bid median "
        f"{statistics.median(times):.3f} s, p90 {sorted(times)[int(0.9 * len(times))]:.3f} s, max {max(times):.3f} s "
        f"(n={len(times)}); wall median {statistics.median(walls):.3f} s, max {max(walls):.3f} s; "
        f"misère bid {sum('mis' in b.lower() for b in bids)} times (load {os.getloadavg()[0]:.1f})",
        flush=True,
    )


if __name__ == "__main__":
    main()
