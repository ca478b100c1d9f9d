"""Double-dummy simulation speed: layouts × 5 denominations, with and without DDS (figures, not a test).

Usage: python -m bench.bench_simulation [--layouts 100] [--python-layouts 3] [--hands 3]

For a few dealt hands, :func:`fivehundred_tutor.analysis.simulate` deals the unseen cards
``--layouts`` times and solves every layout in ♠ ♣ ♦ ♥ NT with the seat as declarer (DDS
where the layout maps to bridge).  The pure-Python run does ``--python-layouts`` layouts and
the figure is also given per 100 layouts (scaled: it grows linearly with the layouts).
CPU time counts every thread (DDS solves in parallel); wall time depends on the machine's load.
"""

from __future__ import annotations

import argparse
import time

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis import simulate
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import Solver, dds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layouts", type=int, default=100)
    parser.add_argument("--python-layouts", type=int, default=3)
    parser.add_argument("--hands", type=int, default=3)
    args = parser.parse_args()
    rules = Rules()
    print(f"DDS available: {dds.available()}", flush=True)
    for h in range(args.hands):
        hand = Deal.new(rules, seed=derive_seed("bench-simulation", h)).hands[0]
        line = " ".join(str(c) for c in hand)
        if dds.available():
            c0, t0 = time.process_time(), time.perf_counter()
            sim = simulate(rules, 0, hand, layouts=args.layouts, seed=h)
            cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            means = ", ".join(f"{d} {sim.mean(d):.1f}" for d in sim.tricks)
            print(
                f"{line}: DDS {args.layouts} layouts × 5: wall {wall:.2f} s, cpu {cpu:.2f} s  (mean tricks {means})",
                flush=True,
            )
        if args.python_layouts:
            c0, t0 = time.process_time(), time.perf_counter()
            simulate(rules, 0, hand, layouts=args.python_layouts, seed=h, solver=Solver(backend="python"))
            cpu, wall = time.process_time() - c0, time.perf_counter() - t0
            scale = 100 / args.python_layouts
            print(
                f"{line}: pure Python {args.python_layouts} layouts × 5: wall {wall:.1f} s, cpu {cpu:.1f} s "
                f"(per 100 layouts: cpu ≈ {cpu * scale:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
