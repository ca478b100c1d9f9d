"""Duplicate match: sampling bots against heuristic bots (figures, not a test).

Usage: python -m bench.bench_match [--deals 1000] [--seed 1] [--samples 20] [--bid-layouts 40]
                                   [--misere-layouts 8] [--dds-threads 1] [--minutes M] [--every 10]

Each deal is played twice with the same cards: the sampling bots sit North–South and the
heuristic bots East–West, then the other way round.  Per deal, the sampling side's points are
(its score minus the heuristic side's score) summed over both tables, halved; the mean is given
with a 95% interval (1.96 standard errors).  Make-rates of 6-, 7-, 8-, 9-, 10-level contracts,
misère and open misère are counted per side.  ``--minutes`` stops after that long and prints
what was played (the number of deals is in the output).  ``--dds-threads 1`` (the default)
keeps DDS on one core, so the match uses one core (0: DDS's own choice, every core).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections import defaultdict

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.bot import SamplingBot
from fivehundred_tutor.bots import HeuristicBot
from fivehundred_tutor.rng import derive_seed
from fivehundred_tutor.solver import dds


def category(contract_code: str) -> str:
    if contract_code == "MIS":
        return "misère"
    if contract_code == "OM":
        return "open misère"
    return f"{contract_code[:-2] if contract_code.endswith('NT') else contract_code[:-1]}-level"


def play(
    rules: Rules, seed: int, dealer: int, sampling_side: int, sampler: SamplingBot, heuristic: HeuristicBot
) -> Deal:
    deal = Deal.new(rules, seed=seed, dealer=dealer)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        bot = sampler if rules.side_of(seat) == sampling_side else heuristic
        deal.push(bot.choose(deal))
    return deal


def report(
    diffs: list[float],
    stats: dict[str, dict[str, list[int]]],
    moves: list[tuple[float, float, str]],
    started: float,
) -> None:
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("nan")
    print(
        f"\n{n} deals (each played twice), {time.perf_counter() - started:.0f} s wall, {time.process_time():.0f} s CPU",
        flush=True,
    )
    print(
        f"sampling side, points per deal vs heuristic: {mean:+.1f}  (95% interval {mean - half:+.1f} … {mean + half:+.1f})"
    )
    for side in ("sampling", "heuristic"):
        rows = stats[side]
        total_p = sum(r[0] for k, r in rows.items() if k != "NT")
        total_m = sum(r[1] for k, r in rows.items() if k != "NT")
        parts = [f"{k}: {m}/{p} ({100 * m / p:.0f}%)" for k, (p, m) in sorted(rows.items()) if p]
        overall = f"{100 * total_m / total_p:.0f}%" if total_p else "-"
        print(f"  {side} declares: {total_m}/{total_p} made ({overall}); " + "; ".join(parts))
    if moves:
        walls = sorted(m[0] for m in moves)
        cpus = sorted(m[1] for m in moves)
        slowest = max(moves, key=lambda m: m[1])
        print(
            f"  sampling bot per decision: wall median {statistics.median(walls):.2f} s, "
            f"p95 {walls[int(0.95 * (len(walls) - 1))]:.2f} s, max {walls[-1]:.2f} s (machine shared); "
            f"CPU p95 {cpus[int(0.95 * (len(cpus) - 1))]:.2f} s, max {cpus[-1]:.2f} s ({slowest[2]}); "
            f"{sum(m[1] > 1 for m in moves)} of {len(moves)} over 1 s CPU",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--bid-layouts", type=int, default=40)
    parser.add_argument("--misere-layouts", type=int, default=8)
    parser.add_argument("--dds-threads", type=int, default=1, help="DDS threads (0: every core)")
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--every", type=int, default=10, help="print the running figures every N deals")
    args = parser.parse_args()
    rules = Rules()
    if dds.available() and args.dds_threads:
        dds.set_threads(args.dds_threads)
    print(
        f"DDS available: {dds.available()} ({args.dds_threads or 'all'} thread(s)); settings: --samples {args.samples} "
        f"--bid-layouts {args.bid_layouts} --misere-layouts {args.misere_layouts} --seed {args.seed}; "
        f"{args.deals} deals",
        flush=True,
    )
    heuristic = HeuristicBot()
    stats: dict[str, dict[str, list[int]]] = {
        "sampling": defaultdict(lambda: [0, 0]),
        "heuristic": defaultdict(lambda: [0, 0]),
    }
    diffs: list[float] = []
    moves: list[tuple[float, float, str]] = []  # (wall, CPU, what) per decision with a choice
    started = time.perf_counter()

    class Timed(SamplingBot):
        def choose(self, deal: Deal):  # type: ignore[no-untyped-def]
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                return super().choose(deal)
            finally:
                if len(deal.legal_actions()) > 1:
                    what = str(deal.phase) if deal.contract is None else f"{deal.phase}, {deal.contract.code}"
                    moves.append((time.perf_counter() - t0, time.process_time() - c0, what))

    for i in range(args.deals):
        seed = derive_seed("duplicate", args.seed, i)
        diff = 0.0
        for sampling_side in (0, 1):
            sampler = Timed(
                samples=args.samples, bid_layouts=args.bid_layouts, misere_layouts=args.misere_layouts, seed=i
            )
            deal = play(rules, seed, i % 4, sampling_side, sampler, heuristic)
            result = deal.result()
            diff += result.scores[sampling_side] - result.scores[1 - sampling_side]
            if result.contract is not None and result.declarer is not None:
                who = "sampling" if rules.side_of(result.declarer) == sampling_side else "heuristic"
                for key in (category(result.contract.code), "NT" if result.contract.code.endswith("NT") else ""):
                    if key:
                        row = stats[who][key]
                        row[0] += 1
                        row[1] += result.made
        diffs.append(diff / 2)
        if (i + 1) % args.every == 0:
            report(diffs, stats, moves, started)
        if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
            break
    report(diffs, stats, moves, started)


if __name__ == "__main__":
    main()
