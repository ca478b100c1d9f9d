"""Duplicate match: sampling bots against heuristic bots (figures, not a test).

Usage: python -m bench.bench_match [--deals 1000] [--seed 1] [--samples 20] [--bid-layouts 40]
                                   [--misere-layouts 8] [--dds-threads 1] [--minutes M] [--every 10]
                                   [--jobs 1]

Each deal is played twice with the same cards: the sampling bots sit North–South and the
heuristic bots East–West, then the other way round.  Per deal, the sampling side's points are
(its score minus the heuristic side's score) summed over both tables, halved; the mean is given
with a 95% interval (1.96 standard errors).  Make-rates of 6-, 7-, 8-, 9-, 10-level contracts,
misère and open misère are counted per side.  ``--minutes`` stops after that long and prints
what was played (the number of deals is in the output).  ``--dds-threads 1`` (the default)
keeps DDS on one core, so the match uses one core (0: DDS's own choice, every core).
``--jobs J`` plays the deals in J processes (each deal's result is the same however many play):
the figures are merged in deal order.  The CPU per decision is then each process's own.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import multiprocessing.pool
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fivehundred_tutor import Deal, Rules
from fivehundred_tutor.analysis.sampling_bot import SamplingBot
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
    cpu: float,
) -> None:
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("nan")
    print(
        f"\n{n} deals (each played twice), {time.perf_counter() - started:.0f} s wall, {cpu:.0f} s CPU",
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


class TimedSamplingBot(SamplingBot):
    """The sampling bot, noting the wall and CPU time of each decision that had a choice."""

    def __init__(self, moves: list[tuple[float, float, str]], **settings: Any) -> None:
        super().__init__(**settings)
        self.moves = moves

    def choose(self, deal: Deal):  # type: ignore[no-untyped-def]
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            return super().choose(deal)
        finally:
            if len(deal.legal_actions()) > 1:
                what = str(deal.phase) if deal.contract is None else f"{deal.phase}, {deal.contract.code}"
                self.moves.append((time.perf_counter() - t0, time.process_time() - c0, what))


@dataclass
class Duplicate:
    """One deal played at both tables: the sampling side's points, its contracts, the bot's decisions."""

    diff: float = 0.0
    contracts: list[tuple[str, str, bool]] = field(default_factory=list)  # (who, category, made)
    moves: list[tuple[float, float, str]] = field(default_factory=list)
    cpu: float = 0.0  # CPU seconds of the process that played it


_SETTINGS: dict[str, int] = {}


def _start_worker(settings: dict[str, int], dds_threads: int) -> None:
    _SETTINGS.update(settings)
    if dds.available() and dds_threads:
        dds.set_threads(dds_threads)


def play_duplicate(i: int) -> Duplicate:
    rules, heuristic, out = Rules(), HeuristicBot(), Duplicate()
    cpu_at_start = time.process_time()
    seed = derive_seed("duplicate", _SETTINGS["seed"], i)
    for sampling_side in (0, 1):
        sampler = TimedSamplingBot(
            out.moves,
            samples=_SETTINGS["samples"],
            bid_layouts=_SETTINGS["bid_layouts"],
            misere_layouts=_SETTINGS["misere_layouts"],
            seed=i,
        )
        deal = play(rules, seed, i % 4, sampling_side, sampler, heuristic)
        result = deal.result()
        out.diff += (result.scores[sampling_side] - result.scores[1 - sampling_side]) / 2
        if result.contract is not None and result.declarer is not None:
            who = "sampling" if rules.side_of(result.declarer) == sampling_side else "heuristic"
            code = result.contract.code
            for key in (category(code), "NT" if code.endswith("NT") else ""):
                if key:
                    out.contracts.append((who, key, result.made))
    out.cpu = time.process_time() - cpu_at_start
    return out


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
    parser.add_argument("--jobs", type=int, default=1, help="processes that play deals side by side")
    args = parser.parse_args()
    settings = {
        "seed": args.seed,
        "samples": args.samples,
        "bid_layouts": args.bid_layouts,
        "misere_layouts": args.misere_layouts,
    }
    print(
        f"DDS available: {dds.available()} ({args.dds_threads or 'all'} thread(s)); settings: --samples {args.samples} "
        f"--bid-layouts {args.bid_layouts} --misere-layouts {args.misere_layouts} --seed {args.seed}; "
        f"{args.deals} deals, {args.jobs} process(es)",
        flush=True,
    )
    stats: dict[str, dict[str, list[int]]] = {
        "sampling": defaultdict(lambda: [0, 0]),
        "heuristic": defaultdict(lambda: [0, 0]),
    }
    diffs: list[float] = []
    moves: list[tuple[float, float, str]] = []  # (wall, CPU, what) per decision with a choice
    started, cpu = time.perf_counter(), 0.0
    with _results(args.jobs, settings, args.dds_threads, args.deals) as results:
        for outcome in results:
            diffs.append(outcome.diff)
            cpu += outcome.cpu
            moves.extend(outcome.moves)
            for who, key, made in outcome.contracts:
                row = stats[who][key]
                row[0] += 1
                row[1] += made
            if len(diffs) % args.every == 0:
                report(diffs, stats, moves, started, cpu)
            if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
                break
    report(diffs, stats, moves, started, cpu)


class _results:
    """The deals' outcomes in deal order, from this process or a pool of ``jobs``."""

    def __init__(self, jobs: int, settings: dict[str, int], dds_threads: int, deals: int) -> None:
        self.jobs, self.settings, self.dds_threads, self.deals = jobs, settings, dds_threads, deals
        self.pool: multiprocessing.pool.Pool | None = None

    def __enter__(self) -> Iterator[Duplicate]:
        if self.jobs <= 1:
            _start_worker(self.settings, self.dds_threads)
            return map(play_duplicate, range(self.deals))
        self.pool = multiprocessing.get_context("spawn").Pool(
            self.jobs, initializer=_start_worker, initargs=(self.settings, self.dds_threads)
        )
        return self.pool.imap(play_duplicate, range(self.deals))

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.terminate()


if __name__ == "__main__":
    main()
