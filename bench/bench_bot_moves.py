"""Time per decision of the sampling bot, with DDS and in pure Python (figures, not a test).

Usage: python -m bench.bench_bot_moves [--deals 4] [--seed 1]

The sampling bot holds every seat of a few 4-player deals; each decision with more than one
legal choice is timed in CPU seconds (all threads) by phase.  "python" forces the pure-Python
solver, as in the live book under Pyodide (there: heuristic bids; sampled card play from 6 tricks
left over 10 layouts; earlier, rules of thumb).
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.bot import SamplingBot
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import Solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
