"""Speed of the double-dummy solver on random full deals (figures, not a test).

Usage: python -m bench.bench_solver [--deals 50] [--annotate 50] [--seed 1]

Deals 10 cards to each of four players from the 43-card pack (the kitty left
out), picks a random suit (or no trumps) and declarer, and times
``solve`` on the opening position; then times annotating every play of a
whole deal (``analyse`` before each card, the deal continued along a best line).
Prints median / p95 / max, suit and no trumps separately, and also suit
contracts whose trumps are the declaring side's longest suit (what a bidder
would choose).  ``--backend python`` (the default) times the pure-Python search;
``bench/bench_backends.py`` puts it beside DDS by kind of deal.  Wall-clock figures depend on the machine's load: the CPU
time (``time.process_time``) less so, the node counts not at all.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from fivehundred_tutor.bids import Bid
from fivehundred_tutor.cards import Suit
from fivehundred_tutor.deal import DONE, Deal
from fivehundred_tutor.rng import Random, derive_seed
from fivehundred_tutor.rules import Rules
from fivehundred_tutor.solver import Solver, best_actions


def random_deal(seed: int, no_trumps: bool, rules: Rules | None = None, *, longest: bool = False) -> Deal:
    """Ten random cards each; a random trump suit (or the declaring side's longest suit) and declarer."""
    rules = rules or Rules()
    rng = Random(seed)
    deck = rules.deck()
    rng.shuffle(deck)
    n = rules.players
    hands = [deck[10 * i : 10 * i + 10] for i in range(n)]
    declarer = rng.randbelow(n)
    trump = Suit(rng.randbelow(4))
    if longest:
        side = rules.sides[rules.side_of(declarer)]
        trump = max(Suit, key=lambda s: sum(1 for seat in side for c in hands[seat] if c.suit == s))
    contract = Bid.no_trumps(7) if no_trumps else Bid.suit(7, trump)
    return Deal.from_position(rules, hands, contract, declarer, declarer)


def _p95(values: Sequence[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def figures(times: list[float]) -> str:
    times = sorted(times)
    return f"median {statistics.median(times):.3f} s  p95 {_p95(times):.3f} s  max {times[-1]:.3f} s  (n={len(times)})"


def cpu_nodes(cpu: list[float], nodes: list[int] | None = None) -> str:
    out = f"    cpu: median {statistics.median(cpu):.3f} s  p95 {_p95(cpu):.3f} s  max {max(cpu):.3f} s"
    if nodes:
        out += f"; nodes: median {int(statistics.median(nodes))}  p95 {int(_p95(nodes))}  max {max(nodes)}"
    return out


def annotate_all(deal: Deal, backend: str = "python") -> None:
    solver = Solver(backend=backend)
    while deal.phase != DONE:
        values = solver.analyse(deal)
        deal.push(best_actions(deal, values)[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--annotate", type=int, default=50, help="deals to annotate play by play, per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--backend", default="python", choices=["python", "auto"], help="auto: DDS where a position maps to bridge"
    )
    args = parser.parse_args()
    rules = Rules(players=args.players)
    kinds = [("suit", False, False), ("no trumps", True, False), ("suit, trumps = longest suit", False, True)]
    for label, nt, longest in kinds:
        times, cpu, nodes = [], [], []
        for k in range(args.deals):
            deal = random_deal(derive_seed("bench", args.seed, k, label), nt, rules, longest=longest)
            solver = Solver(backend=args.backend)
            t0, c0 = time.perf_counter(), time.process_time()
            solver.solve(deal)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            nodes.append(solver.nodes)
        print(f"solve, {label}: {figures(times)}", flush=True)
        print(cpu_nodes(cpu, nodes), flush=True)
        if longest:
            continue
        times, cpu = [], []
        for k in range(args.annotate):
            deal = random_deal(derive_seed("bench-annotate", args.seed, k, label), nt, rules)
            t0, c0 = time.perf_counter(), time.process_time()
            annotate_all(deal, args.backend)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        if times:
            print(f"annotate every play, {label}: {figures(times)}", flush=True)
            print(cpu_nodes(cpu), flush=True)


if __name__ == "__main__":
    main()
