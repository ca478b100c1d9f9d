"""Five players in PlayDeal: how fast the solver answers *Check my play*, and the strong bots' moves
(figures, not a test).

Usage: python -m bench.bench_five_players [--deals 12] [--seed 1] [--host both] [--bots 3]

Five hands have no DDS (it solves four), so every position is the solver's own search: compiled
(mypyc) in JupyterLab's kernel, plain Python in the live book (``--host browser`` runs that search
here under CPython; Pyodide is about 1.5-2.5x slower, ``python -m bench.bench_live``).

- *Check my play*: ``--deals`` five-player deals through the play widget's handlers, the learner
  (South-east) playing as the bots would; each review timed (wall seconds), with the cards it
  checked within :data:`~fivehundred_tutor.handlers.play_review.FIVE_PLAYER_NODES` and the cards it
  left unchecked, by contract kind (suit or no trumps / misère).  Then the same positions solved
  without a cap, to show what the cap leaves out: nodes and seconds of the whole-deal check.
- The strong bots (``--bots`` deals, every seat the sampling bot): CPU seconds per card decision by
  cards in hand, and how many were decided from sampled layouts (the rest: rules of thumb, before
  the plan's tricks left or when the node cap left too few layouts).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from bench.bench_bot_moves import host
from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.sampling_bot import PLANS, SamplingBot, search_kind
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.handlers import handle, play_review
from fivehundred_tutor.handlers.play import start
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import SearchLimit, Solver

FIVE = Rules.preset("five-player")
SEAT = 2
#: the most nodes the "without a cap" figures may take for one deal
UNCAPPED = 30_000_000


def _line(values: list[float], unit: str = "s") -> str:
    if not values:
        return "(none)"
    values = sorted(values)
    fmt = "{:,.0f}" if unit == "nodes" else "{:.2f}"
    median, p90 = statistics.median(values), values[int(0.9 * (len(values) - 1))]
    return (
        f"median {fmt.format(median)} {unit}  p90 {fmt.format(p90)} {unit}  "
        f"max {fmt.format(values[-1])} {unit}  (n={len(values)})"
    )


def _played(seed: int) -> dict[str, Any] | None:
    """A whole deal through the handlers, the learner playing as the bots would; None if thrown in."""
    state = start(FIVE, seed, seat=SEAT)
    bot = HeuristicBot()
    while not state["view"]["over"]:
        deal = Deal.from_dict(state["deal"])
        state = handle("play", {"type": "act", "code": bot.choose(deal).code}, {"state": state})["update"]["state"]
    return None if state["view"]["result"]["thrown_in"] else state


def reviews(name: str, deals: int, seed: int) -> None:
    kind = search_kind(Solver())
    budget = play_review.FIVE_PLAYER_NODES[kind]
    print(f"{name:7} Check my play: {kind} search, {budget:,} nodes a deal", flush=True)
    times: dict[str, list[float]] = {"suit": [], "nt/misère": []}
    checked = unchecked = 0
    cut_deals = 0
    full_nodes: list[float] = []
    full_times: list[float] = []
    for i in range(deals):
        state = _played(derive_seed("bench-five", seed, i))
        if state is None:
            continue
        deal = Deal.from_dict(state["deal"])
        assert deal.contract is not None
        t0 = time.perf_counter()
        reply = handle("play", {"type": "review"}, {"state": state})["reply"]
        spent = time.perf_counter() - t0
        times["suit" if deal.contract.trump is not None else "nt/misère"].append(spent)
        left_out = reply["unchecked"]
        checked += reply["checked"]
        unchecked += left_out
        cut_deals += bool(left_out)
        # the same cards checked with no cap: what the cap leaves out
        solver, replay, over = Solver(), deal.root(), ""
        t1 = time.perf_counter()
        for action in deal.history:
            choice = len({getattr(a, "card", None) for a in replay.legal_actions()}) > 1
            if replay.phase == "play" and replay.to_move == SEAT and choice and not over:
                try:  # "no cap" within reason: a 5-player misère from its first trick can take many minutes
                    solver.check(replay, action, all_best=False, node_limit=UNCAPPED - solver.nodes)
                except SearchLimit:
                    over = f" (stopped at {UNCAPPED:,})"
            replay.push(action)
        full_times.append(time.perf_counter() - t1)
        full_nodes.append(float(solver.nodes))
        print(
            f"{name:7}   deal {i:2} {deal.contract!s:14} review {spent:6.2f} s, checked {reply['checked']}, "
            f"left out {left_out}; without a cap {full_times[-1]:6.2f} s, {solver.nodes:,} nodes{over}",
            flush=True,
        )
    for what, values in times.items():
        print(f"{name:7} review ({what}): {_line(values)}", flush=True)
    print(f"{name:7} the same cards without a cap: {_line(full_times)}; nodes {_line(full_nodes, 'nodes')}", flush=True)
    total = checked + unchecked
    print(
        f"{name:7} cards checked {checked} of {total} ({100 * checked / max(1, total):.0f}%); "
        f"deals with cards left out: {cut_deals}",
        flush=True,
    )


def strong_bots(name: str, deals: int, seed: int) -> None:
    solver = Solver()
    print(f"{name:7} strong bots: {search_kind(solver)} search, plan {PLANS[search_kind(solver)]}", flush=True)
    by_left: dict[int, list[float]] = {}
    sampled: dict[int, list[bool]] = {}
    for i in range(deals):
        bot = SamplingBot(seed=i)
        deal = Deal.new(FIVE, seed=derive_seed("bench-five-bots", seed, i))
        while not deal.is_over:
            many = len(deal.legal_actions()) > 1
            playing = deal.phase == "play"
            left = len(deal.hands[deal.to_move]) if deal.to_move is not None else 0
            bot.last_report = None
            c0 = time.process_time()
            action = bot.choose(deal)
            spent = time.process_time() - c0
            if many and playing:
                by_left.setdefault(left, []).append(spent)
                report = bot.last_report
                sampled.setdefault(left, []).append(report is not None and report.layouts > 0)
            deal.push(action)
    for left in sorted(by_left, reverse=True):
        done = sampled[left]
        print(
            f"{name:7}   {left:2} cards in hand: {_line(by_left[left])}; sampled {sum(done)} of {len(done)}", flush=True
        )
    every = [t for values in by_left.values() for t in values]
    print(f"{name:7} strong bot, every card decision: {_line(every)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--bots", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--host", choices=("kernel", "browser", "both"), default="both")
    args = parser.parse_args()
    for name in ("kernel", "browser") if args.host == "both" else (args.host,):
        with host(name):
            reviews(name, args.deals, args.seed)
            if args.bots:
                strong_bots(name, args.bots, args.seed)


if __name__ == "__main__":
    main()
