"""Time per decision of the sampling bot, in the kernel and as in the live book (figures, not a test).

Usage: python -m bench.bench_bot_moves [--deals 4] [--seed 1] [--host both] [--learner-deals 0]
                                       [--misere-hands 0]

Hosts (``--host``):

- ``kernel``: what JupyterLab's kernel runs: DDS where a layout maps to bridge (every suit
  contract, no trumps with the joker out of play), the compiled (mypyc) search for the rest.
- ``browser``: what the live book runs under Pyodide: no DDS, no compiled search — the plain
  Python search (``Solver(backend="python", native=False)``) for every layout, here under
  CPython (Pyodide is about 1.5-2.5x slower: ``python -m bench.bench_live`` measures it there).

The sampling bot holds every seat of ``--deals`` 4-player deals; each decision with more than one
legal choice is timed in CPU seconds (all threads) by phase, and the card play by tricks left,
with how many of those decisions were sampled (the others: rules of thumb, before the plan's
tricks left or when its node cap left too few layouts; see ``analysis.sampling_bot.PLANS``).

``--learner-deals N``: N whole deals through the play widget's handler against the strong bots,
the learner following every hint: wall seconds per hint and per move (the learner's card and
the bots' replies up to the learner's next turn), the live book's 3 s budget judged at Pyodide's
2.5x (1.2 s here).

``--misere-hands N``: the slowest bids, timed apart.  Random deals are rare to give a hand worth a
misère simulation, so N opening bids are timed whose hand is (the heuristic's misère danger <=
1.2, as the bot checks): each solves up to ``misere_layouts`` misère layouts in pure Python (no
DDS for misère) on top of the DDS trick simulation.  Printed: CPU per bid, and how many bids
then were misère.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from collections.abc import Iterator
from typing import Any

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor import solver as solver_module
from fivehundred_tutor.analysis.sampling_bot import PLANS, SamplePlan, SamplingBot, search_kind
from fivehundred_tutor.bots import misere_danger
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import Solver, dds

#: Pyodide's slowdown against CPython, the worse end (bench_live measures it)
PYODIDE = 2.5


@contextlib.contextmanager
def host(name: str) -> Iterator[None]:
    """``browser``: no DDS and no compiled search for everything made inside (as under Pyodide)."""
    if name == "kernel":
        yield
        return
    available, native = dds.available, solver_module.NATIVE
    dds.available = lambda: False  # type: ignore[assignment]
    solver_module.NATIVE = None
    try:
        yield
    finally:
        dds.available = available  # type: ignore[assignment]
        solver_module.NATIVE = native


def _line(values: list[float]) -> str:
    values = sorted(values)
    return (
        f"median {statistics.median(values):.3f} s  p90 {values[int(0.9 * (len(values) - 1))]:.3f} s  "
        f"max {values[-1]:.3f} s  (n={len(values)})"
    )


def _plan_words(name: str) -> str:
    solver = Solver()
    if name == "kernel" and dds.available():
        return f"DDS where it maps (20 layouts); {search_kind(solver)} search otherwise: {PLANS[search_kind(solver)]}"
    return f"{search_kind(solver)} search: {PLANS[search_kind(solver)]}"


def every_seat(name: str, deals: int, seed: int) -> None:
    times: dict[str, list[float]] = {"auction": [], "play": []}
    by_left: dict[int, list[float]] = {}
    sampled: dict[int, list[bool]] = {}
    for i in range(deals):
        bot = SamplingBot(seed=i)
        deal = Deal.new(Rules(), seed=derive_seed("bench-bot-moves", seed, i))
        while not deal.is_over:
            many = len(deal.legal_actions()) > 1
            phase = str(deal.phase)
            left = len(deal.hands[deal.to_move]) if deal.to_move is not None else 0
            bot.last_report = None
            c0 = time.process_time()
            action = bot.choose(deal)
            spent = time.process_time() - c0
            if many and phase in times:
                times[phase].append(spent)
                if phase == "play":
                    by_left.setdefault(left, []).append(spent)
                    report = bot.last_report
                    sampled.setdefault(left, []).append(report is not None and report.layouts > 0)
            deal.push(action)
    for phase, values in times.items():
        if values:
            print(f"{name:7} {phase:8} cpu per decision: {_line(values)}", flush=True)
    for left in sorted(by_left, reverse=True):
        done = sampled[left]
        print(
            f"{name:7}   {left:2} cards in hand: {_line(by_left[left])}; sampled {sum(done)} of {len(done)}",
            flush=True,
        )


def learner(name: str, deals: int, seed: int) -> None:
    """Whole deals in the play widget's handler, strong bots, the learner (South) following every hint."""
    from fivehundred_tutor.handlers import handle
    from fivehundred_tutor.handlers.play import start

    hints: list[float] = []
    moves: list[float] = []
    card_moves: dict[int, list[float]] = {}
    worst: tuple[float, str] = (0.0, "")
    for i in range(deals):
        state: dict[str, Any] = start(Rules(), derive_seed("bench-learner", seed, i), 0, level="strong")
        while not state["view"]["over"]:
            t0 = time.perf_counter()
            reply = handle("play", {"type": "hint"}, {"state": state})["reply"]
            hints.append(time.perf_counter() - t0)
            left = len(state["view"]["hands"][0])
            t0 = time.perf_counter()
            out = handle("play", {"type": "act", "code": reply["code"]}, {"state": state})
            spent = time.perf_counter() - t0
            moves.append(spent)
            if state["view"]["phase"] == "play":
                card_moves.setdefault(left, []).append(spent)
            if spent > worst[0]:
                worst = (spent, f"deal {i}, {state['view']['phase']}, {left} cards, {state['view']['contract']}")
            state = out["update"]["state"]
    print(f"{name:7} learner following every hint, {deals} deals:", flush=True)
    print(f"{name:7}   a hint: wall {_line(hints)}", flush=True)
    print(f"{name:7}   a move + the bots' replies: wall {_line(moves)}; worst: {worst[1]}", flush=True)
    for left in sorted(card_moves, reverse=True):
        print(f"{name:7}     card play, {left:2} cards in hand: {_line(card_moves[left])}", flush=True)
    if name == "browser":
        limit = 3 / PYODIDE
        over = sum(v > limit for v in moves + hints)
        print(
            f"{name:7}   over {limit:.1f} s here (3 s in the browser at {PYODIDE}x): {over} of "
            f"{len(moves) + len(hints)} hints and moves",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--host", choices=("kernel", "browser", "both"), default="both")
    parser.add_argument("--learner-deals", type=int, default=0)
    parser.add_argument("--misere-hands", type=int, default=0)
    parser.add_argument(
        "--plan", help="try another plan for the browser's search: TRICKS,LAYOUTS,NODES,LEAST (e.g. 9,10,30000,4)"
    )
    args = parser.parse_args()
    if args.plan:
        tricks, layouts, nodes, least = (int(x) for x in args.plan.split(","))
        PLANS["interpreted"] = SamplePlan(tricks=tricks, layouts=layouts, nodes=nodes, least=least)
    if args.misere_hands:
        _misere_bids(args.misere_hands, args.seed)
        return
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}", flush=True)
    for name in ("kernel", "browser") if args.host == "both" else (args.host,):
        with host(name):
            print(f"{name}: {_plan_words(name)}", flush=True)
            if args.deals:
                every_seat(name, args.deals, args.seed)
            if args.learner_deals:
                learner(name, args.learner_deals, args.seed)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}", flush=True)


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
