"""Bidding puzzles: what making them costs the build, and what they add to loading the bank.

    .venv/bin/python -m bench.bench_bidding_puzzles [--deals 20]

Prints (no pass/fail): seconds per deal and per puzzle for ``--deals`` deals of the spec
(:data:`fivehundred_tutor.puzzles.bank.AUCTION_SPEC`: its layouts per hand), the whole spec's cost
estimated from that (and, when the file records it, the build's own time), and the time to load the
bank in a fresh CPython with and without the bidding puzzles' file read.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from fivehundred_tutor.puzzles.auction import bidding_puzzle
from fivehundred_tutor.puzzles.bank import AUCTION_SPEC, SIDE_FILES


def _fresh(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    first = AUCTION_SPEC["seeds"][0]
    start, cpu = time.perf_counter(), time.process_time()
    found = sum(
        bidding_puzzle(s, layouts=AUCTION_SPEC["layouts"]) is not None for s in range(first, first + args.deals)
    )
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    per = wall / args.deals
    print(
        f"{args.deals} deals, {AUCTION_SPEC['layouts']} layouts a hand: {found} puzzles, {per:.2f} s a deal (CPU {used / args.deals:.2f} s)"
    )
    total = AUCTION_SPEC["seeds"][1]
    print(f"the spec's {total} deals: about {per * total:.0f} s on this machine now")
    body = SIDE_FILES[0].body()
    if body is not None:
        print(f"the file: {body['count']} bidding puzzles, made in {body['seconds']} s")
    load = "import time; t=time.perf_counter(); from fivehundred_tutor.puzzles import load_bank; load_bank(); print(time.perf_counter()-t)"
    index = "import time; t=time.perf_counter(); from fivehundred_tutor.puzzles.bank import bank_index; bank_index(); print(time.perf_counter()-t)"
    auction = "import time; t=time.perf_counter(); from fivehundred_tutor.puzzles.bank import SIDE_FILES; SIDE_FILES[0].read(); print(time.perf_counter()-t)"
    print(
        f"fresh CPython: load_bank() {_fresh(load):.3f} s; bank_index() {_fresh(index):.3f} s; the bidding file alone {_fresh(auction):.3f} s"
    )


if __name__ == "__main__":
    main()
