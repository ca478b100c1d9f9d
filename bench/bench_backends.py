"""Solver speed per full deal by kind, DDS backend on and off side by side (figures, not a test).

Usage: python -m bench.bench_backends [--deals 10] [--seed 1] [--only TEXT] [--python-only]

Kinds: 4-player suit contracts; no trumps with the joker out of play (in the kitty); no trumps
with the joker in a hand (a deal that left it in the kitty has it swapped with a seeded card of a
hand, the other deals as they were); misère; 3-player suit; 2-player suit (the face-down table cards
known).  "auto" is ``Solver()`` (DDS wherever a position maps to bridge, else the search),
then the search alone (``Solver(backend="python")``): compiled by mypyc where it is built (the
kernel's; see fivehundred_tutor.solver.native) and as plain Python (the browser's), with the
same nodes.  CPU time (``time.process_time``, all threads) and wall time; on a shared machine
the wall time is the noisier one.

Then "Check my play" in the 2-player game: a deal bid and played by the heuristic bots, and the
review of South's cards (``handlers.play.review``: every card that was a real choice checked by
the solver, one solver for the whole deal), CPU and wall seconds per whole deal.

Search nodes (pure Python) are printed too: unlike the times they do not depend on the load.
``--only TEXT`` keeps the kinds whose label contains TEXT ("check" for the review);
``--python-only`` skips the "auto" column.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

import fivehundred_tutor.solver as solver_pkg
from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.actions import Action
from fivehundred_tutor.bids import Bid
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.cards import JOKER, Suit
from fivehundred_tutor.deal import PLAY
from fivehundred_tutor.handlers.play import review
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.solver import NATIVE, Solver, dds, native_status


def four(seed: int, contract: str, *, joker_out: bool = False, joker_in: bool = False) -> Deal:
    rules = Rules()
    rng = Random(seed)
    deck = rules.deck()
    rng.shuffle(deck)
    if joker_out:  # the joker among the three cards left out (the kitty)
        deck.remove(JOKER)
        deck.append(JOKER)
    if joker_in and deck.index(JOKER) >= 40:  # the joker in a hand: swapped with a seeded card
        k, j = Random(derive_seed("bench-backends-joker-in", seed)).randbelow(40), deck.index(JOKER)
        deck[k], deck[j] = deck[j], deck[k]
    hands = [deck[10 * i : 10 * i + 10] for i in range(4)]
    declarer = rng.randbelow(4)
    bid = Bid.parse(contract) if contract != "suit" else Bid.suit(7, Suit(rng.randbelow(4)))
    return Deal.from_position(rules, hands, bid, declarer, declarer)


def bot_bid(seed: int, players: int) -> Deal:
    """A bot-bid deal of the ``players``-player game at its opening lead (suit and NT contracts)."""
    rules = Rules(players=players)
    k = 0
    while True:
        deal = Deal.new(rules, seed=derive_seed("bench-backends", seed, players, k))
        bot = HeuristicBot()
        while deal.phase != PLAY and not deal.is_over:
            deal.push(bot.choose(deal))
        if deal.phase == PLAY and deal.contract is not None and not deal.contract.is_misere:
            return deal
        k += 1


KINDS: list[tuple[str, Callable[[int], Deal]]] = [
    ("4p suit", lambda s: four(s, "suit")),
    ("4p NT, joker in the kitty", lambda s: four(s, "7NT", joker_out=True)),
    ("4p NT, joker in a hand", lambda s: four(s, "7NT", joker_in=True)),
    ("4p misère", lambda s: four(s, "MIS")),
    ("3p (bot-bid)", lambda s: bot_bid(s, 3)),
    ("2p (bot-bid)", lambda s: bot_bid(s, 2)),
]


def timed(deal: Deal, backend: str, native: bool | None = None) -> tuple[float, float, int]:
    solver = Solver(backend=backend, native=native)
    c0, t0 = time.process_time(), time.perf_counter()
    solver.solve(deal)
    return time.process_time() - c0, time.perf_counter() - t0, solver.nodes


def fmt(values: list[float]) -> str:
    return f"median {statistics.median(values):7.3f}  max {max(values):7.3f}"


def fmt_nodes(values: list[int]) -> str:
    return f"nodes median {int(statistics.median(values))} max {max(values)}"


class CountingSolver(Solver):
    """A solver that adds its search nodes to ``CountingSolver.total`` (for the review's figures)."""

    total = 0
    search_native: bool | None = None  # the search the review's solvers use (None: the default)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(native=CountingSolver.search_native, **kwargs)

    def check(self, deal: Deal, action: Action, *, all_best: bool = True) -> tuple[int, int, list[Action]]:
        n0 = self.nodes
        try:
            return super().check(deal, action, all_best=all_best)
        finally:
            CountingSolver.total += self.nodes - n0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="kinds whose label contains this text ('check': the review)")
    parser.add_argument("--python-only", action="store_true", help="skip the auto (DDS) column")
    args = parser.parse_args()
    load = "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    print(
        f"DDS available: {dds.available()}; {args.deals} deals per kind; seconds per full-deal solve; {load}",
        flush=True,
    )
    print(f"the search: {native_status()}", flush=True)
    cores = [True, False] if NATIVE is not None else [False]
    print(
        f"{'kind':28} {'auto (DDS where it maps), cpu':34} "
        + "".join(f"{'compiled search, cpu' if c else 'Python search, cpu':34}" for c in cores)
        + "uses DDS",
        flush=True,
    )
    for label, make in KINDS:
        if args.only not in label:
            continue
        auto_cpu: list[float] = []
        cpu: dict[bool, list[float]] = {c: [] for c in cores}
        wall: dict[bool, list[float]] = {c: [] for c in cores}
        nodes: dict[bool, list[int]] = {c: [] for c in cores}
        used = 0
        for k in range(args.deals):
            deal = make(derive_seed("bench-backends", args.seed, label, k))
            used += Solver().uses_dds(deal)
            if not args.python_only:
                auto_cpu.append(timed(deal, "auto")[0])
            for c in cores:
                seconds, wall_seconds, count = timed(deal, "python", c)
                cpu[c].append(seconds)
                wall[c].append(wall_seconds)
                nodes[c].append(count)
        auto = fmt(auto_cpu) if auto_cpu else "-"
        print(f"{label:28} {auto:34} " + "".join(f"{fmt(cpu[c]):34}" for c in cores) + f"{used}/{args.deals}")
        print(f"{'':28} {'':34} " + "".join(f"{'wall ' + fmt(wall[c]):34}" for c in cores), flush=True)
        print(f"{'':28} {'':34} {fmt_nodes(nodes[False])} (the same in both)", flush=True)
    if args.only.lower() not in "2p check my play (deal)":
        _print_load()
        return
    for c in cores:
        checks: list[float] = []
        walls: list[float] = []
        counts: list[int] = []
        k = 0
        while len(checks) < args.deals:
            deal = Deal.new(Rules(players=2), seed=derive_seed("bench-backends-review", args.seed, k))
            k += 1
            bot = HeuristicBot()
            while not deal.is_over:
                deal.push(bot.choose(deal))
            if deal.declarer is None:
                continue
            CountingSolver.total = 0
            CountingSolver.search_native = c
            c0, t0 = time.process_time(), time.perf_counter()
            with _counting():
                review(deal, 0)
            checks.append(time.process_time() - c0)
            walls.append(time.perf_counter() - t0)
            counts.append(CountingSolver.total)
        search = "compiled search" if c else "Python search"
        print(f"{'2p Check my play (deal)':28} {fmt(checks):34} (cpu per whole deal, South's cards; {search})")
        print(f"{'':28} wall {fmt(walls)}; {fmt_nodes(counts)}", flush=True)
    _print_load()


def _print_load() -> None:
    """The machine's load at the end (CPU times on a shared machine grow with it; nodes do not)."""
    print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()), flush=True)


@contextlib.contextmanager
def _counting() -> Iterator[None]:
    """``handlers.play.review`` builds its solver from the solver package: a counting one meanwhile."""
    saved = solver_pkg.Solver
    solver_pkg.Solver = CountingSolver  # type: ignore[misc]
    try:
        yield
    finally:
        solver_pkg.Solver = saved  # type: ignore[misc]


if __name__ == "__main__":
    main()
