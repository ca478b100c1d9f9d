"""The book build with its language editions: wall and CPU seconds, with the machine's load (figures, not a test).

Usage: python -m bench.bench_editions [--work DIR] [--warm] [--english]

Copies the working tree (without ``.git``, ``.venv`` and ``book/_build``) into a folder of its own (``--work``,
default a new temporary one) and runs the README's build command there (``fivehundred-tutor book build`` with
``FIVEHUNDRED_EDITIONS=all``: English, Polish, Italian; ``PYTHONPATH`` set so the copy's package is the one
built): the book's own ``book/_build`` (other runs' tests and a served site use it) is never touched.

1. a clean build (nothing built: every chapter of every language runs; minutes), or with ``--warm`` one that
   starts from a copy of ``book/_build`` (taken under its build lock);
2. a no-op rebuild (nothing changed: seconds);
3. a rebuild after one chapter of one language changed (a sentence added to the Polish chapter 2's prose);
4. with ``--english``, also the English-only build (no editions) twice, for comparison.

CPU seconds are the children's (``os.times``: the build and its kernels); on a machine shared with others the wall
time is the noisier figure, so the load average (1 min) is printed before and after each build.  A build's phases
(Sphinx per language, the shared JupyterLite site) are the lines the build prints with their seconds.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = Path(sys.executable).parent / "fivehundred-tutor"
#: what the copy leaves out: the repository, the environment, caches, and the build (``--warm`` copies it)
_SKIPPED = {".git", ".venv", ".hypothesis", ".mypy_cache", ".ruff_cache", ".pytest_cache", "test-artifacts", "build"}
CHANGED_CHAPTER = Path("book/editions/pl/chapters/02-deck-and-hierarchy.md")
#: what the build prints about its phases: each edition's time, the JupyterLite site's, the execution of a chapter
_PHASES = re.compile(
    r"^(Built the \w+ edition in .*|Up to date: .*|\[fivehundred lite\] .*|.*Executed notebook in [\d.]+ seconds.*)$"
)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f}/{five:.1f}"


def copy_tree(work: Path, *, warm: bool) -> Path:
    """The working tree in ``work/repo`` (``book/_build`` too with ``warm``, under the build's lock)."""
    repo = work / "repo"

    def ignore(folder: str, names: list[str]) -> set[str]:
        here = Path(folder).resolve()
        skipped = {n for n in names if n in _SKIPPED and here == ROOT}
        if here == ROOT / "book":
            skipped |= {"_build"}
        return skipped | {n for n in names if n == "__pycache__"}

    shutil.copytree(ROOT, repo, ignore=ignore, symlinks=True)
    if warm and (ROOT / "book" / "_build").is_dir():
        lock = ROOT / "book" / "_build" / ".fivehundred-build.lock"
        with lock.open("a") as handle:
            fcntl.flock(handle, fcntl.LOCK_SH)
            shutil.copytree(ROOT / "book" / "_build", repo / "book" / "_build", symlinks=True)
    return repo


def run(repo: Path, label: str, args: list[str], editions: str = "all") -> tuple[float, float, str]:
    env = {**os.environ, "PYTHONPATH": str(repo), "FIVEHUNDRED_EDITIONS": editions}
    before, at_start = os.times(), load()
    start = time.perf_counter()
    done = subprocess.run(
        [str(CLI), "book", "build", "-v", *args], cwd=repo, env=env, capture_output=True, text=True, errors="replace"
    )
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode:
        sys.exit(f"build {label} failed:\n{done.stdout[-3000:]}{done.stderr[-2000:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    phases = [line.strip() for line in done.stdout.splitlines() if _PHASES.match(line.strip())]
    executed = sum(1 for line in phases if "Executed notebook" in line)
    shown = [line for line in phases if "Executed notebook" not in line]
    detail = f"chapters run: {executed}" + "".join(f"\n      {line}" for line in shown)
    print(f"{label:<44}{wall:>8.1f}{cpu:>8.1f}   {at_start:>9} -> {load():<9}", flush=True)
    print(f"      {detail}", flush=True)
    return wall, cpu, detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, help="the folder to copy the tree into (default: a new temporary one)")
    parser.add_argument("--warm", action="store_true", help="start from a copy of book/_build, not from nothing")
    parser.add_argument("--english", action="store_true", help="also time the English-only build")
    parser.add_argument("--keep", action="store_true", help="keep the copy (default: removed at the end)")
    args = parser.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="bench-editions-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"{os.cpu_count()} CPUs; copy in {work}; load average (1/5 min) before -> after each build", flush=True)
    repo = copy_tree(work, warm=args.warm)
    try:
        print(f"{'build':<44}{'wall s':>8}{'CPU s':>8}   {'load':>9}", flush=True)
        run(repo, "3 languages, " + ("from book/_build" if args.warm else "clean"), [])
        run(repo, "3 languages, no-op rebuild", [])
        chapter = repo / CHANGED_CHAPTER
        chapter.write_text(chapter.read_text(encoding="utf-8") + "\nJeszcze jedno zdanie.\n", encoding="utf-8")
        run(repo, f"3 languages, {CHANGED_CHAPTER.parts[2]} chapter 2 changed", [])
        if args.english:
            run(repo, "English only, after the 3 languages", [], editions="")
            run(repo, "English only, no-op", [], editions="")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
