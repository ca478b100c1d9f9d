"""The book build with and without its language editions: wall and CPU seconds (figures, not a test).

Usage: python -m bench.bench_editions [--cold]

Runs the README's build command (``fivehundred-tutor book build``) English only and with
``--editions all`` (English, Polish, Italian), each twice in a row: the second run is the warm one
(nothing changed: no chapter runs again).  ``--cold`` starts each first run from nothing (``--clean``:
every chapter of every language runs; minutes).  CPU seconds are the children's (``os.times``); on a
machine shared with others the wall time is the noisier figure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = Path(sys.executable).parent / "fivehundred-tutor"


def run(args: list[str]) -> tuple[float, float]:
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([str(CLI), "book", "build", *args], cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode:
        sys.exit(f"build {' '.join(args)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cold", action="store_true", help="start each first build from nothing (--clean)")
    args = parser.parse_args(argv)
    print(f"{'build':<34}{'wall s':>9}{'CPU s':>9}")
    for label, extra in (("English only", []), ("English + pl + it", ["--editions", "all"])):
        first = ["--clean", *extra] if args.cold else extra
        for kind, flags in (("cold" if args.cold else "first", first), ("warm", extra)):
            wall, cpu = run(flags)
            print(f"{label + ', ' + kind:<34}{wall:>9.1f}{cpu:>9.1f}", flush=True)
    run([])  # leave the English site as the default build makes it (no editions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
