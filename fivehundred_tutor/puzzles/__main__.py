"""``python -m fivehundred_tutor.puzzles mine|build|check|stats``: the puzzle bank from a shell.

build [--workers N] [--dask tcp://…] [--force]   mine the bank unless its spec is unchanged
mine KIND --seeds A:B [--workers N] [--dask …] [-o FILE]   mine some deals, print or save JSON
check [--sample N]                                re-solve the bank's puzzles (all, or N of them)
stats                                             the bank by kind, theme and rating
steps [--force] [--check K]                       the level problems' later steps (work them out; re-solve every K-th)
refine FILE… [-o RATINGS]                         refine the ratings from learners' progress files
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from . import bank, refining, steps
from .mine import LEVELS, Job
from .model import PuzzleError
from .sets import LEVELS as LEVEL_NAMES
from .sets import level_sets
from .setups import KINDS
from .workers import run_jobs


def _progress(label: str) -> object:
    last = [0.0]

    def tick(done: int, total: int) -> None:
        now = time.time()
        if now - last[0] > 5 or done == total:
            last[0] = now
            print(f"{label}: {done}/{total}", file=sys.stderr, flush=True)

    return tick


def _steps(*, force: bool, every: int) -> int:

    steps.build(force=force)
    if not every:
        return 0
    sets = level_sets(bank.load_bank())
    chosen = [p for name in LEVEL_NAMES for p in sets[name]][::every]
    found = steps.level_steps()
    problems = [line for p in chosen for line in steps.check_problem(p, found[p.id])]
    for line in problems:
        print(line)
    print(f"{len(chosen)} problems' steps re-solved: {len(problems)} findings")
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fivehundred_tutor.puzzles", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="mine the bank unless its spec is unchanged")
    b.add_argument("--workers", type=int, default=2)
    b.add_argument("--dask", default=None, help="a Dask scheduler's address (tcp://host:8786)")
    b.add_argument("--force", action="store_true")
    m = sub.add_parser("mine", help="mine some deals")
    m.add_argument("kind", choices=KINDS)
    m.add_argument("--seeds", default="0:10", help="A:B, the seeds from A up to B")
    m.add_argument("--level", choices=LEVELS, default=LEVELS[0])
    m.add_argument("--workers", type=int, default=1)
    m.add_argument("--dask", default=None)
    m.add_argument("-o", "--output", default=None)
    c = sub.add_parser("check", help="re-solve the bank's puzzles")
    c.add_argument("--sample", type=int, default=0, help="only every k-th puzzle (0: all)")
    sub.add_parser("stats", help="the bank by kind, theme and rating")
    st = sub.add_parser("steps", help="work out the level problems' later steps unless they are up to date")
    st.add_argument("--force", action="store_true")
    st.add_argument("--check", type=int, default=0, help="then re-solve every K-th problem's steps (0: none)")
    r = sub.add_parser("refine", help="refine the ratings from learners' progress files (their first tries)")
    r.add_argument("files", nargs="+", type=Path, help="progress files the book saved (*Save my progress to a file*)")
    r.add_argument("-o", "--output", type=Path, default=None, help="write the ratings file here")
    args = parser.parse_args(argv)
    if args.command == "refine":
        return _refine(args.files, args.output)
    if args.command == "build":
        bank.build(workers=args.workers, dask=args.dask, force=args.force)
        steps.build(force=args.force)  # the level problems played on: from the bank's levels
        return 0
    if args.command == "mine":
        first, _, last = args.seeds.partition(":")
        jobs = [Job(args.kind, seed, args.level) for seed in range(int(first), int(last or int(first) + 1))]
        start = time.process_time()
        batches = run_jobs(jobs, workers=args.workers, dask=args.dask, progress=_progress("deals"))  # type: ignore[arg-type]
        mined = [p for batch in batches for p in batch]
        text = json.dumps(mined, ensure_ascii=False, indent=1)
        if args.output:
            with open(args.output, "w", encoding="utf-8") as out:
                out.write(text)
        else:
            print(text)
        print(
            f"{len(mined)} puzzles from {len(jobs)} deals ({time.process_time() - start:.1f} s CPU here)",
            file=sys.stderr,
        )
        return 0
    if args.command == "check":
        puzzles = bank.load_bank()
        if args.sample:
            puzzles = puzzles[:: args.sample]
        problems = bank.check_bank(puzzles, progress=_progress("checked"))  # type: ignore[arg-type]
        for line in problems:
            print(line)
        print(f"{len(puzzles) - len(problems)} of {len(puzzles)} puzzles exactly as the solver says")
        return 1 if problems else 0
    if args.command == "steps":
        return _steps(force=args.force, every=args.check)
    puzzles = bank.load_bank()
    print(f"{len(puzzles)} puzzles")
    for name, counts in (
        ("kind", Counter(p.kind for p in puzzles)),
        ("theme", Counter(t for p in puzzles for t in p.themes)),
    ):
        print(f"by {name}: " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    ratings = sorted(p.rating for p in puzzles)
    print(
        "ratings: "
        + ", ".join(
            f"{q}% {ratings[min(len(ratings) - 1, len(ratings) * q // 100)]}" for q in (0, 10, 25, 50, 75, 90, 100)
        )
    )
    return 0


def _refine(files: Sequence[Path], output: Path | None) -> int:
    """Read every file (a bad one is reported and left out), refine, print what moved, write the ratings."""
    attempts: list[refining.Attempt] = []
    read = 0
    for path in files:
        try:
            attempts += refining.attempts_in(path.read_bytes(), str(path))
            read += 1
        except (OSError, PuzzleError) as err:
            print(f"left out: {err}", file=sys.stderr)
    was = {p.id: p.rating for p in bank.load_bank()}
    refined = refining.refine_ratings(was, attempts)
    print(f"{read} of {len(files)} files read: {len(attempts)} first tries, {len(refined)} puzzles refined")
    moved = sorted(refined.items(), key=lambda item: -abs(item[1].rating - was[item[0]]))
    for key, value in moved[:15]:
        print(f"  {key:28} {was[key]:5} -> {value.rating:5} (±{value.deviation:.0f}, {value.attempts} tries)")
    if output is not None:
        refining.write_ratings(output, refined, files=read)
        print(f"ratings written to {output}")
    return 0 if read else 1


if __name__ == "__main__":
    raise SystemExit(main())
