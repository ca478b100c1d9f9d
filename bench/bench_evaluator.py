"""The hand evaluator's simulation times (figures, not a test).

Usage: python -m bench.bench_evaluator [--hands 5] [--seed 1] [--book]

- kernel: a new hand as ``new_hand`` makes it in JupyterLab with DDS (KERNEL_LAYOUTS layouts,
  every denomination in one go), wall and CPU seconds per hand (budget: 2 s);
- pure Python (the live book's worker, no DDS): one unit of a ``simulate`` request = one layout in
  one denomination; CPU per unit and per layout (all five denominations).  Pyodide runs slower
  than this CPython; the live test (tests/ui/test_evaluator_live.py) prints the browser's times;
- --book: the chapter's bank (6 hands x BOOK_LAYOUTS layouts), as the book build makes it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from fivehundred_tutor import Rules
from fivehundred_tutor.analysis import simulate
from fivehundred_tutor.cards import Card
from fivehundred_tutor.handlers import evaluator as ev
from fivehundred_tutor.solver import Solver, dds

T = TypeVar("T")


def _timed(fn: Callable[[], T]) -> tuple[T, float, float]:
    """``fn()``, its wall seconds and its CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--book", action="store_true")
    args = parser.parse_args()
    rules = Rules()
    print(f"DDS available: {dds.available()}")
    walls, cpus = [], []
    for i in range(args.hands):
        _item, wall, cpu = _timed(partial(ev.hand_item, rules, args.seed + i, layouts=ev.KERNEL_LAYOUTS))
        walls.append(wall)
        cpus.append(cpu)
    print(
        f"kernel, {ev.KERNEL_LAYOUTS} layouts x 5 denominations per new hand: "
        f"wall median {statistics.median(walls):.2f} s max {max(walls):.2f} s; "
        f"CPU median {statistics.median(cpus):.2f} s max {max(cpus):.2f} s"
    )
    python = Solver(backend="python")
    units: list[float] = []
    layouts: list[float] = []
    by_den: dict[str, list[float]] = {d: [] for d in ev.DENOMINATIONS}
    for i in range(args.hands):
        item = ev.hand_item(rules, args.seed + i, layouts=1)
        hand = [Card.parse(c) for c in item["cards"]]
        for c in range(2):
            total = 0.0
            for d in ev.DENOMINATIONS:
                seed = int(item["seed"]) + c
                _sim, _wall, cpu = _timed(
                    partial(simulate, rules, 0, hand, layouts=1, seed=seed, denominations=(d,), solver=python)
                )
                units.append(cpu)
                by_den[d].append(cpu)
                total += cpu
            layouts.append(total)
    print(
        f"pure Python, one unit (1 layout, 1 denomination): CPU median {statistics.median(units):.2f} s, "
        f"max {max(units):.2f} s; per layout (5 denominations): median {statistics.median(layouts):.2f} s, "
        f"max {max(layouts):.2f} s; {ev.LIVE_LAYOUTS} layouts ~ {ev.LIVE_LAYOUTS * statistics.median(layouts):.0f} s"
    )
    print(
        "  by denomination (median CPU s): " + ", ".join(f"{d} {statistics.median(v):.2f}" for d, v in by_den.items())
    )
    if args.book:
        _model, wall, cpu = _timed(partial(ev.evaluator_model, rules, hands=6, seed=12, layouts=ev.BOOK_LAYOUTS))
        print(f"book bank, 6 hands x {ev.BOOK_LAYOUTS} layouts: wall {wall:.1f} s, CPU {cpu:.1f} s")


if __name__ == "__main__":
    main()
